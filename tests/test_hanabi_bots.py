"""The Hanabi AI: the conventions it reads and gives (seeds/hanabi-conventions.md),
always legal, deterministic, and with a reason for every action."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import pygame_core
from pygame_core.hanabi.bots import HanabiBot
from pygame_core.hanabi.cards import COLOURS, FULL_DECK, identity, short_name
from pygame_core.hanabi.conventions import PLAY, RANK_MASK, SAVE, Tracker
from pygame_core.hanabi.knowledge import clue_identities, describe_mask
from pygame_core.hanabi.perspective import Perspective
from pygame_core.hanabi.reasons import redact_reason


def deck_with(front: list[str]) -> list[str]:
    rest = [short_name(i) for i in FULL_DECK]
    for name in front:
        rest.remove(name)
    return front + rest


def game(front: list[str], actions=(), players: int = 2):
    g = pygame_core.new_game("hanabi", seed=5, options={"players": players, "deck": deck_with(front)})
    for a in actions:
        g.apply(a)
    return g


def notes(g, seat: int, viewer: int | None = None):
    """The public notes of `seat`'s cards, replayed from `viewer`'s view (default: the seat)."""
    viewer = seat if viewer is None else viewer
    t = Tracker.from_view(g.observation(viewer))
    return [t.notes[cid] for cid in t.hands[(seat - viewer) % g.num_players]]


def bot_choice(g, level: str = "normal"):
    bot = pygame_core.new_bot("hanabi", level, seed=1)
    action = bot.choose(g.observation(g.current_player))
    return action, bot.last_reason


# ------------------------------------------------------------ reading clues
def test_a_play_clue_on_ones_is_played():
    g = game(["b3", "r1", "g4", "y1", "w4", "r4", "y3", "b4", "g3", "w4"],
             [{"type": "clue", "target": 1, "rank": 3}, {"type": "clue", "target": 1, "rank": 1}])
    n = notes(g, 0)
    assert n[1].status == PLAY and n[3].status == SAVE  # focus: the newest touched card
    assert n[1].conv == RANK_MASK[0]
    action, reason = bot_choice(g)
    assert action in ({"type": "play", "slot": 1}, {"type": "play", "slot": 3})
    assert reason["code"] == "play_known"


def test_a_colour_play_clue_off_chop_names_the_playable_card():
    g = game(["b3", "g4", "r1", "y3", "w4", "r4", "y3", "b4", "g3", "w4"],
             [{"type": "clue", "target": 1, "rank": 3}, {"type": "clue", "target": 1, "colour": "red"}])
    assert describe_mask(notes(g, 0)[2].conv) == ["r1"]
    assert bot_choice(g)[0] == {"type": "play", "slot": 2}


def test_a_five_on_chop_is_saved_not_played():
    g = game(["b3", "r2", "g4", "y3", "w5", "r4", "y4", "b4", "g3", "w3"],
             [{"type": "clue", "target": 1, "rank": 3}, {"type": "clue", "target": 1, "rank": 5}])
    n = notes(g, 0)
    assert n[4].status == SAVE and n[4].conv == RANK_MASK[4]
    action, _ = bot_choice(g)
    assert action not in ({"type": "play", "slot": 4}, {"type": "discard", "slot": 4})


def test_a_colour_clue_on_chop_is_no_five_save():
    # 5s are saved with a rank clue, so red on the chop means the red 1.
    g = game(["b3", "g2", "g4", "y3", "r1", "r4", "y4", "b4", "g3", "w3"],
             [{"type": "clue", "target": 1, "rank": 3}, {"type": "clue", "target": 1, "colour": "red"}])
    n = notes(g, 0)
    assert n[4].status == PLAY and describe_mask(n[4].conv) == ["r1"]
    assert bot_choice(g)[0] == {"type": "play", "slot": 4}


def test_a_colour_clue_on_chop_may_save_a_last_copy_so_the_card_is_kept():
    # One red 4 is discarded; red on the chop: the red 1 (play) or the last red 4 (save).
    # (Seat 0's second clue touches only cards touched before: a 4 clue on seat 1's chop
    # would read as a save of that very red 4, and good touch would then rule it out here.)
    g = game(["b3", "g2", "g4", "y3", "r4", "y4", "b4", "g3", "w3", "r4"],
             [{"type": "clue", "target": 1, "rank": 3}, {"type": "discard", "slot": 4},
              {"type": "clue", "target": 1, "rank": 3}, {"type": "clue", "target": 1, "colour": "red"}])
    n = notes(g, 0)
    assert n[4].status == SAVE and describe_mask(n[4].conv) == ["r1", "r4"]
    action, _ = bot_choice(g)
    assert action not in ({"type": "play", "slot": 4}, {"type": "discard", "slot": 4})


def test_a_delayed_play_waits_for_the_touched_card_before_it():
    # Seat 0 clues seat 1's red 2 (known exactly: the only playable 2); seat 1's
    # red clue off chop then means the red 3, to be played after the red 2.
    g = game(["r1", "g4", "r3", "y3", "b4", "r2", "y4", "b2", "g3", "w3", "g1"],
             [{"type": "play", "slot": 0}, {"type": "clue", "target": 1, "rank": 4},
              {"type": "clue", "target": 1, "rank": 2}])
    assert describe_mask(notes(g, 1)[0].conv) == ["r2"]
    g.apply({"type": "clue", "target": 1, "colour": "red"})  # seat 1 clues seat 0's red 3
    n = notes(g, 0)
    assert describe_mask(n[2].conv) == ["r3"] and n[2].status == PLAY
    action, _ = bot_choice(g)
    assert action != {"type": "play", "slot": 2}  # not yet: the red 2 first
    g.apply({"type": "discard", "slot": 3})  # seat 0 waits
    g.apply({"type": "play", "slot": 0})  # seat 1 plays the red 2
    assert bot_choice(g)[0] == {"type": "play", "slot": 3}  # the red 3, moved right by the draw


def test_good_touch_drops_identities_that_were_played():
    g = game(["b3", "g4", "b4", "y3", "w4", "r1", "g1", "y4", "b2", "w3"],
             [{"type": "clue", "target": 1, "rank": 1}])
    assert describe_mask(notes(g, 1)[1].conv) == ["r1", "y1", "g1", "b1", "w1"]
    g.apply({"type": "play", "slot": 0})  # seat 1 plays its red 1
    assert describe_mask(notes(g, 1)[1].conv) == ["y1", "g1", "b1", "w1"]  # the other 1, still slot 1


# ------------------------------------------------------------ giving clues
def test_the_bot_saves_a_five_on_the_next_players_chop():
    g = game(["b3", "r2", "g4", "y3", "w2", "g5", "b4", "y4", "r3", "w5"],
             [{"type": "clue", "target": 1, "rank": 4}, {"type": "clue", "target": 1, "rank": 2}])
    action, reason = bot_choice(g)
    assert action == {"type": "clue", "target": 1, "rank": 5}
    assert reason["code"] == "clue_save" and reason["save"] == "five"
    assert reason["card"] == {"colour": "white", "rank": 5}


def test_the_bot_saves_a_two_with_a_rank_clue():
    g = game(["b3", "r3", "g4", "y3", "w3", "g4", "r4", "y4", "w4", "b2"],
             [{"type": "clue", "target": 1, "rank": 4}, {"type": "clue", "target": 1, "rank": 3}])
    action, reason = bot_choice(g)
    assert action == {"type": "clue", "target": 1, "rank": 2}
    assert reason["code"] == "clue_save" and reason["save"] == "two"


def test_the_bot_saves_the_last_copy_of_a_card():
    # Seat 1 discards one yellow 3; the other is then on its chop, and critical.
    g = game(["b3", "r3", "g4", "y4", "w3", "g4", "r4", "b4", "y3", "y3"],
             [{"type": "clue", "target": 1, "rank": 4}, {"type": "clue", "target": 1, "rank": 3},
              {"type": "clue", "target": 1, "colour": "green"}, {"type": "discard", "slot": 3}])
    action, reason = bot_choice(g)
    assert action["type"] == "clue" and action["target"] == 1
    assert reason["code"] == "clue_save" and reason["save"] == "critical"
    assert reason["card"] == {"colour": "yellow", "rank": 3}


def test_the_bot_gives_a_play_clue_and_the_receiver_plays_it():
    g = game(["b3", "r3", "g4", "y3", "w3", "g4", "r4", "y1", "w4", "b4"],
             [{"type": "clue", "target": 1, "rank": 4}, {"type": "clue", "target": 1, "rank": 3}])
    action, reason = bot_choice(g)
    assert action == {"type": "clue", "target": 1, "rank": 1} or action == {"type": "clue", "target": 1,
                                                                            "colour": "yellow"}
    assert reason["code"] == "clue_play" and reason["card"] == {"colour": "yellow", "rank": 1}
    g.apply(action)
    assert bot_choice(g)[0] == {"type": "play", "slot": 2}


def test_the_bot_never_touches_a_useless_card():
    # Red 1 is played; a rank 1 clue would touch seat 1's second red 1.
    g = game(["r1", "b3", "g4", "y3", "w3", "r1", "g1", "y4", "w4", "b4"],
             [{"type": "play", "slot": 0}, {"type": "clue", "target": 1, "rank": 3}])
    action, reason = bot_choice(g)
    assert action != {"type": "clue", "target": 1, "rank": 1}
    assert action == {"type": "clue", "target": 1, "colour": "green"}


def test_no_tempo_clue_on_a_touched_copy_of_a_card_played_since():
    """Issue 29, case 1. Seat 1's green 2 was touched beside a 2 save; then seat 0 played the other
    green 2, so seat 1's card is read as a 2 that may be useless. A 2 clue now touches
    only touched cards: a tempo clue, its focus that green 2, read as the playable red 2. The bots used
    to score it as a play clue; they never give it (the clue panel marks it as a strike too)."""
    from pygame_core.hanabi.perspective import Perspective
    g = game(["g1", "g2", "r1", "b4", "w3", "w4", "g2", "b3", "y4", "r2", "y5", "b5", "w5", "y4", "b4"],
             [{"type": "clue", "target": 1, "rank": 2},  # seat 1's red 2 (chop) saved, its green 2 touched
              {"type": "clue", "target": 1, "rank": 1}, {"type": "play", "slot": 0},  # green 1
              {"type": "clue", "target": 1, "rank": 1}, {"type": "play", "slot": 2},  # red 1
              {"type": "clue", "target": 1, "colour": "green"}, {"type": "play", "slot": 2},  # seat 0's green 2
              {"type": "discard", "slot": 3}])
    view = g.observation(0)
    assert [(c["colour"], c["rank"], c["clued"]) for c in view["hands"][1]][2] == ("green", 2, True)
    # Seat 1's own green clue touched the green 2 played since, after seat 1's card was touched: seat 1
    # could not see its card, so good touch does not rule the green 2 out for it (case 3).
    assert describe_mask(notes(g, 1, 0)[2].conv) == ["r2", "y2", "g2", "b2", "w2"]
    two = {"type": "clue", "target": 1, "rank": 2}
    t = Tracker.from_view(view)
    reading = t.read_clue(1, [c["id"] for c in view["hands"][1] if c["rank"] == 2], ("rank", 2))
    assert reading.kind == "tempo" and reading.focus == view["hands"][1][2]["id"]  # the green 2, called to play
    for level in ("easy", "normal", "hard"):
        bot = pygame_core.new_bot("hanabi", level, seed=1)
        assert bot.score_clue(Perspective(view, t), 1, ("rank", 2)) is None
        assert bot.score_clue(Perspective(view, t), 1, ("rank", 2), strict=False) is None
        assert bot_choice(g, level)[0] != two
    warned = next(e for e in HanabiBot.preview(view) if e["target"] == 1 and e.get("rank") == 2)
    assert warned["warn"] == "strike"


@pytest.mark.parametrize("new", ["r3", "r4"])
def test_a_clue_that_pins_down_an_old_card_reads_the_new_one_after_it(new):
    """Issue 29, case 2. Seat 1's red 2 was saved with a 2 clue, the red 1 is played, and a new red
    card comes in. A red clue touches both: it tells that the old card is the red 2 (known at once),
    so the new card is read after it as the red 3, never a second red 2. Seat 1 then plays the red 2
    first. On a red 3 the clue is a fine delayed play clue; on a red 4 it would mislead, and no level
    gives it (the clue panel marks it as a strike)."""
    from pygame_core.hanabi.perspective import Perspective
    from pygame_core.hanabi.preview import preview_clues

    g = game(["r1", "b3", "g4", "y3", "w3", "b4", "g3", "y4", "w4", "r2", "g1", new],
             [{"type": "clue", "target": 1, "rank": 2},  # seat 1's chop, the red 2, saved
              {"type": "clue", "target": 1, "rank": 1}, {"type": "play", "slot": 0},  # red 1
              {"type": "discard", "slot": 3}])  # seat 1's new card comes in at slot 0
    view = g.observation(0)
    assert [(c["colour"], c["rank"], c["clued"]) for c in view["hands"][1]][::4] == [
        ("red", int(new[1]), False), ("red", 2, True)]
    t = Tracker.from_view(view)
    ids = [c["id"] for c in view["hands"][1]]
    reading = t.read_clue(1, [ids[0], ids[4]], ("colour", 0))
    assert reading.kind == "play" and reading.focus == ids[0]
    assert describe_mask(reading.notes[ids[0]].conv) == ["r3"] and describe_mask(reading.notes[ids[4]].conv) == ["r2"]
    panel = next(e for e in preview_clues(view) if e.get("colour") == "red")
    assert panel["focus"] == 0 and panel["reading"] == "delayed"
    for level in ("easy", "normal", "hard"):
        scored = pygame_core.new_bot("hanabi", level, seed=1).score_clue(Perspective(view, t), 1, ("colour", 0))
        assert (scored is None) == (new == "r4"), (level, scored)
    assert panel["warn"] == ("strike" if new == "r4" else None)
    g.apply({"type": "clue", "target": 1, "colour": "red"})
    assert bot_choice(g)[0] == {"type": "play", "slot": 4}  # the red 2 first


def test_a_card_you_clued_yourself_does_not_rule_out_your_own_touched_card():
    """Issue 29, case 3. Seat 0's white 2 (its chop) is saved with a 2 clue; seat 0's own white clue
    then touches seat 1's white 2, which seat 1 plays. Seat 0 could not see its card, so good touch
    does not rule the white 2 out for it: once the red, yellow, green and blue 1s are played, the saved
    card could be a playable 2 or the useless white 2, and seat 0 does not play it (it used to, as
    "another 2", and strike)."""
    front = ["r1", "y1", "g1", "b1", "w2", "w1", "w2", "r3", "g3", "b3",
             "r4", "y4", "g4", "b4", "y3", "r2", "y2", "g2", "b2"]
    g = game(front, [
        {"type": "clue", "target": 1, "rank": 1},  # seat 1's white 1
        {"type": "clue", "target": 1, "rank": 2},  # seat 0's chop, the white 2, saved
        {"type": "clue", "target": 1, "colour": "white"},  # seat 0 touches seat 1's white 2
        {"type": "play", "slot": 0}, {"type": "clue", "target": 1, "rank": 3},
        {"type": "play", "slot": 1},  # seat 1 plays the white 2
        {"type": "clue", "target": 1, "rank": 3},
        {"type": "clue", "target": 1, "rank": 1},  # seat 0's four 1s
    ])
    for name in ("r1", "y1", "g1", "b1"):
        g.apply({"type": "play", "slot": next(i for i, c in enumerate(g.state.hands[0]) if short_name(c.ident) == name)})
        g.apply({"type": "discard", "slot": 4})
    assert g.observation(0)["stacks"] == {"red": 1, "yellow": 1, "green": 1, "blue": 1, "white": 2}
    assert short_name(g.state.hands[0][4].ident) == "w2" and g.current_player == 0
    assert describe_mask(notes(g, 0)[4].conv) == ["r2", "y2", "g2", "b2", "w2"]
    assert describe_mask(notes(g, 0, viewer=1)[4].conv) == ["r2", "y2", "g2", "b2", "w2"]  # a public note
    for level in ("easy", "normal", "hard"):
        action, _ = bot_choice(g, level)
        assert action != {"type": "play", "slot": 4}, level


def test_a_stall_never_spends_the_last_token_to_leave_the_partner_only_touched_cards():
    """Issue 29, case 4. Both hands are fully touched (seat 1 holds 3s, seat 0 4s, nothing known to
    play or useless) and one clue token is left. A stall clue would leave seat 0 no clue to give and
    only touched cards to discard, so seat 1 discards (its least likely needed card) instead."""
    g = game(["y4", "g4", "b4", "w4", "r1", "y3", "g3", "b3", "w3", "r3", "r4"], [
        {"type": "clue", "target": 1, "rank": 3}, {"type": "clue", "target": 1, "rank": 4},
        {"type": "discard", "slot": 4}, {"type": "clue", "target": 1, "rank": 4},  # seat 0's new red 4
        {"type": "clue", "target": 1, "colour": "red"}, {"type": "clue", "target": 1, "colour": "red"},
        {"type": "clue", "target": 1, "colour": "yellow"}, {"type": "clue", "target": 1, "colour": "yellow"},
        {"type": "clue", "target": 1, "colour": "green"},
    ])
    assert g.current_player == 1 and g.state.clues == 1
    assert all(c.clued for hand in g.state.hands for c in hand)
    for level in ("easy", "normal", "hard"):
        action, reason = bot_choice(g, level)
        assert action["type"] == "discard" and reason["code"] == "discard_locked", level


def page_clue_table() -> dict[str, list[float]]:
    """Section 9's table "What a clue is worth": row text -> the numbers in its worth column."""
    page = (Path(__file__).resolve().parents[1] / "seeds" / "hanabi-conventions.md").read_text(encoding="utf-8")
    part = page.split("**What a clue is worth (step 3).**", 1)[1].split("## 10.", 1)[0]
    rows = {}
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 2 and not re.fullmatch(r"-+:?", cells[1]) and cells[1] != "worth":
            rows[cells[0]] = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", cells[1])]
    return rows


def test_the_page_says_what_a_clue_is_worth_to_the_bots():
    """The table in section 9 is the bots' weighing (issue 29: a stranger who reads the page picks
    the clue the bots would). Each row against the bots' weight, then two clues scored by hand."""
    b = HanabiBot
    rows = page_clue_table()
    expect = {
        "lets the receiver know a card is playable now": [b.PLAY_VALUE + b.LOW_RANK_BONUS, b.LOW_RANK_BONUS, 5, 5,
                                                         b.PLAY_VALUE + b.LOW_RANK_BONUS, 3,
                                                         b.PLAY_VALUE + 3 * b.LOW_RANK_BONUS, 1,
                                                         b.PLAY_VALUE + 5 * b.LOW_RANK_BONUS],
        "saves a chop card that needs it (section 4): a 5": [b.SAVE_VALUE, 5, 5, b.SAVE_VALUE + b.RANK_SAVE_BONUS],
        "saves a chop card that needs it: a 2": [b.SAVE_TWO_VALUE, 2, b.SAVE_TWO_VALUE + b.RANK_SAVE_BONUS],
        "newly touches a card that is playable now": [b.HIDDEN_PLAYABLE],
        "newly touches any other useful card": [b.EXTRA_TOUCH],
        "narrows a card touched before": [b.NARROW_VALUE],
        "calls a delayed play": [b.DELAYED_VALUE],
        "newly touches a card that one of your own": [-b.MAYBE_MINE],
        "touches the chop, and the card that becomes the chop": [-b.SAVE_AGAIN],
        "leaves the receiver with every card touched": [-b.LOCK_PENALTY],
        "(always)": [-b.SEAT_COST, -b.SEAT_COST, -2 * b.SEAT_COST],
    }
    assert len(rows) == len(expect)
    for start, numbers in expect.items():
        row = next(v for k, v in rows.items() if k.startswith(start))
        assert row == pytest.approx(numbers), start
    # The threshold and the two-player clue-first rule the text below the table states.
    assert (b.CLUE_MIN, b.CLUE_MIN_LOW, b.CLUE_FIRST_DECK[2]) == (0.3, 1.0, 15)
    player = HanabiBot("normal")

    def worth(g, value):
        view = g.observation(0)
        return player.score_clue(Perspective(view, Tracker.from_view(view)), 1, value, True)[0]

    # A yellow clue on the partner's only untouched card, the yellow 1: a play (1.5), the next player (-0.02);
    # every card is touched after it, but one is known to play, so no lock.
    g = game(["b3", "r3", "g4", "y3", "w3", "g4", "r4", "y1", "w4", "b4"],
             [{"type": "clue", "target": 1, "rank": 4}, {"type": "clue", "target": 1, "rank": 3}])
    assert worth(g, ("colour", 1)) == pytest.approx(1.5 - 0.02)
    # A 5 clue on the white 5 on the chop and a green 5 beside it: a save with a 5 clue (1.25), another
    # useful card newly touched (0.05), the next player (-0.02).
    g = game(["b3", "r2", "g4", "y3", "w2", "g5", "b4", "y4", "r3", "w5"],
             [{"type": "clue", "target": 1, "rank": 4}, {"type": "clue", "target": 1, "rank": 2}])
    assert worth(g, ("rank", 5)) == pytest.approx(1.25 + 0.05 - 0.02)


def test_discards_take_the_chop_or_a_known_useless_card():
    g = game(["b3", "r3", "g4", "y3", "w3", "g4", "r4", "y4", "w4", "b4"],
             [{"type": "clue", "target": 1, "rank": 4}, {"type": "clue", "target": 1, "rank": 3}])
    assert g.state.clues == 6
    bot = pygame_core.new_bot("hanabi", "normal", seed=1)
    view = g.observation(0)
    action, reason = bot.decide(view)
    # Seat 0's rank 3 clue touched every card but the green 4 (slot 2): its chop.
    assert (action, reason["code"]) == ({"type": "discard", "slot": 2}, "discard_chop")


# ------------------------------------------------------------ general
def random_views(count: int, seed: int):
    rng = random.Random(seed)
    views = []
    while len(views) < count:
        players = rng.randint(2, 5)
        g = pygame_core.new_game("hanabi", seed=rng.randrange(10**9), options={"players": players})
        bots = [pygame_core.new_bot("hanabi", "normal", seed=s) for s in range(players)]
        while not g.is_over and len(views) < count:
            seat = g.current_player
            view = g.observation(seat)
            views.append(view)
            if rng.random() < 0.1:
                g.apply(rng.choice(view["legal_actions"]))  # a human's odd move now and then
            else:
                g.apply(bots[seat].choose(view))
    return views


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_always_choose_a_legal_action_with_a_reason(level):
    codes = set()
    # Hard looks ahead near the end of the deck (twice here, with explain): fewer positions.
    for i, view in enumerate(random_views(250 if level != "hard" else 100, seed=len(level))):
        bot = HanabiBot(level, seed=i)
        action = bot.choose(view)
        assert action in view["legal_actions"]
        assert bot.last_reason and isinstance(bot.last_reason["code"], str)
        assert bot.explain(view, action) == bot.last_reason
        codes.add(bot.last_reason["code"])
    assert {"play_known", "clue_play", "clue_save", "discard_chop"} <= codes


def test_bots_are_deterministic_and_a_reused_bot_agrees_with_a_fresh_one():
    views = random_views(120, seed=3)
    reused = HanabiBot("normal", seed=7)
    for view in views:
        fresh = HanabiBot("normal", seed=7).choose(view)
        assert reused.choose(view) == fresh == HanabiBot("normal", seed=7).choose(view)


def test_self_play_scores_well():
    scores = []
    for players in (2, 3, 4, 5):
        for k in range(3):
            g = pygame_core.new_game("hanabi", seed=100 + k, options={"players": players})
            bots = [pygame_core.new_bot("hanabi", "normal", seed=s) for s in range(players)]
            while not g.is_over:
                seat = g.current_player
                g.apply(bots[seat].choose(g.observation(seat)))
            scores.append(g.result()["scores"][0])
    assert sum(scores) / len(scores) >= 17


def test_reasons_do_not_name_the_viewers_own_card():
    reason = {"code": "clue_save", "target": 1, "rank": 5, "card": {"colour": "red", "rank": 5}, "save": "five"}
    assert "card" not in redact_reason(reason, target_is_viewer=True)
    assert redact_reason(reason, target_is_viewer=False) == reason


def test_view_knowledge_matches_the_public_notes():
    for view in random_views(60, seed=11):
        t = Tracker.from_view(view)
        for rel, hand in enumerate(view["hands"]):
            assert [c["id"] for c in hand] == t.hands[rel]
            for card in hand:
                note = t.notes[card["id"]]
                assert clue_identities(card) == note.clue and note.clued == card["clued"]
                assert note.conv and not note.conv & ~note.clue  # conventions only narrow the clues
                if card["colour"] is not None:  # a visible card: its identity fits the clues
                    assert note.clue >> identity(COLOURS.index(card["colour"]), card["rank"]) & 1


def test_the_bridge_never_shows_a_player_the_card_a_bot_clued_in_their_hand():
    """A bot's reason for a clue to the human goes into the view's notes without the card."""
    import json

    from pygame_core import bridge

    sid = json.loads(bridge.handle(json.dumps({"cmd": "new", "game": "hanabi", "seed": 11, "level": "normal"})))["data"]["session"]
    seen_clue_to_human = False
    for seed_move in range(60):
        view = json.loads(bridge.handle(json.dumps({"cmd": "view", "session": sid})))["data"]
        if view["is_over"]:
            break
        if view["waiting_for"] == "bot":
            reply = json.loads(bridge.handle(json.dumps({"cmd": "bot", "session": sid, "move": view["move"]})))["data"]
            why = reply["why"]
            if why and why["code"].startswith("clue") and (reply["seat"] + why["target"]) % 2 == 0:
                seen_clue_to_human = True
                assert "card" not in why
        else:
            legal = view["observation"]["legal_actions"]
            action = next((a for a in legal if a["type"] == "discard"), legal[0])
            bridge.handle(json.dumps({"cmd": "apply", "session": sid, "move": view["move"], "action": action}))
    assert seen_clue_to_human
    for note in view["notes"]:
        if note["why"]["code"].startswith("clue") and (note["seat"] + note["why"]["target"]) % 2 == 0:
            assert "card" not in note["why"]
