"""Two windows on one seat: the newer takes it, the older stops and says so (it used to take
the seat back at once, and the two knocked each other off about nine times a second)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mixmo.i18n.messages import say
from mixmo.net.client import GameClient, SeatTokens
from mixmo.net.protocol import RoomSettings
from mixmo.net.remote_table import RemoteTable
from mixmo.tui.app import MixmoApp
from mixmo.tui.lobby import LobbyScreen
from tests.net.helpers import running_server, url_of


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


async def until(check: Callable[[], object], pilot: Any = None, seconds: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not check():
        assert loop.time() < deadline, "timed out"
        await (pilot.pause(0.05) if pilot is not None else asyncio.sleep(0.05))


async def window(url: str, tokens: Path, code: str | None = None) -> tuple[str, GameClient]:
    """A `mixmo join` of Ann's (``code`` None: it opens a two-seat room first)."""
    client = GameClient(url, tokens=SeatTokens(tokens))
    await client.connect()
    if code is None:
        code = await client.create(RoomSettings(players=2, seed=3))
    await client.join(code, "Ann")
    return code, client


async def test_a_second_window_on_a_seat_takes_it_and_the_first_stops_for_good(
    tmp_path: Path,
) -> None:
    async with running_server() as server:
        url, tokens = url_of(server), tmp_path / "seats.json"
        code, first = await window(url, tokens)
        _same, second = await window(url, tokens, code)
        await asyncio.wait_for(first.closed.wait(), 10)  # it used to reconnect for ever
        assert first.failure is not None and first.failure.code == "seat-taken"
        assert say(first.failure) == (
            "another window took this seat: this one has stopped (play in the other)"
        )
        assert second.online and second.welcome is not None and second.welcome.seat == 0
        room = server.rooms.get(code)
        assert room.seats[0].connections == 1
        assert second.lobby is not None and second.lobby.seats[0].connected
        await second.close()
        await first.close()


async def test_the_displaced_window_says_on_its_screen_that_another_window_took_the_seat(
    tmp_path: Path,
) -> None:
    async with running_server() as server:
        url, tokens = url_of(server), tmp_path / "seats.json"
        code, first = await window(url, tokens)
        table = RemoteTable(first)
        app = MixmoApp(table, lobby=f"{url}/{code}")
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = app.screen_stack[0]
            assert isinstance(lobby, LobbyScreen)
            _same, second = await window(url, tokens, code)
            await until(
                lambda: "another window took this seat" in str(lobby.header.render()), pilot
            )
            assert second.online
            await second.close()
        table.close()
        await first.close()


async def test_mid_match_the_displaced_window_s_header_says_another_window_took_the_seat(
    tmp_path: Path,
) -> None:
    async with running_server() as server:
        url, tokens = url_of(server), tmp_path / "seats.json"
        code, first = await window(url, tokens)
        bob = GameClient(url, tokens=SeatTokens(tmp_path / "bob.json"))
        await bob.connect()
        await bob.join(code, "Bob")  # the match starts
        table = RemoteTable(first)
        app = MixmoApp(table, lobby=f"{url}/{code}")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(lambda: app.seated and table.started, pilot)
            _same, second = await window(url, tokens, code)
            taken = "another window took this seat: this one has stopped (play in the other)"
            await until(lambda: taken in str(app.header.render()), pilot)
            shown = str(app.header.render())
            assert "run the same mixmo join" not in shown  # that would take it back again
            assert second.online
            await second.close()
        table.close()
        await first.close()
        await bob.close()
