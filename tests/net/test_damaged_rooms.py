"""A damaged room in the rooms' database is set aside, in one log line, and every other
room is served: the server never stops at start for one room's row."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import pytest

from mixmo.net.server import room_label
from tests.net.helpers import Raw, running_server, said
from tests.net.stored_rooms import StoredRoom, copy_folder, plays_on, two_rooms_in_play, update


@pytest.fixture(scope="module")
def stopped_server(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str, str]:
    """A stopped server's data folder: its damaged-to-be room's code, and the other room's
    code and first seat's token."""
    data = tmp_path_factory.mktemp("stopped") / "server"
    first, second = asyncio.run(two_rooms_in_play(data))
    return data, first.code, second.code, second.token


def _set_aside_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("sql", "reason"),
    [
        ("UPDATE rooms SET clock = 'soon' WHERE code = ?", "clock: Input should be a valid number"),
        ("UPDATE rooms SET seats = '7' WHERE code = ?", "seats: Input should be a valid list"),
        ("UPDATE rooms SET seats = '[[\"Ann\"], [\"Bob\"]]' WHERE code = ?", "seats.0.1: Field required"),
        ("UPDATE actions SET action = '{\"kind\": \"place\"}' WHERE code = ?", "actions.0.place"),
    ],
    ids=["clock-a-string", "seats-a-number", "seats-lists-of-one", "action-half-written"],
)  # fmt: skip
async def test_a_damaged_room_is_set_aside_in_one_log_line_and_the_others_play_on(
    stopped_server: tuple[Path, str, str, str],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    sql: str,
    reason: str,
) -> None:
    source, damaged, other, token = stopped_server
    data = copy_folder(source, tmp_path / "server")
    update(data, sql, damaged)
    caplog.set_level(logging.INFO, "mixmo.net")
    async with running_server(data) as server:
        assert await plays_on(server, StoredRoom(other, token))
        late = await Raw.open(server)
        await late.send({"type": "join", "room": damaged, "name": "Cid"})
        error = await late.until("error")
        assert error["code"] == "damaged-room" and "could not be restored" in said(error)
        await late.close()
        assert other in server.rooms.rooms and damaged not in server.rooms.rooms
        lines = _set_aside_lines(caplog)
        assert len(lines) == 1
        assert lines[0].startswith(f"room {room_label(damaged)} set aside, not restored: {reason}")
    with sqlite3.connect(data / "rooms.sqlite3") as db:  # kept, with why, never deleted
        (why,) = db.execute("SELECT damaged FROM rooms WHERE code = ?", (damaged,)).fetchone()
        (actions,) = db.execute(
            "SELECT COUNT(*) FROM actions WHERE code = ?", (damaged,)
        ).fetchone()
    db.close()
    assert why.startswith(reason) and actions == 1


async def test_a_room_set_aside_stays_aside_at_the_next_start_and_says_so_when_contacted(
    stopped_server: tuple[Path, str, str, str], tmp_path: Path
) -> None:
    source, damaged, other, _token = stopped_server
    data = copy_folder(source, tmp_path / "server")
    update(data, "UPDATE rooms SET seats = '7' WHERE code = ?", damaged)
    for _start in range(2):
        async with running_server(data) as server:
            assert server.rooms.rooms == {}  # each comes back when someone names it
            assert other not in server.rooms.rooms
            late = await Raw.open(server)
            await late.send({"type": "watch", "room": damaged})
            assert (await late.until("error"))["code"] == "damaged-room"
            await late.close()


async def test_a_room_put_away_then_damaged_is_set_aside_when_contacted(
    stopped_server: tuple[Path, str, str, str], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    source, damaged, _other, _token = stopped_server
    data = copy_folder(source, tmp_path / "server")
    async with running_server(data) as server:
        server.rooms.put_away(damaged)  # idle: back in the store only
        assert server.store is not None
        server.store._db.execute("UPDATE rooms SET clock = 'soon' WHERE code = ?", (damaged,))
        late = await Raw.open(server)
        await late.send({"type": "watch", "room": damaged})
        assert (await late.until("error"))["code"] == "damaged-room"
        await late.close()
    assert len(_set_aside_lines(caplog)) == 1
