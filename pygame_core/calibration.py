"""From the playouts' raw chance to the chance the coach shows (issue 26).

The raw chance of a Hanamikoji or Koi-Koi assessment ranks the choices well but
is too sure of itself. Each game's map, shown = 1 / (1 + exp(-(a * logit(raw)
+ b))), is increasing, so it keeps every ranking; a and b are fitted by
bench/fit_calibration.py on games the calibration bench never plays, and
`sha256` is the checksum of those training decisions (the script prints all
of these lines; run it again when an assessment changes).
"""

from __future__ import annotations

import math

EDGE = 0.001  # a raw chance is read as at least EDGE and at most 1 - EDGE before the map

# bench/fit_calibration.py --games 300 (deals 50000-50299, strongest level against itself), 2026-12-03.
MAPS: dict[str, dict] = {
    "hanamikoji": {"a": 0.4341, "b": -0.4429, "games": 300, "decisions": 2653,
                   "sha256": "7f94fe9fbcc4772e9bdc122909bf61d658d00c2369c2c910330b5e976d4111ed"},
    "koikoi": {"a": 0.5326, "b": -0.0131, "games": 300, "decisions": 11680,
               "sha256": "754f141cd3312367ec55c1d7845d6a6a74aa98876d92d2884b8f10e82d0a4b15"},
}


def logit(p: float) -> float:
    p = min(1.0 - EDGE, max(EDGE, p))
    return math.log(p / (1.0 - p))


def calibrated(game: str, raw: float) -> float:
    """The chance to show for a raw chance of `game` (unchanged for a game without a map)."""
    fitted = MAPS.get(game)
    if fitted is None:
        return raw
    return 1.0 / (1.0 + math.exp(-(fitted["a"] * logit(raw) + fitted["b"])))
