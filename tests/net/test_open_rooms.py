"""The list of open rooms: a room is private unless opened --public; the server lists
its public rooms that wait for players; `mixmo rooms` prints them; `mixmo join
ws://HOST:PORT` without a code shows them and joins one with Enter."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import DataTable

from mixmo.net.client import GameClient, SeatTokens
from mixmo.net.protocol import RoomSettings
from mixmo.net.remote_table import RemoteTable
from mixmo.net.room_words import WordedRooms
from mixmo.tui.app import MixmoApp
from mixmo.tui.lobby import LobbyScreen
from mixmo.tui.rooms_screen import RoomsScreen
from tests.net.helpers import running_server, url_of
from tests.net.test_lobby_keys import until


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


async def opened(url: str, settings: RoomSettings, seated: str | None = None) -> str:
    """A room opened with ``settings`` (and a seat taken by ``seated``); its code."""
    client = GameClient(url, reconnect_for=0)
    await client.connect()
    code = await client.create(settings)
    if seated is not None:
        await client.join(code, seated)
    return code


async def test_only_public_rooms_that_wait_for_players_are_listed() -> None:
    async with running_server() as server:
        url = url_of(server)
        public = await opened(url, RoomSettings(players=3, public=True, language="fr"), "Ann")
        await opened(url, RoomSettings(players=2))  # private
        full = await opened(url, RoomSettings(players=2, bots=1, public=True), "Bob")
        client = GameClient(url, reconnect_for=0)
        await client.connect()
        listed = await client.open_rooms()
        await client.close()
    assert [room.room for room in listed] == [public]
    assert full not in [room.room for room in listed]  # started: its seats are taken
    room = listed[0]
    assert (room.language, room.players, room.free) == ("fr", ["Ann"], 2)


async def test_mixmo_rooms_prints_the_open_rooms(mixmo) -> None:  # type: ignore[no-untyped-def]
    async with running_server() as server:
        url = url_of(server)
        code = await opened(url, RoomSettings(players=4, public=True, target=3,
                                              scoring="rounds"), "Ann")  # fmt: skip
        result = await asyncio.to_thread(mixmo, "--ui", "en", "rooms", url)
    assert result.code == 0, result.err
    row = next(line for line in result.out.splitlines() if code in line)
    assert "English" in row and "classic" in row and "3 rounds" in row and "Ann" in row
    assert row.split()[-2] == "3"  # free seats


async def test_join_without_a_code_picks_a_room_with_enter(tmp_path: Path) -> None:
    async with running_server() as server:
        url = url_of(server)
        code = await opened(url, RoomSettings(players=3, public=True), "Ann")
        client = GameClient(url, tokens=SeatTokens(tmp_path / "bob.json"))
        await client.connect()
        table = RemoteTable(client)
        app = MixmoApp(table, lobby=url, picker=RoomsScreen(WordedRooms(client), url, "Bob"))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: isinstance(app.screen, RoomsScreen), pilot)
            rows = app.screen.query_one(DataTable)
            await until(lambda: rows.row_count == 1, pilot)
            await pilot.press("enter")
            await until(lambda: isinstance(app.screen, LobbyScreen), pilot)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await until(lambda: "Bob" in str(lobby.seats.render()), pilot)
            shown = str(lobby.seats.render())
            assert "Ann" in shown and f"mixmo join {url}/{code}" in shown
            assert table.seat == 1
        table.close()
        await client.close()


def test_public_without_new_is_one_line(mixmo) -> None:  # type: ignore[no-untyped-def]
    result = mixmo("--ui", "en", "join", "ws://127.0.0.1:9/CDEFGH", "--public")
    assert result.code == 2
    assert result.err.strip().endswith("--public lists a new room: use it with --new")


async def test_a_restarted_server_lists_the_public_rooms_that_still_wait(tmp_path: Path) -> None:
    """The list is not only the rooms in memory: a public room waiting for players when
    the server stopped is listed again after a restart, before anyone names its code."""
    data = tmp_path / "server"
    async with running_server(data) as server:
        code = await opened(url_of(server), RoomSettings(players=3, public=True), "Ann")
    async with running_server(data) as server:
        client = GameClient(url_of(server), reconnect_for=0)
        await client.connect()
        listed = await client.open_rooms()
        await client.close()
    assert [(room.room, room.players, room.free) for room in listed] == [(code, ["Ann"], 2)]
