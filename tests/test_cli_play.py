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
        (["--names", "Ann,ann"], "two players cannot have the same name"),
        (["--names", "Ann,"], "a player's name cannot be blank"),
        (["--rounds", "3", "--points", "100"], "choose --rounds or --points, not both"),
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
