"""MixUp's Q while saving fails: it asks first, says the moves will be lost and
why, tries to save once more, and a quit anyway is said in the shell; while saving works
Q still quits at once (the game is saved after every move)."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.mixup import MixUpGame
from mixmo.mixup.save import Seating
from mixmo.tui.mixup.app import MixUpApp
from mixmo.tui.mixup.modals import ConfirmScreen
from mixmo.tui.mixup.saves import load
from tests.tui.helpers import burst, settle

SIZE = (80, 26)


class Disk:
    """The save's disk, full until freed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from mixmo.tui.mixup import app as mixup_app

        self.full = True
        real = mixup_app.save

        def save(*args: object, **kwargs: object) -> None:
            if self.full:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(mixup_app, "save", save)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    return Disk(monkeypatch)


@pytest.fixture
def french_screen() -> Iterator[None]:
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


def new_app(tmp_path: Path) -> MixUpApp:
    path = tmp_path / "mixup-autosave.json"
    return MixUpApp(MixUpGame(), Seating("Ann", "Bob"), save_path=path, animate_drops=False)


def question(app: MixUpApp) -> str:
    assert isinstance(app.screen, ConfirmScreen), "Q asks before quitting"
    return app.screen.question


async def test_q_while_the_disk_is_full_asks_and_no_plays_on(tmp_path: Path, disk: Disk) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "1", "enter")  # a move that cannot be saved
        await settle(pilot)
        burst(app, "q")
        await settle(pilot)
        text = question(app)
        assert "could not be saved" in text and "the disk is full" in text
        assert str(app.save_path) in text and "will be lost if you quit" in text
        burst(app, "q", "n")  # Q again does not stack a second question; N plays on
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.is_running and len(app.game.state.moves) == 1
        disk.full = False  # the player frees the disk
        burst(app, "q")  # Q saves once more, and quits at once when that works
        await settle(pilot)
    assert app.return_code == 0
    game, _seating = load(tmp_path / "mixup-autosave.json")
    assert len(game.state.moves) == 1, "the move made while the disk was full is kept"


async def test_quitting_anyway_while_the_disk_is_full_says_so_in_the_shell(
    tmp_path: Path, disk: Disk
) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "1", "enter")
        await settle(pilot)
        burst(app, "q", "y")  # Q and its answer in one burst
        await settle(pilot)
    assert app.return_code == 1, "a game lost is never exit 0"
    assert not (tmp_path / "mixup-autosave.json").exists()


async def test_q_quits_at_once_while_saving_works(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "1", "enter")
        await settle(pilot)
        burst(app, "q")
        await settle(pilot)
    assert app.return_code == 0
    game, _seating = load(tmp_path / "mixup-autosave.json")
    assert len(game.state.moves) == 1


async def test_the_quit_question_in_french(tmp_path: Path, disk: Disk, french_screen: None) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "1", "enter")
        await settle(pilot)
        burst(app, "ctrl+q")
        await settle(pilot)
        text = question(app)
        assert text.startswith("Quitter ? Les derniers coups n'ont pas pu être sauvegardés")
        assert "le disque est plein" in text


async def test_q_typed_right_after_a_move_quits_after_it_not_before(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "1", "enter", "q")  # the drop and Q in one burst, as over SSH
        await settle(pilot)
    assert app.return_code == 0
    game, _seating = load(tmp_path / "mixup-autosave.json")
    assert len(game.state.moves) == 1, "the move typed before Q is played and saved"


async def test_n_and_its_answer_in_one_burst_start_a_new_game_keeping_the_old(
    tmp_path: Path,
) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "1", "enter", "2", "enter", "n", "y", "3", "enter")
        await settle(pilot)
        assert [m.column for m in app.game.state.moves] == [3], "the new game's first move"
    kept, _seating = load(tmp_path / "mixup-unfinished-1.json")
    assert [m.column for m in kept.state.moves] == [1, 2]
