"""``mixmo --help``, ``mixmo -h``, ``mixmo`` alone and ``mixmo --version``: the
group's help lists every command with its one-line help, in the interface
language, at any width. (How fast they start: benchmarks/startup.py.)"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import mixmo
from mixmo import i18n
from mixmo.cli import COMMANDS, UI_LANGUAGES


def mixmo_run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mixmo", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "100", **env},
        timeout=120,
    )


@pytest.mark.parametrize("args", [["--help"], ["-h"], []])
def test_the_help_lists_every_command_with_its_one_line_help(args: list[str]) -> None:
    done = mixmo_run(*args, LANGUAGE="en")
    assert done.returncode == (0 if args else 2)  # `mixmo` alone: bad usage, as click says
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "Usage: mixmo [OPTIONS] COMMAND [ARGS]..."
    assert "  Mixmo, the word-race tile game, in the terminal." in lines
    assert "  --ui [en|fr]  Language of the interface (default: your locale)." in lines
    for name, (_module, _function, short_help) in COMMANDS.items():
        assert any(line.split() == [name, *short_help.split()] for line in lines), name


def test_the_help_speaks_french() -> None:
    done = mixmo_run("--help", LANGUAGE="fr")
    assert done.returncode == 0
    assert done.stdout.startswith("Utilisation : mixmo [OPTIONS] COMMANDE [ARGUMENTS]...")
    assert "Afficher la version et quitter." in done.stdout
    saved = i18n.set_ui_language("fr")
    try:
        for name, (_module, _function, short_help) in COMMANDS.items():
            assert i18n._(short_help).split()[0] in done.stdout, name
    finally:
        i18n.restore_ui_language(saved)


@pytest.mark.parametrize("columns", ["20", "52", "300"])
def test_the_help_is_wrapped_to_the_terminal_but_lists_every_command(columns: str) -> None:
    done = mixmo_run("--help", LANGUAGE="en", COLUMNS=columns)
    assert done.returncode == 0
    width = max(min(int(columns), 80) - 2, 50)  # click's: at most 78, at least 50
    assert all(len(line) <= width for line in done.stdout.splitlines())
    for name in COMMANDS:
        assert f"  {name} " in done.stdout


def test_the_version() -> None:
    done = mixmo_run("--version")
    assert (done.returncode, done.stdout) == (0, f"mixmo, version {mixmo.__version__}\n")


def test_the_help_option_lists_the_interface_languages() -> None:
    assert UI_LANGUAGES == i18n.UI_LANGUAGES
