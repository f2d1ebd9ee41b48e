"""Inside the game: an unfinished practice run is recorded but
never a personal best; each finished round of a match is recorded."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from mixmo.data import records
from mixmo.engine import actions as a
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.state import Phase
from mixmo.tui.practice import PracticeApp, practice_game
from tests.game_helpers import claim_first_words, lay_out, play_until_bag_is_empty
from tests.tui.helpers import FakeClock, keys_for_rack, make_app, seed_where


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    return tmp_path


async def test_a_run_that_ends_with_tiles_on_the_rack_is_no_personal_best(mixmo) -> None:
    game = practice_game(6, AnyWord(language="en"), seed=5, language="en", expert=False)
    clock = FakeClock()
    app = PracticeApp(game, clock=clock, now=lambda: datetime(2026, 11, 29, 10, 0))
    async with app.run_test(size=(100, 30)) as pilot:
        keys = keys_for_rack(app, 0)
        await pilot.press(*keys[:2])
        clock.now = 12.0
        app.finish()  # the round ends with tiles still on the rack
        await pilot.pause()
        assert app.result is not None and not app.result.won
    (stored,) = records.recent()
    assert stored.kind == "practice" and not stored.won
    assert records.personal_bests() == []
    assert "unfinished" in mixmo("stats").out


async def test_each_finished_round_of_a_match_is_recorded(mixmo) -> None:
    app, _ = make_app(seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=(120, 36)) as pilot:
        game = app.table.game  # the engine itself, driven directly
        at = play_until_bag_is_empty(game, caller=0)
        lay_out(game, 0, at)
        game.apply(a.CallMixmo(seat=0, at=at + 5))
        if game.phase is Phase.CLAIMING:
            claim_first_words(game)
        if game.phase is Phase.VOTING:
            game.apply(a.CloseVoting(seat=0))
        await pilot.pause()
        assert game.phase in (Phase.SCORED, Phase.MATCH_OVER)
    rounds = [r for r in records.recent() if r.kind == "round"]
    assert sorted((r.player, r.won) for r in rounds) == [("Ann", True), ("Bob", False)]
    assert "won," in mixmo("stats").out
