"""Every screen says what the table waits for, and until when.

A seat at a server whose opponent drew the Bandit saw "grids cannot change now" at
every key and nothing else: who is the table waiting for, and for how long? Now
its header says "waiting for Bob to choose a theme (0:45)", counting down on the
room's game time, and the same words come from the engine on every screen. At one
keyboard the header warns when the bag is empty that the next MIXMO ends the round."""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.engine.lexicon import AnyWord
from mixmo.engine.state import Phase
from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.net.protocol import RoomSettings
from mixmo.session.local import LocalTable
from mixmo.tui.app import MixmoApp
from mixmo.tui.round_dialogs import ScoresScreen
from mixmo.tui.wait_notice import wait_notice
from tests.game_helpers import lay_out, new_game, play_until_bag_is_empty, win_a_round
from tests.net.helpers import running_server, url_of
from tests.net.test_remote_seat import SIZE, opened, seated, until
from tests.tui.helpers import make_app

BOB_DRAWS_THE_BANDIT = 26
"""A two-player seed whose deal gives Bob (seat 1) the Bandit."""


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


def header(app: MixmoApp) -> str:
    return str(app.header.render())


async def test_anns_header_says_the_table_waits_for_bob_to_choose_a_theme(tmp_path: Path) -> None:
    async with running_server() as server:
        url = url_of(server)
        settings = RoomSettings(players=2, seed=BOB_DRAWS_THE_BANDIT, wait_seconds=40)
        code, ann = await opened(url, settings, tmp_path)
        bob = await seated(url, code, "Bob", tmp_path)
        try:
            await until(lambda: ann.started and bob.started)
            assert ann.phase is Phase.CHOOSING_THEME and ann.round.bandit_seat == 1
            app = MixmoApp(ann)
            async with app.run_test(size=SIZE) as pilot:
                await until(lambda: "waiting for Bob to choose a theme (0:" in header(app), pilot)
                server.rooms.get(code)._clock_base += 40  # the room's game time runs out
                await until(lambda: ann.round.theme is not None, pilot)
                await until(lambda: "waiting for" not in header(app), pilot)
                assert str(ann.round.theme) in header(app)
        finally:
            await ann.client.close()
            await bob.client.close()


async def test_at_one_keyboard_the_header_warns_that_the_next_mixmo_ends_the_round() -> None:
    app, clock = make_app(seed=3, variant="free-spirit")
    game = app.table.game  # type: ignore[attr-defined]
    lay_out(game, 0, play_until_bag_is_empty(game))
    async with app.run_test(size=SIZE) as pilot:
        clock.now += 60  # the last draw's news has had its time in the header
        await until(lambda: "bag empty: the next MIXMO ends the round" in header(app), pilot)


def test_the_wait_is_said_in_french_on_a_french_screen() -> None:
    game = new_game(2, seed=BOB_DRAWS_THE_BANDIT, wait_seconds=45)
    assert game.round.bandit_seat == 1
    previous = set_ui_language("fr")
    try:
        assert wait_notice(LocalTable(game), 20.0) == "en attente : Bob choisit un thème (0:25)"
    finally:
        restore_ui_language(previous)


async def test_after_reading_the_scores_anns_header_names_who_still_reads_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_server() as server:
        monkeypatch.setattr(server.rooms, "lexicon", lambda language: AnyWord(language=language))
        url = url_of(server)
        settings = RoomSettings(players=2, seed=3, variant="free-spirit", target=1000)
        code, ann = await opened(url, settings, tmp_path)
        bob = await seated(url, code, "Bob", tmp_path)
        try:
            await until(lambda: ann.started and bob.started)
            room = server.rooms.get(code)
            assert room.game is not None
            win_a_round(room.game, start=room.now())  # straight into the room's match
            for listener in server.listeners[code]:
                server._send_snapshot(listener)  # every screen at the scores
            app = MixmoApp(ann)
            async with app.run_test(size=SIZE) as pilot:
                await until(lambda: isinstance(app.screen, ScoresScreen), pilot)
                await pilot.press("enter")  # Ann has read them
                await until(lambda: "waiting for Bob to read the scores (0:" in header(app), pilot)
                assert "Ann" not in header(app).split("·")[0]
        finally:
            await ann.client.close()
            await bob.client.close()
