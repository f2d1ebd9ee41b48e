"""A server whose disk is full refuses a new room, a seat or a start in one sentence.

`mixmo join --new` on such a server used to say "the connection to the server was
lost" (not the player's network at all) and the server logged a traceback per attempt.
Now the request is refused with a ``disk-full`` error that changes nothing, the player
reads one line and exit code 2, and the server's log says it in one line.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

from mixmo.net.connection import Limits
from mixmo.net.server import GameServer
from mixmo.net.store import RoomStore
from tests.net.helpers import Raw, running_server, said, url_of

FULL = "database or disk is full"
T = TypeVar("T")


def fill_the_disk(store: RoomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every later write of a room's row fails as SQLite fails on a full disk."""

    def full(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError(FULL)

    monkeypatch.setattr(store, "save_room", full)


def server_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith("mixmo.net") and r.levelno >= 40]


async def test_a_new_room_on_a_full_disk_is_refused_in_one_sentence_and_one_log_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_server(tmp_path) as server:
        assert server.store is not None
        fill_the_disk(server.store, monkeypatch)
        creator = await Raw.open(server)
        for _attempt in range(2):
            await creator.send({"type": "create", "settings": {"players": 2}})
            error = await creator.until("error")
            assert error["code"] == "disk-full"
            assert said(error) == "the server cannot store a new room: its disk is full"
        assert server.rooms.rooms == {}  # a refused room never existed
        lines = server_lines(caplog)
        assert len(lines) == 2 and all(r.exc_info is None for r in lines)  # one per attempt
        assert "cannot store the new room (database or disk is full)" in lines[0].getMessage()
        monkeypatch.undo()  # the operator frees the disk: the same connection opens a room
        await creator.send({"type": "create", "settings": {"players": 2}})
        assert len((await creator.until("created"))["room"]) == 6
        await creator.close()


async def test_a_real_sqlite_full_database_is_told_as_a_full_disk(tmp_path: Path) -> None:
    """SQLite's own SQLITE_FULL (the database at its page limit), not a simulated one."""
    async with running_server(
        tmp_path, Limits(rooms_per_connection=1000, rooms_per_address=1000, rate=1e4, burst=1e4)
    ) as server:
        assert server.store is not None
        db = server.store._db
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages + 1}")
        creator = await Raw.open(server)
        codes = []
        for _room in range(200):  # a page holds a dozen rooms: it fills long before 200
            await creator.send({"type": "create", "settings": {"players": 3}})
            answer = await creator.recv()
            if answer["type"] == "error":
                break
            codes.append(answer["room"])
        assert answer["type"] == "error", "the database never filled up"
        assert answer["code"] == "disk-full"
        assert set(server.rooms.rooms) == set(codes)  # every room told 'created' is there
        await creator.close()


async def test_a_seat_on_a_full_disk_stays_free_and_can_be_taken_once_there_is_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_server(tmp_path) as server:
        assert server.store is not None
        creator = await Raw.open(server)
        await creator.send({"type": "create", "settings": {"players": 3}})
        code = (await creator.until("created"))["room"]
        fill_the_disk(server.store, monkeypatch)
        await creator.send({"type": "join", "room": code, "name": "Ann"})
        error = await creator.until("error")
        assert (error["code"], said(error)) == (
            "disk-full",
            "the server cannot store your seat: its disk is full",
        )
        assert server.rooms.get(code).seats[0].free  # nobody holds a seat without its token
        monkeypatch.undo()
        await creator.send({"type": "join", "room": code, "name": "Ann"})
        assert (await creator.until("welcome"))["seat"] == 0
        await creator.close()


async def test_starting_early_on_a_full_disk_leaves_the_lobby_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_server(tmp_path) as server:
        assert server.store is not None
        ann = await Raw.open(server)
        await ann.send({"type": "create", "settings": {"players": 3}})
        code = (await ann.until("created"))["room"]
        await ann.send({"type": "join", "room": code, "name": "Ann"})
        await ann.until("welcome")
        fill_the_disk(server.store, monkeypatch)
        await ann.send({"type": "start", "fill_with_bots": True})
        error = await ann.until("error")
        assert error["code"] == "disk-full" and "match's start: its disk is full" in said(error)
        room = server.rooms.get(code)
        assert not room.started and [s.free for s in room.seats] == [False, True, True]
        monkeypatch.undo()
        await ann.send({"type": "start", "fill_with_bots": True})
        lobby = await ann.until("snapshot")
        assert lobby["view"]["options"]["players"] == ["Ann", "Bot 1", "Bot 2"]
        await ann.close()


@dataclass
class Threaded:
    """A server running on the event loop of a thread of its own."""

    server: GameServer
    loop: asyncio.AbstractEventLoop

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        """Run ``work`` on the server's loop (raw clients talk to it from there)."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(30)


@contextmanager
def server_in_a_thread(data: Path) -> Iterator[Threaded]:
    """A real server on its own event loop, for `mixmo join` run in-process (its own loop)."""
    ready = threading.Event()
    box: dict[str, Any] = {}

    async def serve() -> None:
        server = GameServer(data)
        await server.start("127.0.0.1", 0)
        box.update(server=server, stop=asyncio.Event(), loop=asyncio.get_running_loop())
        ready.set()
        await box["stop"].wait()
        await server.close()

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    assert ready.wait(30), "the server did not start"
    try:
        yield Threaded(box["server"], box["loop"])
    finally:
        box["loop"].call_soon_threadsafe(box["stop"].set)
        thread.join(30)


@pytest.mark.parametrize(
    ("ui", "says"),
    [
        ([], "the server cannot store a new room: its disk is full"),
        (["--ui", "fr"], "le serveur ne peut pas enregistrer une nouvelle salle : son disque est plein"),
    ],
    ids=["english", "french"],
)  # fmt: skip
def test_mixmo_join_new_on_a_full_disk_says_so_in_one_line_with_exit_code_2(
    mixmo: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    ui: list[str],
    says: str,
) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "player"))
    monkeypatch.setattr("mixmo.cli.terminal.has_terminal", lambda: True)  # a person's seat
    with server_in_a_thread(tmp_path / "server") as threaded:
        server = threaded.server
        assert server.store is not None
        fill_the_disk(server.store, monkeypatch)
        url = url_of(server)
        run = mixmo(*ui, "join", url, "--new", "--players", "3", "--name", "Ann")
    assert run.code == 2
    assert run.err.endswith(f"{url}: {says}\n") and run.err.count("\n") == 1
    assert "connection" not in run.err and "Traceback" not in run.err
    lines = server_lines(caplog)
    assert len(lines) == 1 and lines[0].exc_info is None
