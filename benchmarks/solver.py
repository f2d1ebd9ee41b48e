"""The solver on seeded racks: solved, proven impossible and failed, median and p90 CPU time.

Racks are drawn from the 120-tile set (``Bag.shuffled(seed).draw(n)``), so
they hold jokers and the Bandit as often as a game does; a size of 120 is a
solo rack of the whole set (the stress case). Three parts:

* ``index``: the one-time cost of the solver's lexicon index per language, in
  a fresh process: loading the word list, building the index in memory (every
  word's letter code and the bit planes, with numpy's import), then making
  every word's tuple (``prepare()``), in CPU time, and the resident memory it
  adds;
* ``scratch``: one ``solve()`` per rack, from an empty board, for each size;
* ``incremental``: whole simulated 2-player games: 6 tiles solved from
  scratch, then +2 tiles onto the previous grid, 27 times, up to 60 tiles
  (a step that fails carries its grid and its tiles left into the next one).

"solved" counts racks with a full grid; "proven" racks the solver proved to
have no grid (never counted as solved); "failed" the others (neither, when the
budget ran out); "invalid" grids that failed ``validate()``: it must be 0.
Times are the solving process's CPU time per call (``time.process_time``),
in-process, index built, with a budget of ``--budget`` seconds
(``--budget-incremental`` for +2) of that same CPU clock: on a machine shared
with other work, wall time would make racks fail for the others' load
(``--clock wall`` budgets wall time instead).

    python benchmarks/solver.py [--langs en fr] [--variants classic expert]
        [--sizes 10 21 60 120] [--racks 100] [--racks-large 20] [--games 10] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))

from mixmo.engine.bag import Bag  # noqa: E402
from mixmo.engine.grid import Grid  # noqa: E402
from mixmo.engine.lexicon import embedded  # noqa: E402
from mixmo.engine.solver import index_for, solve  # noqa: E402
from mixmo.engine.tiles import Tile  # noqa: E402
from mixmo.engine.validation import validate  # noqa: E402
from mixmo.engine.variants import Expert, Variant  # noqa: E402

VARIANTS = {"classic": Variant(), "expert": Expert()}
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}

INDEX_CHILD = r"""
import json, sys, time
def rss_kib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0
from mixmo.engine.lexicon import embedded
from mixmo.engine.solver import index_for
lang = sys.argv[1]
t0 = time.process_time(); lexicon = embedded(lang); t1 = time.process_time()
rss0 = rss_kib()
t2 = time.process_time(); index = index_for(lexicon).prepare(); t3 = time.process_time()
rss1 = rss_kib()
words = sum(len(index.entries(n)) for n in index.lengths)
print(json.dumps({"load": t1 - t0, "build": t3 - t2, "extra_rss_kib": rss1 - rss0, "words": words}))
"""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(1, math.ceil(fraction * len(ordered))) - 1]


def ms(seconds: float) -> str:
    value = seconds * 1000
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def table(headers: list[str], rows: list[list[Any]]) -> str:
    cells = [headers] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = [
        "  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(row))
        for row in cells
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def index_costs(langs: list[str], runs: int) -> dict[str, Any]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(SRC) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    out: dict[str, Any] = {}
    for lang in langs:
        samples = []
        for _ in range(runs):
            done = subprocess.run(
                [sys.executable, "-c", INDEX_CHILD, lang],
                capture_output=True,
                text=True,
                env=env,
                check=True,
            )
            samples.append(json.loads(done.stdout))
        out[lang] = {
            key: statistics.median(s[key] for s in samples)
            for key in ("load", "build", "extra_rss_kib", "words")
        }
    return out


def row(label: list[Any], times: list[float], solved: int, proven: int, invalid: int) -> list[Any]:
    total = len(times)
    return [
        *label,
        f"{solved}/{total}",
        proven,
        total - solved - proven,
        invalid,
        ms(statistics.median(times)),
        ms(percentile(times, 0.90)),
        ms(max(times)),
    ]


def scratch(
    lang: str,
    variant: str,
    sizes: list[int],
    racks: int,
    racks_large: int,
    budget: float,
    clock: Callable[[], float],
) -> list[dict]:
    lexicon = embedded(lang)
    rules = VARIANTS[variant]
    results = []
    for size in sizes:
        times, solved, proven, invalid = [], 0, 0, 0
        for seed in range(racks if size < 60 else racks_large):
            rack, _ = Bag.shuffled(f"{size}-{seed}").draw(size)
            cpu = time.process_time()
            result = solve(rack, lexicon, rules, budget=budget, seed=seed, clock=clock)
            times.append(time.process_time() - cpu)
            solved += result.solved
            proven += result.proven_impossible
            if len(result.grid) and not validate(result.grid, lexicon, rules).valid:
                invalid += 1
        results.append(
            {
                "lang": lang,
                "variant": variant,
                "mode": "scratch",
                "size": size,
                "times": times,
                "solved": solved,
                "proven": proven,
                "invalid": invalid,
            }
        )
    return results


def incremental(
    lang: str,
    variant: str,
    games: int,
    budget: float,
    first_budget: float,
    clock: Callable[[], float],
) -> dict:
    """+2 steps through whole simulated 2-player games (6 tiles, then +2 up to 60)."""
    lexicon = embedded(lang)
    rules = VARIANTS[variant]
    times, solved, proven, invalid, kept = [], 0, 0, 0, 0
    for game in range(games):
        bag = Bag.shuffled(f"game-{game}")
        rack, bag = bag.draw(6)
        first = solve(rack, lexicon, rules, budget=first_budget, seed=game, clock=clock)
        grid: Grid = first.grid
        left: tuple[Tile, ...] = first.tiles_left
        while len(bag) >= 60 + 2:  # the other player's 60 stay in the bag
            new, bag = bag.draw(2)
            cpu = time.process_time()
            result = solve(
                left + new, lexicon, rules, grid=grid, budget=budget, seed=game, clock=clock
            )
            times.append(time.process_time() - cpu)
            solved += result.solved
            proven += result.proven_impossible
            if len(result.grid) and not validate(result.grid, lexicon, rules).valid:
                invalid += 1
            if result.solved and all(result.grid.get(c) == t for c, t in grid.items()):
                kept += 1
            grid, left = result.grid, result.tiles_left
    return {"lang": lang, "variant": variant, "mode": "+2", "size": "+2", "times": times,
            "solved": solved, "proven": proven, "invalid": invalid, "kept_grid": kept}  # fmt: skip


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--langs", nargs="+", default=["en", "fr"])
    parser.add_argument("--variants", nargs="+", default=["classic", "expert"], choices=VARIANTS)
    parser.add_argument("--sizes", nargs="+", type=int, default=[10, 21, 60, 120])
    parser.add_argument("--racks", type=int, default=100, help="seeded racks per size")
    parser.add_argument("--racks-large", type=int, default=20, help="racks of 60 tiles or more")
    parser.add_argument("--clock", choices=list(CLOCKS), default="cpu", help="what --budget counts")
    parser.add_argument("--games", type=int, default=10, help="simulated games for +2")
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per scratch solve")
    parser.add_argument("--budget-incremental", type=float, default=0.5)
    parser.add_argument("--index-runs", type=int, default=3, help="fresh processes per language")
    parser.add_argument("--skip-index", action="store_true")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    return parser.parse_args()


def main() -> None:
    args = parse_args()
    started = (
        f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}, load {os.getloadavg()[0]:.1f}"
    )
    costs = {} if args.skip_index else index_costs(args.langs, args.index_runs)
    results: list[dict] = []
    for lang in args.langs:
        index_for(embedded(lang)).prepare()
        for variant in args.variants:
            clock = CLOCKS[args.clock]
            results += scratch(
                lang, variant, args.sizes, args.racks, args.racks_large, args.budget, clock
            )
            if args.games:
                results.append(
                    incremental(
                        lang, variant, args.games, args.budget_incremental, args.budget, clock
                    )
                )
    ended = f"{time.strftime('%H:%M:%S UTC', time.gmtime())}, load {os.getloadavg()[0]:.1f}"
    if args.json:
        payload = {
            "started": started,
            "ended": ended,
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "index": costs,
            "results": [
                {**r, "median": statistics.median(r["times"]), "p90": percentile(r["times"], 0.90)}
                for r in results
            ],
        }
        print(json.dumps(payload, indent=2))
        return
    print(f"From {started} to {ended} (load: 1-minute average; {os.cpu_count()} CPUs)")
    print(f"Budget {args.budget:g} s of {args.clock} time per rack; times are CPU time")
    print()
    if costs:
        print_index_costs(costs)
    print_results(results)


def print_index_costs(costs: dict[str, Any]) -> None:
    print("Index (fresh process, medians): word list load, index build (CPU), extra RSS")
    print(
        table(
            ["lang", "words", "list load CPU ms", "index build CPU ms", "index MiB"],
            [
                [
                    lang,
                    int(c["words"]),
                    ms(c["load"]),
                    ms(c["build"]),
                    f"{c['extra_rss_kib'] / 1024:.1f}",
                ]
                for lang, c in costs.items()
            ],
        )
    )
    print()


def print_results(results: list[dict]) -> None:
    print(
        table(
            [
                "lang",
                "variant",
                "mode",
                "size",
                "solved",
                "proven",
                "failed",
                "invalid",
                "CPU median ms",
                "p90 ms",
                "max ms",
            ],
            [
                row(
                    [r["lang"], r["variant"], r["mode"], r["size"]],
                    r["times"],
                    r["solved"],
                    r["proven"],
                    r["invalid"],
                )
                for r in results
            ],
        )
    )
    kept = [r for r in results if r["mode"] == "+2"]
    for r in kept:
        print(
            f"{r['lang']} {r['variant']} +2: {r['kept_grid']}/{len(r['times'])} steps kept "
            "the previous grid as it was"
        )


if __name__ == "__main__":
    main()
