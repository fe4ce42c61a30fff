"""Everything the site does with Python, to record which standard-library modules it needs.

Run in Pyodide under Node (the worker's own boot: the wheel unpacked, then this):

    node tools/pyodide-node.mjs dist run tools/stdlib_usage.py

It imports every engine module (as the worker does before its memory
snapshot), plays every game at every level through the bridge with saves,
loads, replays, reviews and refused requests, and prints the standard-library files
that got imported ("USED [...]"). build.py's STDLIB_KEEP is made from that
list; tests/test_pyodide_node.py runs this against the trimmed files, so a
module the site needs and the build left out fails the tests.
"""
import importlib, json, pkgutil, sys
import pygame_core
for module in pkgutil.walk_packages(pygame_core.__path__, "pygame_core."):
    importlib.import_module(module.name)
from pygame_core import bridge
h = lambda r: json.loads(bridge.handle(json.dumps(r)))
h({"cmd": "version"}); h({"cmd": "list_games", "hidden": True})
bad = ["{", "[]", json.dumps({"cmd": "new", "game": "koikoi", "options": {"rounds": 3.0}}), "x" * 10, json.dumps({"cmd": "nope"})]
for text in bad: bridge.handle(text)
deep = 1
for _ in range(80): deep = [deep]
bridge.handle(json.dumps({"cmd": "new", "game": "hanamikoji", "options": {"round_limit": deep}}))
levels = {g["name"]: g["levels"] for g in h({"cmd": "list_games", "hidden": True})["data"]}
for game, opts in (("hanamikoji", {}), ("koikoi", {"rounds": 3}), ("hanabi", {"players": 3}), ("nim", {})):
    for level in levels[game]:
        v = h({"cmd": "new", "game": game, "level": level, "options": opts, "seed": 5})["data"]
        sid = v["session"]; n = 0
        # Hanamikoji's expert thinks long: a few of its moves import all it needs (they run its whole search).
        while not v["is_over"] and n < (12 if level == "expert" else 400):
            n += 1
            if v["waiting_for"] == "bot":
                v = h({"cmd": "bot", "session": sid, "move": v["move"]})["data"]["view"]
            else:
                acts = v["observation"]["legal_actions"]
                h({"cmd": "apply", "session": sid, "move": v["move"] + 5, "action": acts[0]})
                h({"cmd": "apply", "session": sid, "move": v["move"], "action": {"type": "nope"}})
                v = h({"cmd": "apply", "session": sid, "move": v["move"], "action": acts[-1]})["data"]
            if n == 3:
                s = h({"cmd": "save", "session": sid})["data"]
                h({"cmd": "load", "save": s["save"], "game": game, "level": level, "human": 0})
                h({"cmd": "load", "save": json.dumps(s["save"])[:-9]})
        if v["is_over"]:
            h({"cmd": "replay", "session": sid, "move": 1})
            for kind in ("game", "challenge"):  # links (issue 42): base64, zlib's CRC-32; an edited one refused
                text = h({"cmd": "link", "session": sid, "kind": kind})["data"]["link"]
                h({"cmd": "read_link", "link": text, "game": game}); h({"cmd": "read_link", "link": text[:-2], "game": game})
        if level == "easy":  # the coach's review of the person's first decisions (one of moves 0 and 1)
            h({"cmd": "review", "session": sid, "move": 0}); h({"cmd": "review", "session": sid, "move": 1})
        h({"cmd": "close", "session": sid})
zips = [p for p in sys.path if p.endswith(".zip")]
stdlib = zips[0] if zips else sys.prefix
used = sorted({m.__file__[len(stdlib) + 1:] for m in list(sys.modules.values())
               if getattr(m, "__file__", None) and m.__file__.startswith(stdlib)})
print("PATH", json.dumps(sys.path))
print("USED", json.dumps(used))
print("DONE", len(used))
