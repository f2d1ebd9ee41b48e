"""The header names the match's goal in good English: one point is "1 pt", not "1 pts"."""

from __future__ import annotations

from tests.tui.helpers import make_app


def header(app) -> str:
    return str(app.query_one("#header").render())


async def test_a_match_to_1_point_says_to_1_pt_not_to_1_pts() -> None:
    app, _clock = make_app(2, target=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "· to 1 pt ·" in header(app)


async def test_a_match_to_several_points_says_pts() -> None:
    app, _clock = make_app(2, target=200)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "· to 200 pts ·" in header(app)
