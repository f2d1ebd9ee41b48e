"""Worst inputs for ``mixmo check`` under (and over) the grid size limits, and
``mixmo word -`` on 200,000 words: how long each takes as a fresh process.

Every ``mixmo check`` of any input under the stated size
(1 MB, 1,000 columns, 1,000 rows, 10,000 tiles: ``mixmo.engine.grid``) must return
within 2 s, and inputs over it be refused at once. The inputs here are
the shapes that used to hang or crawl: thousands of one-tile groups (a
quadratic ``Grid.groups``), a million bad characters, hundreds of rejected
words (each asked of Enchant), a thousand jokers, and megabytes of NUL bytes.

Wall time is what the user waits on a shared machine; CPU time (user + system
of the child) is the command's own cost. Nothing is asserted.

    python benchmarks/check_limits.py [--runs 3] [--json]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _common import child_env, emit_json, summary, table

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _random_rows(rows: int, cols: int, gap: bool) -> str:
    rng = random.Random(rows * cols)
    lines = []
    for row in range(rows):
        if gap and row % 2:
            lines.append("")
        else:
            lines.append("".join(rng.choice(LETTERS) for _ in range(cols)))
    return "\n".join(lines) + "\n"


def _mixed(rows: int, cols: int, alphabet: str) -> str:
    rng = random.Random(rows + cols)
    return "\n".join("".join(rng.choice(alphabet) for _ in range(cols)) for _ in range(rows)) + "\n"


#: name -> (file contents, extra arguments)
CASES: dict[str, tuple[Callable[[], bytes], list[str]]] = {
    "10 MB of NUL bytes (over 1 MB: refused)": (lambda: b"\0" * 10_000_000, []),
    "one line 'A.' x 10,000 = 20 KB (over 1,000 columns: refused)": (
        lambda: b"A." * 10_000 + b"\n",
        [],
    ),
    "999 x 1,000 NUL bytes (under 1 MB: 999,000 bad characters)": (
        lambda: (b"\0" * 999 + b"\n") * 999,
        [],
    ),
    "10,000 one-tile groups, 40 rows x 1,000 columns": (
        lambda: ("\n".join(["A." * 500, "." * 1000] * 20) + "\n").encode(),
        [],
    ),
    "100 x 100 random letters (200 rejected words)": (
        lambda: _random_rows(100, 100, gap=False).encode(),
        [],
    ),
    "10 rows of 1,000 random letters": (lambda: _random_rows(20, 1000, gap=True).encode(), []),
    "1,000 rows x 'A.A.A.A.A.' (5,000 groups)": (lambda: b"A.A.A.A.A.\n" * 1000, []),
    "1 MB of empty cells and comments": (lambda: (b"#" + b"." * 998 + b"\n") * 1000, []),
    "1,000 rows x 10 random letters, French (1,010 rejected words)": (
        lambda: _random_rows(1000, 10, gap=False).encode(),
        ["--lang", "fr"],
    ),
    "100 x 100 of letters, jokers, Bandits and gaps, French": (
        lambda: _mixed(100, 100, "ABCDEFGHIJKLMNOPQRSTUVWXYZ?!..").encode(),
        ["--lang", "fr"],
    ),
    "100 x 100, every other cell a joker": (
        lambda: "\n".join(
            "".join("?" if (i + j) % 2 else "E" for j in range(100)) for i in range(100)
        ).encode(),
        [],
    ),
    "a row of 1,000 jokers": (lambda: b"?" * 1000 + b"\n", []),
    "'E??????' x 400 rows, French": (
        lambda: b"\n\n".join([b"E??????"] * 400) + b"\n",
        ["--lang", "fr"],
    ),
}


def timed(args: list[str], stdin: int | None = None) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds of the child, exit code, last line of stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "mixmo", *args],
        stdin=stdin if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=child_env(),
        timeout=600,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
    return wall, cpu, done.returncode, lines[-1][:70] if lines else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    results: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, (make, extra) in CASES.items():
            path = Path(folder) / "grid.txt"
            path.write_bytes(make())
            runs = [timed(["check", str(path), *extra]) for _ in range(options.runs)]
            results[name] = {
                "bytes": path.stat().st_size,
                "wall": summary([r[0] for r in runs]),
                "cpu": summary([r[1] for r in runs]),
                "exit": runs[0][2],
                "stderr": runs[0][3],
            }
        words = Path(folder) / "words.txt"
        rng = random.Random(200_000)
        words.write_text(
            "\n".join("".join(rng.choice(LETTERS) for _ in range(rng.randint(2, 9)))
                      for _ in range(200_000)) + "\n"
        )  # fmt: skip
        for label, args in [("mixmo word - (200,000 words, text)", ["word", "-"]),
                            ("mixmo word --json - (200,000 words)", ["word", "--json", "-"])]:  # fmt: skip
            runs = []
            for _ in range(options.runs):
                with words.open("rb") as handle:
                    runs.append(timed(args, stdin=handle.fileno()))
            results[label] = {
                "bytes": words.stat().st_size,
                "wall": summary([r[0] for r in runs]),
                "cpu": summary([r[1] for r in runs]),
                "exit": runs[0][2],
                "stderr": "",
            }
    if options.json:
        emit_json({"runs": options.runs, "results": results})
        return
    rows = [
        [name, f"{r['wall']['median']:.2f}", f"{r['wall']['max']:.2f}",  # type: ignore[index]
         f"{r['cpu']['median']:.2f}", r["exit"]]  # type: ignore[index]
        for name, r in results.items()
    ]  # fmt: skip
    print(f"{options.runs} runs each, seconds (load average {os.getloadavg()[0]:.1f})")
    print(table(["input", "wall median", "wall max", "cpu median", "exit"], rows))


if __name__ == "__main__":
    main()
