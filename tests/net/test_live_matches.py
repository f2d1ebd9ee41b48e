"""The live list: the rated matches being played at a server, with their players and
ratings; `mixmo rooms --live` prints it, and `mixmo join ws://HOST:PORT --watch` without
a code shows it and watches one with Enter."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import DataTable

from mixmo.net.client import GameClient
from mixmo.net.protocol import RoomSettings
from mixmo.net.remote_table import RemoteTable
from mixmo.net.room_words import WordedLive
from mixmo.net.server import GameServer
from mixmo.tui.app import MixmoApp
from mixmo.tui.board_screen import BoardScreen
from mixmo.tui.rooms_screen import RoomsScreen
from tests.net.helpers import running_server, url_of
from tests.net.test_lobby_keys import until
from tests.net.test_ratings import member


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


async def rated_match(server: GameServer) -> str:
    """A rated match of Ann and a server bot, started: its room's code."""
    async with member(server, "Ann") as ann:
        code = await ann.create(RoomSettings(players=2, bots=1, rated=True, language="fr"))
        await ann.join(code, "Ann")
        await asyncio.sleep(0.1)
    return code


async def test_only_rated_matches_being_played_are_listed() -> None:
    async with running_server() as server:
        code = await rated_match(server)
        unrated = GameClient(url_of(server), reconnect_for=0)
        await unrated.connect()
        other = await unrated.create(RoomSettings(players=2, bots=1))
        await unrated.join(other, "Cy")
        listed = await unrated.live_matches()
        await unrated.close()
    assert [match.room for match in listed] == [code]
    match = listed[0]
    assert (match.language, match.round) == ("fr", 1)
    assert match.players == [("Ann", 1000), ("Bot 1", 1000)]


async def test_mixmo_rooms_live_prints_the_rated_matches(mixmo) -> None:  # type: ignore[no-untyped-def]
    async with running_server() as server:
        code = await rated_match(server)
        url = url_of(server)
        result = await asyncio.to_thread(mixmo, "--ui", "en", "rooms", url, "--live")
        none = GameServer()
        await none.start("127.0.0.1", 0)
        empty = await asyncio.to_thread(mixmo, "--ui", "en", "rooms", url_of(none), "--live")
        await none.close()
    assert result.code == 0, result.err
    row = next(line for line in result.out.splitlines() if code in line)
    assert "French" in row and "Ann (1000)" in row
    assert f"mixmo join {url}/CODE --watch" in result.out
    assert empty.out.startswith("No rated match is being played at ws://127.0.0.1:")


async def test_watch_without_a_code_picks_a_live_match_with_enter() -> None:
    async with running_server() as server:
        code = await rated_match(server)
        url = url_of(server)
        client = GameClient(url)
        await client.connect()
        table = RemoteTable(client)
        app = MixmoApp(table, lobby=url, picker=RoomsScreen(WordedLive(client), url, "Player"))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: isinstance(app.screen, RoomsScreen), pilot)
            assert "rated matches being played" in str(app.screen.query_one("#header").render())
            rows = app.screen.query_one(DataTable)
            await until(lambda: rows.row_count == 1, pilot)
            await pilot.press("enter")
            await until(lambda: isinstance(app.screen, BoardScreen), pilot)
            assert client.watching == code and table.seat is None
        table.close()
        await client.close()
