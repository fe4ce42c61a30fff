"""Hanamikoji's words as the page writes them, read through Node from the board's own modules
(log.js, board.js, messages.js and t()'s fill from js/i18n.js) over views of real games.

- The log: every computer move carries its reason, in English and German, with no key left
  untranslated; a turn's automatic draw is marked `auto` (so the page's last-move line shows
  the computer's move, not the player's own draw), and nothing else is.
- The end: the result names the winner's real charm points or geishas, the numbers its table
  shows (it said "reached 11 charm points" beside a table of 14).
"""

from __future__ import annotations


from engine_helpers import node_json

import pygame_core
from pygame_core.hanamikoji.bots import HanamikojiBot
from pygame_core.session import Session


SCRIPT = """
const root = process.cwd() + "/web/";
const { fill } = await import(root + "js/i18n.js");
const { messages } = await import(root + "games/hanamikoji/messages.js");
const { logLines } = await import(root + "games/hanamikoji/log.js");
const { resultReason } = await import(root + "games/hanamikoji/board.js");
const site = Object.fromEntries(await Promise.all(["en", "de", "cs"].map(async (l) => [l, (await import(root + `i18n/${l}.js`)).default])));
const views = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {};
for (const lang of ["en", "de", "cs"]) {
  // As the page hands it to the board: the other side's words filled in (the computer's, js/people.js otherSide).
  const side = Object.fromEntries(Object.entries(site[lang]).filter(([k]) => k.startsWith("play.opp.")).map(([k, v]) => [k.slice(9), v]));
  const t = (key, params = {}) => fill(messages[lang][key] ?? key, { ...side, ...params }, lang);
  out[lang] = views.map((v) => ({ lines: logLines(v, t), result: v.observation.result ? resultReason(v.observation.result, t) : null }));
}
console.log(JSON.stringify(out));
"""


def finished_games(count: int) -> list[dict]:
    """The person's final view (observation and notes) of `count` games against the normal AI."""
    views = []
    for seed in range(count):
        session = Session.seated(pygame_core.new_game("hanamikoji", seed=seed), ["human", "normal"])
        me = HanamikojiBot("easy", seed=seed)
        game = session.game
        while not game.is_over:
            if game.current_player == 0:
                session.play(0, me.choose(game.observation(0)))
            else:
                session.play_bot(0)
        views.append(session.view("s"))
    return views


def read_in_node(views: list[dict]) -> dict:
    return node_json(SCRIPT, views)


def test_the_log_explains_each_computer_move_and_marks_the_draw_auto_and_the_result_tells_the_truth():
    views = finished_games(6)
    said = read_in_node(views)
    thresholds = 0
    for lang, why_word in (("en", " — "), ("de", " – "), ("cs", " – ")):
        for view, words in zip(views, said[lang]):
            lines = words["lines"]
            assert not any("hk." in line["text"] for line in lines), [line["text"] for line in lines if "hk." in line["text"]]
            # Each line of a computer move says why: as many as the notes (every move of the AI has one).
            explained = [line for line in lines if line["seat"] == 1 and why_word in line["text"]]
            assert len(explained) == len(view["notes"]) >= 6  # a round holds six of its moves
            # Only the turn's draws are auto, and all of them are.
            draws = [e for e in view["observation"]["log"] if e["type"] == "draw"]
            auto = [line for line in lines if line.get("auto")]
            assert len(auto) == len(draws) and all(line["seat"] in (0, 1) for line in auto)
            # The result: the winner's own numbers, as the table shows them.
            r = view["observation"]["result"]
            if r["winner"] is None:
                continue
            if r["reason"] == "charm":
                assert str(r["scores"][r["winner"]]) in words["result"]
                thresholds += r["scores"][r["winner"]] != 11
            elif r["reason"] == "geishas":
                assert str(r["geishas"][r["winner"]]) in words["result"]
    assert thresholds  # a game whose winner had more than 11 charm points was among them
