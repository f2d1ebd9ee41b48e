"""During a match at a server, a pane says when its player is away (lost the
connection), and stops saying it once they are back. Real server on loopback; Bob's
screen read as it is drawn."""

from __future__ import annotations

from pathlib import Path

from mixmo.net.client import GameClient
from mixmo.net.remote_table import RemoteTable
from mixmo.tui.app import MixmoApp
from tests.net.test_remote_seat import ann_and_bob, seated, until
from tests.net.test_watcher_screen import pane_text


async def test_a_player_who_lost_the_connection_is_marked_away_on_their_pane(
    tmp_path: Path,
) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.bob.started)
        app = MixmoApp(seats.bob)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "AWAY" not in pane_text(app, 0)
            await seats.ann.client.close()
            await until(lambda: "AWAY" in pane_text(app, 0), pilot)
            assert "AWAY" not in pane_text(app, 1)
            ann = await seated(seats.url, seats.code, "Ann", tmp_path)
            try:
                await until(lambda: "AWAY" not in pane_text(app, 0), pilot)
            finally:
                await ann.client.close()


async def test_a_screen_opened_while_a_player_is_away_marks_them_at_once(
    tmp_path: Path,
) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.bob.started)
        await seats.ann.client.close()
        await until(lambda: not seats.bob.connected(0))
        await seats.bob.client.close()  # Bob's window closes; he joins again
        bob = await seated(seats.url, seats.code, "Bob", tmp_path)
        try:
            app = MixmoApp(bob)
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                assert "AWAY" in pane_text(app, 0) and "AWAY" not in pane_text(app, 1)
        finally:
            await bob.client.close()


async def test_a_watcher_sees_who_is_away(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        watcher = GameClient(seats.url)
        await watcher.connect(seats.code)
        await watcher.watch(seats.code)
        table = RemoteTable(watcher)
        await until(lambda: table.started)
        app = MixmoApp(table)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "AWAY" not in pane_text(app, 1)
            await seats.bob.client.close()
            await until(lambda: "AWAY" in pane_text(app, 1), pilot)
            assert "AWAY" not in pane_text(app, 0)
        await watcher.close()
