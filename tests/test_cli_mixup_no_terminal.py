"""`mixmo mixup` without a terminal says how to play without one in MixUp's own words.

MixUp's screens, help and errors speak of "computer players" (Mixmo's speak of bots):
the one line that stops a MixUp game from a script must not switch to Mixmo's word.
"""

from __future__ import annotations

from tests.test_cli_play import run_without_terminal


def test_mixup_without_a_terminal_points_to_computer_against_computer(tmp_path) -> None:
    done = run_without_terminal(tmp_path, "mixup", "--seed", "3")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        "mixmo: error: standard input is not a terminal: mixmo mixup reads keys from a "
        "terminal (--headless --bots 2 plays computer against computer, without one)"
    )
    assert "bot" not in done.stderr.replace("--bots", "")


def test_mixup_without_a_terminal_in_french_says_ordinateur(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("LANGUAGE", "fr")
    done = run_without_terminal(tmp_path, "mixup", "--seed", "3", stdin_tty=True)
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.strip().splitlines()
    assert "--headless --bots 2 fait jouer l'ordinateur contre lui-même" in line, line
    assert "bot" not in line.replace("--bots", "")


def test_play_without_a_terminal_still_speaks_of_bots(tmp_path) -> None:
    done = run_without_terminal(tmp_path, "play", "--seed", "3")
    assert done.returncode == 2
    assert "(--headless plays bots only, without one)" in done.stderr
