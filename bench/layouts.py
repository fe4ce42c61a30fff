"""Does every screen fit on deals the tests never play? The whole-match browser tests over many deals.

    python bench/layouts.py [--deals N] [--first D] [--games hanamikoji,koikoi,hanabi2,hanabi5]

The whole-match tests (tests/test_site_*.py) play one fixed deal (tests/viewport.py DEAL, ?seed=)
so that a run repeats the last; at each decision they check that the hand, the field and the
decision's controls lie on screen at 390x844, 360x740, 844x390 and 1280x800. A state that only some
deals reach (a long German name, a late Koi-Koi decision with many yaku) escapes them. This runs
the same tests on deals D, D+1, ... (PYGAME_DEAL) and prints, per deal and game, "ok" or the first
line of what did not fit, then how many deals each game passed.

Needs the built site (python3 build.py build, or PYGAME_DIST) and the test tools in .venv
(python3 build.py test installs them); CHROMIUM as for the tests (default /usr/bin/chromium).
About a minute per deal and game on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = {
    "hanamikoji": "tests/test_site_hanamikoji.py::test_a_whole_match_at_every_size_and_the_whole_table_fits",
    "koikoi": "tests/test_site_koikoi.py::test_a_whole_match_fits_every_screen",
    "hanabi2": "tests/test_site_hanabi.py::test_a_whole_game_of_two_fits_every_screen",
    "hanabi5": "tests/test_site_hanabi.py::test_a_whole_game_of_five_fits_every_screen_in_german",
}


def run_deal(deal: int, games: list[str]) -> dict[str, str]:
    """Each game's test on `deal`: "ok", or the first line of its failure."""
    python = ROOT / ".venv" / "bin" / "python"
    env = {**os.environ, "PYGAME_DEAL": str(deal), "PYGAME_DIST": os.environ.get("PYGAME_DIST", str(ROOT / "dist")),
           "CHROMIUM": os.environ.get("CHROMIUM", "/usr/bin/chromium")}
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.xml"
        subprocess.run([str(python if python.exists() else sys.executable), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        f"--junitxml={report}", *(TESTS[g] for g in games)], cwd=ROOT, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not report.exists():
            return {g: "pytest did not run" for g in games}
        outcome = {}
        for case in ET.parse(report).iter("testcase"):
            name = case.get("name", "")
            game = next((g for g in games if TESTS[g].endswith("::" + name)), None)
            if game is None:
                continue
            problem = case.find("failure")
            if problem is None:
                problem = case.find("error")
            if problem is None:
                outcome[game] = "ok"
            else:
                lines = [ln for ln in (problem.get("message") or problem.text or "?").splitlines() if ln.strip()]
                outcome[game] = lines[0][:160] if lines else "failed"
        return {g: outcome.get(g, "not run") for g in games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=10, help="how many deals (default 10)")
    parser.add_argument("--first", type=int, default=3000, help="the first deal (default 3000)")
    parser.add_argument("--games", default=",".join(TESTS), help=f"any of {', '.join(TESTS)}, comma-separated")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in TESTS]
    if unknown:
        parser.error(f"unknown: {', '.join(unknown)}")
    passed = {g: 0 for g in games}
    print(f"{'deal':>6}  " + "  ".join(f"{g:<10}" for g in games))
    failures = []
    for deal in range(args.first, args.first + args.deals):
        result = run_deal(deal, games)
        for g, text in result.items():
            if text == "ok":
                passed[g] += 1
            else:
                failures.append(f"deal {deal} {g}: {text}")
        print(f"{deal:>6}  " + "  ".join(f"{'ok' if result[g] == 'ok' else 'FAILED':<10}" for g in games), flush=True)
    print("\npassed: " + ", ".join(f"{g} {passed[g]}/{args.deals}" for g in games))
    for line in failures:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
