"""Personal records: every finished practice run and game, in a local SQLite database.

The database lives in the user data folder (``records.sqlite3``). Each record
is written in one transaction, so a crash or a kill in the middle of a game
never leaves half a record; SQLite's journal keeps the file consistent. The
schema has a version (``PRAGMA user_version``) and migrates forward on open.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from mixmo.storage import data_dir

SCHEMA_VERSION = 1

MIGRATIONS: dict[int, str] = {
    1: """
        CREATE TABLE runs (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('practice', 'game')),
            finished_at TEXT NOT NULL,
            player TEXT NOT NULL,
            language TEXT NOT NULL,
            table_size INTEGER NOT NULL CHECK (table_size BETWEEN 1 AND 6),
            variant TEXT NOT NULL,
            seed TEXT NOT NULL,
            daily TEXT,
            seconds REAL NOT NULL CHECK (seconds >= 0),
            penalty_seconds REAL NOT NULL DEFAULT 0,
            hints INTEGER NOT NULL DEFAULT 0,
            splits TEXT NOT NULL DEFAULT '[]',
            tiles INTEGER NOT NULL,
            won INTEGER NOT NULL DEFAULT 0,
            score INTEGER,
            grid TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX runs_by_table ON runs (kind, table_size, language, seconds);
        CREATE INDEX runs_by_time ON runs (finished_at);
    """,
}


class RecordsError(ValueError):
    """The records database cannot be used (damaged, or from a newer mixmo)."""


@dataclass(frozen=True)
class Run:
    """One finished practice run or game, from one player's side."""

    kind: str
    finished_at: str
    """ISO 8601 time, supplied by the caller."""
    player: str
    language: str
    table_size: int
    variant: str
    seed: str
    seconds: float
    tiles: int
    daily: str | None = None
    penalty_seconds: float = 0.0
    hints: int = 0
    splits: tuple[float, ...] = ()
    won: bool = False
    score: int | None = None
    grid: str = ""
    id: int | None = field(default=None, compare=False)

    @property
    def total_seconds(self) -> float:
        """The time that counts: the clock plus the penalties for hints."""
        return self.seconds + self.penalty_seconds


def records_path() -> Path:
    return data_dir() / "records.sqlite3"


@contextmanager
def connect(path: Path | None = None) -> Iterator[sqlite3.Connection]:
    """An open, migrated database; closed on exit."""
    path = path or records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, timeout=5)
    with closing(connection):
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            migrate(connection)
        except sqlite3.DatabaseError as error:
            raise RecordsError(f"{path}: the records database cannot be read ({error})") from None
        yield connection


def migrate(connection: sqlite3.Connection) -> None:
    """Bring the schema up to :data:`SCHEMA_VERSION`, one migration per transaction."""
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise RecordsError(
            f"the records database has schema version {version}; this mixmo knows {SCHEMA_VERSION}"
        )
    for target in range(version + 1, SCHEMA_VERSION + 1):
        with connection:  # one transaction: all of a migration or none of it
            connection.executescript(f"BEGIN; {MIGRATIONS[target]} PRAGMA user_version = {target};")


COLUMNS = [
    "kind",
    "finished_at",
    "player",
    "language",
    "table_size",
    "variant",
    "seed",
    "daily",
    "seconds",
    "penalty_seconds",
    "hints",
    "splits",
    "tiles",
    "won",
    "score",
    "grid",
]


def record(run: Run, path: Path | None = None) -> int:
    """Store ``run`` in one transaction; its id."""
    values = [getattr(run, name) for name in COLUMNS]
    values[COLUMNS.index("splits")] = json.dumps(list(run.splits))
    values[COLUMNS.index("won")] = int(run.won)
    with connect(path) as connection, connection:
        cursor = connection.execute(
            f"INSERT INTO runs ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})",
            values,
        )
        return int(cursor.lastrowid or 0)


def _run(row: Sequence[object]) -> Run:
    data = dict(zip(["id", *COLUMNS], row, strict=True))
    data["splits"] = tuple(json.loads(str(data["splits"])))
    data["won"] = bool(data["won"])
    return Run(**data)  # type: ignore[arg-type]


def recent(limit: int = 10, path: Path | None = None) -> list[Run]:
    """The latest runs and games, newest first."""
    with connect(path) as connection:
        rows = connection.execute(
            f"SELECT id, {', '.join(COLUMNS)} FROM runs ORDER BY finished_at DESC, id DESC LIMIT ?",
            (limit,),
        ).fetchall()
    return [_run(row) for row in rows]


def personal_bests(path: Path | None = None) -> list[Run]:
    """The fastest practice run for each table size and language."""
    with connect(path) as connection:
        rows = connection.execute(
            f"""SELECT id, {", ".join(COLUMNS)} FROM runs AS r
                WHERE kind = 'practice' AND id = (
                    SELECT id FROM runs WHERE kind = 'practice'
                    AND table_size = r.table_size AND language = r.language
                    ORDER BY seconds + penalty_seconds, finished_at LIMIT 1)
                ORDER BY language, table_size"""
        ).fetchall()
    return [_run(row) for row in rows]


def practice_history(table_size: int, language: str, path: Path | None = None) -> list[Run]:
    """Every practice run at one table size and language, oldest first (progress over time)."""
    with connect(path) as connection:
        rows = connection.execute(
            f"""SELECT id, {", ".join(COLUMNS)} FROM runs
                WHERE kind = 'practice' AND table_size = ? AND language = ?
                ORDER BY finished_at, id""",
            (table_size, language),
        ).fetchall()
    return [_run(row) for row in rows]
