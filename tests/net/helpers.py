"""A real server on a free loopback port, and raw WebSocket clients that speak JSON."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from mixmo.engine.messages import message_from_data
from mixmo.net.server import GameServer, Limits

TIMEOUT = 10.0


def said(error: dict[str, Any]) -> str:
    """An ``error`` frame's refusal in English, rebuilt from its code and fields alone (as a
    client does); an AssertionError if the frame carries a sentence instead."""
    assert not error.get("message"), f"a sentence on the wire: {error['message']!r}"
    return str(message_from_data({"code": error["code"], "fields": error["fields"]}))


@asynccontextmanager
async def running_server(
    data: Path | None = None, limits: Limits | None = None, bot_speed: float = 1.0
) -> AsyncIterator[GameServer]:
    server = GameServer(data, limits, bot_speed=bot_speed)
    await server.start("127.0.0.1", 0)
    try:
        yield server
    finally:
        await server.close()


def url_of(server: GameServer) -> str:
    return f"ws://127.0.0.1:{server.port}"


class Raw:
    """A client that sends and reads plain JSON, to see exactly what the server says."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, server: GameServer, **kwargs: Any) -> Raw:
        return cls(await connect(url_of(server), **kwargs))

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps({"v": 1, **message}))

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        async with asyncio.timeout(timeout):
            message = json.loads(await self.ws.recv())
        self.seen.append(message)
        return message

    async def until(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message of type ``kind`` (skipping others)."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.recv()
                if message["type"] == kind:
                    return message

    async def quiet(self, seconds: float = 0.3) -> list[dict[str, Any]]:
        """Every message that arrives within ``seconds``."""
        got = []
        try:
            while True:
                got.append(await self.recv(seconds))
        except TimeoutError:
            return got

    async def close(self) -> None:
        await self.ws.close()


async def two_seated(server: GameServer, **settings: Any) -> tuple[str, Raw, Raw]:
    """A started two-player room with a raw client in each seat: its code and the clients
    (each has read its welcome and its first snapshot)."""
    creator = await Raw.open(server)
    await creator.send({"type": "create", "settings": {"players": 2, "seed": 7, **settings}})
    code = (await creator.until("created"))["room"]
    await creator.send({"type": "join", "room": code, "name": "Ann"})
    await creator.until("welcome")
    other = await Raw.open(server)
    await other.send({"type": "join", "room": code, "name": "Bob"})
    await other.until("welcome")
    await creator.until("snapshot")
    await other.until("snapshot")
    return code, creator, other


def rack_of(message: dict[str, Any], seat: int) -> str:
    rack: str = message["view"]["state"]["round"]["players"][seat]["rack"]
    return rack


def place(seat: int, symbol: str, ref: int, col: int = 0) -> dict[str, Any]:
    """The ``action`` message that lays ``symbol`` at row 0, column ``col``."""
    action = {"kind": "place", "seat": seat, "row": 0, "col": col, "symbol": symbol}
    return {"type": "action", "ref": ref, "action": action}


async def answer_to(client: Raw, ref: int) -> dict[str, Any]:
    """The server's answer to ``client``'s message ``ref`` (others' events skipped)."""
    while True:
        message = await client.recv()
        if message.get("ref") == ref and message["type"] in ("events", "error"):
            return message
