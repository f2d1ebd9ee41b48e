"""Calls made while a networked seat's connection is lost.

A call is made at a moment: a MIXMO or a "stuck" pressed while the connection is lost
is not kept for later (replayed after a reconnection it would be judged against a
table that moved on), it is refused at once and its player is told; the grid edits
typed meanwhile still wait and are played once the connection is back.

Bob's network is a TCP relay the test cuts and brings back, so Ann stays connected
and plays on while Bob is away.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from mixmo.engine import actions as act
from mixmo.net.client import GameClient, SeatTokens
from mixmo.net.protocol import RoomSettings
from mixmo.net.remote_table import RemoteTable
from mixmo.net.server import GameServer
from mixmo.tui.app import MixmoApp
from tests.net.helpers import running_server, url_of
from tests.net.test_remote_seat import SIZE, grid_letters, header, opened, until


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records and seat tokens go to the test's folder, not the user's."""
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


class Relay:
    """One player's network: forwards loopback TCP to the server until it is cut."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = 0
        self._listener: asyncio.Server | None = None
        self._links: list[asyncio.StreamWriter] = []

    async def open(self) -> None:
        self._listener = await asyncio.start_server(self._link, "127.0.0.1", self.port)
        self.port = self._listener.sockets[0].getsockname()[1]

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self._links += [writer, up_writer]

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    async def cut(self) -> None:
        """The link drops: every connection through it, and no new one is taken."""
        assert self._listener is not None
        self._listener.close()
        for writer in self._links:
            writer.transport.abort()
        self._links.clear()
        await self._listener.wait_closed()


@asynccontextmanager
async def bob_behind_a_relay(
    tmp_path: Path,
) -> AsyncIterator[tuple[RemoteTable, RemoteTable, Relay]]:
    """A two-player room (seed 3): Ann connected straight, Bob through a relay."""
    async with running_server() as server:
        _code, ann = await opened(url_of(server), RoomSettings(players=2, seed=3), tmp_path)
        code = ann.client.welcome.room if ann.client.welcome else ""
        relay = Relay(_port(server))
        await relay.open()
        client = GameClient(f"ws://127.0.0.1:{relay.port}", tokens=SeatTokens(tmp_path / "b.json"))
        await client.connect(code)
        await client.join(code, "Bob")
        bob = RemoteTable(client)
        try:
            yield ann, bob, relay
        finally:
            await ann.client.close()
            await bob.client.close()
            with contextlib.suppress(AssertionError):
                await relay.cut()


def _port(server: GameServer) -> int:
    port = server.port
    assert port is not None
    return port


async def test_a_mixmo_pressed_while_the_connection_is_lost_is_not_sent_and_never_replayed(
    tmp_path: Path,
) -> None:
    """Bob places his tiles but the last, loses the connection, types the last
    one and presses F5; Ann calls MIXMO meanwhile (everyone draws 2, Bob's held seat
    too). Bob's screen says at once that his MIXMO was not sent; once he is back his
    letter is played, but no MIXMO: no hasty call, Bob is not locked, nobody drew again."""
    async with bob_behind_a_relay(tmp_path) as (ann, bob, relay):
        await until(lambda: bob.started and ann.started)
        app = MixmoApp(bob)
        async with app.run_test(size=SIZE) as pilot:
            rack = bob.round.player(1).rack
            letters = [t.symbol for t in rack if t.symbol.isalpha()]
            assert len(letters) >= 3
            kept = len(rack) - len(letters)  # a joker stays on the rack
            for symbol in letters[:-1]:
                await pilot.press(symbol.lower())
            placed = len(letters) - 1
            await until(lambda: len(bob.confirmed.round.player(1).grid) == placed, pilot)

            await relay.cut()
            await until(lambda: "connection lost, reconnecting" in header(app), pilot)
            await pilot.press(letters[-1].lower())
            await pilot.press("f5")
            await until(lambda: "MIXMO not sent" in app.panes[1].message, pilot)
            assert "call again once reconnected" in app.panes[1].message
            assert "1 move waits to be sent" in header(app)  # the letter waits, not the call
            assert len(grid_letters(app, 1)) == placed + 1

            bag = ann.bag_left
            assert await ann.apply(act.CallMixmo(seat=0)) is None  # everyone draws 2
            assert ann.bag_left == bag - 4

            await relay.open()
            await until(lambda: "connection lost" not in header(app), pilot, seconds=30)
            await until(lambda: len(bob.confirmed.round.player(1).grid) == placed + 1, pilot)
            await pilot.pause(0.5)  # time for a replayed call to be judged, were one sent
            bob_now = bob.confirmed.round.player(1)
            assert not bob_now.locked
            assert len(bob_now.rack) == kept + 2  # the two tiles of Ann's MIXMO, no more
            assert ann.bag_left == bag - 4
            assert bob.bag_left == bag - 4
            assert "Hasty call" not in header(app)


async def test_stuck_said_while_the_connection_is_lost_is_not_sent(tmp_path: Path) -> None:
    """ "Stuck" speaks of the rack of that moment: pressed offline it is refused and told,
    nothing waits to be sent, and the table never hears it."""
    async with bob_behind_a_relay(tmp_path) as (ann, bob, relay):
        await until(lambda: bob.started and ann.started)
        app = MixmoApp(bob)
        async with app.run_test(size=SIZE) as pilot:
            await relay.cut()
            await until(lambda: "connection lost, reconnecting" in header(app), pilot)
            await pilot.press("f6")
            await until(lambda: '"stuck" not sent' in app.panes[1].message, pilot)
            assert "wait" not in header(app)
            await relay.open()
            await until(lambda: "connection lost" not in header(app), pilot, seconds=30)
            await pilot.pause(0.5)
            assert not bob.confirmed.round.player(1).stuck
            assert not ann.confirmed.round.player(1).stuck
