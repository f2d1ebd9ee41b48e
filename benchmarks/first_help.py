"""The first hint and the first bot move of a new game, as `mixmo play` pays them.

Each measure is a fresh process that does what `mixmo play` has done by its
first frame (the cache folder set, the word list loaded; see
``benchmarks/startup.py`` for the frame itself), then times, by its own CPU
clock (``time.process_time``), what comes after the frame:

* ``hint``: a level-1 hint for the first player's opening rack (6 tiles) on an
  empty grid, as the hint key asks the solver (``mixmo.tui.hints``);
* ``bot``: the first plan of a bot at each level in a new two-player match
  (``mixmo.engine.headless``), stopped once it is made.

Both include loading the solver and its index on first use (the index file
mapped, its bit planes read). The cache folder is the benchmark's own, filled by one untimed
run first (a player's first game after an install pays the build once:
reported as "first run"). ``--old SRC`` runs another source tree in turn.

    python benchmarks/first_help.py [--runs 7] [--old /tmp/old/src]

Target: <= 100 ms after the first frame. The script asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import SRC, child_env

CHILD = r"""
import sys, time
what, lang, cache = sys.argv[1:4]
from mixmo.engine.lexicon import common_words, embedded, use_cache_folder
use_cache_folder(cache)
lexicon = embedded(lang)
common_words(lang)
if what == "hint":
    from mixmo.engine.bag import Bag
    rack, _ = Bag.shuffled("first-hint").draw(6)
    start = time.process_time()
    from mixmo.engine.solver import hint
    hint(rack, lexicon, None, None, 1)
    print((time.process_time() - start) * 1000)
else:
    from mixmo.engine.bot import Bot, Level
    from mixmo.engine.headless import play_headless
    from mixmo.engine.options import MatchOptions

    class Made(Exception):
        pass

    original = Bot.plan
    def plan(self, state):
        original(self, state)
        raise Made
    Bot.plan = plan
    level = Level(what)
    options = MatchOptions(players=("Bot 1", "Bot 2"), seed=7, target=1, language=lang)
    start = time.process_time()
    try:
        play_headless(options, level)
    except Made:
        pass
    print((time.process_time() - start) * 1000)
"""

KINDS = ("hint", "easy", "normal", "hard", "expert")


def measure(python: str, src: Path, kind: str, lang: str, cache: str, pyc: str) -> float:
    env = child_env(pyc)
    env["PYTHONPATH"] = str(src)
    out = subprocess.run(
        [python, "-c", CHILD, kind, lang, cache],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--langs", nargs="+", default=["en"])
    parser.add_argument("--old", type=Path, help="src/ of another version, run in turn")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    versions = {"new": SRC} | ({"old": args.old} if args.old else {})
    times: dict[tuple[str, str, str], list[float]] = {}
    first: dict[tuple[str, str, str], float] = {}
    with tempfile.TemporaryDirectory() as work:
        pyc = os.path.join(work, "pyc")
        for name, src in versions.items():
            for lang in args.langs:
                for kind in KINDS:
                    cache = os.path.join(work, name)
                    first[name, lang, kind] = measure(args.python, src, kind, lang, cache, pyc)
        for _ in range(args.runs):
            for name, src in versions.items():
                for lang in args.langs:
                    for kind in KINDS:
                        cache = os.path.join(work, name)
                        value = measure(args.python, src, kind, lang, cache, pyc)
                        times.setdefault((name, lang, kind), []).append(value)
    print(f"CPU ms after the first frame, {args.runs} runs; load {os.getloadavg()[0]:.1f}")
    print("version lang what     median   min   max  first run")
    for (name, lang, kind), values in times.items():
        print(
            f"{name:7} {lang:4} {kind:7} {statistics.median(values):7.0f} {min(values):5.0f}"
            f" {max(values):5.0f} {first[name, lang, kind]:9.0f}"
        )


if __name__ == "__main__":
    main()
