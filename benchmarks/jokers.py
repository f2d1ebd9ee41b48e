"""Worst cases of joker and Bandit resolution on a full 60-tile grid, in English and French.

For each language a valid 60-tile letter grid is built (benchmarks/_grids.py,
within the set's counts, with a long word that holds a K/W/X/Y/Z letter for
the Bandit), then two of its letter tiles become open jokers (``?``) and one
K/W/X/Y/Z tile becomes the Bandit (``!``): the most the set allows. The
letters they replace are always a solution, so these grids stay valid.

Cases (each a placement of the three open tiles on that grid):

* ``long word``: the Bandit and both jokers in the longest word with a
  K/W/X/Y/Z letter (KEYBOARD, XYLOPHONE); the jokers on whichever two of its
  cells cost most (all pairs tried), which are its crossings when it has them;
* ``crossings``: both jokers on crossings of two words, the costliest pair of
  crossings (all pairs tried, with the Bandit on every K/W/X/Y/Z tile);
* ``costliest``: the costliest placement of all: every pair of cells for the
  jokers times every K/W/X/Y/Z tile for the Bandit (thousands of grids);
* ``no letters work``: the costliest grid of one changed letter in a word
  through an open tile of ``costliest`` such that no choice of letters makes
  every word (so the resolver falls back to repair); and the costliest such
  grid where each word alone has candidates but not together (a conflict).

"Costliest" is chosen by timing each candidate grid once; the five slowest are
timed again with repetitions and the one with the highest median is kept, so
the figures are measured worst cases for these grids, not a proof of a bound.
Times are in-process, lexicon loaded: ``resolve()`` alone and the whole
``validate()``. The table also says how many of the searched grids the
resolver solved: for the valid cases that must be all of them (the replaced
letters are a solution), so the search doubles as a check that no legal
placement of the open tiles is wrongly refused.

``--over-set`` also times grids with more open tiles than the set holds (three
or more ``?``), which no real game can produce but ``mixmo check`` accepts;
each runs in a child process with a time limit.

``--adversarial`` runs ``mixmo check`` (a fresh process, best of 3) on inputs
made to defeat the resolver: rows of ``E??????``, many different
scan-forcing patterns, many small blocks of jokers, a row of 1,000 jokers and a
1,000 x 1,000 block; with, in process, ``validate()``'s time and the work units
the resolver spent (``Resolution.work``, against ``SEARCH_BUDGET``).

    python benchmarks/jokers.py [--reps 30] [--quick] [--over-set] [--adversarial] [--json]
"""

from __future__ import annotations

import argparse
import itertools
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from _common import child_env, emit_json, ms, summary, table
from _grids import build, crossings, place_open_tiles

from mixmo.engine.grid import Grid
from mixmo.engine.jokers import SEARCH_BUDGET, resolve
from mixmo.engine.lexicon import Lexicon, embedded
from mixmo.engine.tiles import BANDIT_LETTERS, Tile
from mixmo.engine.validation import validate

GRIDS = {
    "en": {"seed": 19, "must_include": ["KEYBOARD"]},
    "fr": {"seed": 40, "must_include": ["XYLOPHONE"]},
}

Placement = tuple[tuple[tuple[int, int], ...], tuple[int, int] | None]


def once(grid: Grid, lexicon: Lexicon) -> float:
    start = time.perf_counter()
    resolve(grid, lexicon)
    return time.perf_counter() - start


SEARCH_REPS = 3
"""Each candidate grid of a search is timed this many times and its fastest run kept."""


def quick_time(grid: Grid, lexicon: Lexicon) -> tuple[float, bool]:
    """The fastest of SEARCH_REPS resolutions, and whether the resolver solved the grid."""
    best = None
    for _ in range(SEARCH_REPS):
        start = time.perf_counter()
        resolution = resolve(grid, lexicon)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    assert best is not None
    return best, resolution.solved


def measure(grid: Grid, lexicon: Lexicon, reps: int) -> dict[str, Any]:
    resolve(grid, lexicon)  # warm-up
    resolve_times, validate_times = [], []
    for _ in range(reps):
        resolve_times.append(once(grid, lexicon))
        start = time.perf_counter()
        validate(grid, lexicon)
        validate_times.append(time.perf_counter() - start)
    return {"resolve": summary(resolve_times), "validate": summary(validate_times)}


def slowest(
    candidates: Iterable[tuple[Any, Grid]],
    lexicon: Lexicon,
    reps: int,
    keep: int = 8,
    also: Iterable[tuple[Any, Grid]] = (),
) -> tuple[Any, Grid, dict[str, Any], int, float, int]:
    """Time every candidate (fastest of SEARCH_REPS runs), re-time the ``keep`` slowest
    and the ``also`` grids with ``reps`` runs each; the worst by median resolve time.

    Also returns how many candidates were searched, in how long, and how many
    of them the resolver solved (every word made valid)."""
    started = time.perf_counter()
    timed = []
    solved = 0
    for key, grid in candidates:
        seconds, ok = quick_time(grid, lexicon)
        solved += ok
        timed.append((seconds, key, grid))
    searched, search_time = len(timed), time.perf_counter() - started
    timed.sort(key=lambda t: t[0], reverse=True)
    finalists = [(key, grid) for _, key, grid in timed[:keep]] + list(also)
    best = None
    for key, grid in finalists:
        stats = measure(grid, lexicon, reps)
        if best is None or stats["resolve"]["median"] > best[2]["resolve"]["median"]:
            best = (key, grid, stats)
    assert best is not None
    return (*best, searched, search_time, solved)


def describe(grid: Grid, placement: Placement) -> str:
    jokers, bandit = placement
    parts = []
    for cell in jokers:
        words = [w for w in grid.words() if cell in w.cells]
        parts.append(f"?@r{cell[0] + 1}c{cell[1] + 1} in {'/'.join(w.pattern for w in words)}")
    if bandit is not None:
        words = [w for w in grid.words() if bandit in w.cells]
        parts.append(f"!@r{bandit[0] + 1}c{bandit[1] + 1} in {'/'.join(w.pattern for w in words)}")
    return "; ".join(parts)


def open_grids(
    base: Grid, joker_cells: list, bandit_cells: list
) -> Iterable[tuple[Placement, Grid]]:
    for bandit in bandit_cells:
        for pair in itertools.combinations([c for c in joker_cells if c != bandit], 2):
            yield (pair, bandit), place_open_tiles(base, jokers=pair, bandit=bandit)


def case_row(
    lang: str,
    lexicon: Lexicon,
    name: str,
    key: Any,
    grid: Grid,
    stats: dict,
    searched: int,
    search_time: float,
    solved: int,
    expect_valid: bool,
) -> dict[str, Any]:
    """One chosen case's figures, once its grid is checked to be as valid as expected."""
    report = validate(grid, lexicon, players=2)
    assert report.valid == expect_valid, (name, [str(p) for p in report.problems])
    if expect_valid:
        where = describe(grid, key)
    else:
        placement, (cell, was, now) = key
        where = f"{describe(grid, placement)}; r{cell[0] + 1}c{cell[1] + 1} {was}->{now}"
    return {
        "lang": lang,
        "case": name,
        "placement": where,
        "valid": report.valid,
        "problems": [p.kind.value for p in report.problems],
        "searched": searched,
        "search_s": search_time,
        "searched_solved": solved,
        **stats,
        "grid": grid.to_text(),
    }


def run_language(lang: str, reps: int, quick: bool) -> list[dict[str, Any]]:
    lexicon = embedded(lang)
    base = build(lang, 60, **GRIDS[lang])
    assert len(base) == 60 and validate(base, lexicon, players=2).valid
    cells = list(base)
    bandit_cells = [c for c in cells if base[c].letter in BANDIT_LETTERS]
    cases: list[dict[str, Any]] = []

    # 1. all three open tiles in the longest word holding a K/W/X/Y/Z letter.
    long_word = max(
        (w for w in base.words() if any(t.letter in BANDIT_LETTERS for t in w.tiles)), key=len
    )
    word_bandits = [
        c
        for c, t in zip(long_word.cells, long_word.tiles, strict=True)
        if t.letter in BANDIT_LETTERS
    ]
    found = slowest(open_grids(base, list(long_word.cells), word_bandits), lexicon, reps)
    cases.append(case_row(lang, lexicon, "long word", *found, True))
    winners = [(found[0], found[1])]

    # 2. both jokers at crossings.
    found = slowest(open_grids(base, crossings(base), bandit_cells), lexicon, reps)
    cases.append(case_row(lang, lexicon, "crossings", *found, True))
    winners.append((found[0], found[1]))

    # 3. the costliest placement of all (the earlier winners are finalists too).
    if quick:
        pool = crossings(base)[:8] + [c for c in cells if c not in crossings(base)][:8]
    else:
        pool = cells
    found = slowest(open_grids(base, pool, bandit_cells), lexicon, reps, also=winners)
    cases.append(case_row(lang, lexicon, "costliest", *found, True))
    winners.append((found[0], found[1]))

    # 4. no letters work: one letter changed in a word through an open tile of
    # any of the three grids above.
    for name, found_grids in broken_grids(winners, lexicon).items():
        if found_grids:
            found = slowest(found_grids, lexicon, reps)
            cases.append(case_row(lang, lexicon, name, *found, False))
    return cases


def broken_grids(
    winners: list[tuple[Placement, Grid]], lexicon: Lexicon
) -> dict[str, list[tuple[Any, Grid]]]:
    """Each valid grid with one letter changed in a word through an open tile, when no
    letters work then, by what the resolver said: none work, a conflict, or out of budget."""
    unsolved: list[tuple[Any, Grid]] = []
    conflicted: list[tuple[Any, Grid]] = []
    budget_out: list[tuple[Any, Grid]] = []
    for (jokers, bandit), valid_grid in winners:
        open_cells = [*jokers, bandit]
        touched = sorted(
            {
                c
                for w in valid_grid.words()
                if any(oc in w.cells for oc in open_cells)
                for c in w.cells
                if not valid_grid[c].is_open
            }
        )
        for cell in touched:
            for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
                if letter == valid_grid[cell].letter:
                    continue
                tiles = {c: valid_grid[c] for c in valid_grid}
                tiles[cell] = Tile.from_symbol(letter)
                grid = Grid(tiles)
                resolution = resolve(grid, lexicon)
                if not resolution.solved:
                    key = ((jokers, bandit), (cell, valid_grid[cell].letter, letter))
                    if getattr(resolution, "unresolved", ()):
                        budget_out.append((key, grid))
                    elif resolution.conflicts:
                        conflicted.append((key, grid))
                    else:
                        unsolved.append((key, grid))
    return {
        "no letters work": unsolved,
        "conflict (repair)": conflicted,
        "search budget ran out": budget_out,
    }


OVER_SET = {
    "???": "???",
    "3x3 block of ?": "???\n???\n???",
    "5x5 block of ?": "?????\n?????\n?????\n?????\n?????",
    "????": "????",
    "?????": "?????",
}

OVER_SET_CHILD = r"""
import sys, time
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import embedded
from mixmo.engine.validation import validate
lexicon = embedded(sys.argv[1])
grid = Grid.parse(sys.argv[2])
start = time.perf_counter()
validate(grid, lexicon)
print(time.perf_counter() - start)
"""


def run_over_set(timeout: float) -> list[dict[str, Any]]:
    rows = []
    for lang in ("en", "fr"):
        for name, text in OVER_SET.items():
            try:
                done = subprocess.run(
                    [sys.executable, "-c", OVER_SET_CHILD, lang, text],
                    env=child_env(),
                    capture_output=True,
                    text=True,
                    timeout=timeout,
                    check=True,
                )
                seconds: float | None = float(done.stdout)
            except subprocess.TimeoutExpired:
                seconds = None
            rows.append({"lang": lang, "grid": name, "validate_s": seconds, "timeout_s": timeout})
    return rows


def adversarial_inputs() -> dict[str, tuple[str, str]]:
    """Name -> (language, grid text) of the inputs that used to hang or crawl."""
    scans = "\n\n".join([f"{a}{b}??????" for a in "BCDLMNPRST" for b in "AE"][:16])
    return {
        "HOUSE/TIGER, no joker (for scale)": ("en", "HOUSE\nA...A\nTIGER"),
        "MAISON, no joker (for scale)": ("fr", "MAISON"),
        "E?????? x 400 rows": ("fr", "\n".join(["E??????"] * 400)),
        "16 different ??????-words": ("fr", scans),
        "16 different ??????-words (en)": ("en", scans),
        "32 blocks ???": ("en", "\n\n".join(["???.???"] * 16)),
        "5x5 block of ?": ("en", "\n".join(["?????"] * 5)),
        "1,000 ? in a row": ("en", "?" * 1000),
        "100 x 100 ? (10,000 tiles)": ("en", "\n".join(["?" * 100] * 100)),
        "999 x 1,000 ? (1 MB)": ("en", "\n".join(["?" * 1000] * 999)),
    }


def run_adversarial(timeout: float) -> list[dict[str, Any]]:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, (lang, text) in adversarial_inputs().items():
            path = Path(folder) / "grid.txt"
            path.write_text(text + "\n")
            walls: list[float] = []
            code: int | None = None
            for _ in range(3):
                start = time.perf_counter()
                try:
                    done = subprocess.run(
                        [sys.executable, "-m", "mixmo", "check", "--lang", lang, str(path)],
                        env=child_env(),
                        capture_output=True,
                        timeout=timeout,
                    )
                except subprocess.TimeoutExpired:
                    walls.append(float("inf"))
                    break
                walls.append(time.perf_counter() - start)
                code = done.returncode
            validate_s: float | None = None
            work: int | None = None
            try:
                grid = Grid.parse(text)
            except ValueError:  # over the grid format's limits: refused before any check
                grid = None
            if grid is not None:
                lexicon = embedded(lang)
                start = time.perf_counter()
                validate(grid, lexicon)
                validate_s = time.perf_counter() - start
                work = resolve(grid, lexicon).work
            rows.append(
                {
                    "input": name,
                    "lang": lang,
                    "bytes": len(text) + 1,
                    "check_s": min(walls),
                    "exit": code,
                    "validate_s": validate_s,
                    "work": work,
                }
            )
    return rows


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=30, help="timed runs per chosen case")
    parser.add_argument("--quick", action="store_true", help="search 16 cells, not all 60")
    parser.add_argument(
        "--search-reps",
        type=int,
        default=SEARCH_REPS,
        help="runs per candidate grid while searching (fastest kept)",
    )
    parser.add_argument(
        "--over-set",
        action="store_true",
        help="also time grids with more jokers than the set holds",
    )
    parser.add_argument(
        "--adversarial",
        action="store_true",
        help="time `mixmo check` on inputs made to defeat the resolver",
    )
    parser.add_argument("--only-adversarial", action="store_true", help="run only those")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per --over-set grid")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    return parser.parse_args()


def main() -> None:
    global SEARCH_REPS
    args = parse_args()
    SEARCH_REPS = args.search_reps

    if args.only_adversarial:
        cases: list[dict[str, Any]] = []
    else:
        cases = [
            case for lang in ("en", "fr") for case in run_language(lang, args.reps, args.quick)
        ]
    over = run_over_set(args.timeout) if args.over_set else []
    adversarial = run_adversarial(args.timeout) if args.adversarial or args.only_adversarial else []

    if args.json:
        emit_json(
            {
                "benchmark": "jokers",
                "reps": args.reps,
                "quick": args.quick,
                "cases": cases,
                "over_set": over,
                "adversarial": adversarial,
            }
        )
        return
    print_cases(cases, args.reps)
    if adversarial:
        print_adversarial(adversarial)
    if over:
        print_over_set(over, args.timeout)


def print_cases(cases: list[dict[str, Any]], reps: int) -> None:
    print(f"resolution of 2 jokers + the Bandit on a 60-tile grid, {reps} runs per case (ms)\n")
    print(
        table(
            [
                "lang  case",
                "resolve median",
                "max",
                "validate median",
                "max",
                "valid",
                "grids searched",
                "of them solved",
            ],
            [
                [
                    f"{c['lang']}  {c['case']}",
                    ms(c["resolve"]["median"]),
                    ms(c["resolve"]["max"]),
                    ms(c["validate"]["median"]),
                    ms(c["validate"]["max"]),
                    "yes" if c["valid"] else "no",
                    f"{c['searched']} in {c['search_s']:.1f}s",
                    c["searched_solved"],
                ]
                for c in cases
            ],
        )
    )
    print("\nwhere the open tiles are")
    for c in cases:
        print(f"  {c['lang']}  {c['case']}: {c['placement']}")


def print_adversarial(adversarial: list[dict[str, Any]]) -> None:
    print(f"\nadversarial inputs: `mixmo check` (best of 3 runs), work of {SEARCH_BUDGET:,}\n")
    print(
        table(
            ["input", "lang", "bytes", "mixmo check s", "exit", "validate() s", "work"],
            [
                [
                    r["input"],
                    r["lang"],
                    f"{r['bytes']:,}",
                    f"{r['check_s']:.2f}",
                    str(r["exit"]),
                    "refused" if r["validate_s"] is None else f"{r['validate_s']:.3f}",
                    "-" if r["work"] is None else f"{r['work']:,}",
                ]
                for r in adversarial
            ],
        )
    )


def print_over_set(over: list[dict[str, Any]], timeout: float) -> None:
    print(f"\nmore open tiles than the set holds (validate(), child process, limit {timeout:g}s)\n")
    print(
        table(
            ["lang  grid", "validate s"],
            [
                [
                    f"{r['lang']}  {r['grid']}",
                    f"{r['validate_s']:.2f}"
                    if r["validate_s"] is not None
                    else f"> {r['timeout_s']:g} (killed)",
                ]
                for r in over
            ],
        )
    )


if __name__ == "__main__":
    main()
