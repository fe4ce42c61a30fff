"""A challenge's results in words (issue 42, web/js/play/challenge-words.js), read through Node with
t()'s own fill in English, German and Czech: real games of every game dealt from seeds across
0..2**53-1 are played to their end through the bridge, sent as a challenge ("link", kind
"challenge") and read back ("read_link"); the friend's notice names the level and the sender's
result as the engine read it, and the side-by-side comparison puts the better result first by the
rules a player expects (a win over a draw over a loss, then the lead; Hanabi: the team's score).
"""

from __future__ import annotations

import random
import re

import pytest

from engine_helpers import data, node_json, play_to_the_end

_rng = random.Random(4242)
SEEDS = [0, 2**53 - 1, _rng.randrange(2**53), _rng.randrange(2**53)]
TABLES = [("hanamikoji", {}), ("koikoi", {"rounds": 3}), ("hanabi", {"players": 2}), ("hanabi", {"players": 5})]
LEVELS = ["easy", "normal", "hard"]

SCRIPT = """
const root = process.cwd() + "/web/";
const { fill } = await import(root + "js/i18n.js");
const words = await import(root + "js/play/challenge-words.js");
const { cases, pairs } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {};
for (const lang of ["en", "de", "cs"]) {
  const site = (await import(root + `i18n/${lang}.js`)).default;
  const t = (key, params = {}) => fill(site[key] ?? key, params, lang);
  out[lang] = {
    cases: cases.map(({ game, sent, human, level, played, seat }) => {
      const theirs = words.standing(game, sent, human);
      const notice = t(words.COOPERATIVE.has(game) ? "challenge.notice.team" : "challenge.notice",
        { level: t(`level.${level}`), result: words.resultWords(theirs, t) });
      return { theirs, notice, versus: words.versusWords(theirs, words.standing(game, played, seat), t) };
    }),
    pairs: pairs.map(([game, a, b]) => words.versusWords(words.standing(game, a, 0), words.standing(game, b, 0), t).verdict),
  };
}
console.log(JSON.stringify(out));
"""

LEFT_OVER = re.compile(r"\{|\}|challenge\.|level\.|undefined|NaN|null")


def sent_and_read(game: str, options: dict, seed: int, level: str) -> dict:
    """A finished game of one person against `level`, sent as a challenge and read back by the engine."""
    final = play_to_the_end(game, seed, options=options, level=level)
    made = data({"cmd": "link", "session": final["session"], "seat": final["seat"], "kind": "challenge"})
    read = data({"cmd": "read_link", "link": made["link"], "game": game})
    data({"cmd": "close", "session": final["session"]})
    assert read["kind"] == "challenge" and read["seed"] == seed and read["level"] == level, read
    result = final["result"]
    assert read["result"] == {"scores": result["scores"], "winner": result["winner"], "helped": False}, (read, result)
    return {"game": game, "sent": read["result"], "human": read["human"], "level": read["level"],
            "played": {"scores": result["scores"], "winner": result["winner"], "helped": False}, "seat": final["seat"]}


def test_the_words_of_real_challenges_in_every_language():
    cases = [sent_and_read(game, options, seed, LEVELS[i % len(LEVELS)])
             for game, options in TABLES for i, seed in enumerate(SEEDS)]
    # Synthetic pairs (game, the sender's, the friend's: seat 0): the order a player expects.
    win = lambda a, b: {"scores": [a, b], "winner": 0, "helped": False}  # noqa: E731
    loss = lambda a, b: {"scores": [a, b], "winner": 1, "helped": False}  # noqa: E731
    draw = {"scores": [5, 5], "winner": None, "helped": False}
    team = lambda n, helped=False: {"scores": [n] * 3, "winner": None, "helped": helped}  # noqa: E731
    pairs = [
        ("koikoi", loss(3, 9), win(7, 2)),        # the friend wins where the sender lost: better
        ("koikoi", win(7, 2), win(9, 2)),         # a larger lead: better
        ("koikoi", win(9, 2), win(7, 2)),         # a smaller lead: worse
        ("hanamikoji", win(8, 12), draw),         # a win by geishas beats any draw
        ("hanamikoji", draw, loss(10, 11)),       # a loss is worse than a draw
        ("hanamikoji", loss(4, 11), loss(10, 11)),  # a narrower loss: better
        ("koikoi", win(6, 1), win(6, 1)),         # the same
        ("hanabi", team(18), team(21, True)),     # the team's score decides (help is said, not counted)
        ("hanabi", team(25), team(24)),
        ("hanabi", team(0), team(0)),
    ]
    out = node_json(SCRIPT, {"cases": cases, "pairs": pairs})
    for lang in ("en", "de", "cs"):
        assert out[lang]["pairs"] == ["better", "better", "worse", "worse", "worse", "better", "same",
                                      "better", "worse", "same"], lang
        for case, said in zip(cases, out[lang]["cases"]):
            where = (lang, case["game"], case["level"], case["sent"])
            assert not LEFT_OVER.search(said["notice"]), (where, said["notice"])
            theirs = said["theirs"]
            # The sender's own score is said, and the other side's too where there is one.
            assert str(theirs["mine"]) in said["notice"], (where, said["notice"])
            if theirs["outcome"] != "team":
                assert str(theirs["theirs"]) in said["notice"], (where, said["notice"])
            # The friend played the same seat's game here: the same result is "the same", side by side.
            versus = said["versus"]
            same = case["sent"] == case["played"]
            assert (versus["verdict"] == "same") == same, (where, versus)
            assert [s["who"] for s in versus["sides"]] == ["friend", "you"]
            for side in versus["sides"]:
                for text in (side["heading"], side["outcomeText"], side["score"], side["help"]):
                    assert text and not LEFT_OVER.search(text), (where, side)
    # German and Czech say it in their own words, not in English.
    for i, case in enumerate(cases):
        english = out["en"]["cases"][i]["notice"]
        for lang in ("de", "cs"):
            said = out[lang]["cases"][i]["notice"]
            assert said != english and "challenges you" not in said and "Can you beat it" not in said, (lang, said)
    assert {case["game"] for case in cases} == {"hanamikoji", "koikoi", "hanabi"}
    assert any(out["en"]["cases"][i]["theirs"]["outcome"] == "team" for i in range(len(cases)))


@pytest.mark.parametrize("lang", ["en", "de", "cs"])
def test_help_is_said_on_either_side(lang):
    script = """
const root = process.cwd() + "/web/";
const { fill } = await import(root + "js/i18n.js");
const words = await import(root + "js/play/challenge-words.js");
const { lang } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const site = (await import(root + `i18n/${lang}.js`)).default;
const t = (key, params = {}) => fill(site[key] ?? key, params, lang);
const helped = words.standing("koikoi", { scores: [7, 3], winner: 0, helped: true }, 0);
const plain = words.standing("koikoi", { scores: [7, 3], winner: 0, helped: false }, 0);
console.log(JSON.stringify({ helped: words.resultWords(helped, t), plain: words.resultWords(plain, t),
  versus: words.versusWords(helped, plain, t) }));
"""
    out = node_json(script, {"lang": lang})
    assert out["helped"].startswith(out["plain"]) and len(out["helped"]) > len(out["plain"]) + 5, out
    assert out["versus"]["verdict"] == "same"  # help is said beside a result, never counted in it
    helps = [side["help"] for side in out["versus"]["sides"]]
    assert helps[0] != helps[1], helps
