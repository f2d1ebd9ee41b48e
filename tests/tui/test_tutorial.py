"""`mixmo tutorial`, walked through with keys the way a learner does."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import embedded
from mixmo.engine.solver import solve
from mixmo.engine.tiles import TileKind
from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.tui.lessons import LEARNER, LESSONS, Progress
from mixmo.tui.modals import ConfirmScreen
from mixmo.tui.round_dialogs import ThemeScreen
from mixmo.tui.tutorial import TutorialApp
from tests.tui.helpers import KEY_NAMES, FakeClock

SIZE = (100, 34)


def tutorial(tmp_path: Path, language: str = "en", **options: object) -> TutorialApp:
    return TutorialApp(
        embedded(language),
        language,
        progress_path=tmp_path / "tutorial.json",
        teacher_delay=0.5,
        clock=FakeClock(),
        **options,  # type: ignore[arg-type]
    )


def panel(app: TutorialApp) -> str:
    return str(app.query_one("#lesson").render())


def answer(app: TutorialApp) -> Grid:
    """The grid a learner who read the rules would build (the solver's)."""
    player = app.game.round.player(LEARNER)
    tiles = [*player.rack, *player.grid.tiles()]
    found = solve(tiles, app.game.lexicon, app.game.variant, budget=None, work=400_000)
    assert found.solved
    return found.grid.normalized()


async def type_grid(app: TutorialApp, pilot, grid: Grid) -> None:
    """Move the cursor with the arrows and type each tile, as on the keyboard."""
    for (row, col), tile in sorted(grid.items()):
        at_row, at_col = app.panes[LEARNER].cursor
        keys = ["down"] * (row - at_row) + ["up"] * (at_row - row)
        keys += ["right"] * (col - at_col) + ["left"] * (at_col - col)
        symbol = "?" if tile.kind is TileKind.JOKER else tile.symbol
        keys.append(KEY_NAMES.get(symbol, symbol.lower()))
        await pilot.press(*keys)
    await pilot.pause()


async def until(check: Callable[[], object], pilot, seconds: float = 30.0) -> None:
    """Let the app run until ``check()`` holds (the deadline only ends a hung test)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await pilot.pause(0.05)


async def learn(app: TutorialApp, pilot, key: str) -> None:
    if key == "bandit":
        from tests.test_lessons import theme_grid

        assert isinstance(app.screen, ThemeScreen)
        await pilot.press(*"animals", "enter")
        await pilot.pause()
        await type_grid(app, pilot, theme_grid(app.game))  # an animal on the grid
        return
    if key == "hasty":
        # The teacher frees the learner teacher_delay seconds (real time) after the lock: on
        # a loaded machine that can pass before the key's press returns, so the lock is
        # looked at as the screen showed it, right after the key, and the teacher's MIXMO
        # is waited for, not slept for.
        shown: list[tuple[bool, bool]] = []
        stop = app.table.watch(
            lambda: shown.append(
                (
                    app.game.round.player(LEARNER).locked,
                    app.pane_widgets[LEARNER].has_class("locked"),
                )
            )
        )
        await pilot.press("f5")
        assert shown[0] == (True, True)  # the hasty call locks the learner, on the screen too
        await until(lambda: not app.game.round.player(LEARNER).locked, pilot)
        stop()
        assert shown[-1] == (False, False)  # the teacher's MIXMO freed the learner
        return
    if key == "sprint":
        from mixmo.tui.round_dialogs import SprintScreen

        await until(lambda: isinstance(app.screen, SprintScreen), pilot)
        screen = app.screen
        assert isinstance(screen, SprintScreen)
        unfinished = next(v for v in app.game.check_grid(LEARNER).words if not v.valid)
        wanted = [cells for _label, cells in screen.choices].index(tuple(unfinished.word.cells))
        await pilot.press(*["down"] * wanted, "enter")  # the whole unfinished word
        await pilot.pause()
        return
    if key == "hasty-final":
        await pilot.press("f5")  # tiles still on the rack: -20
        await pilot.pause()
        return
    if key == "final":
        await pilot.press("f8")  # the grid built during the round, taken apart and rebuilt
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    if key == "stuck":
        await pilot.press("f6")  # the teacher says so too, after its pause: 2 tiles each
        await until(lambda: len(app.game.round.player(LEARNER).rack) == 8, pilot)
    if key == "hint":
        from mixmo.engine.hint_cost import HINT_COST

        await pilot.press("f3", "f3")  # the first press tells the cost, the second takes it
        await until(lambda: app.game.round.player(LEARNER).hint_until is not None, pilot)
        app.clock.now += HINT_COST + 1  # type: ignore[attr-defined]
    await type_grid(app, pilot, answer(app))
    if key == "final":
        await pilot.press("f5")
        await pilot.pause()
        return
    if key in ("mixmo", "simultaneous"):
        await pilot.press("f5")
        await pilot.pause()
        await pilot.press("f8")  # take the grid apart (asks first) and build it anew
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await type_grid(app, pilot, answer(app))


async def test_the_whole_tutorial_is_walked_with_keys_and_each_lesson_is_judged(
    tmp_path: Path,
) -> None:
    app = tutorial(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for number, lesson in enumerate(LESSONS, start=1):
            assert f"Lesson {number} of {len(LESSONS)}" in panel(app)
            if lesson.key != "sprint":  # (there Enter is the sprint dialog's answer)
                await pilot.press("enter")  # not learnt yet: Enter does not skip the lesson
                await pilot.pause()
            assert app.lesson.key == lesson.key and "Learnt" not in panel(app)
            await learn(app, pilot, lesson.key)
            assert "✓ Learnt!" in panel(app), lesson.key
            saved = json.loads((tmp_path / "tutorial.json").read_text())
            assert lesson.key in saved["learnt"]
            await pilot.press("enter")
            await pilot.pause()
    assert app.finished
    assert Progress(tuple(json.loads((tmp_path / "tutorial.json").read_text())["learnt"])) == (
        Progress(tuple(lesson.key for lesson in LESSONS))
    )


async def test_the_tutorial_resumes_at_the_first_lesson_not_learnt(tmp_path: Path) -> None:
    app = tutorial(tmp_path, progress=Progress(("place", "mixmo")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.lesson.key == "hasty"
        assert "Lesson 3 of 13: A hasty call" in panel(app)


async def test_leaving_asks_first_and_keeps_what_was_learnt(tmp_path: Path) -> None:
    app = tutorial(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_grid(app, pilot, answer(app))
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
    assert json.loads((tmp_path / "tutorial.json").read_text())["learnt"] == ["place"]


async def test_the_scoring_lesson_shows_what_the_grid_scores_as_it_grows(tmp_path: Path) -> None:
    app = tutorial(tmp_path, lesson=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.lesson.key == "scoring"
        assert "Your grid would score" in panel(app)


@pytest.fixture
def french_screen():
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


async def test_the_french_tutorial_speaks_french_and_deals_french_words(
    tmp_path: Path, french_screen: None
) -> None:
    app = tutorial(tmp_path, language="fr")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Leçon 1 sur 13 : Poser ses tuiles" in panel(app)
        await type_grid(app, pilot, answer(app))
        assert "✓ Appris ! Entrée : leçon suivante (MIXMO et les tuiles piochées)." in panel(app)
