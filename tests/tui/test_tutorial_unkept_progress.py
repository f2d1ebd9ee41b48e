"""The tutorial where its progress cannot be kept.

A data folder that cannot be written (a file where the folder should be, a
read-only disk) does not stop the tutorial: it starts at the first lesson, says
from the start that the progress is not kept, and its quit question no longer
promises that `mixmo tutorial` picks up where the learner stopped (as practice's
question says its run is not saved).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Static

from mixmo.engine.lexicon import embedded
from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.tui.modals import ConfirmScreen
from mixmo.tui.tutorial import TutorialApp
from tests.tui.helpers import FakeClock, screen_text
from tests.tui.test_tutorial import answer, type_grid
from tests.tui.tmux import kill, needs_tmux, tmux, wait_for

SIZE = (100, 34)
NOT_KEPT = "Your progress is not kept: a file stands where the folder should be."


def tutorial(progress_path: Path, language: str = "en") -> TutorialApp:
    return TutorialApp(
        embedded(language),
        language,
        progress_path=progress_path,
        teacher_delay=0.5,
        clock=FakeClock(),
    )


def a_file_for_a_folder(tmp_path: Path) -> Path:
    """``touch f; MIXMO_DATA_DIR=f``: the progress file's folder is a file."""
    (tmp_path / "f").write_text("")
    return tmp_path / "f" / "tutorial.json"


async def quit_question(app: TutorialApp, pilot) -> str:
    """ctrl+q, and the question the dialog shows."""
    await pilot.press("ctrl+q")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen)
    return str(app.screen.query_one(".heading", Static).render())


def dialog_text(screen: str) -> str:
    """The words inside the dialog's frame (``█ ... █`` on each row), wrapped lines joined."""
    inside = [line.split("█")[1] for line in screen.splitlines() if line.count("█") >= 2]
    return " ".join(" ".join(inside).split())


@pytest.fixture
def french_screen() -> Iterator[None]:
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


async def test_with_a_file_for_the_data_folder_the_tutorial_starts_and_says_progress_is_not_kept(
    tmp_path: Path,
) -> None:
    app = tutorial(a_file_for_a_folder(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.lesson.key == "place"
        shown = screen_text(app)
        assert "Lesson 1 of 13" in shown
        assert shown.count(NOT_KEPT) == 2  # the header, and under the lesson panel


async def test_its_quit_question_does_not_promise_to_pick_up_where_the_learner_stopped(
    tmp_path: Path,
) -> None:
    path = a_file_for_a_folder(tmp_path)
    app = tutorial(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_grid(app, pilot, answer(app))  # lesson 1 learnt: it cannot be saved
        question = await quit_question(app, pilot)
        assert "picks up where you stopped" not in question
        assert (
            f"Your progress cannot be kept in {path.parent} (a file stands where the folder "
            "should be): `mixmo tutorial` will not remember the lessons learnt this time."
        ) in question
        await pilot.press("y")
        await pilot.pause()
    assert not app.is_running
    assert (tmp_path / "f").read_text() == ""


async def test_a_writable_folder_still_promises_to_pick_up_and_keeps_its_word(
    tmp_path: Path,
) -> None:
    app = tutorial(tmp_path / "data" / "tutorial.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "not kept" not in screen_text(app)
        await type_grid(app, pilot, answer(app))
        question = await quit_question(app, pilot)
        assert "Leave the tutorial? `mixmo tutorial` picks up where you stopped." in question
    assert json.loads((tmp_path / "data" / "tutorial.json").read_text())["learnt"] == ["place"]


async def test_a_folder_that_fails_during_the_lesson_changes_the_quit_question(
    tmp_path: Path,
) -> None:
    """Writable at the start, a file in its place by the time the lesson is learnt."""
    folder = tmp_path / "data"
    app = tutorial(folder / "tutorial.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        os.rmdir(folder)
        folder.write_text("")
        await type_grid(app, pilot, answer(app))
        assert "✓ Learnt!" in screen_text(app)
        assert NOT_KEPT in screen_text(app)  # under the panel from now on
        question = await quit_question(app, pilot)
        assert "will not remember the lessons learnt this time" in question


async def test_the_french_quit_question_says_the_progress_cannot_be_kept(
    tmp_path: Path, french_screen: None
) -> None:
    app = tutorial(a_file_for_a_folder(tmp_path), language="fr")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Vos progrès ne sont pas gardés" in screen_text(app)
        question = await quit_question(app, pilot)
        assert "Vos progrès ne peuvent pas être gardés dans" in question
        assert "ne se souviendra pas des leçons apprises cette fois-ci" in question


@needs_tmux
def test_mixmo_tutorial_in_a_terminal_with_a_file_for_the_data_folder(tmp_path: Path) -> None:
    """The command itself, as a player runs it: it starts, says so, and asks truthfully on ctrl+q."""
    (tmp_path / "f").write_text("")
    session = f"mixmo-tutorial-unkept-{os.getpid()}"
    env = f"MIXMO_DATA_DIR={tmp_path / 'f'} MIXMO_CONFIG_DIR={tmp_path}"
    command = f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo tutorial"
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", command)
    try:
        screen = wait_for(session, lambda s: "Lesson 1 of 13" in s and "Rack" in s, timeout=40)
        assert NOT_KEPT in screen
        tmux("send-keys", "-t", session, "C-q")
        question = dialog_text(wait_for(session, lambda s: "Yes (y)" in s, timeout=40))
        # (the folder's path is left out: a long one may be cut where the dialog wraps)
        assert "Leave the tutorial? Your progress cannot be kept in " in question
        assert (
            "(a file stands where the folder should be): `mixmo tutorial` will not remember "
            "the lessons learnt this time. ▔"
        ) in question
        assert "picks up where you stopped" not in question
    finally:
        kill(session)
