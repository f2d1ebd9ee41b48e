"""The room's host plays the host's controls from the screen: Ctrl+P opens the "Table"
dialog, to pause the match or let it run on, and to free an away player's seat or give
it to a bot; everyone's screen shows what came of it. Real server on loopback, the
apps in-process as `mixmo join` runs them."""

from __future__ import annotations

from pathlib import Path

from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.net.client import GameClient
from mixmo.net.remote_table import RemoteTable
from mixmo.tui.app import MixmoApp
from mixmo.tui.host_controls import HostScreen
from mixmo.tui.modals import HelpScreen
from tests.net.test_remote_seat import ann_and_bob, header, seated, until
from tests.net.test_watcher_screen import pane_text, screen_lines

SIZE = (120, 40)
HOST_HELP = (
    "ctrl+p",
    "the room's host: pause the match, free an away seat or give it to a bot",
)


def key_bar(app: MixmoApp) -> str:
    return screen_lines(app)[-1]


def dialog_text(app: MixmoApp) -> str:
    return "\n".join(screen_lines(app))


async def test_the_host_pauses_the_match_and_every_header_says_so(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.ann.started and seats.bob.started)
        ann_app, bob_app = MixmoApp(seats.ann), MixmoApp(seats.bob)
        async with ann_app.run_test(size=SIZE) as ann, bob_app.run_test(size=SIZE) as bob:
            await until(lambda: ann_app.seated and bob_app.seated, ann)
            await ann.press("ctrl+p")
            await until(lambda: isinstance(ann_app.screen, HostScreen), ann)
            assert "1  pause the match (for everyone)" in dialog_text(ann_app)
            await ann.press("1")
            await until(lambda: "the host paused the match" in header(bob_app), bob)
            await until(lambda: "the host paused the match" in header(ann_app), ann)
            assert ann_app.panes[0].message == "you paused the match"
            await ann.press("ctrl+p")
            await until(lambda: isinstance(ann_app.screen, HostScreen), ann)
            assert "1  resume the match" in dialog_text(ann_app)
            await ann.press("1")
            await until(lambda: "paused" not in header(bob_app), bob)
            await until(lambda: "paused" not in header(ann_app), ann)


async def test_only_the_host_has_the_table_key(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.ann.started and seats.bob.started)
        ann_app, bob_app = MixmoApp(seats.ann), MixmoApp(seats.bob)
        async with ann_app.run_test(size=SIZE) as ann, bob_app.run_test(size=SIZE) as bob:
            await until(lambda: ann_app.seated and bob_app.seated, ann)
            await bob.press("ctrl+p")
            await bob.pause(0.1)
            assert not isinstance(bob_app.screen, HostScreen)
            assert "^p Table" in key_bar(ann_app) and "Table" not in key_bar(bob_app)
            for app, pilot, listed in ((ann_app, ann, True), (bob_app, bob, False)):
                await pilot.press("f1")
                await until(lambda app=app: isinstance(app.screen, HelpScreen), pilot)
                help_screen = app.screen
                assert isinstance(help_screen, HelpScreen)
                assert (HOST_HELP in help_screen.keys) is listed


async def test_the_host_gives_an_away_player_s_seat_to_a_bot_and_the_pane_says_so(
    tmp_path: Path,
) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.ann.started)
        app = MixmoApp(seats.ann)
        async with app.run_test(size=SIZE) as pilot:
            await until(lambda: app.seated, pilot)
            await seats.bob.client.close()
            await until(lambda: "AWAY" in pane_text(app, 1), pilot)
            await pilot.press("ctrl+p")
            await until(lambda: isinstance(app.screen, HostScreen), pilot)
            shown = dialog_text(app)
            assert "2  free Bob's seat (the next player to join takes it)" in shown
            assert "3  give Bob's seat to a bot" in shown
            await pilot.press("3")
            await until(lambda: "BOT" in pane_text(app, 1), pilot)
            assert "AWAY" not in pane_text(app, 1)
            assert app.panes[0].message == "Bob's seat is played by a bot"


async def test_the_host_frees_an_away_seat_and_a_watcher_sees_it_free(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        watcher = GameClient(seats.url)
        await watcher.connect(seats.code)
        await watcher.watch(seats.code)
        table = RemoteTable(watcher)
        await until(lambda: seats.ann.started and table.started)
        ann_app, watcher_app = MixmoApp(seats.ann), MixmoApp(table)
        async with ann_app.run_test(size=SIZE) as ann, watcher_app.run_test(size=SIZE) as watch:
            await until(lambda: ann_app.seated and watcher_app.seated, ann)
            await seats.bob.client.close()
            await until(lambda: "AWAY" in pane_text(watcher_app, 1), watch)
            await ann.press("ctrl+p")
            await until(lambda: isinstance(ann_app.screen, HostScreen), ann)
            await ann.press("2")
            await until(lambda: "FREE" in pane_text(watcher_app, 1), watch)
            freed = "Bob's seat is free: the next player to join takes it"
            assert freed in header(watcher_app)
            await until(lambda: "FREE" in pane_text(ann_app, 1), ann)
            assert ann_app.panes[0].message == freed
            cy = await seated(seats.url, seats.code, "Cy", tmp_path)
            try:
                await until(lambda: "FREE" not in pane_text(watcher_app, 1), watch)
                assert "a new player takes Bob's seat" in header(watcher_app)
                assert "AWAY" not in pane_text(watcher_app, 1)
            finally:
                await cy.client.close()
        await watcher.close()


async def test_a_player_back_before_the_host_s_choice_keeps_the_seat_told_in_french(
    tmp_path: Path,
) -> None:
    saved = set_ui_language("fr")
    try:
        async with ann_and_bob(tmp_path) as seats:
            await until(lambda: seats.ann.started)
            app = MixmoApp(seats.ann)
            async with app.run_test(size=SIZE) as pilot:
                await until(lambda: app.seated, pilot)
                await seats.bob.client.close()
                await until(lambda: "ABSENT" in pane_text(app, 1), pilot)
                await pilot.press("ctrl+p")
                await until(lambda: isinstance(app.screen, HostScreen), pilot)
                assert "3  donner la place de Bob à un robot" in dialog_text(app)
                bob = await seated(seats.url, seats.code, "Bob", tmp_path)
                try:
                    await until(lambda: "ABSENT" not in pane_text(app, 1), pilot)
                    await pilot.press("3")
                    await until(lambda: app.panes[0].message.startswith("✗"), pilot)
                    assert app.panes[0].message == (
                        "✗ Bob n'est pas absent : seule la place d'un joueur absent "
                        "se libère ou se donne"
                    )
                    assert "ROBOT" not in pane_text(app, 1)
                finally:
                    await bob.client.close()
    finally:
        restore_ui_language(saved)
