"""Two versions of the solver side by side on the same seeded racks: speed, and no rack lost.

Each version is a source tree (``src/`` of a checkout, or of ``git archive``
of an older commit) run in a child process of its own, fed one rack at a
time, the two versions alternating rack by rack so that a change of load on
a shared machine touches both alike. Every rack is solved from scratch with the same
budget (by default 2 s of the solving process's CPU time, ``--clock cpu``: other
work on a shared machine then cannot make a rack fail; ``--clock wall`` for wall
time) and seed; the index is built before the first rack and not
counted (its cost is in ``benchmarks/solver.py``'s index table).

For each size: racks solved and proven impossible per version, the median
and p90 CPU time, the ratio of CPU-time medians (new / old: below 1 is faster), the
racks the old version solved that the new one does not (must be none: the
regression set), and the racks only the new one settles.

    mkdir /tmp/old && git archive COMMIT src | tar -x -C /tmp/old
    ln -s "$PWD/dictionaries" /tmp/old/dictionaries    # the same word lists for both
    python benchmarks/solver_versions.py --old /tmp/old/src [--new src]
        [--langs en fr] [--variants classic expert] [--sizes 10 21 60 120]
        [--racks 100] [--budget 2] [--json]

A size of 120 is a solo rack of the whole set (both jokers and the Bandit),
shuffled by seed: the stress case.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, sys, time
src, lang, variant, budget, clock_name = sys.argv[1:6]
sys.path.insert(0, src)
from mixmo.engine.bag import Bag
from mixmo.engine.lexicon import embedded
from mixmo.engine.solver import index_for, solve
from mixmo.engine.validation import validate
from mixmo.engine.variants import Expert, Variant
rules = Expert() if variant == "expert" else Variant()
clock = time.process_time if clock_name == "cpu" else time.perf_counter
lexicon = embedded(lang)
index_for(lexicon).prepare()
print("ready", flush=True)
for line in sys.stdin:
    size, seed = map(int, line.split())
    rack, _ = Bag.shuffled(f"{size}-{seed}").draw(size)
    cpu = time.process_time()
    result = solve(rack, lexicon, rules, budget=float(budget), seed=seed, clock=clock)
    cpu = time.process_time() - cpu
    valid = not len(result.grid) or validate(result.grid, lexicon, rules).valid
    print(json.dumps({"rack": "".join(t.symbol for t in rack), "solved": result.solved,
                      "proven": result.proven_impossible, "elapsed": result.elapsed,
                      "cpu": cpu, "valid": valid}), flush=True)
"""


class Worker:
    """One version's solver in a child process of its own, fed one rack at a time."""

    def __init__(self, src: Path, lang: str, variant: str, budget: float, clock: str) -> None:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        self.process = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(src), lang, variant, str(budget), clock],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.process.stdout is not None
        if self.process.stdout.readline().strip() != "ready":
            raise RuntimeError(f"the solver in {src} did not start")

    def solve(self, size: int, seed: int) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{size} {seed}\n")
        self.process.stdin.flush()
        return dict(json.loads(self.process.stdout.readline()))

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(1, math.ceil(fraction * len(ordered))) - 1]


def summary(old: list[dict], new: list[dict]) -> dict[str, Any]:
    def side(rows: list[dict]) -> dict[str, Any]:
        times = [r["elapsed"] for r in rows]
        return {
            "solved": sum(r["solved"] for r in rows),
            "proven": sum(r["proven"] for r in rows),
            "invalid": sum(not r["valid"] for r in rows),
            "median_ms": statistics.median(times) * 1000,
            "p95_ms": percentile(times, 0.95) * 1000,
            "max_ms": max(times) * 1000,
            "cpu_median_ms": statistics.median(r["cpu"] for r in rows) * 1000,
            "cpu_p90_ms": percentile([r["cpu"] for r in rows], 0.90) * 1000,
        }

    lost = [o["rack"] for o, n in zip(old, new, strict=True) if o["solved"] and not n["solved"]]
    gained = [
        n["rack"]
        for o, n in zip(old, new, strict=True)
        if (n["solved"] or n["proven"]) and not (o["solved"] or o["proven"])
    ]
    a, b = side(old), side(new)
    ratio = b["cpu_median_ms"] / a["cpu_median_ms"]  # CPU: the fairer clock on a shared machine
    return {"old": a, "new": b, "ratio": ratio, "lost": lost,
            "settled_only_by_new": gained}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", type=Path, required=True, help="src/ folder of the old version")
    parser.add_argument("--new", type=Path, default=ROOT / "src")
    parser.add_argument("--langs", nargs="+", default=["en", "fr"])
    parser.add_argument("--variants", nargs="+", default=["classic", "expert"])
    parser.add_argument("--sizes", nargs="+", type=int, default=[10, 21, 60, 120])
    parser.add_argument("--racks", type=int, default=100, help="seeded racks per size")
    parser.add_argument("--racks-large", type=int, default=20, help="racks of 60 tiles or more")
    parser.add_argument("--budget", type=float, default=2.0)
    parser.add_argument(
        "--clock",
        choices=["cpu", "wall"],
        default="cpu",
        help="what the budget counts: the solving process's CPU time (default: fair on a "
        "shared machine) or wall time",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    rows = []
    for lang in args.langs:
        for variant in args.variants:
            old_worker = Worker(args.old, lang, variant, args.budget, args.clock)
            new_worker = Worker(args.new, lang, variant, args.budget, args.clock)
            for size in args.sizes:
                racks = args.racks if size < 60 else args.racks_large
                old: list[dict[str, Any]] = []
                new: list[dict[str, Any]] = []
                for seed in range(racks):  # rack by rack, alternating, under the same load
                    old.append(old_worker.solve(size, seed))
                    new.append(new_worker.solve(size, seed))
                rows.append({"lang": lang, "variant": variant, "size": size,
                             **summary(old, new)})  # fmt: skip
                r = rows[-1]
                print(
                    f"{lang} {variant:7} {size:3}  old {r['old']['solved']:3}+{r['old']['proven']:<3}"
                    f" {r['old']['cpu_median_ms']:7.1f} ms CPU (p90 {r['old']['cpu_p90_ms']:6.0f})  "
                    f"new {r['new']['solved']:3}+{r['new']['proven']:<3} "
                    f"{r['new']['cpu_median_ms']:7.1f} ms CPU (p90 {r['new']['cpu_p90_ms']:6.0f})  "
                    f"ratio {r['ratio']:.2f}  lost {len(r['lost'])}  "
                    f"settled only by new {len(r['settled_only_by_new'])}  "
                    f"invalid {r['old']['invalid']}/{r['new']['invalid']}",
                    flush=True,
                    file=sys.stderr if args.json else sys.stdout,
                )
            old_worker.close()
            new_worker.close()
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
