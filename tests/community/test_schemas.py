"""Each store writes its tables twice, as SQLite's migrations built them version by version
and as PostgreSQL creates them at once: both must hold the same tables, columns and keys,
or a statement that works on one server fails on a community's nodes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg

from mixmo.net.account_store import AccountStore
from mixmo.net.store import RoomStore

Columns = set[tuple[str, str, bool]]
"""(table, column, NOT NULL)."""
Keys = dict[str, list[str]]
"""Each table's primary key, its columns in order."""


def _sqlite_tables(path: Path) -> tuple[Columns, Keys]:
    db = sqlite3.connect(path)
    tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    columns: Columns = set()
    keys: Keys = {}
    for table in tables:
        rows = db.execute(f"PRAGMA table_info({table})").fetchall()
        # (A column that a primary key names is NOT NULL in PostgreSQL by definition.)
        columns |= {(table, name, bool(notnull) or key > 0) for _, name, _, notnull, _, key in rows}
        keys[table] = [name for *_, name, _, _, _, key in sorted(rows, key=lambda r: r[5]) if key]
    db.close()
    return columns, keys


def _postgres_tables(address: str, names: set[str]) -> tuple[Columns, Keys]:
    with psycopg.connect(address) as db:
        found = db.execute(
            "SELECT table_name, column_name, is_nullable = 'NO' FROM information_schema.columns"
            " WHERE table_schema = 'public'"
        ).fetchall()
        keys: Keys = {}
        for table in names:
            rows = db.execute(
                "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid"
                " AND a.attnum = ANY(i.indkey) WHERE i.indrelid = %s::regclass AND i.indisprimary"
                " ORDER BY array_position(i.indkey, a.attnum)",
                (table,),
            ).fetchall()
            keys[table] = [name for (name,) in rows]
    return {(t, c, n) for t, c, n in found if t in names}, keys


def _same_tables(sqlite: tuple[Columns, Keys], database: str) -> None:
    columns, keys = sqlite
    postgres_columns, postgres_keys = _postgres_tables(database, set(keys))
    assert postgres_columns ^ columns == set(), "columns in one database only (or NOT NULL)"
    assert postgres_keys == keys


def test_the_rooms_tables_are_the_same_in_sqlite_and_postgresql(
    tmp_path: Path, database: str
) -> None:
    RoomStore(tmp_path).close()
    RoomStore(database=database).close()
    _same_tables(_sqlite_tables(tmp_path / "rooms.sqlite3"), database)


def test_the_accounts_tables_are_the_same_in_sqlite_and_postgresql(
    tmp_path: Path, database: str
) -> None:
    AccountStore(tmp_path).close()
    AccountStore(None, database=database).close()
    _same_tables(_sqlite_tables(tmp_path / "accounts.sqlite3"), database)
