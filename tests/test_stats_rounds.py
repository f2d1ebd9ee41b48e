"""`mixmo stats` shows the rounds option's standings.

Rulebook, Option 1 (playing in rounds): a player whose grid has an error when they
finish first "is given a penalty of one round". The game's screens show it (the
round's dialog: "final MIXMO with an invalid grid: -1 round"); the records keep it
too, so `mixmo stats` no longer lists that round as a plain "lost, 0 pts", and a
match played to rounds says the rounds won that decided it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from mixmo.data import records
from mixmo.engine.options import ScoringMode
from mixmo.engine.state import Phase
from tests.game_helpers import play_until_bag_is_empty
from tests.tui.helpers import handled, make_app, wrong_final_mixmo_then_bob_wins

SIZE = (120, 36)
PENALTY = "lost, 0 pts, final MIXMO with an invalid grid: -1 round"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    return tmp_path


def stats(data: Path, *args: str, ui: str = "en") -> str:
    """`mixmo stats` as the player runs it, on a terminal wide enough for one line a result."""
    env = {**os.environ, "MIXMO_DATA_DIR": str(data), "COLUMNS": "200", "NO_COLOR": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "mixmo", "--ui", ui, "stats", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def result_of(table: str, kind: str, player: str) -> str:
    """The result cell of the first row of ``kind`` for ``player`` in `mixmo stats`' table."""
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.split("│")]
        if len(cells) > 3 and cells[2].split(" ")[0] == kind and cells[3] == player:
            return cells[-2]
    raise AssertionError(f"no {kind} row for {player}:\n{table}")


async def play_a_round_with_a_wrong_final_mixmo(target: int = 3) -> tuple[int, ...]:
    """Ann calls the final MIXMO with tiles on her rack (a round taken away), then Bob
    wins the round, with keys on the game's screen; the rounds won after it."""
    app, clock = make_app(
        2, seed=10, scoring=ScoringMode.ROUNDS, target=target, variant="free-spirit"
    )
    game = app.table.game
    at = play_until_bag_is_empty(game, caller=1)
    async with app.run_test(size=SIZE) as pilot:
        await wrong_final_mixmo_then_bob_wins(pilot, app, clock, at)
        assert game.phase in (Phase.SCORED, Phase.MATCH_OVER)
        await handled(app)  # the round is recorded once its scores are told
    return game.state.rounds_won


async def test_a_round_taken_away_is_shown_by_mixmo_stats(data: Path) -> None:
    assert await play_a_round_with_a_wrong_final_mixmo() == (-1, 1)
    table = stats(data)
    assert result_of(table, "round", "Ann") == PENALTY
    assert result_of(table, "round", "Bob").startswith("won, ")
    assert "-1 round" not in result_of(table, "round", "Bob")


async def test_the_json_of_mixmo_stats_has_each_round_s_change_in_rounds_won(data: Path) -> None:
    await play_a_round_with_a_wrong_final_mixmo()
    recent = json.loads(stats(data, "--json"))["recent"]
    assert {(run["player"], run["kind"], run["rounds"]) for run in recent} == {
        ("Ann", "round", -1),
        ("Bob", "round", 1),
    }


async def test_a_match_played_to_rounds_says_its_rounds_won(data: Path) -> None:
    """A match to 1 round won ends with Bob's round: the game records say 1 and -1."""
    assert await play_a_round_with_a_wrong_final_mixmo(target=1) == (-1, 1)
    table = stats(data)
    assert result_of(table, "game", "Bob").startswith("won, 1 round won, ")
    assert result_of(table, "game", "Ann").startswith("lost, -1 round, ")


def test_a_match_played_to_points_and_practice_keep_their_results(data: Path) -> None:
    """No rounds: the results read as before ("won, 45 pts", "12 tiles")."""
    common = {"language": "en", "table_size": 2, "variant": "classic", "seconds": 60.0}
    records.record_all(
        [
            records.Run(
                "round",
                "2026-11-01T10:00:00",
                "Ann",
                seed="1 round 1",
                tiles=20,
                won=True,
                score=45,
                **common,
            ),
            records.Run("practice", "2026-11-01T09:00:00", "You", seed="2", tiles=12, **common),
        ]
    )
    table = stats(data)
    assert result_of(table, "round", "Ann") == "won, 45 pts"
    assert result_of(table, "practice", "You") == "unfinished, 12 tiles"


def test_records_of_an_older_mixmo_gain_the_rounds_column_and_keep_their_rows(data: Path) -> None:
    """A version 2 database (before the rounds were kept) is migrated: its rows read as
    before, with no rounds."""
    with sqlite3.connect(data / "records.sqlite3") as connection:
        connection.executescript(
            records.MIGRATIONS[1] + records.MIGRATIONS[2] + "PRAGMA user_version = 2;"
        )
        connection.execute(
            "INSERT INTO runs (kind, finished_at, player, language, table_size, variant, seed,"
            " seconds, tiles, won, score) VALUES ('round', '2026-11-01', 'Ann', 'en', 2,"
            " 'classic', '1 round 1', 250, 20, 0, 0)"
        )
    connection.close()
    table = stats(data)
    assert result_of(table, "round", "Ann") == "lost, 0 pts"
    with sqlite3.connect(data / "records.sqlite3") as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 3
    connection.close()


def test_french_stats_say_the_round_taken_away_in_french(data: Path) -> None:
    common = {"language": "fr", "table_size": 2, "variant": "classic", "seconds": 60.0}
    records.record_all(
        [
            records.Run(
                "round",
                "2026-11-01T10:00:00",
                "Moi",
                seed="1 round 1",
                tiles=4,
                score=0,
                rounds=-1,
                **common,
            ),
            records.Run(
                "game",
                "2026-11-01T11:00:00",
                "Bob",
                seed="1",
                tiles=20,
                won=True,
                score=98,
                rounds=3,
                **common,
            ),
        ]
    )
    table = stats(data, ui="fr")
    assert (
        result_of(table, "manche", "Moi")
        == "perdu, 0 pts, MIXMO final avec une grille invalide : -1 manche"
    )
    assert result_of(table, "partie", "Bob") == "gagné, 3 manches gagnées, 98 pts"
