"""mixmo's solver beside a native solver program on the same seeded racks, side by side.

The native program (``--native CMD``, run through the shell) is fed one rack
per line on stdin, A-Z only, and answers one JSON line per rack:
``{"rack", "solved", "grid": [rows, space = empty], "wall", "cpu"}``, its
times covering the solve only (its word list is loaded once, before it
prints a first line, ``ready ...``). docs/performance.md says how the
Rust solver it was written for (williamdwatson/bananagrams_solver, its GUI
stripped) was built; ``--words-out`` writes the embedded word list that
program is given.

The racks are those of ``benchmarks/solver.py`` and ``solver_versions.py``
(the same shuffled bags, ``Bag.shuffled(f"{size}-{seed}")``, seeds 0..n-1)
with the jokers and the Bandit left out: a native Bananagrams solver has
neither, so a rack is the first ``size`` letter tiles of that bag. The set
holds 117 letter tiles, so the "120" stress size is the rack of all 117.

mixmo's solver runs in a child process of its own (index built before the
first rack and not counted), the classic variant (Bananagrams' rules: every
line of two letters or more a word, one connected grid), budget ``--budget``
seconds of its CPU time. The two programs alternate rack by rack (and which
goes first alternates too), so a change of load on a shared machine touches
both alike. Both are timed by the same clocks around the solve alone: wall
time (``CLOCK_MONOTONIC``: Python's ``perf_counter``, Rust's ``Instant``) and
the process's CPU time summed over its threads (``CLOCK_PROCESS_CPUTIME_ID``:
``time.process_time``, ``clock_gettime``). Every native grid is checked by
mixmo's validator and against the rack's letters.

    python benchmarks/solver_native.py --native "/tmp/native/bananagrams_cli --words {words}"
        [--langs en fr] [--sizes 10 21 60 120] [--racks 100] [--racks-large 20]
        [--budget 2] [--json]

``{words}`` in CMD is replaced by a file holding the language's embedded word
list (written to a temporary folder for the run).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from _common import child_env, emit_json, ms, percentile, table

from mixmo.engine.bag import Bag
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import embedded
from mixmo.engine.tiles import TileKind
from mixmo.engine.validation import validate
from mixmo.engine.variants import Variant

LETTER_TILES = 117
"""Letter tiles in the 120-tile set (the rest: two jokers and the Bandit)."""

MIXMO_CHILD = r"""
import json, sys, time
lang, budget, clock_name = sys.argv[1:4]
from mixmo.engine.lexicon import embedded
from mixmo.engine.solver import index_for, solve
from mixmo.engine.validation import validate
from mixmo.engine.variants import Variant
rules = Variant()
clock = time.process_time if clock_name == "cpu" else time.perf_counter
lexicon = embedded(lang)
index_for(lexicon).prepare()
print("ready", flush=True)
for line in sys.stdin:
    rack, seed = line.split()
    wall, cpu = time.perf_counter(), time.process_time()
    result = solve(rack, lexicon, rules, budget=float(budget), seed=int(seed), clock=clock)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    valid = not len(result.grid) or validate(result.grid, lexicon, rules).valid
    print(json.dumps({"rack": rack, "solved": result.solved, "proven": result.proven_impossible,
                      "wall": wall, "cpu": cpu, "valid": valid}), flush=True)
"""


def letter_rack(size: int, seed: int) -> str:
    """The first ``size`` letter tiles of the bag that ``solver.py`` draws for this size and seed."""
    letters = [t.letter for t in Bag.shuffled(f"{size}-{seed}").tiles if t.kind is TileKind.LETTER]
    return "".join(str(letter) for letter in letters[: min(size, LETTER_TILES)])


class Program:
    """A solver in a child process that answers one JSON line per rack line."""

    def __init__(self, argv: list[str] | str, *, shell: bool = False) -> None:
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            shell=shell,
            env=child_env(),
        )
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        if not first.startswith("ready"):
            raise SystemExit(f"the solver {argv!r} did not start (it said {first!r})")
        self.banner = first.strip()

    def ask(self, line: str) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise SystemExit(f"the solver stopped on {line!r}")
        return dict(json.loads(answer))

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def check_native(answer: dict[str, Any], rack: str, lexicon: Any) -> bool:
    """True when the native grid is valid under mixmo's rules and holds exactly the rack."""
    grid = Grid.parse("\n".join(answer["grid"]))
    letters = Counter(str(tile.letter) for tile in grid.tiles())
    return letters == Counter(rack) and validate(grid, lexicon, Variant()).valid


def side(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts and the time figures of one program over one size."""
    out: dict[str, Any] = {
        "solved": sum(r["solved"] for r in rows),
        "proven": sum(r.get("proven", False) for r in rows),
        "invalid": sum(not r["valid"] for r in rows),
    }
    for clock in ("wall", "cpu"):
        times = [r[clock] for r in rows]
        out[f"{clock}_median"] = statistics.median(times)
        out[f"{clock}_p90"] = percentile(times, 0.90)
        out[f"{clock}_max"] = max(times)
    return out


def compare(lang: str, size: int, mixmo: list[dict], native: list[dict]) -> dict[str, Any]:
    a, b = side(mixmo), side(native)
    pairs = list(zip(mixmo, native, strict=True))
    return {
        "lang": lang,
        "size": size,
        "tiles": len(mixmo[0]["rack"]),
        "racks": len(mixmo),
        "mixmo": a,
        "native": b,
        "ratio_wall": a["wall_median"] / b["wall_median"],
        "ratio_cpu": a["cpu_median"] / b["cpu_median"],
        "native_only": [m["rack"] for m, n in pairs if n["solved"] and not m["solved"]],
        "mixmo_only": [m["rack"] for m, n in pairs if m["solved"] and not n["solved"]],
    }


def run(args: argparse.Namespace, words_dir: Path) -> list[dict[str, Any]]:
    rows = []
    for lang in args.langs:
        lexicon = embedded(lang)
        words = words_dir / f"words-{lang}.txt"
        words.write_text("\n".join(sorted(lexicon)) + "\n", encoding="ascii")
        native = Program(args.native.replace("{words}", shlex.quote(str(words))), shell=True)
        mixmo = Program([sys.executable, "-c", MIXMO_CHILD, lang, str(args.budget), args.clock])
        print(f"{lang}: native says {native.banner!r}", file=sys.stderr, flush=True)
        for size in args.sizes:
            ours: list[dict[str, Any]] = []
            theirs: list[dict[str, Any]] = []
            for seed in range(args.racks if size < 60 else args.racks_large):
                rack = letter_rack(size, seed)
                for turn in (0, 1) if seed % 2 == 0 else (1, 0):
                    if turn == 0:
                        ours.append(mixmo.ask(f"{rack} {seed}"))
                    else:
                        answer = native.ask(rack)
                        answer["valid"] = not answer["solved"] or check_native(
                            answer, rack, lexicon
                        )
                        theirs.append(answer)
            rows.append(compare(lang, size, ours, theirs))
            r = rows[-1]
            print(
                f"{lang} {r['tiles']:3} tiles  mixmo {r['mixmo']['solved']}+{r['mixmo']['proven']}"
                f" {ms(r['mixmo']['wall_median'])} ms wall, {ms(r['mixmo']['cpu_median'])} CPU  "
                f"native {r['native']['solved']} {ms(r['native']['wall_median'])} ms wall, "
                f"{ms(r['native']['cpu_median'])} CPU  ratio wall {r['ratio_wall']:.2f} "
                f"CPU {r['ratio_cpu']:.2f}  load {os.getloadavg()[0]:.1f}",
                file=sys.stderr,
                flush=True,
            )
        native.close()
        mixmo.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--native", required=True, help="the native program's command line")
    parser.add_argument("--langs", nargs="+", default=["en", "fr"])
    parser.add_argument("--sizes", nargs="+", type=int, default=[10, 21, 60, 120])
    parser.add_argument("--racks", type=int, default=100, help="seeded racks per size")
    parser.add_argument("--racks-large", type=int, default=20, help="racks of 60 tiles or more")
    parser.add_argument("--budget", type=float, default=2.0, help="mixmo's seconds per rack")
    parser.add_argument(
        "--clock", choices=["cpu", "wall"], default="cpu", help="what --budget counts"
    )
    parser.add_argument("--words-out", type=Path, help="write the word lists here and keep them")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    started = (
        f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}, load {os.getloadavg()[0]:.1f}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        words_dir = args.words_out or Path(tmp)
        words_dir.mkdir(parents=True, exist_ok=True)
        rows = run(args, words_dir)
    ended = f"{time.strftime('%H:%M:%S UTC', time.gmtime())}, load {os.getloadavg()[0]:.1f}"
    if args.json:
        emit_json({"started": started, "ended": ended, "native": args.native, "rows": rows})
        return
    print(f"From {started} to {ended} (load: 1-minute average; {os.cpu_count()} CPUs)")
    print(
        f"mixmo: classic rules, budget {args.budget:g} s of {args.clock} time; native: {args.native}"
    )
    print()
    print(
        table(
            [
                "lang",
                "tiles",
                "mixmo solved+proven",
                "native solved",
                "invalid m/n",
                "mixmo wall med",
                "native wall med",
                "ratio wall",
                "mixmo wall p90",
                "native wall p90",
                "mixmo CPU med",
                "native CPU med",
                "ratio CPU",
                "solved only by mixmo",
                "only by native",
            ],
            [
                [
                    r["lang"],
                    r["tiles"],
                    f"{r['mixmo']['solved']}+{r['mixmo']['proven']}/{r['racks']}",
                    f"{r['native']['solved']}/{r['racks']}",
                    f"{r['mixmo']['invalid']}/{r['native']['invalid']}",
                    ms(r["mixmo"]["wall_median"]),
                    ms(r["native"]["wall_median"]),
                    f"{r['ratio_wall']:.2f}",
                    ms(r["mixmo"]["wall_p90"]),
                    ms(r["native"]["wall_p90"]),
                    ms(r["mixmo"]["cpu_median"]),
                    ms(r["native"]["cpu_median"]),
                    f"{r['ratio_cpu']:.2f}",
                    len(r["mixmo_only"]),
                    len(r["native_only"]),
                ]
                for r in rows
            ],
        )
    )
    for r in rows:
        if r["native_only"]:
            print(f"{r['lang']} {r['tiles']}: solved by native only: {' '.join(r['native_only'])}")


if __name__ == "__main__":
    main()
