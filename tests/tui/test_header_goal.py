"""The header names the match's goal in good English: one point is "1 pt", not "1 pts"."""

from __future__ import annotations

from pathlib import Path

from mixmo.engine.lexicon import embedded
from mixmo.tui.tutorial import TutorialApp
from tests.tui.helpers import FakeClock, make_app


def header(app) -> str:
    return str(app.query_one("#header").render())


async def test_the_tutorial_header_says_to_1_pt_not_to_1_pts(tmp_path: Path) -> None:
    app = TutorialApp(
        embedded("en"),
        "en",
        progress_path=tmp_path / "tutorial.json",
        teacher_delay=0.5,
        clock=FakeClock(),
    )
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert "· to 1 pt ·" in header(app)


async def test_a_match_to_several_points_says_pts() -> None:
    app, _clock = make_app(2, target=200)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "· to 200 pts ·" in header(app)
