"""Numbers in the page's address are read within a sane range (web/js/query.js, run by Node).

?margin=3000000000 or 1e309 once overflowed the browser's timer, so every engine call
timed out at once; ?first_dealer=1e309 became null (JSON has no Infinity). The pages'
own check with such an address is in tests/test_saves.py and tests/test_embed.py."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
const q = await import(process.cwd() + "/web/js/query.js");
const margin = (raw) => q.queryNumber(new URLSearchParams(raw == null ? "" : "margin=" + encodeURIComponent(raw)),
  "margin", { min: q.MIN_MARGIN_MS, max: q.MAX_MARGIN_MS, fallback: 10000 });
const out = { limits: [q.MIN_MARGIN_MS, q.MAX_MARGIN_MS, q.MAX_PACE_MS], margins: {}, values: {} };
for (const raw of [null, "", " ", "2000", "3000000000", "1e309", "-1e309", "-5", "NaN", "abc", "0x10", "12.5"]) {
  out.margins[String(raw)] = margin(raw);
}
for (const raw of ["6", "true", "null", "[1, 2]", "1e309", "[1e309]", "{\\"a\\": -1e999}", "abc", "\\"x\\""]) {
  out.values[raw] = q.queryValue(raw);
}
console.log(JSON.stringify(out));
"""


def test_numbers_in_the_address_stay_in_range():
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to read web/js/query.js")
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=True)
    out = json.loads(done.stdout)
    low, high, pace = out["limits"]
    assert low == 500 and high <= 2**31 - 1 and 0 < pace <= 60_000  # every deadline fits a browser timer
    assert out["margins"] == {
        "null": 10000, "": 10000, " ": 10000, "2000": 2000, "3000000000": high, "1e309": 10000, "-1e309": 10000,
        "-5": 500, "NaN": 10000, "abc": 10000, "0x10": 500, "12.5": 500,
    }
    assert out["values"] == {
        "6": 6, "true": True, "null": None, "[1, 2]": [1, 2], "abc": "abc", '"x"': "x",
        # a number the browser cannot hold stays text: the engine refuses it, never reads it as null
        "1e309": "1e309", "[1e309]": "[1e309]", '{"a": -1e999}': '{"a": -1e999}',
    }
