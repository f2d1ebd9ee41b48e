"""`mixmo check` without Rich prints exactly what Rich prints (issue 14: instant commands).

Where Rich would write no style (a pipe, a file), the check's report is
written by :mod:`mixmo.report_text` instead of through Rich. These tests lay
out many reports both ways, in English and in French, at several console
widths, and hold the two equal character for character; where the plain
writer gives up (a table wider than the console), Rich is used and the
command still prints Rich's report.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import AnyWord, Lexicon, embedded
from mixmo.engine.scoring import score
from mixmo.engine.validation import ValidationReport, validate
from mixmo.engine.variants import variant_for
from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.report_text import Styles, report_text
from mixmo.report_view import LIST_LIMIT, report_view

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
WIDTHS = (30, 50, 80, 120)


@pytest.fixture(params=["en", "fr"])
def interface(request: pytest.FixtureRequest) -> Iterator[str]:
    saved = set_ui_language(request.param)
    yield request.param
    restore_ui_language(saved)


#: report_text's styles -> how Rich's console is set up to write them.
CONSOLES: dict[Styles, dict[str, Any]] = {
    "none": {},
    "colours": {"force_terminal": True, "color_system": "truecolor"},
    "attributes": {"force_terminal": True, "color_system": "256", "no_color": True},
}


def rich_text(
    report: ValidationReport, width: int, suggestions: dict[str, list[str]], styles: Styles
) -> str:
    """What `mixmo check` printed through Rich ``width`` columns wide: to a pipe
    (no style), or to a terminal (colours, or only the attributes under NO_COLOR)."""
    out = io.StringIO()
    console = Console(
        file=out, width=width, highlight=False, soft_wrap=True, emoji=False, **CONSOLES[styles]
    )
    assert (console.color_system is None) == (styles == "none")
    view = report_view(
        report, score(report, winner=True), source="grid.txt", suggestions=suggestions
    )
    console.print(view)
    return out.getvalue()


def assert_same_as_rich(report: ValidationReport, suggestions: dict[str, list[str]]) -> int:
    """Both ways at every width, plain and styled; how many widths the writer took on."""
    written = 0
    for width in WIDTHS:
        for styles in CONSOLES:
            text = report_text(
                report,
                score(report, winner=True),
                source="grid.txt",
                suggestions=suggestions,
                max_width=width,
                styles=styles,
            )
            if text is not None:
                expected = rich_text(report, width, suggestions, styles)
                assert text == expected, f"width {width}, {styles}"
                written += styles == "none"
    return written


def example_reports() -> Iterator[tuple[str, ValidationReport]]:
    for path in sorted(EXAMPLES.glob("*.txt")):
        language = "fr" if path.stem.endswith("-fr") else "en"
        grid = Grid.parse(path.read_text(encoding="utf-8"))
        for expert in (False, True):
            yield path.name, validate(grid, embedded(language), variant_for(expert=expert))


def test_every_example_grid_reads_as_rich_writes_it(interface: str) -> None:
    for name, report in example_reports():
        assert assert_same_as_rich(report, {}) >= 2, name  # at 80 and 120 columns at least


def test_theme_words_players_and_suggestions_read_as_rich_writes_them(interface: str) -> None:
    grid = Grid.parse((EXAMPLES / "invalid-en.txt").read_text(encoding="utf-8"))
    report = validate(grid, embedded("en"), variant_for(expert=False), players=6)
    rejected = {v.text: ["CART", "COAT"] for v in report.words if not v.valid}
    assert rejected and report.problems
    assert assert_same_as_rich(report, rejected) >= 2
    theme = Grid.parse((EXAMPLES / "theme-en.txt").read_text(encoding="utf-8"))
    words = [v.text for v in validate(theme, embedded("en"), variant_for(expert=False)).words]
    report = validate(
        theme, embedded("en"), variant_for(expert=False), theme="animals", theme_words=words[:1]
    )
    assert assert_same_as_rich(report, {}) >= 2


def random_grid(rng: random.Random, rows: int, cols: int, fill: float) -> Grid:
    letters = "EEEAAIONRSTLUDCMPGBHFVJQKWXYZ??!"
    lines = [
        "".join(rng.choice(letters) if rng.random() < fill else "." for _ in range(cols))
        for _ in range(rows)
    ]
    return Grid.parse("\n".join(lines))


@pytest.mark.parametrize("seed", range(12))
def test_random_grids_read_as_rich_writes_them(seed: int, interface: str) -> None:
    """Invalid words, jokers, the Bandit, several groups, empty rows: whatever comes."""
    rng = random.Random(seed)
    lexicon: Lexicon = embedded(rng.choice(["en", "fr"])) if seed % 3 else AnyWord()
    grid = random_grid(rng, rng.randint(1, 9), rng.randint(1, 14), rng.uniform(0.2, 0.9))
    report = validate(grid, lexicon, variant_for(expert=bool(seed % 2)))
    assert_same_as_rich(report, {})


def test_a_long_report_counts_what_it_does_not_list(interface: str) -> None:
    """Over LIST_LIMIT words and problems: the lists stop and say how many more."""
    rows = ["CAT.DOG." * 12] * 31
    grid = Grid.parse(
        "\n".join(row if i % 2 == 0 else "." * len(row) for i, row in enumerate(rows))
    )
    report = validate(grid, embedded("en"), variant_for(expert=True))
    assert len(report.words) > LIST_LIMIT
    assert assert_same_as_rich(report, {}) >= 2


def test_the_empty_grid_reads_as_rich_writes_it(interface: str) -> None:
    report = validate(Grid.parse(""), embedded("en"), variant_for(expert=False))
    assert assert_same_as_rich(report, {}) >= 3  # all but the narrowest


def test_a_table_wider_than_the_console_is_left_to_rich() -> None:
    grid = Grid.parse((EXAMPLES / "sixty-tiles-en.txt").read_text(encoding="utf-8"))
    report = validate(grid, embedded("en"), variant_for(expert=False))
    result = score(report)
    assert report_text(report, result, source="g", suggestions={}, max_width=20) is None
    assert report_text(report, result, source="g", suggestions={}, max_width=80) is not None


def test_a_control_character_in_the_file_name_is_left_to_rich() -> None:
    report = validate(Grid.parse("CAT"), embedded("en"), variant_for(expert=False))
    result = score(report)
    assert report_text(report, result, source="a\tb", suggestions={}, max_width=80) is None


@pytest.mark.parametrize(
    "environment",
    [
        {"COLUMNS": "24"},
        {"COLUMNS": "100"},
        {"COLUMNS": "100", "FORCE_COLOR": "1"},
        {"COLUMNS": "100", "FORCE_COLOR": "1", "NO_COLOR": "1"},
    ],
)
def test_the_command_prints_the_same_report_with_or_without_rich(
    environment: dict[str, str],
) -> None:
    """The whole command (report_text, plain or styled as a terminal gets it, or Rich
    when too narrow) against the command forced through Rich."""
    grid = str(EXAMPLES / "sixty-tiles-en.txt")
    env = {"LANGUAGE": "en", "PATH": "/usr/bin:/bin", **environment}
    direct = subprocess.run(
        [sys.executable, "-m", "mixmo", "check", grid], capture_output=True, text=True, env=env
    )
    code = (
        "import sys; import mixmo.cli.check as check; check.in_jupyter = lambda: True\n"
        "from mixmo.cli import main; main(sys.argv[1:])"
    )
    through_rich = subprocess.run(
        [sys.executable, "-c", code, "check", grid], capture_output=True, text=True, env=env
    )
    assert direct.returncode == through_rich.returncode == 0
    assert direct.stdout == through_rich.stdout
    assert "VALID" in direct.stdout
    assert ("\x1b[1m" in direct.stdout) == ("FORCE_COLOR" in environment)
    colours = "FORCE_COLOR" in environment and "NO_COLOR" not in environment
    assert ("\x1b[32m" in direct.stdout) == colours


def on_a_terminal(args: list[str], env: dict[str, str]) -> tuple[bytes, int]:
    """What ``python ARGS`` writes to a 90x30 pseudo-terminal, and its exit code."""
    import fcntl
    import os
    import pty
    import struct
    import termios

    pid, fd = pty.fork()
    if pid == 0:  # the child: the command on the terminal
        os.execvpe(sys.executable, [sys.executable, *args], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 90, 0, 0))
    out = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the child's side is closed
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return out, os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal needs POSIX")
def test_on_a_real_terminal_the_command_prints_what_rich_prints() -> None:
    """A colour terminal, found by isatty() and its size as Rich finds them (no
    COLUMNS, no FORCE_COLOR): the same bytes as the command forced through Rich."""
    import os

    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("COLUMNS", "LINES", "FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE")
    }
    env.update(TERM="xterm-256color", LANGUAGE="en")
    args = ["check", str(EXAMPLES / "invalid-en.txt"), "--dict", "any"]
    direct = on_a_terminal(["-m", "mixmo", *args], env)
    code = (
        "import sys; import mixmo.cli.check as check; check.in_jupyter = lambda: True\n"
        "from mixmo.cli import main; main(sys.argv[1:])"
    )
    through_rich = on_a_terminal(["-c", code, *args], env)
    assert direct == through_rich
    assert direct[1] == 1  # invalid
    assert b"\x1b[1;31m\xe2\x9c\x97 INVALID\x1b[0m" in direct[0]
