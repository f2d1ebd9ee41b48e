"""`mixmo play`'s options: bad ones are one line and exit 2, before any screen opens."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("MIXMO_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--resume"], "no saved game to resume"),
        (["--players", "3", "--names", "Ann,Bob"], "--names gives 2 names for 3 players"),
        (["--players", "2", "--names", "Ann,Bob,Cid"], "--names gives 3 names for 2 players"),
        (["--bots", "6"], "--bots 6 leaves no seat for a person: at most 5 bots, or --headless"),
        (["--bots", "hard,hard,hard,hard,hard,hard"], "leaves no seat for a person: at most 5"),
        (
            ["--players", "4", "--bots", "1", "--names", "Ann,Bob"],
            "--names gives 2 names for 4 seats with --bots 1: name every seat (4 names) "
            "or only the people (3)",
        ),
        (["--bots", "5", "--names", "Ann,Bob"], "at most 6 seats in all"),
        (["--bots", "1", "--names", "A,B,C,D,E,F,G"], "--names needs 2 to 6 names"),
        (["--names", "Ann,ann"], "two players cannot have the same name"),
        (["--names", "Ann,"], "a player's name cannot be blank"),
        (["--rounds", "3", "--points", "100"], "choose --rounds or --points, not both"),
        (["--rounds-to-play", "3", "--points", "100"], "leave out --rounds and --points"),
        (["--players", "7"], "7 is not in the range 2<=x<=6"),
        (["--dict", "/no/such/list.txt"], "no such word list"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(mixmo, args: list[str], message: str) -> None:
    run = mixmo("play", *args)
    assert run.code == 2
    assert message in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_a_damaged_autosave_is_reported_not_a_crash(mixmo, private_folders) -> None:
    save = private_folders / "data" / "autosave.json"
    save.parent.mkdir(parents=True)
    save.write_text('{"format": "mixmo-game", "version": 1, "options": {}}')
    run = mixmo("play", "--resume")
    assert run.code == 2
    assert "autosave.json: damaged saved game" in run.err


def test_resume_refuses_options_that_change_who_sits_at_the_table(mixmo) -> None:
    run = mixmo("play", "--resume", "--bots", "2", "--level", "hard")
    assert run.code == 2
    assert run.err.strip().endswith(
        "--resume carries on the saved game with its own players and bots: "
        "leave out --bots, --level"
    )
    assert len(run.err.strip().splitlines()) == 1


# --- the commands that open a screen stop at once without a terminal ------------------


def run_without_terminal(tmp_path, *args: str, stdin_tty: bool = False):
    """`mixmo ARGS` as from a script: stdin /dev/null (or a terminal), stdout a pipe."""
    import os
    import pty
    import subprocess
    import sys

    env = {**os.environ, "MIXMO_DATA_DIR": str(tmp_path / "data"),
           "MIXMO_CONFIG_DIR": str(tmp_path / "config")}  # fmt: skip
    env.pop("FORCE_COLOR", None)
    env.pop("TTY_COMPATIBLE", None)
    leader, follower = pty.openpty() if stdin_tty else (None, None)
    try:
        return subprocess.run(
            [sys.executable, "-m", "mixmo", *args],
            stdin=follower if stdin_tty else subprocess.DEVNULL,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,  # it used to spin for ever
        )
    finally:
        for fd in (leader, follower):
            if fd is not None:
                os.close(fd)


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--seed", "3"],
        ["play", "--bots", "1", "--level", "expert"],
        ["practice", "--seed", "3"],
        ["tutorial"],
        ["mixup", "--seed", "3"],
        ["join", "ws://127.0.0.1:9/ACDEFG", "--name", "Ann"],  # refused before connecting
    ],
    ids=lambda args: " ".join(args),
)
def test_a_screen_command_with_stdin_not_a_terminal_stops_in_one_line(tmp_path, args) -> None:
    done = run_without_terminal(tmp_path, *args)
    assert done.returncode == 2
    assert done.stdout == ""  # no escape sequences written into the file
    [line] = done.stderr.strip().splitlines()
    assert f"standard input is not a terminal: mixmo {args[0]} reads keys from a terminal" in line


def test_play_with_output_not_a_terminal_stops_in_one_line(tmp_path) -> None:
    done = run_without_terminal(tmp_path, "play", "--seed", "3", stdin_tty=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        "mixmo: error: standard output is not a terminal: mixmo play draws its screen in a "
        "terminal (--headless plays bots only, without one)"
    )


def test_headless_play_needs_no_terminal(tmp_path) -> None:
    done = run_without_terminal(tmp_path, "play", "--headless", "--bots", "2", "--seed", "3",
                                "--points", "20", "--json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert '"winner"' in done.stdout


def test_bots_6_is_refused_in_the_game_s_words_in_french_too(mixmo, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("LANGUAGE", "fr")
    run = mixmo("play", "--bots", "6")
    assert run.code == 2
    assert "--bots 6 ne laisse aucune place" in run.err and "Tuple" not in run.err


def test_bots_without_players_leave_one_seat_for_a_person(tmp_path) -> None:
    """`--bots 2` is a person and two bots: it passes every seat check (and then asks for
    the terminal this test does not have)."""
    done = run_without_terminal(tmp_path, "play", "--bots", "2")
    assert "standard input is not a terminal" in done.stderr, done.stderr


def test_an_app_drawn_by_another_textual_driver_needs_no_terminal(monkeypatch) -> None:
    """textual-serve and `mixmo web` run each visitor's `mixmo join` over pipes with
    Textual's web driver (TEXTUAL_DRIVER): those pipes are its screen and keys."""
    from mixmo.cli.terminal import has_terminal

    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    assert not has_terminal()  # pytest's captured standard input is not a terminal
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert has_terminal()


def test_rounds_to_play_plays_that_many_rounds_and_the_most_won_wins(mixmo) -> None:
    """The French book's match form of option 1, in a bots' match: two rounds, then the
    player with the most rounds won (not the first to win five)."""
    import json

    run = mixmo("play", "--headless", "--bots", "2", "--rounds-to-play", "2", "--seed", "7",
                "--json")  # fmt: skip
    assert run.code == 0, run.err
    result = json.loads(run.out)
    assert result["rounds"] == 2
    won = {row["seat"]: row["rounds_won"] for row in result["standings"]}
    assert won[result["winner_seat"]] > max(w for s, w in won.items() if s != result["winner_seat"])
