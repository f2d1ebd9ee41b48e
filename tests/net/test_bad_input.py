"""Garbage, invalid UTF-8, unknown types, deep nesting, 4 MiB frames, floods, 200 connections
and unknown rooms get a clear error or a closed connection, and never disturb other rooms."""

from __future__ import annotations

import asyncio
import json
import socket

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from mixmo.net.server import Connection, GameServer, Limits
from tests.net.helpers import Raw, rack_of, running_server, said, two_seated, url_of


async def _room_still_plays(server: GameServer, ann: Raw, bob: Raw) -> None:
    """A seated player's action is applied and both seats hear of it."""
    rack = next(rack_of(m, 0) for m in reversed(ann.seen) if m.get("view"))
    await ann.send(
        {"type": "action", "ref": 77, "action": {"kind": "place", "seat": 0, "row": 5,
                                                 "col": 5, "symbol": rack[0]}}
    )  # fmt: skip
    assert (await ann.until("events"))["ref"] == 77
    assert (await bob.until("events"))["seat"] == 0


async def _closed_with(raw: Raw) -> int | None:
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(2000):
            await raw.recv()
    return closed.value.rcvd.code if closed.value.rcvd else None


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("hello, server", "bad-json"),
        ("[1, 2, 3]", "bad-message"),
        ('{"v": 1, "type": "teleport"}', "bad-message"),
        ('{"v": 2, "type": "join", "room": "CDEFGH", "name": "Ann"}', "version"),
        ('{"type": "join", "room": "CDEFGH", "name": "Ann"}', "version"),
        ('{"v": 1, "type": "join", "room": "CDEFGH", "name": "Ann", "admin": true}', "bad-message"),
        ('{"v": 1, "type": "join", "room": "CDEFGH", "name": "Ann"}', "unknown-room"),
        ('{"v": 1, "type": "join", "room": "CDEFGH", "name": "\\u0007"}', "bad-message"),
        ('{"v": 1, "type": "create", "settings": {"players": 9}}', "bad-message"),
        ('{"v": 1, "type": "create", "settings": {"players": 2, "dictionary": "/etc/passwd"}}',
         "bad-message"),
        ("[" * 30_000 + "]" * 30_000, "bad-json"),
        ('{"v": 1, "type": "create", "settings": ' + '{"a": ' * 8_000 + "1" + "}" * 8_001,
         "bad-json"),
        ('{"v": 1, "n": ' + "9" * 50_000 + "}", "bad-json"),
    ],
    ids=["garbage", "not-an-object", "unknown-type", "version-2", "no-version", "extra-field",
         "unknown-room", "control-char-name", "nine-players", "server-file", "deep-list",
         "deep-object", "huge-number"],
)  # fmt: skip
async def test_a_bad_message_gets_an_error_and_the_connection_and_other_rooms_go_on(
    frame: str, code: str
) -> None:
    async with running_server() as server:
        _, ann, bob = await two_seated(server)
        bad = await Raw.open(server)
        await bad.ws.send(frame)
        error = await bad.until("error")
        assert error["code"] == code and said(error)
        await bad.send({"type": "create", "settings": {"players": 2}})
        assert (await bad.until("created"))["room"]
        await _room_still_plays(server, ann, bob)


async def test_invalid_utf8_closes_that_connection_only() -> None:
    async with running_server() as server:
        _, ann, bob = await two_seated(server)
        bad = await Raw.open(server)
        await bad.ws.send(b'{"v": 1, "type": "\xff\xfe"}', text=True)
        assert await _closed_with(bad) == 1007
        await _room_still_plays(server, ann, bob)


async def test_a_binary_frame_is_refused() -> None:
    async with running_server() as server:
        bad = await Raw.open(server)
        await bad.ws.send(b"\x00\x01")
        assert (await bad.until("error"))["code"] == "text-only"


async def test_a_4_mib_frame_closes_that_connection_only() -> None:
    async with running_server() as server:
        _, ann, bob = await two_seated(server)
        bad = await Raw.open(server)
        await bad.ws.send(json.dumps({"v": 1, "type": "create", "pad": "x" * (4 << 20)}))
        assert await _closed_with(bad) == 1009  # message too big
        await _room_still_plays(server, ann, bob)


async def test_a_flood_is_rate_limited_then_closed() -> None:
    async with running_server() as server:
        _, ann, bob = await two_seated(server)
        flood = await Raw.open(server)
        for _ in range(400):  # far past the burst and the strikes, even sent slowly
            await flood.ws.send("{}")
        assert await _closed_with(flood) == 1008
        assert any(m.get("code") == "rate-limit" for m in flood.seen)
        await _room_still_plays(server, ann, bob)


async def test_a_message_refused_for_the_rate_is_named_by_its_ref() -> None:
    """The "slow down" refusal echoes the ref of the action it refused (and none for a
    message that names no valid ref), so a client knows which of its keys was lost."""
    async with running_server(limits=Limits(rate=0.01, burst=2.0)) as server:
        flood = await Raw.open(server)
        await flood.send({"type": "act", "ref": 7, "action": {}})
        await flood.send({"type": "act", "ref": 8, "action": {}})
        await flood.send({"type": "act", "ref": 9, "action": {}})
        await flood.send({"type": "act", "ref": 2**31, "action": {}})  # past MAX_REF
        await flood.send({"type": "create"})
        refused = [m for m in await flood.quiet() if m.get("code") == "rate-limit"]
        assert [m.get("ref") for m in refused] == [9, None, None]
        await flood.close()


async def test_200_simultaneous_connections_do_not_disturb_a_room() -> None:
    # (From 200 addresses: one address alone is held to fewer, test_address_limits.)
    async with running_server(limits=Limits(connections_per_address=300)) as server:
        _, ann, bob = await two_seated(server)
        crowd = await asyncio.gather(*(Raw.open(server) for _ in range(200)))
        await asyncio.gather(*(raw.ws.send("nonsense") for raw in crowd))
        await _room_still_plays(server, ann, bob)
        errors = await asyncio.gather(*(raw.until("error") for raw in crowd))
        assert {e["code"] for e in errors} == {"bad-json"}
        await asyncio.gather(*(raw.close() for raw in crowd))


async def test_a_full_server_says_so_and_closes() -> None:
    async with running_server(limits=Limits(max_connections=5)) as server:
        crowd = [await Raw.open(server) for _ in range(5)]
        late = await Raw.open(server)
        assert await _closed_with(late) == 1013  # try again later
        for raw in crowd:
            await raw.close()


async def test_a_silent_connection_is_closed() -> None:
    async with running_server(limits=Limits(hello_timeout=0.3)) as server:
        silent = await Raw.open(server)
        assert await _closed_with(silent) == 1008


class _Socket:
    """Stands for a client's socket: records how the server closes it."""

    def __init__(self) -> None:
        self.closed: tuple[int, str] | None = None

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


async def test_a_client_sent_more_than_its_outbox_in_one_loop_turn_is_dropped() -> None:
    fake = _Socket()
    conn = Connection(fake, Limits(outbox=2))  # type: ignore[arg-type]
    for n in range(3):
        conn.send(f"message {n}")
    await asyncio.sleep(0)
    assert conn.dropped and fake.closed is not None and fake.closed[0] == 1008
    conn.send("one more")
    assert conn.queue == []


async def test_a_client_that_does_not_read_its_messages_is_dropped() -> None:
    limits = Limits(unsent=64 * 1024, rate=1e6, burst=1e6)
    async with running_server(limits=limits) as server:
        _, ann, bob = await two_seated(server)
        deaf = socket.socket()  # a tiny receive window, and it never reads
        deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        deaf.connect(("127.0.0.1", server.port))
        raw = Raw(await connect(url_of(server), sock=deaf, max_queue=1))
        async with asyncio.timeout(20):
            while not any(c.dropped for c in server.connections):
                for _ in range(200):  # every one of them earns an error message
                    await raw.ws.send("not JSON")
                await asyncio.sleep(0.01)
        await _room_still_plays(server, ann, bob)
        raw.ws.transport.abort()
