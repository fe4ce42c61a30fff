"""What both training scripts share (train/hanamikoji.py, train/koikoi.py): reading
the self-play data with its checksum, the conditional logit they fit, and writing
the weights with the weights' own checksum."""

from __future__ import annotations

import argparse
import hashlib
import json
from typing import Any


def command_line(doc: str, count: str, default: int, teachers: list[str], data: str, out: str,
                 argv: list[str] | None) -> argparse.Namespace:
    """The two commands of a training script: `data --COUNT N [--first] [--workers] [--out]
    [--teacher]`, then `fit [--data] [--out] [--l2]`."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("data")
    p.add_argument(f"--{count}", dest="count", type=int, default=default)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", default=data)
    p.add_argument("--teacher", choices=teachers, default=teachers[0])
    p = sub.add_parser("fit")
    p.add_argument("--data", default=data)
    p.add_argument("--out", default=out)
    p.add_argument("--l2", type=float, default=1e-3)
    return parser.parse_args(argv)


def load_rows(path: str) -> tuple[list[dict[str, Any]], str]:
    """The data file's JSON lines and the sha256 of its bytes."""
    with open(path, "rb") as fh:
        raw = fh.read()
    return [json.loads(line) for line in raw.splitlines() if line.strip()], hashlib.sha256(raw).hexdigest()


def write_policy(policy: Any, path: str) -> None:
    """Record the weights' digest in their meta and write them as indented JSON."""
    policy.meta["sha256"] = policy.digest()
    with open(path, "w") as fh:
        json.dump(policy.to_json(), fh, indent=1)
        fh.write("\n")


def fit_logit(samples: list, width: int, l2: float, steps: int = 300, masks: list | None = None) -> list[float]:
    """Weights w maximizing the mean log-probability of the chosen candidate
    (softmax over candidates of w . x), minus l2 * |w|^2; full-batch Adam."""
    import numpy as np

    most = max(len(c) for c, _ in samples)
    x = np.zeros((len(samples), most, width))
    valid = np.zeros((len(samples), most), dtype=bool)
    chosen = np.array([i for _, i in samples])
    for n, (cands, _) in enumerate(samples):
        x[n, :len(cands)] = cands
        valid[n, :len(cands)] = True
    w = np.zeros(width)
    m = np.zeros(width)
    v = np.zeros(width)
    rows = np.arange(len(samples))
    for t in range(1, steps + 1):
        z = np.where(valid, x @ w, -np.inf)
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        grad = (x[rows, chosen] - np.einsum("nc,ncf->nf", p, x)).mean(axis=0) - 2 * l2 * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w += 0.05 * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    z = np.where(valid, x @ w, -np.inf)
    z -= z.max(axis=1, keepdims=True)
    logp = z[rows, chosen] - np.log(np.exp(z).sum(axis=1))
    top = (np.argmax(np.where(valid, x @ w, -np.inf), axis=1) == chosen).mean()
    print(f"  {len(samples)} choices, mean log-likelihood {logp.mean():.3f}, top choice agrees {top:.1%}")
    return [round(float(a), 5) for a in w]
