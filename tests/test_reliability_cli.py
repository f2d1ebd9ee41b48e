"""The command line: no input makes a command crash or hang.

Each test feeds a command the input a user (or a script) broke it with and
checks what the user sees: one line on standard error and exit code 2.
Time is never asserted here: benchmarks/check_limits.py measures it.
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mixmo.engine.grid import MAX_COLUMNS, MAX_TEXT_CHARS

MIXMO = [sys.executable, "-m", "mixmo"]


def run(*args: str, stdin: bytes | None = None, close_stdin: bool = False, **env: str):
    """Run the real `mixmo` process, as a shell would."""
    return subprocess.run(
        [*MIXMO, *args],
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None and not close_stdin else None,
        capture_output=True,
        env={**os.environ, "COLUMNS": "100", **env},
        timeout=60,
        **({"preexec_fn": lambda: os.close(0)} if close_stdin else {}),
    )


def one_line_error(result: subprocess.CompletedProcess[bytes]) -> str:
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2, err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    return err.strip()


# --- inputs too large are refused at once, whatever their bytes --------------


def test_ten_megabytes_of_nul_bytes_are_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "nul.txt"
    path.write_bytes(b"\0" * 10_000_000)
    err = one_line_error(run("check", str(path)))
    assert f"more than {MAX_TEXT_CHARS:,} bytes" in err and str(path) in err


def test_an_endless_input_is_refused_without_reading_it_all() -> None:
    err = one_line_error(run("check", "/dev/zero"))
    assert "/dev/zero: more than" in err


def test_a_line_wider_than_the_limit_names_its_line_and_column(mixmo, tmp_path: Path) -> None:
    path = tmp_path / "wide.txt"
    path.write_text("CAT\n" + "A." * MAX_COLUMNS + "\n")
    result = mixmo("check", str(path))
    assert result.code == 2
    assert result.err.startswith(f"mixmo: error: {path}:2:{MAX_COLUMNS + 1}: the row is wider")


def test_thousands_of_bad_characters_are_one_line(mixmo) -> None:
    result = mixmo("check", "-", stdin=("\0" * 999 + "\n") * 900)
    assert result.code == 2
    assert result.err.strip() == (
        "mixmo: error: <stdin>:1:1: '\\x00' is not a grid cell (use A-Z, a-z, ?, ! or .)"
        f" (and {999 * 900 - 1} more)"
    )


def test_a_grid_of_thousands_of_scattered_tiles_is_checked(mixmo) -> None:
    text = "\n".join(["A." * 500, ""] * 20)
    result = mixmo("check", "-", stdin=text)
    assert result.code == 1
    assert "a grid of 39 rows by 999 columns: too large to draw here" in result.out
    assert "10000 tiles" in result.out


def test_a_long_report_lists_the_first_words_and_counts_the_rest(mixmo) -> None:
    text = "\n\n".join("QZXW" for _ in range(150))
    result = mixmo("check", "-", stdin=text)
    assert result.code == 1
    assert "... and 50 more words (--json lists them all)" in result.out
    listed = mixmo("check", "--json", "-", stdin=text)
    assert listed.out.count('"text": "QZXW"') == 150


# --- tracebacks -----------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [["check", "-"], ["word", "-"], ["solve", "-"], ["play", "--seed", "1"], ["practice"]],
)
def test_closed_standard_input_is_one_line(command: list[str]) -> None:
    err = one_line_error(run(*command, close_stdin=True))
    assert "standard input is closed" in err


LOCALES = {
    "strict UTF-8": {"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict", "PYTHONUTF8": "0"},
    "C": {"LC_ALL": "C", "LANG": "C"},
}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("command", [["check", "-"], ["word", "-"], ["solve", "-"]])
def test_invalid_utf8_on_standard_input_under_a_strict_locale(
    command: list[str], locale: str
) -> None:
    err = one_line_error(run(*command, stdin=b"CAT\nAB\xff\n", **LOCALES[locale]))
    assert "<stdin>:2:3: not UTF-8 text (byte 0xff)" in err


WITH_A_DICTIONARY = [["word", "CAT"], ["check", "-"], ["solve", "CAT"]]
"""The commands that take ``--dict``, each reading CAT from standard input if at all."""


@pytest.mark.parametrize("command", WITH_A_DICTIONARY)
def test_a_corrupt_gzip_word_list_is_one_line(command: list[str], tmp_path: Path) -> None:
    good = gzip.compress(b"cat\ndog\n" * 1000)
    path = tmp_path / "words.txt.gz"
    path.write_bytes(good[:12] + b"\xff" * 40 + good[52:])
    err = one_line_error(run(*command, "--dict", str(path), stdin=b"CAT\n"))
    assert str(path) in err and "word list" in err


# --- no tiles ------------------------------------------------------------------


@pytest.mark.parametrize("rack", ["", " ", "\t  "])
def test_solve_with_no_tiles_exits_2(mixmo, rack: str) -> None:
    result = mixmo("solve", rack)
    assert result.code == 2
    assert result.err.strip() == "mixmo: error: no tiles to solve"


# --- a long list of words prints as fast text ----------------------------------


def test_a_long_word_list_from_standard_input_prints_one_plain_line_per_word(mixmo) -> None:
    words = ["cat", "zzxq", "été"] * 20_000
    result = mixmo("word", "-", stdin="\n".join(words))
    lines = result.out.splitlines()
    assert result.code == 1 and len(lines) == len(words)
    assert lines[:3] == [
        "✓ CAT  cat",
        "✗ ZZXQ  not in the English word list",
        "✗ ETE  not in the English word list",
    ]
    assert "\x1b" not in result.out  # no colour codes when the output is not a terminal


# --- from the command line: a damaged save is one line and stays as it was ------


@pytest.mark.parametrize(
    ("literal", "message"),
    [
        ("Infinity", "damaged saved game: Infinity is not a number a save can hold"),
        ("NaN", "damaged saved game: NaN is not a number a save can hold"),
        ("-2.0", "damaged saved game: at is a negative time (-2.0)"),
    ],
)
def test_resuming_a_save_with_a_time_that_is_not_a_time(
    mixmo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, literal: str, message: str
) -> None:
    import json

    from mixmo.engine.save import dumps
    from tests.game_helpers import lay_out, new_game

    game = new_game(2, seed=7)
    lay_out(game, 0)
    data = json.loads(dumps(game))
    data["actions"][-1]["at"] = "AT"
    text = json.dumps(data).replace('"AT"', literal)
    (tmp_path / "autosave.json").write_text(text)
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    result = mixmo("play", "--resume")
    assert result.code == 2
    assert result.err.strip() == f"mixmo: error: {tmp_path / 'autosave.json'}: {message}"
    assert (tmp_path / "autosave.json").read_text() == text  # left untouched


@pytest.mark.parametrize(
    ("command", "what"),
    [(["word", "-"], "a list of words"), (["solve", "-"], "a list of racks")],
)
def test_an_endless_standard_input_is_refused_without_reading_it_all(
    command: list[str], what: str
) -> None:
    with open("/dev/zero", "rb") as zero:
        result = subprocess.run([*MIXMO, *command], stdin=zero, capture_output=True, timeout=120)
    err = one_line_error(result)
    assert err.startswith("mixmo: error: <stdin>: more than") and err.endswith(
        f"the limit for {what}"
    )


def dictionary_refused(mixmo, command: list[str], dictionary: object) -> str:  # type: ignore[no-untyped-def]
    """What ``command --dict DICTIONARY`` says when it refuses the dictionary (exit 2)."""
    result = mixmo(*command, "--dict", str(dictionary), stdin="CAT\n")
    assert result.code == 2
    return str(result.err.strip())


@pytest.mark.parametrize("command", WITH_A_DICTIONARY)
def test_a_device_as_the_dictionary_is_one_line(mixmo, command: list[str]) -> None:
    assert dictionary_refused(mixmo, command, "/dev/zero") == (
        "mixmo: error: /dev/zero: a device, not a word-list file"
    )


@pytest.mark.parametrize("command", WITH_A_DICTIONARY)
def test_a_file_that_is_no_word_list_names_its_first_line(
    mixmo, command: list[str], tmp_path: Path
) -> None:
    # A configuration file given for the dictionary: not one of its lines is a word, so the
    # player hears so instead of every word being refused.
    settings = tmp_path / "passwd"
    settings.write_text("# users\n\nroot:x:0:0:root:/root:/bin/bash\nann:x:1000:1000::/home/ann\n")
    assert dictionary_refused(mixmo, command, settings) == (
        f"mixmo: error: {settings}:3:1: 'root:x:0:0:root:/root:/bin/bash' is not a word, nor is "
        "any other line: a word list holds one word per line"
    )


@pytest.mark.parametrize("command", WITH_A_DICTIONARY)
def test_an_empty_word_list_is_one_line(mixmo, command: list[str], tmp_path: Path) -> None:
    empty = tmp_path / "words.txt"
    empty.write_text("# nothing yet\n\n")
    assert dictionary_refused(mixmo, command, empty) == (
        f"mixmo: error: {empty}: the word list is empty (a word list holds one word per line)"
    )


def test_resuming_a_game_whose_dictionary_changed_names_the_word(
    mixmo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mixmo.data.storage import load_game, save_game
    from mixmo.engine import actions as a
    from tests.game_helpers import lay_out, new_game, settle_theme

    words = tmp_path / "words.txt"
    game = new_game(2, seed=5, dictionary=str(words))
    settle_theme(game)
    lay_out(game, 0)
    played = game.check_grid(0).words[0].text
    words.write_text(f"{played.lower()}\n")
    game.apply(a.CallMixmo(seat=0, at=10.0))
    call = len(game.log)
    settle_theme(game)
    lay_out(game, 0, at=11.0)
    save = tmp_path / "autosave.json"
    save_game(game, save)
    words.write_text("cat\n")
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    result = mixmo("play", "--resume")
    assert result.code == 2
    assert result.err.strip() == (
        f"mixmo: error: {save}: the dictionary changed since this game was saved: {words} "
        f"no longer accepts {played}, played by Ann (action {call})"
    )
    words.write_text(f"{played.lower()}\n")  # the old list back: the game resumes
    assert load_game(save).log == game.log
