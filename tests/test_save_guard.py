"""The save guard asks only about a game worth keeping, and keeps a bounded few backups."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.test_saved_game_prompt import saved_match


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MIXMO_CONFIG_DIR", str(tmp_path))
    return tmp_path


def test_a_saved_game_nobody_moved_in_is_not_asked_about(mixmo, data) -> None:
    saved_match(data, moves=0)
    run = mixmo("play", "--seed", "1", stdin="")  # no terminal: it stops after the guard
    assert "An unfinished game is saved" not in run.out
    assert "no answer" not in run.err
    assert not list(data.glob("autosave.previous*.json")), "nothing worth keeping"


def test_a_saved_game_with_one_move_is_still_asked_about(mixmo, data) -> None:
    saved_match(data, moves=1)
    run = mixmo("play", "--seed", "1", stdin="q\n")
    assert "An unfinished game is saved: round 1, Ann 0, Bob 0 (1 move)." in run.out


def test_starting_anew_again_and_again_keeps_a_few_old_games_not_all(mixmo, data) -> None:
    for _ in range(7):
        saved_match(data, moves=3)
        run = mixmo("play", "--seed", "1", stdin="n\n")
        assert "The old game is kept as" in run.out
    kept = sorted(p.name for p in data.glob("autosave.previous*.json"))
    assert "autosave.previous.json" in kept
    games = [name for name in kept if not name.endswith(".view.json")]
    assert len(games) == 3, kept  # the last one and the two kept before it
