"""Each tutorial lesson stands on its own: one learner, no goal to tell, no news from
the lesson before, and progress kept per language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey

from mixmo.tui.lessons import LESSON_KEYS, LESSONS, lesson_named
from tests.tui.test_tutorial import learn, panel, tutorial, until

SIZE = (140, 40)


async def test_a_lesson_s_header_tells_no_goal_and_its_footer_offers_no_other_player(
    tmp_path: Path,
) -> None:
    app = tutorial(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        header = str(app.query_one("#header").render())
        keys = [str(key.key_display) for key in app.screen.query(FooterKey)]
        labels = [key.description for key in app.screen.query(FooterKey)]
    assert "to 1 pt" not in header and " pt" not in header, header
    assert "tab" not in keys and "shift+tab" not in keys, keys
    assert "Next" not in labels and "Prev" not in labels, labels


async def test_the_news_of_a_lesson_does_not_carry_over_to_the_next(tmp_path: Path) -> None:
    app = tutorial(tmp_path, lesson=LESSON_KEYS.index("hasty"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await learn(app, pilot, "hasty")
        await until(lambda: "✓ Learnt!" in panel(app), pilot)
        assert "MIXMO" in str(app.query_one("#header").render())  # the teacher's call, told
        await pilot.press("enter")
        await pilot.pause()
        assert app.lesson.key == "jokers"
        header = str(app.query_one("#header").render())
    assert "MIXMO!" not in header and "Hasty" not in header, header


def test_the_expert_lesson_says_a_two_letter_word_makes_the_grid_invalid() -> None:
    lesson = lesson_named("expert").lesson
    assert "makes the grid invalid" in lesson and "do not count as words" not in lesson


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The lessons the tutorial would start on a terminal: (language, first lesson)."""
    from mixmo.cli import terminal
    from mixmo.tui.tutorial import TutorialApp

    runs: list[object] = []
    monkeypatch.setattr(terminal, "require_terminal", lambda command: None)
    monkeypatch.setattr(TutorialApp, "run", lambda self: runs.append((self.language, self.index)))
    return runs


def test_lessons_learnt_in_english_leave_the_french_ones_to_learn(
    mixmo, data: Path, started: list[object]
) -> None:
    every = json.dumps({"version": 1, "learnt": list(LESSON_KEYS)})
    (data / "tutorial-en.json").write_text(every)
    assert "You have learnt all" in mixmo("tutorial", "--lang", "en").out
    run = mixmo("tutorial", "--lang", "fr")
    assert run.code == 0 and "appris" not in run.out
    assert started == [("fr", 0)]


def test_restart_forgets_only_the_current_language(
    mixmo, data: Path, started: list[object]
) -> None:
    some = json.dumps({"version": 1, "learnt": ["place", "mixmo"]})
    (data / "tutorial-en.json").write_text(some)
    (data / "tutorial-fr.json").write_text(some)
    assert mixmo("tutorial", "--lang", "fr", "--restart").code == 0
    assert json.loads((data / "tutorial-fr.json").read_text())["learnt"] == []
    assert json.loads((data / "tutorial-en.json").read_text())["learnt"] == ["place", "mixmo"]
    assert mixmo("tutorial", "--lang", "en").code == 0
    assert started == [("fr", 0), ("en", LESSON_KEYS.index("hasty"))]
    assert len(LESSONS) == len(LESSON_KEYS)
