"""Online, the keys shown are the keys that work: a seat's F1 lists no hot-seat key, and
a watcher's key bar offers no move."""

from __future__ import annotations

from pathlib import Path

from mixmo.net.client import GameClient
from mixmo.net.remote_table import RemoteTable
from mixmo.tui.app import MixmoApp
from mixmo.tui.modals import HelpScreen
from tests.net.test_remote_seat import ann_and_bob, until
from tests.tui.helpers import screen_text, settle


def key_bar(app: MixmoApp) -> str:
    return screen_text(app).splitlines()[-1]


async def test_a_seat_s_help_lists_no_hot_seat_key(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.bob.started)
        app = MixmoApp(seats.bob)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("f1")
            await until(lambda: isinstance(app.screen, HelpScreen), pilot)
            keys = dict(app.commands.help_keys())
            assert "1 ... 6" not in keys and "click a pane" not in keys
            assert "tab" not in keys and "shift+tab" not in keys
            assert "f5" in keys and "mouse" in keys


async def test_a_watcher_s_key_bar_offers_no_mixmo_and_no_hint(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        watcher = GameClient(seats.url)
        await watcher.connect(seats.code)
        await watcher.watch(seats.code)
        table = RemoteTable(watcher)
        await until(lambda: table.started)
        app = MixmoApp(table)
        async with app.run_test(size=(140, 45)) as pilot:
            await until(lambda: "Quit" in key_bar(app), pilot)
            bar = key_bar(app)
            assert "MIXMO!" not in bar and "Hint" not in bar and "Stuck" not in bar, bar
            assert "Help" in bar
            keys = dict(app.commands.help_keys())
            assert "f5" not in keys and "f3" not in keys
        await watcher.close()
