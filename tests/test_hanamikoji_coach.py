"""Hanamikoji's coach in words (web/games/hanamikoji/coach.js), read through Node from the
board's own modules over the reasons of real positions: every reason pygame_core's `explain`
gives for any legal choice of the person's, in English and German, says one whole sentence
(no key or placeholder left), and every action is named (what was played, the better move)."""

from __future__ import annotations

import json


from engine_helpers import node_json

import pygame_core
from pygame_core.hanamikoji.bots import HanamikojiBot
from pygame_core.hanamikoji.reasons import FIELDS, STANDINGS, explain
from pygame_core.session import Session


SCRIPT = """
const root = process.cwd() + "/web/";
const { fill } = await import(root + "js/i18n.js");
const { messages } = await import(root + "games/hanamikoji/messages.js");
const { coachReason, actionText } = await import(root + "games/hanamikoji/coach.js");
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {};
for (const lang of ["en", "de", "cs"]) {
  const t = (key, params = {}) => fill(messages[lang][key] ?? key, params, lang);
  out[lang] = cases.map((c) => ({ why: coachReason(c.why, t, { action: c.action, observation: c.observation }),
    action: actionText(c.action, t, c.observation) }));
  out[lang].push({ why: coachReason({ code: "nonsense" }, t), action: actionText({ type: "pick_gift", card: 9 }, t) });
}
console.log(JSON.stringify(out));
"""


def reasons_of_real_positions(games: int = 6) -> list[dict]:
    """For each decision of the person's in `games` games, every legal choice with its reason (deduplicated)."""
    cases, seen = [], set()
    for seed in range(games):
        session = Session.seated(pygame_core.new_game("hanamikoji", seed=seed), ["human", "normal"])
        me = HanamikojiBot("easy", seed=seed)
        game = session.game
        while not game.is_over:
            if game.current_player != 0:
                session.play_bot(0)
                continue
            view = game.observation(0)
            for action in view["legal_actions"]:
                why = explain(view, action)
                key = json.dumps([why, action["type"]], sort_keys=True)
                if key not in seen:
                    seen.add(key)
                    shown = {k: v for k, v in view.items() if k != "legal_actions"}
                    cases.append({"why": why, "action": action, "observation": shown})
            session.play(0, me.choose(view))
    return cases


def test_every_reason_and_action_is_worded_in_every_language():
    cases = reasons_of_real_positions()
    codes = {c["why"]["code"] for c in cases}
    assert codes == set(FIELDS)  # the positions reach every code explain() has
    assert {c["why"]["standing"] for c in cases if "standing" in c["why"]} == set(STANDINGS)
    assert any(c["why"].get("only") for c in cases) and any(c["why"].get("lead") is not None for c in cases)
    out = node_json(SCRIPT, cases)
    for lang in ("en", "de", "cs"):
        *words, nonsense = out[lang]
        assert nonsense == {"why": "", "action": ""}  # anything else: the page's plain words
        for case, got in zip(cases, words):
            for text in (got["why"], got["action"]):
                assert text and "{" not in text and "hk." not in text, (lang, case["why"], got)
            assert got["why"].endswith("."), (lang, got)
    # German is German, and the reason of a gift names the card the computer would take.
    gift = next(i for i, c in enumerate(cases) if c["why"]["code"] == "gift")
    assert "Der Computer würde" in out["de"][gift]["why"] and "would most likely take" in out["en"][gift]["why"]
