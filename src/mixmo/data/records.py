"""Personal records: every finished practice run and game, in a local SQLite database.

The database lives in the user data folder (``records.sqlite3``). Each record
is written in one transaction, so a crash or a kill in the middle of a game
never leaves half a record; SQLite's journal keeps the file consistent. The
schema has a version (``PRAGMA user_version``) and migrates forward on open.

Every way the database can be wrong (not a database, malformed pages, a
damaged index, a version without its tables, wrong columns, a row of the
wrong types, locked by another program, read-only, a folder in its place)
is one :class:`RecordsError` sentence: the database's own errors never leave
this module, so a caller catches one exception and play goes on.

Practice runs count as personal bests only when finished (``won``: every tile
placed in a valid grid, not locked); a match records each finished round
(kind ``round``) as well as the whole match (kind ``game``).
"""

from __future__ import annotations

import errno
import json
import math
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from mixmo.data import sqlite_schema
from mixmo.data.sqlite_schema import SchemaVersionError
from mixmo.data.storage import data_dir, disk_is_full, why_not_written
from mixmo.i18n import _

SCHEMA_VERSION = 3

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
    # 2: finished rounds of matches are recorded too (kind 'round').
    2: """
        CREATE TABLE runs_v2 (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('practice', 'game', 'round')),
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
        INSERT INTO runs_v2 SELECT * FROM runs;
        DROP TABLE runs;
        ALTER TABLE runs_v2 RENAME TO runs;
        CREATE INDEX runs_by_table ON runs (kind, table_size, language, seconds);
        CREATE INDEX runs_by_time ON runs (finished_at);
    """,
    # 3: the rounds option's standings (a round won, a round taken away).
    3: """
        ALTER TABLE runs ADD COLUMN rounds INTEGER;
    """,
}

KINDS = ("practice", "game", "round")
TIMEOUT = 2.0
"""Seconds to wait for another program that holds the database, then say so."""


class RecordsError(ValueError):
    """The records database cannot be used (damaged, or from a newer mixmo).

    ``read_only_may_work``: the failure was a read-only disk or folder, or a
    database that could not be opened for writing; a reader then retries
    read-only. Decided from the error itself, not from the (translated) sentence.
    """

    def __init__(self, message: str, *, read_only_may_work: bool = False) -> None:
        super().__init__(message)
        self.read_only_may_work = read_only_may_work


def _prefixed(path: Path, error: RecordsError) -> RecordsError:
    """The same error, its sentence starting with the database's path."""
    return RecordsError(f"{path}: {error}", read_only_may_work=error.read_only_may_work)


@dataclass(frozen=True)
class Run:
    """One practice run, finished round or finished game, from one player's side.

    ``won``: the game or round was won; for practice, the run was finished
    (only finished runs are personal bests).
    """

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
    rounds: int | None = None
    """A match played to rounds won (rulebook Option 1): for a round, what it changed in
    the player's rounds won (+1 won it, -1 a round taken away for a wrong final MIXMO,
    0 neither); for a game, the rounds won at its end. None for practice, a match played
    to points, and the records of a mixmo that did not keep it."""
    id: int | None = field(default=None, compare=False)

    @property
    def total_seconds(self) -> float:
        """The time that counts: the clock plus the penalties for hints."""
        return self.seconds + self.penalty_seconds

    @property
    def round_number(self) -> int | None:
        """Which round of its match a round record is (its seed is kept as
        ``"<match seed> round <number>"``, :data:`ROUND_SEED`); None for other kinds."""
        if self.kind != "round":
            return None
        _match, marker, number = self.seed.rpartition(ROUND_SEED)
        return int(number) if marker and number.isdigit() else None


ROUND_SEED = " round "
"""Between a match's seed and a round's number in a round record's ``seed``."""


def round_seed(match_seed: object, number: int) -> str:
    """The ``seed`` of round ``number``'s record in the match of ``match_seed``."""
    return f"{match_seed}{ROUND_SEED}{number}"


def records_path() -> Path:
    return data_dir() / "records.sqlite3"


@contextmanager
def connect(path: Path | None = None, *, reading: bool = False) -> Iterator[sqlite3.Connection]:
    """An open, checked, migrated database; closed on exit. Any failure, on
    opening or inside the ``with`` block, is a :class:`RecordsError`.

    ``reading``: when the database cannot be opened for writing (a read-only
    disk or folder), open it read-only instead, so that records can still be
    shown.
    """
    path = path or records_path()
    try:
        connection = _open(path, read_only=False)
    except RecordsError as error:
        if not (reading and path.is_file() and error.read_only_may_work):
            raise
        try:  # read-only, with its journal (a full disk may leave one)
            connection = _open(path, read_only=True)
        except RecordsError:  # a read-only folder: no shared-memory file can be made
            connection = _open(path, read_only=True, immutable=True)
    with closing(connection):
        try:
            yield connection
        except RecordsError as error:
            raise _prefixed(path, error) from None
        except (sqlite3.Error, OSError, UnicodeError, OverflowError) as error:
            raise _database_error(path, error) from None


def _database_error(path: Path, error: Exception) -> RecordsError:
    """``PATH: the records database is damaged (...)`` and the like."""
    return RecordsError(
        _("{path}: the records database {why}").format(path=path, why=_why(error)),
        read_only_may_work=_read_only_may_work(error),
    )


def _cannot_open(path: Path, error: Exception) -> RecordsError:
    return RecordsError(
        _("cannot open the records at {path}: {why}").format(path=path, why=_why(error)),
        read_only_may_work=_read_only_may_work(error),
    )


def _read_only_may_work(error: Exception) -> bool:
    """A read-only or full disk or folder, or a database not writable or not openable
    for writing: reading it without writing anything may still work."""
    if disk_is_full(error):
        return True
    if isinstance(error, OSError):
        return error.errno == errno.EROFS
    text = str(error)
    if "locked" in text or "busy" in text:
        return False
    return "readonly" in text or "read-only" in text or "unable to open" in text


def _open(path: Path, *, read_only: bool, immutable: bool = False) -> sqlite3.Connection:
    """A checked (and, unless read-only, migrated) connection, or a RecordsError."""
    try:
        if not read_only:
            path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _cannot_open(path, error) from None
    if path.is_dir():
        message = _("cannot open the records at {path}: it is a folder")
        raise RecordsError(message.format(path=path))
    try:
        if read_only:  # immutable: no journal or shared-memory file to create (nor read)
            uri = f"{path.resolve().as_uri()}?mode=ro" + ("&immutable=1" if immutable else "")
            connection = sqlite3.connect(uri, timeout=TIMEOUT, uri=True)
        else:
            connection = sqlite3.connect(path, timeout=TIMEOUT)
    except sqlite3.Error as error:
        raise _cannot_open(path, error) from None
    # Damaged text is shown with replacement marks rather than failing to decode.
    connection.text_factory = lambda data: data.decode("utf-8", "replace")
    try:
        check(connection)
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if read_only:
            if not isinstance(version, int) or not 0 <= version <= SCHEMA_VERSION:
                migrate(connection)  # says which version, without writing
            if version < SCHEMA_VERSION:  # never written, or a migration the disk cut short
                connection = _migrated_in_memory(connection)
        else:
            if version < SCHEMA_VERSION:
                connection.execute("PRAGMA journal_mode=WAL")
            migrate(connection)
        check_tables(connection)
    except RecordsError as error:
        connection.close()
        raise _prefixed(path, error) from None
    except (sqlite3.Error, OSError, UnicodeError, OverflowError) as error:
        connection.close()
        raise _database_error(path, error) from None
    return connection


def _migrated_in_memory(connection: sqlite3.Connection) -> sqlite3.Connection:
    """A copy in memory of an older (or never written: version 0) database opened
    read-only, brought up to this version there: its records read without writing."""
    memory = sqlite3.connect(":memory:")
    memory.text_factory = connection.text_factory
    with closing(connection):
        connection.backup(memory)
    migrate(memory)
    return memory


def migrate(connection: sqlite3.Connection) -> None:
    """Bring the schema up to :data:`SCHEMA_VERSION`, one migration per transaction."""
    try:
        sqlite_schema.migrate(connection, MIGRATIONS)
    except SchemaVersionError as error:
        if error.newer:
            message = _(
                "the records database has schema version {version}; this mixmo knows {known}"
            )
            raise RecordsError(
                message.format(version=error.version, known=SCHEMA_VERSION)
            ) from None
        message = _("the records database is damaged (schema version {version})")
        raise RecordsError(message.format(version=error.version)) from None


def _why(error: Exception) -> str:
    """The database's or the system's error, as the end of a sentence (one line,
    at most 160 characters: SQLite quotes whole damaged schema statements)."""
    text = " ".join(str(error).split())
    if len(text) > 160:
        text = text[:157] + "..."
    if isinstance(error, OSError):
        return why_not_written(error)
    if disk_is_full(error):
        return _("cannot be written: the disk is full")
    if "locked" in text or "busy" in text:
        return _("is locked by another program (close it and try again)")
    if "readonly" in text or "read-only" in text:
        return _("is read-only")
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return _("is damaged ({error})").format(error=text)
    if "unable to open" in text:
        return _("cannot be opened (check the folder and its permissions)")
    return _("cannot be read ({error})").format(error=text)


def check(connection: sqlite3.Connection) -> None:
    """SQLite's own consistency check: a damaged page or index is reported, not skipped."""
    rows = connection.execute("PRAGMA quick_check").fetchall()
    if [row[0] for row in rows] != ["ok"]:
        lines = [line for row in rows for line in str(row[0]).splitlines()]
        first = next((line for line in lines if not line.startswith("***")), "")
        message = _("the records database is damaged ({error})")
        raise RecordsError(message.format(error=first[:160]))


def check_tables(connection: sqlite3.Connection) -> None:
    """The table the version promises, with its columns."""
    columns = [row[1] for row in connection.execute("PRAGMA table_info(runs)").fetchall()]
    if not columns:
        raise RecordsError(_("the records database is damaged: its version has no runs table"))
    if columns != ["id", *COLUMNS]:
        raise RecordsError(_("the records database is damaged: the runs table has other columns"))


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
    "rounds",
]


def record(run: Run, path: Path | None = None) -> int:
    """Store ``run`` in one transaction; its id."""
    values = [getattr(run, name) for name in COLUMNS]
    values[COLUMNS.index("splits")] = json.dumps(list(run.splits))
    values[COLUMNS.index("won")] = int(run.won)
    if run.kind not in KINDS or not math.isfinite(run.seconds) or run.seconds < 0:
        raise RecordsError(f"not a record: {run.kind} run of {run.seconds} seconds")
    with connect(path) as connection, connection:
        cursor = connection.execute(
            f"INSERT INTO runs ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})",
            values,
        )
        return int(cursor.lastrowid or 0)


_TYPES: dict[str, type | tuple[type, ...]] = {
    "id": int,
    "kind": str,
    "finished_at": str,
    "player": str,
    "language": str,
    "table_size": int,
    "variant": str,
    "seed": str,
    "daily": (str, type(None)),
    "seconds": (int, float),
    "penalty_seconds": (int, float),
    "hints": int,
    "splits": str,
    "tiles": int,
    "won": int,
    "score": (int, type(None)),
    "grid": str,
    "rounds": (int, type(None)),
}


def record_all(runs: Sequence[Run], path: Path | None = None) -> None:
    """Store several runs in one transaction (the players of one round or match)."""
    for run in runs:
        if run.kind not in KINDS or not math.isfinite(run.seconds) or run.seconds < 0:
            raise RecordsError(f"not a record: {run.kind} run of {run.seconds} seconds")
    with connect(path) as connection, connection:
        connection.executemany(
            f"INSERT INTO runs ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})",
            [_values(run) for run in runs],
        )


def _values(run: Run) -> list[object]:
    values: list[object] = [getattr(run, name) for name in COLUMNS]
    values[COLUMNS.index("splits")] = json.dumps(list(run.splits))
    values[COLUMNS.index("won")] = int(run.won)
    return values


def _run(row: Sequence[object]) -> Run:
    """A row as a Run; a row of the wrong types or bad JSON is a RecordsError."""
    data = dict(zip(["id", *COLUMNS], row, strict=True))
    wrong = [name for name, kind in _TYPES.items() if not isinstance(data[name], kind)]
    if wrong or data["kind"] not in KINDS:
        column = (wrong or ["kind"])[0]
        raise RecordsError(
            _(
                "the records database is damaged: record {id!r} has a wrong {column} ({value!r})"
            ).format(id=data["id"], column=column, value=data[column])
        )
    try:
        splits = json.loads(str(data["splits"]))
        if not isinstance(splits, list) or not all(
            isinstance(s, int | float) and math.isfinite(s) for s in splits
        ):
            raise ValueError("not a list of times")
    except (ValueError, RecursionError) as error:
        raise RecordsError(
            _("the records database is damaged: record {id} has bad splits ({error})").format(
                id=data["id"], error=error
            )
        ) from None
    data["splits"] = tuple(float(s) for s in splits)
    data["won"] = bool(data["won"])
    return Run(**data)  # type: ignore[arg-type]


def recent(limit: int = 10, path: Path | None = None, player: str | None = None) -> list[Run]:
    """The latest runs and games, newest first (``player``'s only, when given)."""
    with connect(path, reading=True) as connection:
        rows = connection.execute(
            f"""SELECT id, {", ".join(COLUMNS)} FROM runs WHERE ? IS NULL OR player = ?
                ORDER BY finished_at DESC, id DESC LIMIT ?""",
            (player, player, limit),
        ).fetchall()
        return [_run(row) for row in rows]


def personal_bests(path: Path | None = None, player: str | None = None) -> list[Run]:
    """The fastest finished practice run for each table size and language (ties: the
    earliest, then the first recorded); ``player``'s only, when given.

    One pass over the finished runs, ranked within their table by a window function:
    a subquery per run that searched its table again was quadratic (6,000 runs took
    3.7 s, 30,000 over two minutes; ``benchmarks/stats.py``)."""
    with connect(path, reading=True) as connection:
        rows = connection.execute(
            f"""SELECT id, {", ".join(COLUMNS)} FROM (
                    SELECT *, ROW_NUMBER() OVER (
                        PARTITION BY table_size, language
                        ORDER BY seconds + penalty_seconds, finished_at, id) AS place
                    FROM runs WHERE kind = 'practice' AND won = 1 AND (? IS NULL OR player = ?))
                WHERE place = 1
                ORDER BY language, table_size""",
            (player, player),
        ).fetchall()
        return [_run(row) for row in rows]


def practice_history(
    table_size: int, language: str, path: Path | None = None, player: str | None = None
) -> list[Run]:
    """Every practice run at one table size and language, oldest first (progress over time);
    ``player``'s only, when given."""
    with connect(path, reading=True) as connection:
        rows = connection.execute(
            f"""SELECT id, {", ".join(COLUMNS)} FROM runs
                WHERE kind = 'practice' AND table_size = ? AND language = ?
                    AND (? IS NULL OR player = ?)
                ORDER BY finished_at, id""",
            (table_size, language, player, player),
        ).fetchall()
        return [_run(row) for row in rows]
