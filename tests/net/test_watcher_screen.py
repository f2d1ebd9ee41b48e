"""A `--watch` screen holds no seat: no pane is marked ▶ and no grid draws a cursor.

The watcher's screen used to mark Ann's pane ▶ and draw the
typing cursor (the → after a cell) in her grid, as if the watcher sat there.
The screen is read as the watcher sees it: the text of every line drawn.
"""

from __future__ import annotations

from pathlib import Path

from mixmo.net.client import GameClient
from mixmo.net.remote_table import RemoteTable
from mixmo.tui.app import MixmoApp
from tests.net.test_remote_seat import SIZE, ann_and_bob, ann_place, grid_letters, until

CURSOR_MARKS = ("→", "↓")


def screen_lines(app: MixmoApp) -> list[str]:
    """The screen's text, one string a line, as the terminal shows it."""
    return [
        "".join(segment.text for segment in strip)
        for strip in app.screen._compositor.render_strips()
    ]


def pane_text(app: MixmoApp, seat: int) -> str:
    """What ``seat``'s pane shows, border and title included (its region of the screen)."""
    region = app.pane_widgets[seat].region
    lines = screen_lines(app)[region.y : region.y + region.height]
    return "\n".join(line[region.x : region.x + region.width] for line in lines)


async def test_a_watcher_s_screen_marks_no_pane_and_draws_no_cursor(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        watcher = GameClient(seats.url)
        await watcher.connect(seats.code)
        await watcher.watch(seats.code)
        table = RemoteTable(watcher)
        await until(lambda: table.started)
        letter = next(t.symbol for t in seats.ann.round.player(0).rack if t.symbol.isalpha())
        assert await seats.ann.apply(ann_place(letter)) is None
        app = MixmoApp(table)
        async with app.run_test(size=SIZE) as pilot:
            await until(lambda: grid_letters(app, 0) == {(0, 0): letter}, pilot)
            await pilot.pause()
            for _looked_at in range(2):  # Tab looks at the other pane: still no seat taken
                for seat, name in enumerate(("1. Ann", "2. Bob")):
                    shown = pane_text(app, seat)
                    assert name in shown and "▶" not in shown, shown
                    assert not any(mark in shown for mark in CURSOR_MARKS), shown
                    assert "type letters to place tiles" not in shown
                await pilot.press("tab")
                await pilot.pause()
        await watcher.close()


async def test_a_seat_s_own_screen_still_marks_its_pane_and_draws_its_cursor(
    tmp_path: Path,
) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.bob.started)
        app = MixmoApp(seats.bob)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            bob, ann = pane_text(app, 1), pane_text(app, 0)
            assert "▶ 2. Bob" in bob and "▶" not in ann
            assert sum(bob.count(mark) for mark in CURSOR_MARKS) == 1
            assert not any(mark in ann for mark in CURSOR_MARKS)
