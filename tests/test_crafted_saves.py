"""A saved game made by hand to hurt: a tile a trillion columns away is refused at load.

Before the board had a reach, such a save replayed a tile at (0, 10^12) and the screen
spent its time drawing the width between it and the others: `mixmo play --resume` hung.
Now the save is refused in one line, exit 2, before any screen opens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mixmo.data.storage import load_game, save_game
from mixmo.engine import actions as a
from mixmo.engine.game import Game
from mixmo.engine.options import MatchOptions
from mixmo.engine.save import GameFileError, dumps, load


def crafted_save(path: Path, col: int) -> None:
    """A real save of a new game, its log one `place` of Ann's first tile at ``col``."""
    game = Game(MatchOptions(players=("Ann", "Bob"), seed=3))
    save_game(game, path)
    data = json.loads(path.read_text())
    symbol = game.state.round.player(0).rack[0].symbol
    data["actions"] = [
        {"kind": "place", "seat": 0, "symbol": symbol, "row": 0, "col": col, "at": 1}
    ]
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("col", [3_000_000, 10**12])
def test_a_save_with_a_tile_past_the_board_s_reach_is_refused_at_load(
    tmp_path: Path, col: int
) -> None:
    path = tmp_path / "autosave.json"
    crafted_save(path, col)
    with pytest.raises(GameFileError, match="col"):
        load_game(path)


def test_resuming_such_a_save_is_one_line_and_exit_2(mixmo, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    crafted_save(tmp_path / "autosave.json", 10**12)
    run = mixmo("play", "--resume")
    assert run.code == 2
    assert len(run.err.strip().splitlines()) == 1
    assert "damaged saved game" in run.err and "Traceback" not in run.err


def test_a_save_whose_action_kind_is_a_line_break_is_refused_in_one_line() -> None:
    """The validator quotes what it refused: a control character in it is written as an
    escape, so the refusal stays one line (found by the save fuzzer)."""
    game = Game(MatchOptions(players=("Ann", "Bob"), seed=7))
    rack = game.round.player(0).rack
    game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=rack[0].symbol))
    data = json.loads(dumps(game))
    data["actions"][0]["kind"] = "\n"
    with pytest.raises(GameFileError) as refused:
        load(json.dumps(data))
    assert "\n" not in str(refused.value)
    assert "Input tag '\\n'" in str(refused.value)
