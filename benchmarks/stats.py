"""How `mixmo stats` grows with the records: a records database of N practice runs.

Each size gets a fresh database (``MIXMO_DATA_DIR`` in a temporary folder) of N
finished practice runs spread over the six table sizes and both languages,
with tied times, then `mixmo stats` runs as a fresh process, as a user runs
it; its wall time (median of the runs) is printed beside the time of
``records.personal_bests()`` alone in this process. Per-run cost should stay
flat as N grows: a query that compares every run with every other of its
table (quadratic) shows there first.

    python benchmarks/stats.py [--sizes 1000,6000,30000] [--runs 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import child_env

from mixmo.data import records
from mixmo.data.records import Run


def many_runs(count: int) -> list[Run]:
    """``count`` finished practice runs: every table size and language, times that tie."""
    return [
        Run(kind="practice", finished_at=f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T10:{i % 60:02d}:00",
            player="Ann", language=("en", "fr")[i // 6 % 2], table_size=1 + i % 6, variant="classic",
            seed=str(i), seconds=float(60 + (i * 7919) % 600), tiles=20, won=i % 5 != 0,
            penalty_seconds=float(i % 3) * 5, hints=i % 3)
        for i in range(count)
    ]  # fmt: skip


def measure(size: int, runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["MIXMO_DATA_DIR"] = folder
        records.record_all(many_runs(size), Path(folder) / "records.sqlite3")
        start = time.perf_counter()
        records.personal_bests()
        query = time.perf_counter() - start
        env = {**child_env(), "MIXMO_DATA_DIR": folder}
        walls = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "mixmo", "stats"], env=env, check=True,
                           stdout=subprocess.DEVNULL, timeout=600)  # fmt: skip
            walls.append(time.perf_counter() - start)
    return {"runs": size, "personal_bests_ms": query * 1000,
            "stats_ms": statistics.median(walls) * 1000}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,6000,30000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [measure(int(size), args.runs) for size in args.sizes.split(",")]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{'practice runs':>14} {'personal_bests':>15} {'mixmo stats':>12}  (ms)")
    for row in results:
        print(f"{row['runs']:>14} {row['personal_bests_ms']:>15.0f} {row['stats_ms']:>12.0f}")


if __name__ == "__main__":
    main()
