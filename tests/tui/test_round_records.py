"""The records (``mixmo stats``) time each round from its own deal to its scores, and the
match from its start: the match's clock, kept in its state, not the screen's."""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.data import records
from mixmo.engine import actions as a
from mixmo.engine.state import Phase
from tests.game_helpers import win_a_round
from tests.tui.helpers import make_app, seed_where


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    return tmp_path


async def test_a_rounds_duration_is_from_its_own_start() -> None:
    app, clock = make_app(seed=seed_where(2, bandit_first=False), scoring="rounds", target=2)
    async with app.run_test(size=(120, 36)) as pilot:
        game = app.table.game  # the engine itself, driven directly
        first_end = win_a_round(game, 0.0)
        await pilot.pause()
        assert game.phase is Phase.SCORED
        game.apply(a.NextRound(seat=0, at=first_end + 40))  # the scores were read for 40 s
        second_end = win_a_round(game, first_end + 40)
        clock.now = second_end + 100  # the screen's clock runs on after the scores
        await pilot.pause()
        assert game.phase is Phase.MATCH_OVER
    runs = {(r.kind, r.seed.rsplit(" ", 1)[-1], r.player): r.seconds for r in records.recent()}
    assert runs[("round", "1", "Ann")] == first_end
    assert runs[("round", "2", "Ann")] == second_end - first_end - 40 < second_end
    game_runs = [seconds for (kind, _, _), seconds in runs.items() if kind == "game"]
    assert game_runs == [second_end, second_end], "the match: from its start to its end"
