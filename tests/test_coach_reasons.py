"""Reasons a player can use (issue 40): the coach's hints and reviews in all three games, and
every move the Koi-Koi computer makes, come with a reason that is true of what the deciding
seat may see; the sampling behind a hint ("it did best when played out") is said only beside
such a reason, never alone.

Koi-Koi's reasons are checked against the whole position (the hidden hand and the stock
included), the AI's against what both sides see; each code has words in every language, in
the hint (coach.js) and in the log (log.js); notes with the new codes survive a save.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

import pygame_core
from pygame_core import coach
from pygame_core.hanabi.assess import why as hanabi_why
from pygame_core.hanamikoji.reasons import coach_reason as hanamikoji_why
from pygame_core.koikoi.cards import ALL_CARDS, KIND, MONTH_MASKS, cards_in, mask_of
from pygame_core.koikoi.reasons import (CODES, COUNT_YAKU, PUBLIC_CODES, SET_YAKU, alike, bright_target, captures,
                                        check_reason, explain)
from pygame_core.protocol import MAX_SEED
from tests.engine_helpers import data, node_json

RANK = {"bright": 4, "animal": 3, "ribbon": 2, "chaff": 1}
YAKU_CARDS = {**dict(SET_YAKU), **{name: cards for name, cards, _ in COUNT_YAKU}}
# Codes that carry nothing but the sampling; none may come back (Hanabi's look-ahead is the
# hard bot's own log line, never a hint's or a review's reason).
SAMPLING_ONLY = {"playouts", "lookahead", "best"}


def koikoi_positions(count: int, seed: int, levels: tuple[str, str] = ("normal", "easy")):
    """(game copy, the deciding seat's view) at decisions with a real choice in games dealt from
    seeds across the whole range (the edges among them), with the house rules drawn too."""
    rng = random.Random(seed)
    seeds = [0, MAX_SEED] + [rng.randrange(MAX_SEED + 1) for _ in range(count)]
    out = []
    for k, game_seed in enumerate(seeds):
        options = {"rounds": 3, "plus_one_yaku": k % 3 == 1, "no_sake_yaku": k % 4 == 2}
        game = pygame_core.new_game("koikoi", seed=game_seed, options=options)
        bots = [pygame_core.new_bot("koikoi", level=lv, seed=game_seed % 1000 + i) for i, lv in enumerate(levels)]
        while not game.is_over and len(out) < count * 40:
            seat = game.current_player
            view = game.observation(seat)
            if len(view["legal_actions"]) > 1:
                out.append((copy.deepcopy(game), view))
            game.apply(bots[seat].choose(view))
    return out


@pytest.fixture(scope="module")
def positions():
    return koikoi_positions(10, 40)


def hidden_of(game, seat: int) -> int:
    """The cards `seat` cannot see: the other hand and the stock."""
    s = game.state
    return s.hands[1 - seat] | mask_of(s.stock)


def test_every_koikoi_reason_is_true_of_the_whole_position(positions):
    """Each code's claim, checked against the real hands and stock (the reason itself reads the
    deciding seat's view only)."""
    codes: set[str] = set()
    for game, view in positions:
        seat = game.current_player
        s = game.state
        hand, table = s.hands[seat], s.table
        mine, theirs = s.captured[seat], s.captured[1 - seat]
        hidden = hidden_of(game, seat)
        lays = [a["card"] for a in view["legal_actions"] if a["type"] == "play" and not captures(view, a)[1]]
        for action in view["legal_actions"]:
            reason = explain(view, action)
            code = reason["code"]
            codes.add(code)
            assert code in CODES and set(reason) - {"code"} <= set(CODES[code]) and code not in SAMPLING_ONLY, reason
            json.dumps(reason)
            if code in ("koikoi", "shobu"):
                continue
            card, took = captures(view, action)
            month = MONTH_MASKS[card >> 2]
            if code == "safe":  # nobody but the player can ever take it
                assert not took and not hidden & month
            elif code == "later":  # a capture that only this seat can make, kept for later
                keep_month = MONTH_MASKS[reason["keep"] >> 2]
                assert not took and hand >> reason["keep"] & 1 and table >> reason["take"] & 1
                assert keep_month == MONTH_MASKS[reason["take"] >> 2] and not hidden & keep_month
            elif code == "pair":  # a mate in hand takes it back; `unseen` others could take it first
                assert not took and hand >> reason["keep"] & 1 and reason["keep"] != card
                assert MONTH_MASKS[reason["keep"] >> 2] == month and (hidden & month).bit_count() == reason["unseen"] >= 1
            elif code == "few":
                assert not took and (hidden & month).bit_count() == 1
            elif code == "low":
                assert not took and KIND[card] == reason["kind"] and all(RANK[KIND[card]] <= RANK[KIND[c]] for c in lays)
            elif code == "single":
                assert not took and (hand & month).bit_count() == 1
                assert all((hand & MONTH_MASKS[c >> 2]).bit_count() >= 2 for c in lays if c != card)
            elif code == "gives":  # what the opponent holds of a yaku once it has the card
                assert not took
                if reason["yaku"] is None:
                    assert reason["have"] == reason["need"] == 0
                else:
                    cards = YAKU_CARDS.get(reason["yaku"]) or bright_target(theirs | 1 << card)[2]
                    assert cards >> card & 1 and ((theirs | 1 << card) & cards).bit_count() == reason["have"]
                    assert reason["have"] <= reason["need"] and not (mine & cards and reason["yaku"] in dict(SET_YAKU))
                    assert reason["have"] < reason["need"] or reason["yaku"] in dict(SET_YAKU)  # completes a set
            elif code == "same":
                assert action["type"] == "take" and alike(reason["card"], reason["other"])
                assert {reason["card"], reason["other"]} == set(view["pending"]["choices"])
            elif code == "blocks":  # the opponent could still use it for that yaku
                cards = YAKU_CARDS.get(reason["yaku"]) or bright_target(theirs | took)[2]
                assert took >> reason["card"] & 1 and cards >> reason["card"] & 1
                assert ((theirs | took) & cards).bit_count() == reason["have"] < reason["need"]
            elif code == "takes":
                assert mask_of(reason["cards"]) == took
            else:
                assert took, reason  # every other code is a capture's
    assert {"advances", "few", "pair", "low", "gives", "later", "safe", "kind", "koikoi", "shobu"} <= codes, codes


def test_the_ai_reason_rests_on_nothing_but_the_table_the_piles_and_its_move(positions):
    """A public reason comes out the same whatever the AI holds: its hand and its other choices
    play no part, so the reason tells the player nothing of them, and it names no card but the
    one played, the turned card and the cards taken (all in the log once played)."""
    codes: set[str] = set()
    for game, view in positions:
        for action in view["legal_actions"]:
            reason = explain(view, action, public=True)
            codes.add(reason["code"])
            assert reason["code"] in PUBLIC_CODES and check_reason(reason), reason
            bare = dict(view, hand=[action["card"]] if action["type"] == "play" else [])
            if action["type"] == "play":
                bare["legal_actions"] = [action]
            assert explain(bare, action, public=True) == reason, (action, reason)
            if action["type"] in ("play", "take"):
                card, took = captures(view, action)
                public = took | 1 << card | mask_of(view["table"])
                if action["type"] == "take":
                    public |= 1 << view["pending"]["card"]
                named = [reason[k] for k in ("card", "other") if k in reason] + reason.get("cards", [])
                assert all(public >> c & 1 for c in named), (reason, action)
    assert {"advances", "few", "low", "gives", "top", "koikoi", "shobu"} <= codes, codes


def test_the_save_check_accepts_exactly_what_the_ai_says():
    ok = [{"code": "makes", "cards": [0, 2], "yaku": "sanko"}, {"code": "takes", "cards": [44, 45, 46, 47]},
          {"code": "advances", "card": 24, "yaku": "inoshikacho", "have": 1, "need": 3},
          {"code": "blocks", "card": 1, "yaku": "akatan", "have": 2, "need": 3},
          {"code": "top", "card": 0, "kind": "bright"}, {"code": "kind", "card": 4, "kind": "animal"},
          {"code": "same", "card": 2, "other": 3}, {"code": "few", "card": 47},
          {"code": "low", "card": 2, "kind": "chaff"},
          {"code": "gives", "card": 13, "yaku": "tanzaku", "have": 3, "need": 5},
          {"code": "gives", "card": 13, "yaku": None, "have": 0, "need": 0},
          {"code": "shobu", "points": 3, "threat": "some", "match": "lose"}]
    for why in ok:
        assert check_reason(why), why
    bad = [  # the coach's own codes name the deciding seat's hand: never in the AI's notes
        {"code": "pair", "card": 2, "keep": 3, "unseen": 1}, {"code": "later", "card": 3, "keep": 4, "take": 6},
        {"code": "safe", "card": 47}, {"code": "single", "card": 10}, {"code": "playouts", "card": 3},
        {"code": "low", "card": 1, "kind": "ribbon"},  # a ribbon is lowest only by the hand's other cards
        {"code": "makes", "cards": [2, 0], "yaku": "sanko"}, {"code": "makes", "cards": [0, 0], "yaku": "sanko"},
        {"code": "makes", "cards": [0, 48], "yaku": "sanko"}, {"code": "makes", "cards": [0, 2], "yaku": "teshi"},
        {"code": "makes", "cards": "0,2", "yaku": "sanko"},
        {"code": "advances", "card": 24, "yaku": "inoshikacho", "have": 3, "need": 3},
        {"code": "advances", "card": 24, "yaku": "inoshikacho", "have": True, "need": 3},
        {"code": "gives", "card": 13, "yaku": None, "have": 1, "need": 5},
        {"code": "same", "card": 2, "other": 2}, {"code": "same", "card": 2, "other": 7},
        {"code": "top", "card": 2, "kind": "chaff"}, {"code": "few", "card": 47, "extra": 1}, {"code": "few"},
        {"code": "takes", "cards": [1]},
    ]
    for why in bad:
        assert not check_reason(why), why


def test_no_hint_or_review_reason_is_the_sampling_alone():
    """Over random positions of each game (seeds from the whole range), the reason of every legal
    choice (what a review may say of the best move) has a real code; a few real hints too."""
    rng = random.Random(41)
    for game_name, why_of, options in (("hanamikoji", hanamikoji_why, {}), ("hanabi", hanabi_why, {"players": 3}),
                                       ("koikoi", explain, {"rounds": 3})):
        codes: set[str] = set()
        hinted = 0
        for _ in range(3):
            seed = rng.randrange(MAX_SEED + 1)
            game = pygame_core.new_game(game_name, seed=seed, options=options)
            bots = [pygame_core.new_bot(game_name, level="normal", seed=i) for i in range(game.num_players)]
            while not game.is_over:
                seat = game.current_player
                view = game.observation(seat)
                if len(view["legal_actions"]) > 1 and game.move_number % 4 == 0:
                    for action in view["legal_actions"][:12]:
                        code = why_of(view, action)["code"]
                        codes.add(code)
                        assert code not in SAMPLING_ONLY and not code.endswith("playouts"), (game_name, code)
                    if hinted < 4 and game.move_number % 8 == 0:
                        hint = coach.hint(game_name, view, coach.decision_seed(seed, view["move"]))
                        assert hint["why"]["code"] not in SAMPLING_ONLY, hint
                        hinted += 1
                game.apply(bots[seat].choose(view))
        if game_name == "hanamikoji":
            assert not {"secret", "tradeoff"} & codes and {"secret_card", "tradeoff_cards"} <= codes, codes


# ------------------------------------------------------------ words
LOG_SCRIPT = """
const root = process.cwd() + "/web/";
const { fill } = await import(root + "js/i18n.js");
const { messages } = await import(root + "games/koikoi/messages.js");
const { reasonText, logLines } = await import(root + "games/koikoi/log.js");
const { reasons, view } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const them = { them: "the computer", Them: "The computer", them_gen: "the computer's", Them_gen: "The computer's" };
const out = {};
for (const lang of ["en", "de", "cs"]) {
  const t = (key, params = {}) => fill(messages[lang][key] ?? key, { ...them, ...params }, lang);
  out[lang] = { reasons: reasons.map((why) => reasonText(why, t, lang)), lines: view ? logLines(view, t, lang) : [] };
}
console.log(JSON.stringify(out));
"""

# One reason of every public code and form, as the AI gives them.
PUBLIC_SAMPLES = [
    {"code": "makes", "cards": [28, 31], "yaku": "sanko"}, {"code": "raises", "cards": [46, 47], "yaku": "kasu"},
    {"code": "denies", "card": 32, "yaku": "hanami_zake", "have": 1, "need": 2},
    {"code": "advances", "card": 24, "yaku": "inoshikacho", "have": 2, "need": 3},
    {"code": "kind", "card": 4, "kind": "animal"}, {"code": "top", "card": 0, "kind": "bright"},
    {"code": "same", "card": 2, "other": 3}, {"code": "blocks", "card": 1, "yaku": "akatan", "have": 2, "need": 3},
    {"code": "takes", "cards": [46, 47]}, {"code": "few", "card": 47}, {"code": "low", "card": 2, "kind": "chaff"},
    {"code": "gives", "card": 13, "yaku": "tanzaku", "have": 3, "need": 5},
    {"code": "gives", "card": 13, "yaku": None, "have": 0, "need": 0},
    {"code": "gives", "card": 32, "yaku": "hanami_zake", "have": 2, "need": 2},
    {"code": "koikoi", "points": 2, "threat": "none"}, {"code": "shobu", "points": 6, "threat": "close", "match": "win"},
]


def test_every_public_code_has_short_log_words_in_every_language():
    assert {why["code"] for why in PUBLIC_SAMPLES} == set(PUBLIC_CODES)
    out = node_json(LOG_SCRIPT, {"reasons": PUBLIC_SAMPLES, "view": None})
    for lang in ("en", "de", "cs"):
        for why, text in zip(PUBLIC_SAMPLES, out[lang]["reasons"]):
            assert text and "{" not in text and "kk." not in text and "undefined" not in text, (lang, why, text)
            if why["code"] not in ("koikoi", "shobu"):  # (the calls' words are issue 15's)
                assert len(text) <= 60, (lang, text)  # one short clause after the move's own line, on a phone
    assert len(set(out["en"]["reasons"])) == len(PUBLIC_SAMPLES)
    assert out["en"]["reasons"][3] == "towards Boar, Deer, Butterflies: 2 of 3"
    assert out["de"]["reasons"][10] == "eine gewöhnliche Karte gibt am wenigsten her"


HK_SCRIPT = """
const root = process.cwd() + "/web/";
const { fill } = await import(root + "js/i18n.js");
const hk = await import(root + "games/hanamikoji/messages.js");
const hb = await import(root + "games/hanabi/messages.js");
const hkCoach = await import(root + "games/hanamikoji/coach.js");
const hbCoach = await import(root + "games/hanabi/coach.js");
const { hanamikoji, hanabi } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {};
for (const lang of ["en", "de", "cs"]) {
  const tk = (key, params = {}) => fill(hk.messages[lang][key] ?? key, params, lang);
  const tb = (key, params = {}) => fill(hb.messages[lang][key] ?? key, params, lang);
  out[lang] = [...hanamikoji.map((why) => hkCoach.coachReason(why, tk)), ...hanabi.map((why) => hbCoach.coachReason(why, tb))];
}
console.log(JSON.stringify(out));
"""


def test_the_new_hanamikoji_and_hanabi_reasons_are_worded_in_every_language():
    hanamikoji = [*({"code": "secret_card", "card": 6, "standing": s, "only": False}
                    for s in ("secure", "lead", "level", "behind")),
                  {"code": "secret_card", "card": 0, "standing": "lead", "only": True},
                  *({"code": "tradeoff_cards", "cards": [0, 3], "need": n, "card": 3 if n == "one" else None,
                     "only": False} for n in ("least", "one", "more"))]
    hanabi = [{"code": "discard_other", "slot": 2, "critical": c, "least": least}
              for c, least in ((0.0, True), (0.2, True), (0.6, False))]
    out = node_json(HK_SCRIPT, {"hanamikoji": hanamikoji, "hanabi": hanabi})
    for lang in ("en", "de", "cs"):
        texts = out[lang]
        assert len(set(texts)) == len(texts), (lang, texts)
        for text in texts:
            assert text and "{" not in text and "hk." not in text and "hb." not in text and text.endswith("."), text
    english = out["en"]
    assert "Flute (3)" in english[6]  # the one card the hand needs least is named
    assert "20%" in english[-2] and "60%" in english[-1]
    # The sampling only beside a real reason: the part before it says something of its own.
    for text in english:
        for said in ("did best when", "scored best when"):
            if said in text:
                assert len(text.split(said)[0]) > 40, text


# ------------------------------------------------------------ the computer explains every move
def test_the_koikoi_computer_explains_every_move_through_the_bridge_and_the_log_says_it():
    """Whole games through the bridge at every level: each move of the computer's comes with a
    reason the save check accepts, naming no card the player has not seen; the notes come back
    from a save; the log puts each reason after its own move's line, in every language."""
    rng = random.Random(17)
    seen: set[str] = set()
    for k, level in enumerate(("easy", "normal", "hard", "expert")):
        seed = [0, MAX_SEED, rng.randrange(MAX_SEED + 1), rng.randrange(MAX_SEED + 1)][k]
        view = data({"cmd": "new", "game": "koikoi", "seed": seed, "level": level, "human": k % 2,
                     "options": {"rounds": 3 if level != "expert" else 3}})
        moves = 0
        while not view["is_over"]:
            if view["waiting_for"] == "human":
                action = rng.choice(view["observation"]["legal_actions"])
                view = data({"cmd": "apply", "session": view["session"], "move": view["move"], "action": action})
                continue
            reply = data({"cmd": "bot", "session": view["session"], "move": view["move"]})
            why, action, view = reply["why"], reply["action"], reply["view"]
            moves += 1
            assert why is not None and check_reason(why), (level, action, why)
            seen.add(why["code"])
            shown = {c for e in view["observation"]["log"] for key in ("card", "took", "table", "choices")
                     for c in (e.get(key) if isinstance(e.get(key), list) else [e.get(key)]) if isinstance(c, int)}
            named = [why[k] for k in ("card", "other") if k in why] + why.get("cards", [])
            assert set(named) <= shown, (why, action)
            if level == "expert" and view["observation"]["round"] >= 2:
                break  # enough of the expert's moves; its search is the slowest
        assert len(view["notes"]) == moves  # every move of the computer's has its note
        saved = data({"cmd": "save", "session": view["session"]})
        data({"cmd": "close", "session": view["session"]})
        back = data({"cmd": "load", "save": saved["save"], "seats": saved["seats"], "seat_notes": saved["seat_notes"]})
        assert back["notes"] == view["notes"], level  # every note, every code, survives the save
        data({"cmd": "close", "session": back["session"]})
        out = node_json(LOG_SCRIPT, {"reasons": [], "view": view})
        for lang in ("en", "de", "cs"):
            lines = out[lang]["lines"]
            for note in view["notes"]:
                mine = [line for line in lines if line["move"] == note["move"] + 1 and line["seat"] == 1]
                assert any((" — " if lang != "cs" else " – ") in line["text"] for line in mine), (lang, note, mine)
    assert {"advances", "few", "low", "gives"} <= seen and len(seen) >= 7, seen
