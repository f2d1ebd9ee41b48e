"""The rooms' tables, as SQLite's schema grew version by version (``PRAGMA
user_version``, brought forward on open by :func:`mixmo.data.sqlite_schema.migrate`) and
as PostgreSQL holds them for a community server (its version 1 is SQLite's version 4).
Split from :mod:`mixmo.net.store`, which reads and writes them."""

from __future__ import annotations

import sqlite3

from mixmo.data.sqlite_schema import Step

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    seats TEXT NOT NULL,
    options TEXT,
    finished INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    clock REAL,
    damaged TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, n)
) WITHOUT ROWID;
"""


def _from_unversioned(db: sqlite3.Connection) -> None:
    """Version 1: the schema above, from nothing or from a database of a server that
    kept no version (0), which may lack the ``clock`` and ``damaged`` columns.

    (A database of a server that kept hint costs in a ``hints`` column keeps it: the
    column is no longer read, a hint being an action of the log.)"""
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    columns = {row[1] for row in db.execute("PRAGMA table_info(rooms)")}
    if "clock" not in columns:  # the game time the room had reached
        db.execute("ALTER TABLE rooms ADD COLUMN clock REAL")
    if "damaged" not in columns:  # why a room was set aside (None: it was not)
        db.execute("ALTER TABLE rooms ADD COLUMN damaged TEXT")


def _with_endings(db: sqlite3.Connection) -> None:
    """Version 2: when a player was last connected (``seen``), when the room expired with
    nobody at it (``expired``; its log is kept), and a finished match's final standings
    (``standings``: a JSON list of [name, points, rounds won], first to last)."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(rooms)")}
    for column in ("seen REAL", "expired REAL", "standings TEXT"):
        if column.split()[0] not in columns:
            db.execute(f"ALTER TABLE rooms ADD COLUMN {column}")
    # Seen now: a room played an hour before the upgrade must not expire at once.
    db.execute("UPDATE rooms SET seen = (julianday('now') - 2440587.5) * 86400.0")


def _with_pauses(db: sqlite3.Connection) -> None:
    """Version 3: whether the room's host paused its match (``paused``), so that a
    restarted server brings it back paused."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(rooms)")}
    if "paused" not in columns:
        db.execute("ALTER TABLE rooms ADD COLUMN paused INTEGER NOT NULL DEFAULT 0")


ARCHIVE = """
CREATE TABLE IF NOT EXISTS matches (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    finished REAL NOT NULL,
    options TEXT NOT NULL,
    standings TEXT NOT NULL,
    PRIMARY KEY (code, number)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS matches_by_time ON matches (finished);
CREATE TABLE IF NOT EXISTS match_actions (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, number, n)
) WITHOUT ROWID;
"""
"""Version 4: the archive, every finished match of every room (a room's matches are
numbered from 1) with its options, final standings and whole action log, kept when the
room plays again (which empties the room's own log) and for ever after."""

MIGRATIONS: dict[int, Step] = {
    1: _from_unversioned,
    2: _with_endings,
    3: _with_pauses,
    4: ARCHIVE,
}
"""The rooms' schema versions (``PRAGMA user_version``), each from the one before."""

POSTGRES_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    seats TEXT NOT NULL,
    options TEXT,
    finished INTEGER NOT NULL DEFAULT 0,
    created DOUBLE PRECISION NOT NULL,
    clock DOUBLE PRECISION,
    damaged TEXT,
    seen DOUBLE PRECISION,
    expired DOUBLE PRECISION,
    standings TEXT,
    paused INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE TABLE IF NOT EXISTS matches (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    finished DOUBLE PRECISION NOT NULL,
    options TEXT NOT NULL,
    standings TEXT NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE INDEX IF NOT EXISTS matches_by_time ON matches (finished);
CREATE TABLE IF NOT EXISTS match_actions (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, number, n)
)
"""
"""The rooms' tables in PostgreSQL: SQLite's version 4 at once. The primary key of a
room's log, (code, n), is also what keeps two nodes from both writing a room: the one
whose lease lapsed fails its next commit, and its room stops."""
