"""How much of a ``mixmo`` command's time goes to garbage collection.

Runs ``mixmo ARGS...`` in a fresh process (its ``main()`` in-process, with
``gc.callbacks`` timing every collection), several times, and prints the
median of the command's time (imports excluded), of the time spent collecting,
and the number of collections, full (generation 2) ones apart.

    python benchmarks/gc_pauses.py [--runs 7] [--json] [-- ARGS...]

Without ARGS it measures the three commands below. Big word lists are
containers the collector walks: a collection that reaches them costs tens of
milliseconds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

from _common import ROOT, child_env, emit_json, ms, table

DEFAULT_COMMANDS = [
    ["check", str(ROOT / "docs/examples/sixty-tiles-en.txt"), "--players", "2"],
    ["check", str(ROOT / "docs/examples/trente-tuiles-fr.txt"), "--players", "4", "--lang", "fr"],
    ["word", "ete", "--lang", "fr"],
]

CHILD = r"""
import gc, json, os, sys, time
events, started = [], {}
def callback(phase, info):
    if phase == "start":
        started["t"] = time.perf_counter()
    else:
        events.append((info["generation"], time.perf_counter() - started["t"]))
from mixmo.cli import main
gc.callbacks.append(callback)
start = time.perf_counter()
stdout = sys.stdout
sys.stdout = open(os.devnull, "w")
try:
    main(sys.argv[1:])
except SystemExit:
    pass
total = time.perf_counter() - start
sys.stdout = stdout
print(json.dumps({
    "total": total,
    "gc": sum(d for _, d in events),
    "collections": len(events),
    "full": sum(1 for g, _ in events if g == 2),
    "full_time": sum(d for g, d in events if g == 2),
}))
"""


def measure(args: list[str], runs: int) -> dict[str, float]:
    samples = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", CHILD, *args],
            env=child_env(),
            capture_output=True,
            text=True,
            check=True,
        )
        samples.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return {key: statistics.median(s[key] for s in samples) for key in samples[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per command")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument("args", nargs="*", help="one mixmo command's arguments (after --)")
    options = parser.parse_args()
    commands = [options.args] if options.args else DEFAULT_COMMANDS
    results = {" ".join(c).replace(str(ROOT) + "/", ""): measure(c, options.runs) for c in commands}
    if options.json:
        emit_json({"benchmark": "gc_pauses", "runs": options.runs, "results": results})
        return
    print(f"mixmo main() in a fresh process, medians of {options.runs} runs (ms)\n")
    print(
        table(
            ["mixmo ...", "main()", "in gc", "share", "collections", "full", "full gc"],
            [
                [
                    label,
                    ms(r["total"]),
                    ms(r["gc"]),
                    f"{r['gc'] / r['total']:.0%}",
                    f"{r['collections']:.0f}",
                    f"{r['full']:.0f}",
                    ms(r["full_time"]),
                ]
                for label, r in results.items()
            ],
        )
    )


if __name__ == "__main__":
    main()
