"""Quitting asks first, from the board and from the round's score sheet, and the question
tells the truth about the save."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from mixmo.data.storage import load_game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.state import Phase
from mixmo.tui.app import MixmoApp
from mixmo.tui.modals import ConfirmScreen
from mixmo.tui.round_dialogs import ScoresScreen, VoteScreen
from tests.tui.helpers import burst, keys_for_rack, make_app, play_to_the_end, seed_where, settle

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


def saving_fails(monkeypatch: pytest.MonkeyPatch, why: int = errno.EROFS) -> None:
    """Every save of the game fails as on a read-only folder (or a full disk)."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise OSError(why, os.strerror(why))

    monkeypatch.setattr("mixmo.data.storage.save_game", refuse)


def question(app: MixmoApp) -> str:
    assert isinstance(app.screen, ConfirmScreen)
    return app.screen.question


async def test_while_saving_fails_the_quit_question_says_the_moves_will_be_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "autosave.json"
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        saving_fails(monkeypatch)
        burst(app, *keys_for_rack(app, 0)[:1])  # a letter: the toast says saving failed
        await settle(pilot)
        clock.now += 30  # the toast has gone
        burst(app, "ctrl+q")
        await settle(pilot)
        text = question(app)
        assert "The game is saved" not in text
        assert "could not be saved" in text and "the folder is read-only" in text
        assert str(path) in text and "will be lost if you quit" in text
        burst(app, "n")  # No: the player frees the disk first
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmScreen)
        assert len(app.table.round.player(0).grid) == 1, "the move is still on the board"


async def test_once_saving_works_again_the_quit_question_is_the_usual_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "autosave.json"
    app, _clock = make_app(2, seed=seed_where(2, bandit_first=False), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        saving_fails(monkeypatch, errno.ENOSPC)
        burst(app, *keys_for_rack(app, 0)[:1])
        await settle(pilot)
        burst(app, "ctrl+q")
        await settle(pilot)
        assert "the disk is full" in question(app)
        burst(app, "n")
        await settle(pilot)
        monkeypatch.undo()  # the player freed the disk; no move since
        burst(app, "ctrl+q")
        await settle(pilot)
        assert "The game is saved" in question(app)
        burst(app, "y")
        await settle(pilot)
    assert app.return_code == 0
    resumed = load_game(path, lexicon=AnyWord(language="en"))
    assert len(resumed.round.player(0).grid) == 1, "the move made while saving failed is kept"


async def test_quitting_anyway_while_saving_fails_says_so_in_the_shell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "autosave.json"
    app, _clock = make_app(2, seed=seed_where(2, bandit_first=False), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        saving_fails(monkeypatch)
        burst(app, *keys_for_rack(app, 0)[:1], "ctrl+q")
        await settle(pilot)
        assert "will be lost" in question(app)
        burst(app, "y")
        await settle(pilot)
    assert app.return_code == 1
