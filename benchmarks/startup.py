"""How much CPU the everyday commands cost as whole processes, and when `mixmo play` first draws.

Each command runs as a fresh process, as a user runs it, in rounds (every
command once per round, so that a change of load touches them alike; one
untimed round first warms the caches and compiles the word lists). The
figure is the CPU time (user + system) of the child, from ``os.wait4``:
unlike wall time it does not grow when other work shares the CPUs (it still
grows somewhat: caches). Each command's median, minimum, 90th percentile and
maximum over the rounds are printed.

``python -c pass`` is the interpreter alone, the floor under every command
(``python -S -c pass`` without the site hooks, ``import textual.app`` the
floor under ``mixmo play``). The commands run with a bytecode cache
(``PYTHONPYCACHEPREFIX`` in a temporary folder, as an installed package
has), unless ``--no-bytecode``. Their output goes to ``/dev/null`` (a file:
Rich draws the report without styles), except the rows marked "(terminal)",
run on a pseudo-terminal 100 columns wide as a player at a terminal runs them.
``mixmo check`` runs on every grid of docs/examples (the French ones with
``--lang fr``), jokers included.

The budgets (:data:`BUDGETS`, CPU medians in ms) are printed beside the rows
they hold: ``mixmo --help`` at most 120 ms, ``mixmo check`` at most 180 ms in
English and 220 ms in French; the script exits 1 when a median is over its
budget.

``mixmo play`` is started on a pseudo-terminal (100x32); its first frame is
when the screen shows the players' grids (the text ``--first-frame-text``,
default the first player's name). Reported: wall time to it, and the CPU
the process had used by then (from ``/proc/PID/stat``). The game is then
killed. Each start gets empty data and configuration folders
(``MIXMO_DATA_DIR``, ``MIXMO_CONFIG_DIR``): with the game of the run before
still saved, ``mixmo play`` would first ask whether to resume it, and that
question names the players too. The floor under it is the first frame of a
minimal Textual app (one ``Static``), timed the same way.

    python benchmarks/startup.py [--runs 15] [--python PATH] [--json] [--play-only]

``--python`` picks the interpreter (with mixmo installed): an environment's
start-up hooks (``.pth`` files) count in every figure, so compare on a
clean virtual environment when the machine's own interpreter loads extra
modules at start.

``--play-imports`` prints instead where ``mixmo play``'s imports spend
their CPU, step by step in one process (the median of ``--runs`` processes):
what the first frame cannot go below.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"

TERMINAL = "<on a terminal>"
"""The last argument of a command to run on a pseudo-terminal."""
SCRIPT = "<the mixmo script>"
"""The first argument of a command run as the installed ``mixmo`` console script (pip's
wrapper beside ``--python``: ``from mixmo.cli import main``), as users start it, rather
than ``python -m mixmo`` (which also imports runpy); rows skipped when it is missing."""


def example_checks() -> list[tuple[str, list[str]]]:
    """``mixmo check`` on every grid of docs/examples, the French ones with ``--lang fr``."""
    rows = []
    for path in sorted(EXAMPLES.glob("*.txt")):
        french = path.stem.endswith("-fr")
        label = f"mixmo check {path.name}" + (" --lang fr" if french else "")
        rows.append((label, ["-m", "mixmo", "check", str(path), *(["--lang", "fr"] * french)]))
    return rows


COMMANDS: list[tuple[str, list[str]]] = [
    ("python -S -c pass", ["-S", "-c", "pass"]),
    ("python -c pass", ["-c", "pass"]),
    ("python -c 'import textual.app'", ["-c", "import textual.app"]),
    ("mixmo --help", ["-m", "mixmo", "--help"]),
    *example_checks(),
    ("mixmo word house", ["-m", "mixmo", "word", "house"]),
    ("mixmo word ete --lang fr", ["-m", "mixmo", "word", "ete", "--lang", "fr"]),
    (
        "mixmo check house-en.txt (terminal)",
        ["-m", "mixmo", "check", str(EXAMPLES / "house-en.txt"), TERMINAL],
    ),
    ("mixmo word house (terminal)", ["-m", "mixmo", "word", "house", TERMINAL]),
    ("mixmo check house-en.txt (script)", [SCRIPT, "check", str(EXAMPLES / "house-en.txt")]),
    ("mixmo word house (script)", [SCRIPT, "word", "house"]),
    ("mixmo --help (script)", [SCRIPT, "--help"]),
]

HELP_BUDGET, CHECK_BUDGET, FRENCH_CHECK_BUDGET = 120.0, 180.0, 220.0
"""CPU medians, in ms, that ``mixmo --help`` and ``mixmo check`` (English, French) must
not exceed."""


def budget_of(label: str) -> float | None:
    """The budget of a row, or None for a row without one."""
    if label.startswith("mixmo --help"):
        return HELP_BUDGET
    if label.startswith("mixmo check"):
        return FRENCH_CHECK_BUDGET if "-fr" in label else CHECK_BUDGET
    return None


#: ``mixmo play``'s imports before its first frame, in the order that charges each step
#: only with what it adds (the later steps re-use what the earlier ones imported). The
#: bots, the solver, the dialogs, the records, pydantic and tomllib are not among them:
#: they load when first used.
PLAY_IMPORTS: list[tuple[str, str]] = [
    ("textual (textual.app, textual.widgets)", "import textual.app, textual.widgets"),
    ("click and the command group (mixmo.cli.group)", "import mixmo.cli.group"),
    ("mixmo.cli.play", "import mixmo.cli.play"),
    ("the engine (mixmo.engine.game)", "import mixmo.engine.game"),
    ("the local table (mixmo.session.local)", "import mixmo.session.local"),
    ("saved games (mixmo.cli.saved_game, mixmo.data.storage)", "import mixmo.cli.saved_game"),
    ("the rest of mixmo.tui.app", "import mixmo.tui.app"),
]


def child_env(bytecode: bool, cache: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src")
    env["COLUMNS"] = "100"
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
    return env


def cpu_of(python: str, args: list[str], env: dict[str, str]) -> float:
    """CPU seconds of ``python ARGS`` run to its end, output to /dev/null, or
    on a pseudo-terminal when the last argument is :data:`TERMINAL`."""
    if args and args[-1] == TERMINAL:
        return cpu_on_terminal(python, args[:-1], env)
    command = [str(script_of(python)), *args[1:]] if args[:1] == [SCRIPT] else [python, *args]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    error = process.stderr.read() if process.stderr is not None else b""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = 0  # reaped here: keep Popen from waiting on it again
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # a failed command times nothing
        sys.exit(f"{' '.join(command)}: failed: {error.decode(errors='replace').strip()}")
    return usage.ru_utime + usage.ru_stime


def script_of(python: str) -> Path:
    """The ``mixmo`` console script installed beside the interpreter ``python``."""
    return Path(python).parent / "mixmo"


def cpu_on_terminal(python: str, args: list[str], env: dict[str, str]) -> float:
    """CPU seconds of ``python ARGS`` writing to a 100x32 pseudo-terminal."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(python, [python, *args], {**env, "TERM": "xterm-256color"})
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    while True:  # read until the command ends (EIO once the child side closes)
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    _, _, usage = os.wait4(pid, 0)
    os.close(fd)
    return usage.ru_utime + usage.ru_stime


def play_imports(python: str, env: dict[str, str], runs: int) -> dict[str, dict[str, float]]:
    """CPU of each step of ``mixmo play``'s imports, the median of ``runs`` processes."""
    code = (
        "import json, sys, time\n"
        "steps = json.loads(sys.argv[1]); spent = []\n"
        "for statement in steps:\n"
        "    start = time.process_time(); exec(statement)\n"
        "    spent.append(time.process_time() - start)\n"
        "print(json.dumps(spent))\n"
    )
    statements = json.dumps([statement for _, statement in PLAY_IMPORTS])
    per_step: list[list[float]] = [[] for _ in PLAY_IMPORTS]
    totals = []
    for _ in range(runs + 1):
        done = subprocess.run(
            [python, "-c", code, statements], env=env, capture_output=True, text=True, check=True
        )
        spent = json.loads(done.stdout)
        for values, seconds in zip(per_step, spent, strict=True):
            values.append(seconds)
        totals.append(sum(spent))
    result = {
        label: stats(values[1:]) for (label, _), values in zip(PLAY_IMPORTS, per_step, strict=True)
    }
    result["all of mixmo play's imports"] = stats(totals[1:])
    return result


PLAY = ["-m", "mixmo", "play"]
"""``mixmo play`` as the benchmark starts it: as typed, a new game (every start has empty
data and configuration folders), no option."""

HELLO_TEXT = "HELLO-FRAME"
HELLO = [
    "-c",
    "from textual.app import App\n"
    "from textual.widgets import Static\n"
    "class Hello(App):\n"
    "    def compose(self):\n"
    f"        yield Static({HELLO_TEXT!r})\n"
    "Hello().run()\n",
]
"""A minimal Textual app, whose first frame is the floor under ``mixmo play``'s."""


def first_frame(
    python: str, args: list[str], env: dict[str, str], text: str, timeout: float
) -> tuple[float, float]:
    """(wall seconds, CPU seconds) from start to the first frame holding ``text``,
    ``python ARGS`` run on a pseudo-terminal with empty data and configuration folders."""
    with tempfile.TemporaryDirectory() as home:
        env = {
            **env,
            "TERM": "xterm-256color",
            "COLUMNS": "100",
            "LINES": "32",
            "MIXMO_DATA_DIR": str(Path(home) / "data"),
            "MIXMO_CONFIG_DIR": str(Path(home) / "config"),
        }
        return _first_frame(python, args, env, text, timeout)


def _first_frame(
    python: str, args: list[str], env: dict[str, str], text: str, timeout: float
) -> tuple[float, float]:
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app on the pseudo-terminal
        os.execvpe(python, [python, *args], env)
    start = time.perf_counter()
    seen = b""
    try:
        import fcntl
        import struct
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
                if text.encode() in seen:
                    wall = time.perf_counter() - start
                    with open(f"/proc/{pid}/stat") as stat:
                        fields = stat.read().rsplit(")", 1)[1].split()
                    ticks = os.sysconf("SC_CLK_TCK")
                    return wall, (int(fields[11]) + int(fields[12])) / ticks
        raise RuntimeError(f"no first frame with {text!r} in {timeout} s: {seen[-300:]!r}")
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def stats(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": statistics.median(ordered) * 1000,
        "min": ordered[0] * 1000,
        "max": ordered[-1] * 1000,
        "p90": ordered[max(0, int(0.9 * len(ordered)) - 1)] * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--no-bytecode", action="store_true")
    parser.add_argument("--first-frame-text", default="Player 1")
    parser.add_argument("--skip-play", action="store_true")
    parser.add_argument(
        "--play-only", action="store_true", help="only the first frames (mixmo play, its floor)"
    )
    parser.add_argument("--play-imports", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env = child_env(not args.no_bytecode, cache)
        env.setdefault("MIXMO_CACHE_DIR", str(Path(cache) / "lists"))
        if args.play_imports:
            report(play_imports(args.python, env, args.runs), args)
            return
        commands = [] if args.play_only else COMMANDS
        if not script_of(args.python).exists():
            commands = [(label, command) for label, command in commands if command[:1] != [SCRIPT]]
        cpu: dict[str, list[float]] = {label: [] for label, _ in commands}
        frames: list[tuple[float, float]] = []
        floors: list[tuple[float, float]] = []
        for round_ in range(args.runs + 1):
            for label, command in commands:
                seconds = cpu_of(args.python, command, env)
                if round_:
                    cpu[label].append(seconds)
            if not args.skip_play:
                floor = first_frame(args.python, HELLO, env, HELLO_TEXT, 20.0)
                frame = first_frame(args.python, PLAY, env, args.first_frame_text, 20.0)
                if round_:
                    floors.append(floor)
                    frames.append(frame)
    result: dict[str, Any] = {label: stats(values) for label, values in cpu.items()}
    if frames:
        result["minimal Textual app: first frame, wall"] = stats([w for w, _ in floors])
        result["minimal Textual app: first frame, CPU"] = stats([c for _, c in floors])
        result["mixmo play: first frame, wall"] = stats([w for w, _ in frames])
        result["mixmo play: first frame, CPU"] = stats([c for _, c in frames])
    report(result, args)


def report(result: dict[str, Any], args: argparse.Namespace) -> None:
    """Print the figures (or JSON), each budgeted row with its budget; exit 1 when a
    median is over its budget."""
    over = [
        label
        for label, s in result.items()
        if (budget := budget_of(label)) is not None and s["median"] > budget
    ]
    if args.json:
        budgets = {label: budget_of(label) for label in result}
        print(json.dumps({**result, "budgets": budgets, "over budget": over}, indent=2))
    else:
        width = max(len(label) for label in result)
        print(f"{'':{width}}  median     min     p90     max  budget  (ms, {args.runs} runs)")
        for label, s in result.items():
            budget = budget_of(label)
            verdict = "" if budget is None else f"{budget:6.0f} {'OVER' if label in over else 'ok'}"
            print(
                f"{label:{width}}  {s['median']:6.0f}  {s['min']:6.0f}  {s['p90']:6.0f}"
                f"  {s['max']:6.0f}  {verdict}"
            )
    if over:
        sys.exit(1)


if __name__ == "__main__":
    main()
