"""Which sound each move makes (issue 44), read through Node from the games' own modules
(web/games/<game>/sounds.js, the page's fallback in web/games/sounds.js) over the views the page
gets from the bridge, move after move, in real games dealt anywhere in 0..2**53-1.

- Every name a game gives is one js/sound.js can play, and every one of them is heard somewhere:
  a card, a capture, a yaku and a koi-koi call (Koi-Koi), a geisha won (Hanamikoji), a clue and a
  strike (Hanabi), a win and a loss.
- Each is given for the right move, checked against what the engine's state says rather than
  against the log the modules read: a koi-koi call is the move that called it; a capture is a move
  after which a side holds more captured cards; a strike is a move after which the team has one
  more; a clue is a clue given; a geisha is a move after which a geisha favours the one who
  hears it who did not before (any other Hanamikoji move is a card); the end is a win exactly when the result names their seat, a loss when it names
  the other (a Hanabi team loses only by striking out).
"""

from __future__ import annotations

import random

import pygame_core
from engine_helpers import data, node_json

SCRIPT = """
const root = process.cwd() + "/web/";
const { SOUND_NAMES } = await import(root + "js/sound.js");
const fallback = await import(root + "games/sounds.js");
const games = {};
for (const g of ["koikoi", "hanamikoji", "hanabi"]) games[g] = (await import(root + `games/${g}/sounds.js`)).soundOf;
const steps = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = steps.map(([game, prev, view]) => games[game](prev, view));
console.log(JSON.stringify({ names: SOUND_NAMES, out, plain: steps.map(([, , view]) => fallback.outcomeSound(view)) }));
"""

EDGE_SEEDS = (0, 2**53 - 1)


def seeds(count: int, rng: random.Random) -> list[int]:
    return list(EDGE_SEEDS) + [rng.randrange(2**53) for _ in range(count - len(EDGE_SEEDS))]


def transitions(game: str, seed: int, options: dict | None = None) -> list[tuple[dict, dict, dict]]:
    """(view before, view after, the move {seat, action}) for every move of one game through the
    bridge, as js/session.js shows them: the person's moves by the easy AI or now and then at random (going on with koi-koi more
    often than not) and the
    easy computer's."""
    rng = random.Random(seed)
    person = pygame_core.new_bot(game, level="easy", seed=seed)
    view = data({"cmd": "new", "game": game, "seed": seed, "level": "easy", **({"options": options} if options else {})})
    sid = view["session"]
    steps = []
    while not view["is_over"]:
        if view["waiting_for"] == "human":
            legal = view["observation"]["legal_actions"]
            calls = [a for a in legal if a.get("type") == "koikoi"]  # the person goes on more often than chance
            if calls and rng.random() < 0.7:
                action = calls[0]
            else:  # now and then a random move: a blind play that strikes, a capture the AI would not make
                action = rng.choice(legal) if rng.random() < 0.3 else person.choose(view["observation"])
            after = data({"cmd": "apply", "session": sid, "move": view["move"], "action": action})
            last = {"seat": view["seat"], "action": action}
        else:
            reply = data({"cmd": "bot", "session": sid, "move": view["move"]})
            after, last = reply["view"], {"seat": reply["seat"], "action": reply["action"]}
        steps.append((view, after, last))
        view = after
    data({"cmd": "close", "session": sid})
    return steps


def expected_end(after: dict) -> str | None:
    winner = after["result"]["winner"]
    return None if winner is None else ("win" if winner == after["seat"] else "loss")


def captured(view: dict) -> list[int]:
    return [p["captured_count"] for p in view["observation"]["players"]]


def check_koikoi(before: dict, after: dict, last: dict, sound: str | None) -> None:
    if after["is_over"] and expected_end(after):
        assert sound == expected_end(after), (sound, after["result"])
        return
    assert sound not in ("win", "loss")
    assert (sound == "koikoi") == (last["action"].get("type") == "koikoi"), (sound, last)
    same_round = before["observation"]["round"] == after["observation"]["round"] and not after["is_over"]
    if same_round and sound not in ("koikoi", "yaku"):
        # A capture exactly when a side now holds more captured cards.
        grew = any(b < a for b, a in zip(captured(before), captured(after)))
        played = last["action"].get("type") in ("play", "take")
        assert sound == ("capture" if grew else "card" if played else None), (sound, last, captured(before), captured(after))
    if same_round and sound == "yaku":
        # The mover now holds a yaku (the state counts it at the capture; the call comes at the turn's end).
        assert after["observation"]["players"][last["seat"] - after["seat"]]["yaku"], last


def check_hanamikoji(before: dict, after: dict, last: dict, sound: str | None) -> None:
    if after["is_over"] and expected_end(after):
        assert sound == expected_end(after), (sound, after["result"])
        return
    assert sound not in ("win", "loss")
    # A geisha won: after this move's scoring a geisha favours the one who hears it who did not before.
    was = [g["favour"] for g in before["observation"]["geishas"]]
    gained = [i for i, g in enumerate(after["observation"]["geishas"]) if g["favour"] == 0 and was[i] != 0]
    scored = len(after["observation"]["scorings"]) > len(before["observation"]["scorings"])
    assert gained == [] or scored
    # Otherwise a card: every Hanamikoji move lays, gives or picks cards.
    assert sound == ("geisha" if gained else "card"), (sound, last, was, gained)


def check_hanabi(before: dict, after: dict, last: dict, sound: str | None) -> None:
    struck = after["observation"]["strikes"] > before["observation"]["strikes"]
    if after["is_over"]:
        out = "loss" if after["result"]["reason"] == "strikes" else "win"
        assert sound == out, (sound, after["result"])
        assert (after["result"]["reason"] == "strikes") == (after["observation"]["strikes"] >= 3)
        return
    kind = last["action"]["type"]
    assert sound == ("strike" if struck else "clue" if kind == "clue" else "card"), (sound, last, struck)


CHECKS = {"koikoi": check_koikoi, "hanamikoji": check_hanamikoji, "hanabi": check_hanabi}


def test_each_move_makes_the_sound_its_game_gives_it():
    rng = random.Random(44)
    steps = []
    for seed in seeds(6, rng):
        steps += [("koikoi", *s) for s in transitions("koikoi", seed)]
        steps += [("hanamikoji", *s) for s in transitions("hanamikoji", seed)]
        steps += [("hanabi", *s) for s in transitions("hanabi", seed, {"players": 2 + seed % 4})]
    out = node_json(SCRIPT, [[game, before, after] for game, before, after, _ in steps])
    names = set(out["names"])
    heard: dict[str, set] = {"koikoi": set(), "hanamikoji": set(), "hanabi": set()}
    for (game, before, after, last), sound, plain in zip(steps, out["out"], out["plain"]):
        assert sound is None or sound in names, sound
        CHECKS[game](before, after, last, sound)
        heard[game].add(sound)
        if after["is_over"] and game != "hanabi":
            assert plain == expected_end(after)  # the page's fallback for a game without sounds.js agrees
    assert {"card", "capture", "yaku", "koikoi"} <= heard["koikoi"], heard["koikoi"]
    assert {"card", "geisha"} <= heard["hanamikoji"], heard["hanamikoji"]
    assert {"card", "clue", "strike"} <= heard["hanabi"], heard["hanabi"]
    ends = set().union(*heard.values()) & {"win", "loss"}
    assert ends == {"win", "loss"}, heard
    assert set().union(*heard.values()) - {None} == names  # every sound the synth has is given somewhere
