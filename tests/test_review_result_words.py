"""What decided a game, in the words the review shows (issue 40): each game's decided.js
(decidedText, betweenText, exported by its coach.js) read through Node with t()'s own fill, over
the bridge's `decided` of real games dealt from seeds across 0..2**53-1, in English, German and
Czech. The top line names what the engine's summary names, in the language on show (the geisha's
name, the yaku's, the round, the move, the colour), and no key, placeholder or English word
of ours is left in German or Czech; every stretch between two decisions in which another seat
moved has its sentence.
"""

from __future__ import annotations

import random

import pytest

from engine_helpers import data, node_json, play_to_the_end

import pygame_core

_rng = random.Random(4042)
SEEDS = [2**53 - 1] + [_rng.randrange(2**53) for _ in range(3)]

SCRIPT = """
const root = process.cwd() + "/web/";
const { fill } = await import(root + "js/i18n.js");
const { game, stories, table } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const coach = await import(root + `games/${game}/coach.js`);
const { messages } = await import(root + `games/${game}/messages.js`);
const czech = (await import(root + `games/${game}/messages.cs.js`)).messages;
const cards = game === "koikoi" ? await import(root + "games/koikoi/cards.js") : null;
const out = {};
for (const lang of ["en", "de", "cs"]) {
  const site = (await import(root + `i18n/${lang}.js`)).default;
  const words = { ...site, ...(lang === "cs" ? czech : messages[lang]) };
  // As the review hands it to the coach: the other side's words filled in (js/people.js otherSide).
  const side = Object.fromEntries(Object.entries(site).filter(([k]) => k.startsWith("play.opp.")).map(([k, v]) => [k.slice(9), v]));
  const t = (key, params = {}) => fill(words[key] ?? key, { ...side, ...params }, lang);
  out[lang] = stories.map((story) => ({
    decided: coach.decidedText(story.summary, t, { table }, lang),
    between: story.between.map((gap) => coach.betweenText(gap.events, t, { table, summary: story.summary }, lang)),
    geishas: game === "hanamikoji" ? Object.fromEntries(Object.entries(words).filter(([k]) => /^hk\\.geisha\\.\\w+$/.test(k))) : null,
    yaku: cards ? Object.fromEntries(Object.keys(cards.YAKU).map((k) => [k, cards.yakuName(k, lang)])) : null,
    colours: game === "hanabi" ? Object.fromEntries(["red", "yellow", "green", "blue", "white"].map((c) => [c, words[`hb.colour.${c}`]])) : null,
  }));
}
console.log(JSON.stringify(out));
"""

GEISHA_KEYS = ("fan", "umbrella", "teacup", "flute", "scroll", "lantern", "blossom")  # art.js, in table order
ENGLISH = (" the ", " and ", " you ", " won ", " round ", " move ", " card ", " points")


def stories(game: str, options: dict | None = None) -> list[dict]:
    """The bridge's `decided` of whole games: the person played by the easy AI, against `normal`."""
    out = []
    for seed in SEEDS:
        me = pygame_core.new_bot(game, level="easy", seed=seed)
        sid = play_to_the_end(game, seed, options=options, level="normal", person=me)["session"]
        out.append(data({"cmd": "decided", "session": sid}))
        data({"cmd": "close", "session": sid})
    return out


def clean(text: str, lang: str) -> None:
    assert text and "{" not in text and "undefined" not in text and "NaN" not in text, text
    assert not any(prefix in text for prefix in ("hk.", "kk.", "hb.", "play.")), text
    if lang != "en":
        padded = f" {text.lower()} "
        assert not any(word in padded for word in ENGLISH), (lang, text)


@pytest.mark.parametrize("game, options", [("hanamikoji", None), ("koikoi", None), ("hanabi", {"players": 3})])
def test_the_top_line_names_what_the_engine_names_in_every_language(game, options):
    told = stories(game, options)
    table = {"seat": 0, "seats": ["human"] + ["normal"] * ((options or {}).get("players", 2) - 1), "names": None}
    said = node_json(SCRIPT, {"game": game, "stories": told, "table": table})
    for lang in ("en", "de", "cs"):
        for story, words in zip(told, said[lang]):
            summary, text = story["summary"], words["decided"]
            clean(text, lang)
            key = summary["key"]
            if game == "hanamikoji" and key:
                assert words["geishas"][f"hk.geisha.{GEISHA_KEYS[key['geisha']]}"] in text, (lang, text)
                assert f"{key['round']}" in text and f"{key['cards'][key['side']]}" in text
            if game == "koikoi" and key:
                assert all(words["yaku"][y["name"]] in text for y in key["yaku"]), (lang, text)
                assert f"{key['round']}" in text and f"{key['points']}" in text
            if game == "koikoi":
                assert f"{summary['scores'][0]}" in text and f"{summary['scores'][1]}" in text
            if game == "hanabi":
                assert f"{summary['score']}" in text
                if key["kind"] in ("lost", "strikes"):
                    assert words["colours"][key["colour"]] in text and f"{key['move'] + 1}" in text, (lang, text)
                if key["kind"] == "time":
                    assert f"{key['in_reach']}" in text
            for gap, between in zip(story["between"], words["between"]):
                if any(e["cause"] == "move" for e in gap["events"]):
                    clean(between, lang)
