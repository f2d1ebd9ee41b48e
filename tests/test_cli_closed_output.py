"""Output that cannot be written: a closed standard output (``>&-``), a full one
(``>/dev/full``), a reader that has gone (``| head -1``).

Every command that prints says so in one line on standard error and exits 2,
never with a traceback; a pipe whose reader has gone ends quietly (click's exit
code for it, 1), as ``yes | head -1`` does.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"

COMMANDS = {
    "check": ["check", str(EXAMPLES / "house-en.txt")],
    "check --json": ["check", str(EXAMPLES / "house-en.txt"), "--json"],
    "word": ["word", "house", "zzz"],
    "solve": ["solve", "CATDOG"],
    "stats": ["stats"],
    "--help": ["--help"],
    "play --headless": ["play", "--headless", "--bots", "2", "--seed", "1", "--rounds", "1"],
}


def run_shell(
    args: list[str], redirect: str, tmp_path: Path, shell: str = "/bin/sh"
) -> subprocess.CompletedProcess[str]:
    """``python -m mixmo ARGS REDIRECT`` run by the shell (``>&-`` closes the output:
    Python's subprocess cannot), with empty data and configuration folders."""
    command = shlex.join([sys.executable, "-m", "mixmo", *args]) + " " + redirect
    env = {
        **os.environ,
        "MIXMO_DATA_DIR": str(tmp_path / "data"),
        "MIXMO_CONFIG_DIR": str(tmp_path / "config"),
        "LANGUAGE": "en",
    }
    return subprocess.run(
        [shell, "-c", command],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_closed_output_is_one_line_and_exit_2(name: str, tmp_path: Path) -> None:
    done = run_shell(COMMANDS[name], ">&-", tmp_path)
    assert done.stderr == "mixmo: error: cannot write to standard output (it is closed)\n"
    assert done.returncode == 2


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_full_output_is_one_line_and_exit_2(name: str, tmp_path: Path) -> None:
    done = run_shell(COMMANDS[name], ">/dev/full", tmp_path)
    assert done.stderr == (
        "mixmo: error: cannot write to standard output (No space left on device)\n"
    )
    assert done.returncode == 2


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_output_is_said_in_the_interface_language(tmp_path: Path) -> None:
    done = run_shell(["--ui", "fr", "word", "house"], ">/dev/full", tmp_path)
    assert done.stderr.startswith("mixmo : erreur : impossible d'écrire sur la sortie standard (")
    assert done.returncode == 2


@pytest.mark.skipif(not Path("/bin/bash").exists(), reason="needs bash")
@pytest.mark.parametrize("name", ["check", "word", "--help", "many words"])
def test_a_reader_that_has_gone_ends_the_command_quietly(name: str, tmp_path: Path) -> None:
    """Output into ``| true``, a reader that has gone before the first line."""
    words = tmp_path / "words.txt"
    words.write_text("house\n" * 200_000)
    args = ["word", "-"] if name == "many words" else COMMANDS[name]
    done = run_shell(
        args,
        f"<{shlex.quote(str(words))} | true; exit ${{PIPESTATUS[0]}}",
        tmp_path,
        shell="/bin/bash",
    )
    assert (done.returncode, done.stderr) == (1, "")


def test_an_output_that_takes_the_report_is_not_reported(tmp_path: Path) -> None:
    done = run_shell(COMMANDS["check"], f">{shlex.quote(str(tmp_path / 'out.txt'))}", tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    assert "✓ VALID" in (tmp_path / "out.txt").read_text()


def test_a_full_disk_elsewhere_is_not_said_to_be_the_outputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error writing another file, while standard output takes writes, is left to
    whoever reports that file's errors."""
    import errno

    from mixmo.cli.output import output_lost

    with open(tmp_path / "out.txt", "w") as output:
        monkeypatch.setattr(sys, "stdout", output)
        output.write("the report")
        assert output_lost(OSError(errno.ENOSPC, "No space left on device")) is None
    assert (tmp_path / "out.txt").read_text() == "the report"
