"""How long ``mixmo check`` takes on a full 60-tile grid, whole command and validate() alone.

The whole command is run as a fresh process each time, as a user runs it:
``python -m mixmo check docs/examples/sixty-tiles-en.txt --players 2``. Its
wall time includes the interpreter start, the imports (click, rich...), the
lexicon load, the validation and the rendering. To show where that time goes,
the same is timed for ``python -c pass`` (the interpreter alone) and for
``python -c "import mixmo.cli"`` (start plus imports). The in-process figures
time ``Grid.parse`` and ``validate()`` alone, with the lexicon already loaded.

Python compiles a module's source each time it is imported when it may not
cache bytecode (``PYTHONDONTWRITEBYTECODE``, set in some environments, or a
read-only checkout). The rows marked ``[bytecode cache]`` run with a bytecode
cache in a temporary folder (``PYTHONPYCACHEPREFIX``), as an installed
package normally has; the other rows run in the caller's environment.

A few more example grids are timed the same way: an invalid one (the command
then also asks Enchant for spelling suggestions) and the French 30-tile grid.

    python benchmarks/check_grid.py [--runs 20] [--inproc-runs 300] [--json]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time

from _common import ROOT, child_env, emit_json, ms, summary, table

EXAMPLES = ROOT / "docs" / "examples"

COMMANDS: list[tuple[str, list[str], int, bool]] = [
    ("python -c pass", ["-c", "pass"], 0, False),
    ('python -c "import mixmo.cli"', ["-c", "import mixmo.cli"], 0, False),
    (
        "mixmo check sixty-tiles-en.txt --players 2",
        ["-m", "mixmo", "check", str(EXAMPLES / "sixty-tiles-en.txt"), "--players", "2"],
        0,
        False,
    ),
    ("python -c pass  [bytecode cache]", ["-c", "pass"], 0, True),
    ('python -c "import mixmo.cli"  [bytecode cache]', ["-c", "import mixmo.cli"], 0, True),
    (
        "mixmo check sixty-tiles-en.txt --players 2  [bytecode cache]",
        ["-m", "mixmo", "check", str(EXAMPLES / "sixty-tiles-en.txt"), "--players", "2"],
        0,
        True,
    ),
    (
        "mixmo check sixty-tiles-en.txt --players 2 --json",
        ["-m", "mixmo", "check", str(EXAMPLES / "sixty-tiles-en.txt"), "--players", "2", "--json"],
        0,
        False,
    ),
    (
        "mixmo check invalid-en.txt",
        ["-m", "mixmo", "check", str(EXAMPLES / "invalid-en.txt")],
        1,
        False,
    ),
    (
        "mixmo check trente-tuiles-fr.txt --players 4 --lang fr",
        [
            "-m",
            "mixmo",
            "check",
            str(EXAMPLES / "trente-tuiles-fr.txt"),
            "--players",
            "4",
            "--lang",
            "fr",
        ],
        0,
        False,
    ),
]

IN_PROCESS: list[tuple[str, str, str, int | None]] = [
    ("sixty-tiles-en.txt", "en", "sixty-tiles-en.txt", 2),
    ("invalid-en.txt", "en", "invalid-en.txt", None),
    ("trente-tuiles-fr.txt", "fr", "trente-tuiles-fr.txt", 4),
]


def run_once(argv: list[str], expected: int, env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *argv], env=env, capture_output=True)
    elapsed = time.perf_counter() - start
    if done.returncode != expected:
        raise SystemExit(
            f"{' '.join(argv)} exited {done.returncode}, expected {expected}:\n"
            f"{done.stderr.decode()}"
        )
    return elapsed


def time_commands(runs: int, pycache: str) -> dict[str, list[float]]:
    """Every command ``runs`` times, in rounds (each round runs each command once),
    so that a change of load on the machine touches all commands alike."""
    envs = {False: child_env(), True: child_env(pycache)}
    times: dict[str, list[float]] = {label: [] for label, *_ in COMMANDS}
    # One untimed round first, so that the file cache (and the bytecode cache) are warm.
    for _, argv, expected, cached in COMMANDS:
        run_once(argv, expected, envs[cached])
    for _ in range(runs):
        for label, argv, expected, cached in COMMANDS:
            times[label].append(run_once(argv, expected, envs[cached]))
    return times


def time_in_process(runs: int) -> dict[str, dict[str, dict[str, float]]]:
    from mixmo.engine.grid import Grid
    from mixmo.engine.lexicon import embedded
    from mixmo.engine.validation import validate

    results = {}
    for label, lang, name, players in IN_PROCESS:
        text = (EXAMPLES / name).read_text()
        lexicon = embedded(lang)
        grid = Grid.parse(text)
        validate(grid, lexicon, players=players)  # warm-up
        parse_times, validate_times = [], []
        for _ in range(runs):
            start = time.perf_counter()
            Grid.parse(text)
            parse_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            validate(grid, lexicon, players=players)
            validate_times.append(time.perf_counter() - start)
        results[label] = {"parse": summary(parse_times), "validate": summary(validate_times)}
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="rounds of fresh processes (>= 10)")
    parser.add_argument("--inproc-runs", type=int, default=300, help="validate() calls per grid")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="mixmo-pycache-") as pycache:
        commands = {
            label: summary(times) for label, times in time_commands(args.runs, pycache).items()
        }
    in_process = time_in_process(args.inproc_runs)

    if args.json:
        emit_json(
            {
                "benchmark": "check_grid",
                "runs": args.runs,
                "inproc_runs": args.inproc_runs,
                "commands": commands,
                "in_process": in_process,
            }
        )
        return
    print(f"whole command, fresh process each run, {args.runs} rounds (ms)\n")
    print(
        table(
            ["command", "median", "p95", "min", "max"],
            [
                [label, ms(s["median"]), ms(s["p95"]), ms(s["min"]), ms(s["max"])]
                for label, s in commands.items()
            ],
        )
    )
    print(f"\nin process, lexicon loaded, {args.inproc_runs} runs (ms)\n")
    rows = []
    for label, r in in_process.items():
        for step in ("parse", "validate"):
            s = r[step]
            rows.append(
                [
                    f"{label}  {'Grid.parse' if step == 'parse' else 'validate()'}",
                    ms(s["median"]),
                    ms(s["p95"]),
                    ms(s["min"]),
                    ms(s["max"]),
                ]
            )
    print(table(["grid  call", "median", "p95", "min", "max"], rows))


if __name__ == "__main__":
    main()
