"""The server's two databases: SQLite in its ``--data`` folder (the default: nothing else
to run), or PostgreSQL (``--database postgresql://...``) shared by every node of a
community server.

The stores (:mod:`mixmo.net.store`, :mod:`mixmo.net.account_store`) write their SQL
once, in the ``?`` style of Python's ``sqlite3``, on the part of the DB-API that both
drivers share (``execute``, ``executemany``, ``in_transaction``). A PostgreSQL
connection is :class:`PostgresConnection`: psycopg 3 underneath, in autocommit mode so
that the stores' own ``BEGIN`` and ``COMMIT`` decide every transaction (their group
commit), each ``?`` of their statements written as psycopg's ``%s``, and its failures
raised as :class:`DatabaseError`. A caller catches :data:`DATABASE_ERRORS` whichever
it is.

psycopg is imported only when a server is given a PostgreSQL address (``pip install
'mixmo[community]'``): a server on SQLite never loads it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from mixmo.data.sqlite_schema import SchemaVersionError

if TYPE_CHECKING:
    import psycopg

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class DatabaseError(Exception):
    """PostgreSQL failed a statement, a commit or the connection (the driver's own error
    is the ``__cause__``; its text is this one's)."""


DATABASE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, DatabaseError)
"""What a store's call raises when its database fails, SQLite's or PostgreSQL's."""


class Rows(Protocol):
    """What a statement gives back, from either driver."""

    @property
    def rowcount(self) -> int: ...
    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...
    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """The part of a DB-API connection the stores use (``sqlite3.Connection`` has it)."""

    @property
    def in_transaction(self) -> bool: ...
    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Rows: ...
    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Rows: ...
    def close(self) -> None: ...


class DeferredInserts:
    """A connection that holds back the rows given to :meth:`defer` and inserts them
    together with its one ``insert`` statement, in one ``executemany``, just before its
    next statement of any kind (the commit included). A ``ROLLBACK`` drops them with their
    transaction, and so does a ``BEGIN``: rows still held then belong to a transaction
    that vanished (a broken PostgreSQL connection), and must not be written outside any.

    The room store appends a row at every action. On PostgreSQL each ``execute`` waits
    for the server's answer on the event loop, about 0.14 ms over loopback: at 200 rooms
    that was a quarter of every second. psycopg sends an ``executemany`` as one pipeline,
    so a flush's actions cost one round trip. The statements still run in the order
    they were given, so every read and write sees the rows appended before it.
    """

    def __init__(self, db: Connection, insert: str) -> None:
        self.db = db
        self.insert = insert
        self._rows: list[Sequence[Any]] = []

    @property
    def in_transaction(self) -> bool:
        return self.db.in_transaction

    def defer(self, row: Sequence[Any]) -> None:
        """Insert ``row`` before the next statement."""
        self._rows.append(row)

    def _send(self) -> None:
        rows, self._rows = self._rows, []
        if rows:
            self.db.executemany(self.insert, rows)

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Rows:
        if sql in ("ROLLBACK", "BEGIN"):
            self._rows.clear()
        else:
            self._send()
        return self.db.execute(sql, parameters)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Rows:
        self._send()
        return self.db.executemany(sql, rows)

    def close(self) -> None:
        self._rows.clear()  # an uncommitted transaction's: nobody heard of them
        self.db.close()


def is_postgres(address: str) -> bool:
    return address.startswith(POSTGRES_SCHEMES)


class PostgresConnection:
    """A psycopg connection as the stores use a ``sqlite3`` one (module docstring)."""

    def __init__(self, address: str) -> None:
        try:
            import psycopg
        except ImportError:  # pragma: no cover - the community extra is in the test lock
            raise DatabaseError(
                "PostgreSQL needs psycopg: pip install 'mixmo[community]'"
            ) from None
        self._psycopg = psycopg
        self._address = address
        self._conn: psycopg.Connection[Any] = self._connect()

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return self._psycopg.connect(self._address, autocommit=True, connect_timeout=5)
        except self._psycopg.Error as error:
            raise DatabaseError(_one_line(error)) from error

    def _live(self) -> psycopg.Connection[Any]:
        """The connection, made again if the last one broke (PostgreSQL restarted, a
        network cut): whatever its open transaction held is lost, and the store's next
        commit says so; the statements after it run on the new one."""
        if self._conn.broken or self._conn.closed:
            self._conn = self._connect()
        return self._conn

    @property
    def in_transaction(self) -> bool:
        if self._conn.broken:
            return False  # its transaction is gone: the next statement reconnects
        status = self._conn.info.transaction_status
        return status != self._psycopg.pq.TransactionStatus.IDLE

    @staticmethod
    def _spelled(sql: str) -> str:
        """``sql`` as psycopg reads it (the stores' statements hold no literal ``?``)."""
        return sql.replace("?", "%s")

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Rows:
        if sql == "COMMIT":
            self._commit()
        try:
            return self._live().execute(self._spelled(sql), parameters)
        except self._psycopg.Error as error:
            raise DatabaseError(_one_line(error)) from error

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Rows:
        cursor = self._live().cursor()
        try:
            cursor.executemany(self._spelled(sql), rows)
            return cursor
        except self._psycopg.Error as error:
            raise DatabaseError(_one_line(error)) from error

    def _commit(self) -> None:
        """PostgreSQL answers COMMIT in a failed transaction with a rollback, not an error:
        the stores must hear that their actions were lost."""
        if self._conn.broken:
            raise DatabaseError("the connection broke: its transaction is lost")
        status = self._conn.info.transaction_status
        if status == self._psycopg.pq.TransactionStatus.INERROR:
            self._conn.execute("ROLLBACK")
            raise DatabaseError("the transaction failed: rolled back")

    def close(self) -> None:
        self._conn.close()


def _one_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def migrate_postgres(db: PostgresConnection, name: str, steps: Sequence[str]) -> None:
    """Bring the schema ``name`` (``rooms``, ``accounts``) up to the last of ``steps``
    (version 1 is ``steps[0]``), each step with its version in one transaction. Nodes
    that start together take turns (an advisory lock), so none sees half a schema."""
    db.execute("BEGIN")
    try:
        db.execute("SELECT pg_advisory_xact_lock(hashtext('mixmo-schema'))")
        db.execute(
            "CREATE TABLE IF NOT EXISTS mixmo_schema (name TEXT PRIMARY KEY, version INTEGER)"
        )
        row = db.execute("SELECT version FROM mixmo_schema WHERE name = ?", (name,)).fetchone()
        version = 0 if row is None else int(row[0])
        if version > len(steps):
            raise SchemaVersionError(version, len(steps))
        for target in range(version + 1, len(steps) + 1):
            for statement in steps[target - 1].split(";"):
                if statement.strip():
                    db.execute(statement)
        db.execute(
            "INSERT INTO mixmo_schema (name, version) VALUES (?, ?)"
            " ON CONFLICT (name) DO UPDATE SET version = excluded.version",
            (name, len(steps)),
        )
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def redacted(address: str) -> str:
    """``address`` as a log line or an error may show it: without its password."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(address)
        if parts.password is None:
            return address
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
        return parts._replace(netloc=netloc).geturl()
    except ValueError:
        return "(an address that does not read)"
