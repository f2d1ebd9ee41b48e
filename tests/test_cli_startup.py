"""The everyday commands import only what they use (issue 14: instant commands).

Not timing tests: what makes ``mixmo word``, ``mixmo check`` and ``mixmo
--help`` start fast is the modules they do *not* load (Rich, Textual,
pydantic, Enchant, the bots and the solver, ``pathlib``); these tests run the
real command as a fresh process under ``python -X importtime`` and read the
modules it imported. The figures themselves are in benchmarks/startup.py and
docs/performance.md.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mixmo
from mixmo import i18n
from mixmo.cli import COMMANDS, UI_LANGUAGES, main
from mixmo.cli.common import console_for, writes_colours, writes_styles
from mixmo.cli.group import run

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"

#: Modules no everyday command needs: each is a whole package (prefix match).
HEAVY = (
    "rich",
    "textual",
    "pydantic",
    "numpy",
    "enchant",
    "mixmo.engine.bot",
    "mixmo.engine.solver",
    "mixmo.engine.game",
    "mixmo.tui",
    "mixmo.net",
    "pathlib",
    "importlib.metadata",
    "platformdirs",
)


def imported_by(*args: str, env: dict[str, str] | None = None) -> tuple[set[str], str]:
    """The modules ``python -m mixmo ARGS`` imports beyond what the bare
    interpreter imports (an environment's start-up hooks are not the command's
    doing), and what it printed."""
    modules, out = _imported(["-m", "mixmo", *args], env)
    return modules - _imported(["-c", "pass"], env)[0], out


def _imported(args: list[str], env: dict[str, str] | None) -> tuple[set[str], str]:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "100", **(env or {})},
        timeout=120,
    )
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return modules, done.stdout


def heavy_among(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_settling_a_word_loads_no_heavy_module() -> None:
    modules, out = imported_by("word", "house", "ete")
    assert "✓ HOUSE" in out
    assert "mixmo.engine.lexicon" in modules  # (the list is read)
    assert heavy_among(modules) == []


def test_settling_a_french_word_loads_no_heavy_module() -> None:
    modules, out = imported_by("word", "ete", "--lang", "fr")
    assert "été" in out
    assert heavy_among(modules) == []


def test_checking_a_grid_on_a_pipe_loads_no_heavy_module() -> None:
    modules, out = imported_by("check", str(EXAMPLES / "house-en.txt"))
    assert "✓ VALID" in out and "Score (points option)" in out
    assert "mixmo.report_text" in modules
    assert heavy_among(modules) == []


def test_checking_a_grid_for_a_colour_terminal_loads_no_heavy_module() -> None:
    modules, out = imported_by("check", str(EXAMPLES / "house-en.txt"), env={"FORCE_COLOR": "1"})
    assert "\x1b[1;32m✓ VALID\x1b[0m" in out
    assert heavy_among(modules) == []


def test_checking_a_french_grid_on_a_pipe_loads_no_heavy_module() -> None:
    modules, out = imported_by("check", str(EXAMPLES / "maison-fr.txt"), "--lang", "fr")
    assert "VALID" in out
    assert heavy_among(modules) == []


def test_the_help_loads_neither_click_nor_any_command() -> None:
    modules, out = imported_by("--help")
    assert "Usage: mixmo [OPTIONS] COMMAND [ARGS]..." in out and "  check  " in out
    assert not [m for m in modules if m == "click" or m.startswith("click.")]
    # the package's own parts (its command table, the collector's pause), and the help
    assert {m for m in modules if m.startswith("mixmo.cli.")} <= {
        "mixmo.cli.command_table",
        "mixmo.cli.collector",
        "mixmo.cli.help_text",
    }
    assert heavy_among(modules) == []


def test_the_version_is_read_without_package_metadata() -> None:
    modules, out = imported_by("--version")
    assert out.strip() == f"mixmo, version {mixmo.__version__}"
    assert heavy_among(modules) == []  # importlib.metadata among them


def test_the_help_option_lists_the_interface_languages() -> None:
    assert UI_LANGUAGES == i18n.UI_LANGUAGES


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("columns", ["20", "52", "64", "79", "100", "300"])
@pytest.mark.parametrize("args", [["--help"], ["-h"], []])
def test_the_help_without_click_is_the_help_click_writes(
    args: list[str],
    columns: str,
    language: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Same text and exit code (0, or 2 for `mixmo` alone) in both languages and at
    widths that wrap the option and command help or not."""
    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("LANGUAGE", language)
    with pytest.raises(SystemExit) as without_click:
        main(args)
    plain = capsys.readouterr()
    saved = i18n.set_ui_language(None)
    try:
        with pytest.raises(SystemExit) as with_click:
            run(args)
    finally:
        i18n.restore_ui_language(saved)
    through_click = capsys.readouterr()
    assert plain.out == through_click.out
    assert plain.err == through_click.err == ""
    assert without_click.value.code == with_click.value.code == (0 if args else 2)
    assert ("Utilisation" if language == "fr" else "Usage") in plain.out


#: What the first frame of ``mixmo play`` must not wait for (each a whole package): the
#: bots and the solver (until a bot moves or a hint is asked), the dialogs and Textual's
#: inputs behind them, the records (SQLite), the network, tomllib (no keys.toml here),
#: pydantic (only untrusted files and messages need it), click (``mixmo play`` as typed
#: leaves it nothing to parse, and a first game asks nothing).
NOT_FOR_THE_FIRST_FRAME = (
    "click",
    "mixmo.engine.bot",
    "mixmo.engine.bot_plan",
    "mixmo.engine.solver",
    "mixmo.engine.headless",
    "mixmo.tui.bot_driver",
    "mixmo.tui.modals",
    "mixmo.tui.sprint_choices",
    "mixmo.records",
    "sqlite3",
    "mixmo.net.protocol",
    "mixmo.net.server",
    "mixmo.net.client",
    "tomllib",
    "numpy",
    "pydantic",
)


FIRST_FRAME_PROBE = """
import os, signal, sys

def told(*_):
    with open(sys.argv[1], "w") as log:
        log.write("\\n".join(sorted(sys.modules)))
    os._exit(0)

signal.signal(signal.SIGUSR1, told)
random_bytes = os.urandom
os.urandom = lambda n: (int(sys.argv[2]) << 1).to_bytes(4, "big") if n == 4 else random_bytes(n)
from mixmo.cli import main
main(["play"])
"""
"""``mixmo play`` as typed, on a deal without the Bandit (its theme dialog comes after the
first frame, and a random deal holds it one time in ten: the 4 random bytes the game draws
its seed from are the probe's second argument), which writes the names of the modules it has loaded to the
file named by its argument when it gets SIGUSR1 (Textual draws on stderr: no -X importtime)."""


def first_frame_modules(tmp_path: Path) -> set[str]:
    """The modules ``mixmo play`` has loaded when its first frame (the panes,
    "Player 1") is on a 100x32 pseudo-terminal."""
    import fcntl
    import pty
    import select
    import signal
    import struct
    import termios
    import time

    from tests.tui.helpers import seed_where

    seed = seed_where(2, bandit_first=False)
    log = tmp_path / "modules.txt"
    env = {
        **os.environ,
        "TERM": "xterm-256color",
        "COLUMNS": "100",
        "LINES": "32",
        "MIXMO_DATA_DIR": str(tmp_path / "data"),
        "MIXMO_CONFIG_DIR": str(tmp_path / "config"),
    }
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game on the pseudo-terminal
        os.execvpe(
            sys.executable, [sys.executable, "-c", FIRST_FRAME_PROBE, str(log), str(seed)], env
        )
    seen = b""
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
        deadline = time.monotonic() + 60
        while b"Player 1" not in seen and time.monotonic() < deadline:
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
        if b"Player 1" in seen:
            os.kill(pid, signal.SIGUSR1)
            while time.monotonic() < deadline:  # until it has written the list and ended
                if select.select([fd], [], [], 0.1)[0]:
                    try:
                        if not os.read(fd, 65536):
                            break
                    except OSError:
                        break
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    assert b"Player 1" in seen, seen[-500:]
    return set(log.read_text().split())


def test_the_first_frame_of_a_game_waits_for_no_bot_solver_dialog_or_record(
    tmp_path: Path,
) -> None:
    modules = first_frame_modules(tmp_path)
    assert {"textual.app", "mixmo.tui.app", "mixmo.engine.game"} <= modules
    assert [
        m for m in modules if any(m == h or m.startswith(h + ".") for h in NOT_FOR_THE_FIRST_FRAME)
    ] == []


def test_checking_a_grid_as_json_loads_no_heavy_module() -> None:
    modules, out = imported_by("check", str(EXAMPLES / "house-en.txt"), "--json")
    assert '"valid": true' in out
    assert "mixmo.engine.validation" in modules
    assert heavy_among(modules) == []


@pytest.mark.parametrize("isatty", [True, False])
@pytest.mark.parametrize(
    "environment",
    [
        {},
        {"NO_COLOR": "1"},
        {"NO_COLOR": ""},
        {"FORCE_COLOR": "1"},
        {"FORCE_COLOR": ""},
        {"FORCE_COLOR": "1", "NO_COLOR": "1"},
        {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
        {"TTY_COMPATIBLE": "1"},
        {"TERM": "dumb"},
        {"TERM": "unknown", "FORCE_COLOR": "1"},
        {"TERM": "xterm-256color"},
    ],
)
def test_styles_and_colours_are_decided_as_rich_decides(
    isatty: bool, environment: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)

    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return isatty

    stream = Stream()
    console = console_for(stream)
    rich_styles = console.color_system is not None
    rich_colours = console.is_terminal and not console.no_color and rich_styles
    assert writes_styles(stream) == rich_styles
    assert writes_colours(stream) == rich_colours


def play_up_to_its_screen(
    tmp_path: Path, run: str, options: list[str]
) -> subprocess.CompletedProcess[str]:
    """``mixmo play OPTIONS`` in a fresh process, with empty folders and no terminal,
    where ``App.run`` is replaced by ``run`` (the body of ``def run(self, ...)``, which
    may use ``gc`` and ``sys``): what the game did up to its screen."""
    code = (
        "import gc, sys, textual.app\n"
        "def run(self, *args, **kwargs):\n"
        f"{run}"
        "textual.app.App.run = run\n"
        "import mixmo.cli.terminal\n"
        "mixmo.cli.terminal.has_terminal = lambda: True  # no terminal in this test\n"
        "from mixmo.cli import main\n"
        f"main(['play', *{options!r}])\n"
    )
    env = {"MIXMO_DATA_DIR": str(tmp_path / "data"), "MIXMO_CONFIG_DIR": str(tmp_path / "cfg")}
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


def test_a_game_at_one_keyboard_loads_no_pydantic_before_its_screen_runs(tmp_path: Path) -> None:
    """``mixmo play`` up to ``App.run`` (the options, the game, the first autosave, the
    app): actions, options and saves are plain dataclasses, and pydantic (about 0.13 s of
    CPU) is loaded only to read untrusted input, a save or a server's messages."""
    done = play_up_to_its_screen(
        tmp_path, "    print('\\n'.join(sorted(sys.modules)))\n", ["--seed", "1"]
    )
    env = {"MIXMO_DATA_DIR": str(tmp_path / "data"), "MIXMO_CONFIG_DIR": str(tmp_path / "cfg")}
    modules = set(done.stdout.split()) - _imported(["-c", "pass"], env)[0]
    assert {"mixmo.tui.app", "mixmo.engine.game", "mixmo.engine.save"} <= modules, done.stderr
    assert (tmp_path / "data" / "autosave.json").is_file()  # the first save was written
    assert [m for m in modules if m.split(".")[0] in ("pydantic", "pydantic_core")] == []


def test_the_start_up_imports_set_off_no_garbage_collection() -> None:
    """``mixmo check``'s imports make tens of thousands of objects that live as long
    as the process: no collection runs until the command's module is imported (about
    twenty ran before, 6 ms of CPU that found nothing to free)."""
    code = (
        "import gc, sys\n"
        "early = []\n"
        "def seen(phase, info):\n"
        "    if phase == 'start' and 'mixmo.cli.check' not in sys.modules:\n"
        "        early.append(info['generation'])\n"
        "gc.callbacks.append(seen)\n"
        "from mixmo.cli import main\n"
        "gc.collect()\n"
        "early.clear()\n"
        "try:\n"
        f"    main(['check', {str(EXAMPLES / 'house-en.txt')!r}])\n"
        "except SystemExit as done:\n"
        "    print('exit', done.code, 'early collections', len(early), 'on', gc.isenabled())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines()[-1] == "exit 0 early collections 0 on True", done.stderr


def test_a_game_collects_no_garbage_until_its_first_frame_then_leaves_the_start_up_out(
    tmp_path: Path,
) -> None:
    """``mixmo play``'s start-up (Textual, the engine, the screen) sets off no collection
    (about 40 ms of its first frame); after the first frame the collector runs again, with
    what the start-up made frozen, so that no collection walks it all again."""
    run = (
        "    print('at run: collecting', gc.isenabled(), 'click', 'click' in sys.modules)\n"
        "    self.after_first_frame()\n"
        "    print('after the first frame: collecting', gc.isenabled(),\n"
        "          'frozen', gc.get_freeze_count() > 10_000)\n"
    )
    done = play_up_to_its_screen(tmp_path, run, [])
    assert done.stdout.splitlines() == [
        "at run: collecting False click False",
        "after the first frame: collecting True frozen True",
    ], done.stderr


def test_a_match_of_bots_without_a_screen_runs_with_the_collector_on(tmp_path: Path) -> None:
    """``mixmo play --headless`` draws no frame: its match (minutes of bots' searches)
    must not run with the start-up's pause still on."""
    code = (
        "import gc, mixmo.engine.headless as headless\n"
        "def play(options, levels, game):\n"
        "    print('collecting during the match', gc.isenabled())\n"
        "headless.play_headless = play\n"
        "from mixmo.cli import main\n"
        "main(['play', '--headless', '--bots', '2', '--seed', '1', '--json'])\n"
    )
    env = {"MIXMO_DATA_DIR": str(tmp_path / "data"), "MIXMO_CONFIG_DIR": str(tmp_path / "cfg")}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=120,
    )
    assert done.stdout.splitlines()[0] == "collecting during the match True", done.stderr


def test_the_collector_is_resumed_only_if_the_start_up_paused_it() -> None:
    """A caller that had turned the collector off (a test, a program embedding mixmo)
    keeps it off, and nothing is frozen for it."""
    import gc

    from mixmo.cli.collector import pause_collector, resume_collector

    was = gc.isenabled()
    frozen = gc.get_freeze_count()
    try:
        gc.disable()
        pause_collector()
        resume_collector(freeze=True)
        assert (gc.isenabled(), gc.get_freeze_count()) == (False, frozen)
        gc.enable()
        pause_collector()
        assert not gc.isenabled()
        resume_collector()
        assert (gc.isenabled(), gc.get_freeze_count()) == (True, frozen)
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.parametrize("collecting", [True, False])
def test_a_command_runs_with_the_collector_as_the_caller_had_it(
    collecting: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The pause covers the start-up only: the command itself runs, and the caller
    goes on, with the collector on (or off, if the caller had turned it off)."""
    import gc

    import mixmo.cli.word as word_command

    seen: list[bool] = []
    real = word_command.load_lexicon

    def spy(spec: str | None, language: str) -> object:
        seen.append(gc.isenabled())
        return real(spec, language)

    monkeypatch.setattr(word_command, "load_lexicon", spy)
    was = gc.isenabled()
    (gc.enable if collecting else gc.disable)()
    try:
        with pytest.raises(SystemExit) as done:
            main(["word", "house"])
        assert (done.value.code, seen, gc.isenabled()) == (0, [collecting], collecting)
    finally:
        (gc.enable if was else gc.disable)()
    assert "✓ HOUSE" in capsys.readouterr().out


def test_english_opens_no_catalogue() -> None:
    """English is the language the strings are written in: translating a string opens
    no catalogue (gettext would look for one, loading ``locale``), French opens its own
    on the first string translated."""
    code = (
        "import sys\n"
        "from mixmo import i18n\n"
        "i18n.set_ui_language('en')\n"
        "print(i18n._('Show the version and exit.'), 'locale' in sys.modules)\n"
        "i18n.set_ui_language('fr')\n"
        "print('locale' in sys.modules, i18n._('Show the version and exit.'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(Path(mixmo.__file__).parents[1])},
    )
    assert done.stdout.splitlines() == [
        "Show the version and exit. False",
        "False Afficher la version et quitter.",
    ], done.stderr


def _no_click(modules: set[str]) -> bool:
    return not [m for m in modules if m == "click" or m.startswith("click.")]


def test_a_plain_check_and_a_plain_word_run_without_click() -> None:
    """``mixmo check GRID`` and ``mixmo word WORD...`` leave click nothing to parse
    (click and its imports were a third of their CPU); with an option, click parses."""
    modules, out = imported_by("check", str(EXAMPLES / "house-en.txt"))
    assert "✓ VALID" in out and _no_click(modules)
    modules, out = imported_by("word", "house", "ete")
    assert "✓ HOUSE" in out and _no_click(modules)
    modules, out = imported_by("check", str(EXAMPLES / "maison-fr.txt"), "--lang", "fr")
    assert "✓ VALID" in out and not _no_click(modules)


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("play", []),
        ("check", ["grid.txt"]),
        ("word", ["house"]),
        ("word", ["house", "été", "zzz"]),
    ],
)
def test_a_plain_call_gets_the_values_click_would_parse(name: str, arguments: list[str]) -> None:
    """The plain call's options are the defaults click gives the same arguments."""
    import importlib

    from mixmo.cli.plain import PLAIN_COMMANDS

    module_name, function, _ = COMMANDS[name]
    command = getattr(importlib.import_module(module_name), function)
    plain_module = importlib.import_module(PLAIN_COMMANDS[name][0])
    parsed = command.make_context(name, list(arguments)).params
    given = {}
    if arguments:
        given = {command.params[0].name: arguments[0] if name == "check" else tuple(arguments)}
    assert parsed == {**given, **plain_module.PLAIN_DEFAULTS}


@pytest.mark.parametrize(
    "args",
    [
        ["check", "--lang", "fr", "g.txt"],
        ["check", "g.txt", "h.txt"],
        ["check", "-"],
        ["check", "--", "g.txt"],
        ["check", "g.txt", "--help"],
        ["check"],
        ["word", "-"],
        ["word", "house", "--json"],
        ["word"],
        ["--ui", "fr", "word", "house"],
        ["solve", "ABC"],
        ["play", "--seed", "1"],
        ["play", "--resume"],
        ["play", "extra"],
        ["--ui", "fr", "play"],
    ],
)
def test_anything_to_parse_goes_through_click(args: list[str]) -> None:
    from mixmo.cli.plain import plain_call

    assert plain_call(args) is None


def test_the_shell_asking_for_completions_goes_through_click(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mixmo.cli.plain import plain_call

    assert plain_call(["word", "house"]) is not None
    monkeypatch.setenv("_MIXMO_COMPLETE", "bash_complete")
    assert plain_call(["word", "house"]) is None


PLAIN_CASES = [
    ["check", str(EXAMPLES / "house-en.txt")],
    # invalid, with one misspelt word: suggestions for more than one word depend on how
    # fast Enchant answers (check.SUGGESTION_SECONDS), which would differ run to run
    ["check", str(EXAMPLES / "invalid-en.txt")],
    ["check", "no-such-grid.txt"],
    ["check", str(EXAMPLES)],
    ["check", str(Path(__file__))],  # not a grid: a syntax error at its line and column
    ["word", "house", "été", "zzzq", "a1"],
]


@pytest.mark.parametrize("args", PLAIN_CASES, ids=lambda args: " ".join(args)[:40])
@pytest.mark.parametrize("ui", ["en", "fr"])
def test_a_plain_call_prints_and_exits_as_through_click(args: list[str], ui: str) -> None:
    """Same output, errors and exit code with click or without (errors are raised
    again under click, so click and mixmo.cli.group report them as ever)."""

    def run(code: str) -> tuple[int, str, str]:
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env={**os.environ, "COLUMNS": "100", "LANGUAGE": ui},
            timeout=120,
        )
        return done.returncode, done.stdout, done.stderr

    plain = run(f"from mixmo.cli import main; main({args!r})")
    through_click = run(
        f"from mixmo.cli import plain, main\nplain.plain_call = lambda args: None\nmain({args!r})"
    )
    assert plain == through_click
    assert plain[0] in (0, 1, 2) and "Traceback" not in plain[2]
