"""What the app does once its first frame is drawn."""

from __future__ import annotations

from tests.tui.helpers import make_app, settle


async def test_the_first_frame_is_drawn_before_the_after_first_frame_hook_runs_once() -> None:
    """``mixmo play`` turns the garbage collector back on there: the hook must come after
    the panes are laid out and drawn, and only once however many frames follow."""
    app, _clock = make_app()
    seen: list[tuple[int, int]] = []

    def hook() -> None:
        pane = app.query_one("#pane-0")
        seen.append((pane.size.width, pane.size.height))

    app.after_first_frame = hook
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("a", "b", "tab")
        await settle(pilot)
    assert len(seen) == 1
    width, height = seen[0]
    assert width > 0 and height > 0
