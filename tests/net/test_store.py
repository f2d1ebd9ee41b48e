"""The rooms' database: every action of a loop turn durable at one commit, and the WAL
copied into the database by a thread of its own, never by a commit on the event loop."""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

import pytest

from mixmo.data.sqlite_schema import SchemaVersionError
from mixmo.engine.actions import PlaceTile
from mixmo.engine.options import MatchOptions
from mixmo.net.database import DatabaseError
from mixmo.net.protocol import RoomSettings
from mixmo.net.room_directory import Rooms
from mixmo.net.server import GameServer
from mixmo.net.store import MIGRATIONS, RoomStore, SeatRecord


def _room(store: RoomStore, code: str) -> None:
    free = SeatRecord(name=None, token_hash=None, bot_level=None)
    store.save_room(code, RoomSettings(players=2), [free, free], None, 0.0)


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
    with pytest.raises(DatabaseError, match="actions lost"):
        store.commit()
    store.close()


def test_actions_of_a_vanished_transaction_are_lost_even_if_later_ones_commit(
    tmp_path: Path,
) -> None:
    store = RoomStore(tmp_path)
    _room(store, "CDEFGH")
    store.append_action("CDEFGH", 1, PlaceTile(seat=0, row=0, col=0, symbol="E", at=1.0))
    store._db.execute("ROLLBACK")  # what a full disk can do to a transaction
    store.append_action("CDEFGH", 2, PlaceTile(seat=0, row=0, col=1, symbol="T", at=2.0))
    with pytest.raises(DatabaseError, match="actions lost"):
        store.commit()  # the turn's first action is gone: nobody may hear of the turn
    store.append_action("CDEFGH", 1, PlaceTile(seat=0, row=0, col=0, symbol="E", at=3.0))
    store.commit()  # the next turn starts clean
    store.close()


def test_the_actions_of_a_flush_go_in_together_before_the_next_statement(tmp_path: Path) -> None:
    # The last action of a match is appended, then the match is archived in the same flush:
    # the archive must hold it, though the rows are inserted together only then.
    store = RoomStore(tmp_path)
    free = SeatRecord(name=None, token_hash=None, bot_level=None)
    options = MatchOptions(players=("Ann", "Bob"), seed=7)
    store.save_room("CDEFGH", RoomSettings(players=2), [free, free], options, 0.0)
    store.append_action("CDEFGH", 1, PlaceTile(seat=0, row=0, col=0, symbol="E", at=1.0))
    store.append_action("CDEFGH", 2, PlaceTile(seat=0, row=0, col=1, symbol="T", at=2.0))
    store.finish("CDEFGH", [("Ann", 10, 1), ("Bob", 0, 0)], 3.0)
    store.commit()
    archived = store.archived_match("CDEFGH", None)
    assert archived is not None and archived[1] == 2
    store.close()


def test_actions_held_for_a_transaction_that_vanished_are_never_written(tmp_path: Path) -> None:
    # A broken PostgreSQL connection loses its transaction without a statement of the
    # store's: the row held for it must not go into the next transaction (nor outside one).
    store = RoomStore(tmp_path)
    _room(store, "CDEFGH")
    store.append_action("CDEFGH", 1, PlaceTile(seat=0, row=0, col=0, symbol="E", at=1.0))
    store._db.db.execute("ROLLBACK")  # behind the store's back, as a broken connection
    store.append_action("CDEFGH", 2, PlaceTile(seat=0, row=0, col=1, symbol="T", at=2.0))
    with pytest.raises(DatabaseError, match="actions lost"):
        store.commit()
    store.append_action("CDEFGH", 1, PlaceTile(seat=0, row=0, col=0, symbol="A", at=3.0))
    store.commit()
    other = sqlite3.connect(store.path)
    [(number, action)] = other.execute("SELECT n, action FROM actions").fetchall()
    assert number == 1 and '"A"' in action
    other.close()
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


def _crashed_copy(store: RoomStore, folder: Path) -> RoomStore:
    """The store as a crash (kill -9) leaves it: its database and WAL files, never closed."""
    folder.mkdir()
    for path in store.path.parent.glob("rooms.sqlite3*"):
        shutil.copyfile(path, folder / path.name)
    return RoomStore(folder)


def test_a_restarted_room_s_clock_goes_on_from_the_time_it_had_reached_not_its_last_action(
    tmp_path: Path,
) -> None:
    """A room 10 minutes past its last action when the server crashed comes back
    10 minutes on (as last kept, every CLOCK_EVERY seconds), not at its last action."""
    server = GameServer(tmp_path / "live")
    room = server.rooms.create(RoomSettings(players=2, bots=2, seed=3))
    room._clock_base += 600.0  # ten minutes of play with no action since the deal
    server.keep_clocks(server.rooms.rooms.values())
    assert server.store is not None
    reopened = _crashed_copy(server.store, tmp_path / "after-crash")
    back = Rooms(reopened).get(room.code)  # brought back when someone names it
    assert 600.0 <= back.now() < 660.0
    reopened.close()
    server.store.close()


def test_the_clock_kept_goes_in_with_the_actions_of_the_open_transaction(tmp_path: Path) -> None:
    store = RoomStore(tmp_path)
    _room(store, "CDEFGH")
    store.append_action("CDEFGH", 1, PlaceTile(seat=0, row=0, col=0, symbol="E", at=1.0))
    store.keep_clocks([("CDEFGH", 42.0)])
    other = sqlite3.connect(store.path)
    assert other.execute("SELECT clock FROM rooms").fetchone() == (None,)
    store.commit()
    assert other.execute("SELECT clock FROM rooms").fetchone() == (42.0,)
    other.close()
    store.close()


def test_a_database_of_an_older_server_opens_and_its_rooms_have_no_clock_kept(
    tmp_path: Path,
) -> None:
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as db:
        db.executescript(
            "CREATE TABLE rooms (code TEXT PRIMARY KEY, settings TEXT NOT NULL,"
            " seats TEXT NOT NULL, options TEXT, finished INTEGER NOT NULL DEFAULT 0,"
            " created REAL NOT NULL);"
        )
    db.close()
    store = RoomStore(tmp_path)
    _room(store, "CDEFGH")
    stored = store.load("CDEFGH")
    assert stored is not None and stored.clock is None
    store.keep_clocks([("CDEFGH", 5.0)])
    stored = store.load("CDEFGH")
    assert stored is not None and stored.clock == 5.0
    store.close()


def test_a_database_of_a_server_that_kept_no_version_migrates_and_keeps_its_rooms(
    tmp_path: Path,
) -> None:
    store = RoomStore(tmp_path)
    _room(store, "CDEFGH")
    store.commit()
    store.close()
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as db:  # as the older server left it
        db.executescript(
            "ALTER TABLE rooms DROP COLUMN clock; ALTER TABLE rooms DROP COLUMN damaged;"
            " PRAGMA user_version = 0;"
        )
    db.close()
    store = RoomStore(tmp_path)
    stored = store.load("CDEFGH")
    assert stored is not None and stored.seats[0].name is None and stored.clock is None
    store.close()
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone() == (len(MIGRATIONS),)
        columns = {row[1] for row in db.execute("PRAGMA table_info(rooms)")}
    db.close()
    assert {"clock", "damaged"} <= columns


def test_a_database_of_a_newer_server_is_refused_at_start(tmp_path: Path) -> None:
    RoomStore(tmp_path).close()
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()
    with pytest.raises(SchemaVersionError) as refused:
        RoomStore(tmp_path)
    assert refused.value.newer
