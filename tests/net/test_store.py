"""The rooms' database: every action of a loop turn durable at one commit, and the WAL
copied into the database by a thread of its own, never by a commit on the event loop."""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

import pytest

from mixmo.engine.actions import PlaceTile
from mixmo.net.protocol import RoomSettings
from mixmo.net.store import RoomStore


def _room(store: RoomStore, code: str) -> None:
    store.save_room(code, RoomSettings(players=2), [], None, 0.0)


def test_actions_are_durable_at_the_commit_and_not_before(tmp_path: Path) -> None:
    store = RoomStore(tmp_path)
    _room(store, "CDEFGH")
    store.append_action("CDEFGH", 1, PlaceTile(seat=0, row=0, col=0, symbol="E", at=1.0))
    other = sqlite3.connect(store.path)  # another connection reads what is committed
    assert other.execute("SELECT COUNT(*) FROM actions").fetchone() == (0,)
    store.commit()
    assert other.execute("SELECT COUNT(*) FROM actions").fetchone() == (1,)
    other.close()
    store.close()


def test_a_transaction_sqlite_rolled_back_by_itself_is_an_error_at_the_commit(
    tmp_path: Path,
) -> None:
    store = RoomStore(tmp_path)
    _room(store, "CDEFGH")
    store.append_action("CDEFGH", 1, PlaceTile(seat=0, row=0, col=0, symbol="E", at=1.0))
    store._db.execute("ROLLBACK")  # what a full disk can do to a transaction
    with pytest.raises(sqlite3.OperationalError, match="actions lost"):
        store.commit()
    store.close()


def test_the_wal_reaches_the_database_file_within_a_checkpoint_interval(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "live", checkpoint_every=0.05)
    _room(store, "CDEFGH")
    for n in range(1, 201):
        store.append_action("CDEFGH", n, PlaceTile(seat=0, row=0, col=n, symbol="E", at=n))
        if n % 10 == 0:
            store.commit()
    copy = tmp_path / "copy.sqlite3"
    deadline = time.monotonic() + 10
    while True:
        shutil.copyfile(store.path, copy)  # the database file alone, without its WAL
        with sqlite3.connect(copy) as db:
            try:
                count = db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
            except sqlite3.DatabaseError:
                count = 0
        if count == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert count == 200
    store.close()
