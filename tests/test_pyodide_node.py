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


def test_the_trimmed_standard_library_runs_everything_the_site_does(dist):
    """dist/ ships only part of Python's standard library (build.py, STDLIB_KEEP): every game at
    every level, saves, replays and refused requests run in Pyodide against exactly those files,
    and every module they import is one the build keeps."""
    import build

    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed for this test (python build.py test checks for it)")
    usage = Path(__file__).resolve().parents[1] / "tools" / "stdlib_usage.py"
    proc = subprocess.run([node, str(SCRIPT), str(dist), "run", str(usage)], capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    lines = proc.stdout.splitlines()
    used = json.loads(next(line for line in lines if line.startswith("USED "))[5:])
    assert any(line.startswith("DONE ") for line in lines)
    # Boot modules are shipped compiled (build.compile_stdlib): a .pyc stands for its .py.
    sources = [name.removesuffix("c") if name.endswith(".pyc") else name for name in used]
    assert [name for name in sources if not build.stdlib_member_kept(name)] == []
    # The build really left things out (the test suites, tkinter, email, ...).
    import zipfile
    with zipfile.ZipFile(dist / "pyodide" / "python_stdlib.zip") as shipped:
        names = shipped.namelist()
    assert not any(name.startswith(("unittest/", "email/", "xml/", "http/")) for name in names)
    assert "encodings/cp1252.py" not in names and "encodings/utf_8.pyc" in names
    # What a first board imports is compiled (and its source not shipped); a later import stays source.
    assert {"json/decoder.pyc", "dataclasses.pyc", "typing.pyc"} <= set(names)
    assert not {"json/decoder.py", "dataclasses.py", "logging/handlers.py", "asyncio/windows_events.py"} & set(names)
    assert sum(name.endswith(".pyc") for name in used) > 100
