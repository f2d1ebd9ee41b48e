"""`mixmo check`'s report as a player reads it: the verdict line, the grid with its
rulers, the words, the jokers, the problems and the score, drawn by Rich, plain to
a pipe or a file, in colour on a terminal (only the attributes under NO_COLOR).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mixmo.cli.check_report import LIST_LIMIT
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import embedded
from mixmo.engine.validation import validate
from mixmo.engine.variants import variant_for

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"

HOUSE_REPORT = """\
{name}  ✓ VALID  15 tiles, 5 words  [the English word list, Classic]

  1234567
1 ·D··SUN
2 HOUSE··
3 ·O··A··
4 ·ROOT··

Words
  ┃ word  ┃ row ┃ col ┃ direction
━━╇━━━━━━━╇━━━━━╇━━━━━╇━━━━━━━━━━
✓ │ SUN   │   1 │   5 │ across
✓ │ HOUSE │   2 │   1 │ across
✓ │ ROOT  │   4 │   2 │ across
✓ │ DOOR  │   1 │   2 │ down
✓ │ SEAT  │   1 │   5 │ down

Score (points option)
                   ┃ points
━━━━━━━━━━━━━━━━━━━╇━━━━━━━━
 tiles placed (15) │     15
───────────────────┼────────
 total             │     15
"""


def check(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``mixmo check ARGS`` as a fresh process, its output a pipe, in English."""
    clean = {
        name: value
        for name, value in os.environ.items()
        if name not in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "COLUMNS", "LINES")
    }
    return subprocess.run(
        [sys.executable, "-m", "mixmo", "check", *args],
        capture_output=True,
        text=True,
        env={**clean, "LANGUAGE": "en", "COLUMNS": "100", **env},
        timeout=120,
    )


def test_a_valid_grid_reads_as_a_verdict_a_grid_its_words_and_its_score() -> None:
    path = str(EXAMPLES / "house-en.txt")
    done = check(path)
    assert (done.returncode, done.stderr) == (0, "")
    # (compared line by line without the spaces that pad the tables' last column)
    shown = [line.rstrip() for line in done.stdout.splitlines()]
    assert shown == HOUSE_REPORT.format(name=path).splitlines()


def test_a_report_to_a_pipe_has_no_escape_codes() -> None:
    done = check(str(EXAMPLES / "invalid-en.txt"), "--dict", "any")
    assert done.returncode == 1 and "✗ INVALID" in done.stdout
    assert "\x1b" not in done.stdout


def test_a_colour_terminal_gets_the_verdict_jokers_and_bad_tiles_in_colour() -> None:
    done = check(str(EXAMPLES / "invalid-en.txt"), "--dict", "any", FORCE_COLOR="1")
    assert done.returncode == 1
    assert "\x1b[1;31m✗ INVALID\x1b[0m" in done.stdout  # bold red
    assert "\x1b[1;36ma\x1b[0m" in done.stdout  # an open joker: bold cyan, lower case
    assert "\x1b[1;4;31mCAT\x1b[0m" in done.stdout  # tiles of a problem: underlined red
    assert "\x1b[3mWords\x1b[0m" in done.stdout  # a table's title in italics


def test_no_color_keeps_the_attributes_and_drops_the_colours() -> None:
    done = check(str(EXAMPLES / "invalid-en.txt"), "--dict", "any", FORCE_COLOR="1", NO_COLOR="1")
    assert "\x1b[1m✗ INVALID\x1b[0m" in done.stdout
    assert "\x1b[1;4mCAT\x1b[0m" in done.stdout
    assert "\x1b[31m" not in done.stdout and "\x1b[32m" not in done.stdout


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.txt")), ids=lambda path: path.name)
def test_every_example_grid_reads_with_its_verdict_words_and_score(path: Path) -> None:
    language = "fr" if path.stem.endswith("-fr") else "en"
    report = validate(
        Grid.parse(path.read_text(encoding="utf-8")), embedded(language), variant_for(expert=False)
    )
    done = check(str(path), "--lang", language)
    assert done.returncode == (0 if report.valid else 1), done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{path}  {'✓ VALID' if report.valid else '✗ INVALID'}  ")
    assert "Words" in lines and "Score (points option)" in lines
    for verdict in report.words:
        assert f" {verdict.text} " in done.stdout
    if report.open_tiles:
        assert "Jokers" in lines


def test_a_narrow_console_keeps_the_tables_within_its_width() -> None:
    path = EXAMPLES / "sixty-tiles-en.txt"
    report = validate(Grid.parse(path.read_text()), embedded("en"), variant_for(expert=False))
    done = check(str(path), COLUMNS="24")
    assert done.returncode == 0 and "✓ VALID" in done.stdout
    table = done.stdout.split("Words\n", 1)[1].split("\n\n", 1)[0]
    assert len(table.splitlines()) == 2 + len(report.words)  # a header, a rule, each word
    assert all(len(line) <= 24 for line in table.splitlines())


def test_a_long_report_counts_what_it_does_not_list(tmp_path: Path) -> None:
    rows = ["CAT.DOG." * 12] * 31
    grid = "\n".join(row if i % 2 == 0 else "." * len(row) for i, row in enumerate(rows))
    path = tmp_path / "long.txt"
    path.write_text(grid)
    report = validate(Grid.parse(grid), embedded("en"), variant_for(expert=True))
    assert len(report.words) > LIST_LIMIT
    done = check(str(path), "--expert", COLUMNS="200")
    count = len(report.words) - LIST_LIMIT
    assert f"  ... and {count} more words (--json lists them all)" in done.stdout.splitlines()


def test_an_empty_grid_says_so(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("# nothing yet\n")
    done = check(str(path))
    assert "(empty grid)" in done.stdout.splitlines()


def test_a_file_name_is_shown_as_written_even_when_it_looks_like_markup(tmp_path: Path) -> None:
    path = tmp_path / "[red]grid[bold].txt"
    path.write_text("CAT\n")
    done = check(str(path), FORCE_COLOR="1")
    assert done.stdout.startswith(f"\x1b[1m{path}\x1b[0m  ")


def on_a_terminal(args: list[str], env: dict[str, str], columns: int) -> tuple[bytes, int]:
    """What ``python ARGS`` writes to a pseudo-terminal ``columns`` wide, and its exit code."""
    import fcntl
    import pty
    import struct
    import termios

    pid, fd = pty.fork()
    if pid == 0:  # the child: the command on the terminal
        os.execvpe(sys.executable, [sys.executable, *args], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, columns, 0, 0))
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
def test_on_a_real_terminal_the_report_is_in_colour_at_the_terminals_width() -> None:
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("COLUMNS", "LINES", "FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE")
    }
    env.update(TERM="xterm-256color", LANGUAGE="en")
    args = ["-m", "mixmo", "check", str(EXAMPLES / "invalid-en.txt"), "--dict", "any"]
    out, code = on_a_terminal(args, env, columns=90)
    assert code == 1
    assert b"\x1b[1;31m\xe2\x9c\x97 INVALID\x1b[0m" in out
    assert b"B C D E F G H I J K L M N O P Q R S T U V W X Y Z" in out  # (the joker's letters)
    out, code = on_a_terminal(args, env, columns=40)
    table = out.decode().split("Jokers", 1)[1].split("\r\n\r\n", 1)[0]
    shown = re.sub("\x1b\\[[0-9;]*m", "", table)
    assert all(len(line) <= 40 for line in shown.split("\r\n"))
    assert "could" in shown and "Z" in shown  # the letters are wrapped, not cut
