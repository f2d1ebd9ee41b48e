"""Quick reactions: a seated player sends one of a few fixed words with a key; the
server relays its code (never free text, a few per connection at a time); the others
see it in their header for a few seconds, in their own language."""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.net.client import GameClient, SeatTokens
from mixmo.net.protocol import RoomSettings
from mixmo.net.reactions import REACTION_BURST
from mixmo.net.remote_table import RemoteTable
from mixmo.tui.app import MixmoApp
from mixmo.tui.modals import HelpScreen
from mixmo.tui.reactions import ReactionScreen
from tests.net.helpers import Raw, running_server, two_seated, url_of
from tests.net.test_lobby_keys import until


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


async def test_a_reaction_reaches_the_others_as_a_code_and_not_its_sender() -> None:
    async with running_server() as server:
        _code, ann, bob = await two_seated(server)
        await ann.send({"type": "react", "code": "well-played"})
        assert await bob.until("reaction") == {
            "v": 1, "type": "reaction", "seat": 0, "code": "well-played"
        }  # fmt: skip
        assert [m for m in await ann.quiet() if m["type"] == "reaction"] == []


async def test_a_reaction_is_a_code_never_free_text() -> None:
    async with running_server() as server:
        _code, ann, bob = await two_seated(server)
        await ann.send({"type": "react", "code": "you all cheat"})
        assert (await ann.until("error"))["code"] == "bad-message"
        assert [m for m in await bob.quiet() if m["type"] == "reaction"] == []


async def test_reactions_are_rate_limited_per_connection() -> None:
    async with running_server() as server:
        _code, ann, bob = await two_seated(server)
        for _ in range(REACTION_BURST + 1):
            await ann.send({"type": "react", "code": "good-luck"})
        refused = await ann.until("error")
        assert refused["code"] == "refused" and refused["fields"]["reason"]["code"] == "rate-limit"
        heard = [m for m in await bob.quiet() if m["type"] == "reaction"]
        assert len(heard) == REACTION_BURST


async def test_a_watcher_has_no_seat_to_react_for() -> None:
    async with running_server() as server:
        code, _ann, _bob = await two_seated(server)
        watcher = await Raw.open(server)
        await watcher.send({"type": "watch", "room": code})
        await watcher.until("snapshot")
        await watcher.send({"type": "react", "code": "rematch"})
        assert (await watcher.until("error"))["fields"]["reason"]["code"] == "watcher-no-seat"


async def seated(url: str, code: str, name: str, tokens: Path) -> RemoteTable:
    client = GameClient(url, tokens=SeatTokens(tokens))
    await client.connect()
    await client.join(code, name)
    return RemoteTable(client)


@pytest.mark.parametrize(
    ("language", "shown", "told"),
    [("en", "Ann: well played", "you said: well played"),
     ("fr", "Ann : bien joué", "vous avez dit : bien joué")],
)  # fmt: skip
async def test_a_player_s_key_shows_their_words_in_the_other_header(
    tmp_path: Path, language: str, shown: str, told: str
) -> None:
    async with running_server() as server:
        url = url_of(server)
        opener = GameClient(url, reconnect_for=0)
        await opener.connect()
        code = await opener.create(RoomSettings(players=2, seed=3))
        ann = await seated(url, code, "Ann", tmp_path / "ann.json")
        bob = await seated(url, code, "Bob", tmp_path / "bob.json")
        ann_app, bob_app = MixmoApp(ann), MixmoApp(bob)
        async with (
            ann_app.run_test(size=(120, 40)) as ann_pilot,
            bob_app.run_test(size=(120, 40)) as bob_pilot,
        ):
            await until(lambda: ann_app.seated and bob_app.seated, ann_pilot)
            await ann_pilot.press("ctrl+o")
            await until(lambda: isinstance(ann_app.screen, ReactionScreen), ann_pilot)
            saved = set_ui_language(language)  # Bob reads French, or English
            try:
                await ann_pilot.press("1")
                header = bob_app.header
                await until(lambda: shown in str(header.render()), bob_pilot)
                assert ann_app.panes[0].message == told  # (one process: one language)
            finally:
                restore_ui_language(saved)
        for table in (ann, bob):
            table.close()
            await table.client.close()
        await opener.close()


async def test_the_reaction_key_is_in_a_seated_player_s_help(
    tmp_path: Path,
) -> None:
    async with running_server() as server:
        url = url_of(server)
        opener = GameClient(url, reconnect_for=0)
        await opener.connect()
        code = await opener.create(RoomSettings(players=2, seed=3, bots=1))
        ann = await seated(url, code, "Ann", tmp_path / "ann.json")
        app = MixmoApp(ann)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(lambda: app.seated, pilot)
            assert app.check_action("react", ()) is not False
            await pilot.press("f1")
            await until(lambda: isinstance(app.screen, HelpScreen), pilot)
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen)
            assert ("ctrl+o", "at a server: say a quick word to the others (well played, "
                    "one moment...)") in help_screen.keys  # fmt: skip
        ann.close()
        await ann.client.close()
        await opener.close()
