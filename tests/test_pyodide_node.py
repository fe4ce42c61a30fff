"""The wheel inside real Pyodide under Node: unpacked as the browser does it, imported, answering the bridge."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import pygame_core

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "pyodide-node.mjs"


def run_in_pyodide(dist: Path, *requests: str) -> tuple[list[dict], dict]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed for this test (python build.py test checks for it)")
    proc = subprocess.run(
        [node, str(SCRIPT), str(dist), "bridge", *requests], capture_output=True, text=True, timeout=240
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    return lines[:-1], lines[-1]


def test_wheel_installs_imports_and_answers_in_pyodide(dist):
    replies, summary = run_in_pyodide(
        dist,
        json.dumps({"cmd": "version"}),
        json.dumps({"cmd": "list_games"}),
        json.dumps({"cmd": "new", "game": "nim", "seed": 5, "options": {"pile": 5}}),
        json.dumps({"cmd": "apply", "session": "s1", "move": 0, "action": {"take": 1}}),
        json.dumps({"cmd": "bot", "session": "s1", "move": 1}),
        json.dumps({"cmd": "apply", "session": "s1", "move": 0, "action": {"take": 1}}),
        "{not json",
    )
    assert summary["python"].startswith("3.14")
    version, games, new, applied, bot, stale, bad = replies
    assert version == {
        "ok": True,
        "data": {"engine": pygame_core.__version__, "python": summary["python"], "platform": "emscripten",
                 "sessions_opened": 0},
    }
    assert [g["name"] for g in games["data"]] == ["hanamikoji", "koikoi", "hanabi"]
    assert new["ok"] and new["data"]["observation"]["pile"] == 5
    assert applied["ok"] and applied["data"]["observation"]["pile"] == 4
    assert applied["data"]["waiting_for"] == "bot"
    assert bot["ok"] and bot["data"]["view"]["move"] == 2
    assert stale == {"ok": False, "error": {"code": "stale_move", "message": stale["error"]["message"]}}
    assert bad["ok"] is False and bad["error"]["code"] == "bad_json"
