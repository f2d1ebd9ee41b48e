"""Quitting asks first, from the board and from the round's score sheet, and the question
tells the truth about the save."""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.engine.lexicon import AnyWord
from mixmo.engine.state import Phase
from mixmo.storage import load_game
from mixmo.tui.app import MixmoApp
from mixmo.tui.modals import ConfirmScreen, ScoresScreen, VoteScreen
from tests.tui.helpers import burst, make_app, play_to_the_end, seed_where, settle

SIZE = (100, 30)


async def reach_the_round_scores(app: MixmoApp, pilot, clock) -> None:
    """Ann finishes round 1 and claims her word, Bob claims nothing, the table accepts."""
    await play_to_the_end(app, pilot, clock)
    await pilot.press("space", "enter")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, VoteScreen)
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, ScoresScreen)


@pytest.mark.parametrize("key", ["ctrl+q", "ctrl+c", "escape"])
async def test_the_round_scores_can_be_quit_with_the_usual_question(tmp_path: Path, key) -> None:
    path = tmp_path / "autosave.json"
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), save_path=path, target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await reach_the_round_scores(app, pilot, clock)
        burst(app, key)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen), f"{key} asks the quit question"
        assert "The game is saved" in str(app.screen.question)
        burst(app, "n")  # No: the score sheet is still there, the round not dealt
        await settle(pilot)
        assert isinstance(app.screen, ScoresScreen)
        assert app.table.phase is Phase.SCORED
        burst(app, key, "y")
        await settle(pilot)
    assert app.return_code == 0
    resumed = MixmoApp(load_game(path, lexicon=AnyWord(language="en")), save_path=path)
    async with resumed.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert resumed.table.phase is Phase.SCORED
        assert isinstance(resumed.screen, ScoresScreen), "resuming brings the score sheet back"
        burst(resumed, "enter")
        await settle(pilot)
        assert resumed.table.round.number == 2, "Enter deals the next round as before"
