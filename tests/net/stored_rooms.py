"""A real data folder of a stopped server with two rooms in play, to damage and restart on."""

from __future__ import annotations

import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from tests.net.helpers import Raw, rack_of, running_server, two_seated


@dataclass(frozen=True)
class StoredRoom:
    """A room of the folder: its code and its first seat's token."""

    code: str
    token: str


async def two_rooms_in_play(data: Path) -> tuple[StoredRoom, StoredRoom]:
    """Two started rooms in ``data``, a tile placed in each, the server stopped."""
    rooms = []
    async with running_server(data) as server:
        for _ in range(2):
            code, ann, bob = await two_seated(server)
            welcome = next(m for m in ann.seen if m["type"] == "welcome")
            await ann.send(place(rack_of(ann.seen[-1], 0)[0]))
            await ann.until("events")
            rooms.append(StoredRoom(code, welcome["token"]))
            await ann.close()
            await bob.close()
    return rooms[0], rooms[1]


def place(symbol: str, row: int = 0, col: int = 1, ref: int = 1) -> dict[str, object]:
    action = {"kind": "place", "seat": 0, "row": row, "col": col, "symbol": symbol}
    return {"type": "action", "ref": ref, "action": action}


def copy_folder(source: Path, target: Path) -> Path:
    shutil.copytree(source, target)
    return target


def update(data: Path, sql: str, *args: object) -> None:
    """One statement on the stopped server's database, as a person with sqlite3 would."""
    with sqlite3.connect(data / "rooms.sqlite3") as db:
        db.execute(sql, args)
    db.close()


async def plays_on(server: object, room: StoredRoom) -> bool:
    """Whether the room's first seat reconnects and has a tile placed."""
    ann = await Raw.open(server)  # type: ignore[arg-type]
    try:
        await ann.send({"type": "reconnect", "room": room.code, "seat": 0, "token": room.token})
        await ann.until("welcome")
        snapshot = await ann.until("snapshot")
        await ann.send(place(rack_of(snapshot, 0)[0], row=2, col=2, ref=7))
        answer = await ann.until("events")
        return bool(answer["ref"] == 7)
    finally:
        await ann.close()
