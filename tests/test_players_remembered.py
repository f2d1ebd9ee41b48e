"""Players: their names asked once and remembered, and `mixmo stats` per name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mixmo.data.records import Run, record


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MIXMO_CONFIG_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def tables(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """The names at the table of each game `mixmo play` would start on a terminal."""
    from mixmo.cli import terminal
    from mixmo.tui.app import MixmoApp

    games: list[tuple[str, ...]] = []
    monkeypatch.setattr(terminal, "require_terminal", lambda *args, **kwargs: None)
    monkeypatch.setattr(MixmoApp, "run", lambda self: games.append(self.table.options.players))
    return games


@pytest.fixture
def at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from mixmo.cli import terminal

    monkeypatch.setattr(terminal, "is_a_tty", lambda stream: True)


def test_names_are_asked_once_then_offered_again(
    mixmo, data: Path, tables: list[tuple[str, ...]], at_a_terminal: None
) -> None:
    first = mixmo("play", "--seed", "3", stdin="Zoé\nLuc\n")
    assert first.code == 0, first.err
    assert "Name of player 1" in first.out and "Name of player 2" in first.out
    again = mixmo("play", "--seed", "3", stdin="n\n")  # a new game; no name asked
    assert again.code == 0, again.err
    assert "Name of player" not in again.out
    assert tables == [("Zoé", "Luc"), ("Zoé", "Luc")]
    assert json.loads((data / "players.json").read_text())["names"] == ["Zoé", "Luc"]


def test_names_given_with_names_are_remembered_for_the_next_game(
    mixmo, data: Path, tables: list[tuple[str, ...]], at_a_terminal: None
) -> None:
    assert mixmo("play", "--seed", "3", "--names", "Ann,Bob").code == 0
    run = mixmo("play", "--seed", "3", "--bots", "1", stdin="n\n")
    assert run.code == 0 and "Name of player" not in run.out
    assert tables == [("Ann", "Bob"), ("Ann", "Bot 1")]


def test_a_name_played_again_in_another_case_is_remembered_once(
    mixmo, data: Path, tables: list[tuple[str, ...]], at_a_terminal: None
) -> None:
    assert mixmo("play", "--seed", "3", "--names", "ann,Bob").code == 0
    assert mixmo("play", "--seed", "3", "--names", "Ann", "--bots", "1").code == 0
    assert json.loads((data / "players.json").read_text())["names"] == ["Ann", "Bob"]
    run = mixmo("play", "--seed", "3", stdin="n\n")
    assert run.code == 0, run.err
    assert tables[-1] == ("Ann", "Bob")


def test_a_remembered_file_naming_one_player_twice_still_starts_the_game(
    mixmo, data: Path, tables: list[tuple[str, ...]], at_a_terminal: None
) -> None:
    (data / "players.json").write_text('{"version": 1, "names": ["Ann", "ann ", "Bob"]}')
    run = mixmo("play", "--seed", "3", stdin="n\n")
    assert run.code == 0, run.err  # not "two players cannot have the same name"
    assert tables == [("Ann", "Bob")]


def test_without_a_terminal_to_ask_the_names_are_the_defaults(
    mixmo, data: Path, tables: list[tuple[str, ...]]
) -> None:
    assert mixmo("play", "--seed", "3").code == 0
    assert tables == [("Player 1", "Player 2")]
    assert not (data / "players.json").exists()


def test_practice_records_the_remembered_name(data: Path) -> None:
    from mixmo.data.players import remember_names
    from mixmo.tui.practice import practising_player

    assert practising_player() == "You"
    remember_names(["Zoé", "Luc"])
    assert practising_player() == "Zoé"


def test_stats_show_one_player_s_records(mixmo, data: Path) -> None:
    for player, seconds in (("Zoé", 95.0), ("Luc", 80.0)):
        record(Run("practice", "2026-11-29T10:00:00", player, "fr", 6, "classic", "5", seconds,
                   20, won=True))  # fmt: skip
        record(Run("game", "2026-11-29T11:00:00", player, "fr", 2, "classic", "7", 300.0, 60))
    both = mixmo("stats")
    assert "Zoé" in both.out and "Luc" in both.out
    zoe = mixmo("stats", "--player", "Zoé")
    assert zoe.code == 0, zoe.err
    assert "Zoé" in zoe.out and "Luc" not in zoe.out
    assert "1:35" in zoe.out and "1:20" not in zoe.out, "Zoé's best, not Luc's"
    data_out = json.loads(mixmo("stats", "--player", "Luc", "--json").out)
    assert {run["player"] for run in data_out["recent"]} == {"Luc"}
