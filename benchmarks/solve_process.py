"""`mixmo solve RACK` as a person runs it: a whole process, from start to exit.

Each run is a fresh ``python -m mixmo solve RACK --lang L`` with output to
/dev/null; the figures are the child's CPU time (user + system) and its peak
resident memory (``ru_maxrss``), both from ``os.wait4``. Bytecode is cached
in a temporary folder (as an installed package has it) and the word lists and
the solver's index live in a cache folder of the benchmark's own
(``MIXMO_CACHE_DIR``): the first run of each language fills it (reported as
"first run": the index is built and written), the next are timed. Rows
alternate languages run by run, so a change of load touches both alike.

With ``--old SRC`` the same commands also run another source tree (``src/``
of an older checkout, its own cache folder) in turn with this one.

    python benchmarks/solve_process.py [--runs 9] [--rack EEELOPQUUV] [--old /tmp/old/src]

Budgets (CPU, memory): English 150 ms and 35 MiB, French 300 ms and 80 MiB.
The script prints them beside the medians; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import SRC, child_env

BUDGETS = {"en": (150.0, 35.0), "fr": (300.0, 80.0)}


def run_once(
    python: str, src: Path, rack: str, lang: str, cache: str, pyc: str
) -> tuple[float, float]:
    """One whole `mixmo solve`: its CPU milliseconds and peak MiB."""
    env = child_env(pyc)
    env["PYTHONPATH"] = str(src)
    env["MIXMO_CACHE_DIR"] = cache
    process = subprocess.Popen(
        [python, "-m", "mixmo", "solve", rack, "--lang", lang],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"mixmo solve {rack} --lang {lang} failed ({src})")
    return (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--rack", default="EEELOPQUUV")
    parser.add_argument("--old", type=Path, help="src/ of another version, run in turn")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    versions = {"new": SRC} | ({"old": args.old} if args.old else {})
    results: dict[str, dict[str, dict[str, object]]] = {}
    with tempfile.TemporaryDirectory() as work:
        for name, src in versions.items():
            results[name] = {}
            for lang in BUDGETS:
                cache = os.path.join(work, name, "cache")
                cpu, rss = run_once(args.python, src, args.rack, lang, cache, work + "/pyc")
                results[name][lang] = {"first_cpu_ms": cpu, "first_mib": rss, "cpu": [], "mib": []}
        for _ in range(args.runs):
            for name, src in versions.items():
                for lang in BUDGETS:
                    cache = os.path.join(work, name, "cache")
                    cpu, rss = run_once(args.python, src, args.rack, lang, cache, work + "/pyc")
                    row = results[name][lang]
                    row["cpu"].append(cpu)  # type: ignore[attr-defined]
                    row["mib"].append(rss)  # type: ignore[attr-defined]
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(
        f"mixmo solve {args.rack}, whole process, {args.runs} runs; load {os.getloadavg()[0]:.1f}"
    )
    print("version lang  CPU median  min   max  | MiB median  max | first run CPU, MiB | budget")
    for name, by_lang in results.items():
        for lang, row in by_lang.items():
            cpu, mib = row["cpu"], row["mib"]
            budget = BUDGETS[lang]
            print(
                f"{name:7} {lang:4} {statistics.median(cpu):9.0f} {min(cpu):5.0f} {max(cpu):5.0f}"  # type: ignore[arg-type]
                f" | {statistics.median(mib):9.1f} {max(mib):5.1f}"  # type: ignore[arg-type]
                f" | {row['first_cpu_ms']:8.0f} ms {row['first_mib']:5.1f}"
                f" | <= {budget[0]:.0f} ms, {budget[1]:.0f} MiB"
            )


if __name__ == "__main__":
    main()
