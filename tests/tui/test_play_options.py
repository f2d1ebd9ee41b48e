"""`mixmo play`'s seats: people and bots, each mistake one plain sentence."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("MIXMO_CONFIG_DIR", str(tmp_path / "config"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--names", "Ann"], "--names needs 2 to 6 names, one per seat, comma-separated; it gives 1"),
        (["--names", "A,B,C,D,E,F,G"], "--names needs 2 to 6 names, one per seat, comma-separated; it gives 7"),
        (["--players", "3", "--names", "Ann,Bob"], "--names gives 2 names for 3 players"),
        (["--players", "2", "--bots", "2"], "--players 2 --bots 2 leaves no seat for a person: use --bots 1, or --headless to watch bots play"),
        (["--players", "3", "--bots", "4"], "--bots 4 is more than the 3 players"),
    ],
)  # fmt: skip
def test_seat_mistakes_are_one_plain_sentence(mixmo, args: list[str], message: str) -> None:
    run = mixmo("play", *args)
    assert run.code == 2
    assert run.err.strip() == f"mixmo: error: {message}"


def test_help_says_how_players_and_bots_combine(mixmo) -> None:
    text = " ".join(mixmo("play", "--help").out.split())
    assert "--players counts every seat; --bots N gives the last N of them to bots" in text
    assert "`--players 4 --bots 2` is two people and two bots" in text
