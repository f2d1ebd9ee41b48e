"""Rooms on disk: a SQLite database in the server's ``--data`` folder.

Each room is one row (its settings, its seats with the *hashes* of their
tokens, its match options once started); each applied action is one more row
of its log. Actions go into an open transaction that the server commits at
its flush (group commit: one commit for every action since the last, at most
every few milliseconds under load), before any of their events leave the
server. The database runs in WAL
mode with ``synchronous=NORMAL``: a committed action survives the server being
killed (SIGKILL, a crash); a power cut may lose the last commits before the
WAL's next sync (``synchronous=FULL`` would pay an fsync per commit:
docs/network.md). The WAL is checkpointed (copied into the database, and
synced) by a thread of its own about once a second, never by a commit on the
event loop. A restarted server brings a room back when someone first names its code,
replaying its log through the engine; a room nobody was connected to for a day (by
default) expires, its row and log kept.

Each room's row also keeps the game time it had reached (``clock``), written every few
seconds by the server (:meth:`RoomStore.keep_clocks`) and when it stops, so a restarted
room's clock goes on from there, not from its last action's time.

On a community server (``mixmo serve --database postgresql://...``) the same tables live
in PostgreSQL, shared by every node (:data:`POSTGRES_SCHEMA`): the same statements, the
same group commit, on a :class:`~mixmo.net.database.PostgresConnection`. Either way the
actions' rows are held and inserted together just before the next statement
(:class:`~mixmo.net.database.DeferredInserts`): one round trip to PostgreSQL a flush.

Every row read back goes through one validated model (:class:`RoomRow`): a room whose
row or log does not validate is set aside (its row marked ``damaged`` with the reason,
nothing deleted) and the server serves every other room.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, Json, ValidationError, model_validator

from mixmo.data.sqlite_schema import migrate
from mixmo.engine.actions import Action
from mixmo.engine.options import MatchOptions
from mixmo.engine.save_models import ACTION_ADAPTER, TaggedAction
from mixmo.engine.state_json import options_data
from mixmo.engine.tiles import MAX_PLAYERS
from mixmo.net.database import (
    DATABASE_ERRORS,
    DatabaseError,
    DeferredInserts,
    PostgresConnection,
    migrate_postgres,
)
from mixmo.net.protocol import RoomSettings
from mixmo.net.store_schema import MIGRATIONS as MIGRATIONS
from mixmo.net.store_schema import POSTGRES_SCHEMA
from mixmo.net.wire import MAX_NAME, BotLevel, RoomCode

_INSERT_ACTION = "INSERT INTO actions (code, n, action) VALUES (?, ?, ?)"
"""One row of a room's log: held until the next statement (:meth:`RoomStore.append_action`)."""


@dataclass(frozen=True)
class SeatRecord:
    """A seat as stored: never the token itself, only its hash."""

    name: str | None
    token_hash: str | None
    bot_level: str | None


@dataclass(frozen=True)
class StoredRoom:
    code: str
    settings: RoomSettings
    seats: list[SeatRecord]
    options: MatchOptions | None
    actions: list[Action]
    created: float
    clock: float | None = None
    """The game time the room had reached when it was last kept (None: never kept)."""
    paused: bool = False
    """The host paused the match (its clock stands at ``clock``)."""


@dataclass(frozen=True)
class ArchivedRow:
    """A finished match as the archive keeps it: JSON text for its options and standings."""

    code: str
    number: int
    finished: float
    options: str
    standings: str


@dataclass(frozen=True)
class Ending:
    """How a room ended: its match over (``standings``: name, points, rounds won, first to
    last; empty if they were not kept), or ``expired`` with nobody at it."""

    expired: bool
    standings: list[tuple[str, int, int]]


def _public(settings: object) -> bool:
    """Whether a room's stored settings make it public (damaged ones do not)."""
    try:
        return json.loads(settings).get("public") is True if isinstance(settings, str) else False
    except (ValueError, AttributeError):
        return False


def _standings(text: object) -> list[tuple[str, int, int]]:
    """The standings column read back (a damaged one reads as none: they are a courtesy)."""
    try:
        rows = json.loads(text) if isinstance(text, str) else []
        return [(str(name), int(points), int(won)) for name, points, won in rows]
    except (ValueError, TypeError):
        return []


MAX_GAME_TIME = 1e9
"""Game seconds a stored clock may hold (some thirty years): more is damage."""
GameTime = Annotated[float, Field(ge=0, lt=MAX_GAME_TIME, allow_inf_nan=False)]
SeatRow = tuple[
    Annotated[str, Field(min_length=1, max_length=MAX_NAME * 4)] | None,
    Annotated[str, Field(pattern="^[0-9a-f]{64}$")] | None,
    BotLevel | None,
]
"""A seat as stored: its name (None: free), its token's SHA-256, its bot's level."""


class RoomRow(BaseModel):
    """A room's row and its log as read back from the database, every column checked.

    The database is the server's own, but a disk, a backup tool or a person can change it:
    a row that does not validate here sets its room aside (:meth:`RoomStore.set_aside`)
    rather than stopping the server or failing later in the middle of a match.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: RoomCode
    settings: Json[RoomSettings]
    seats: Json[Annotated[list[SeatRow], Field(min_length=1, max_length=MAX_PLAYERS)]]
    options: Json[MatchOptions] | None
    created: Annotated[float, Field(allow_inf_nan=False)]
    clock: GameTime | None
    paused: bool = False
    actions: list[Json[TaggedAction]]

    @model_validator(mode="after")
    def _fits_together(self) -> RoomRow:
        options = self.options
        if options is None:
            if len(self.seats) != self.settings.players:
                raise ValueError("its seats do not match its settings")
            if self.actions:
                raise ValueError("it has actions but no match")
            return self
        if len(self.seats) != len(options.players):
            raise ValueError("its seats do not match its match's players")
        if options.dictionary is not None or options.language not in ("en", "fr"):
            raise ValueError("its match names a word list a room cannot have")
        return self

    def stored(self) -> StoredRoom:
        return StoredRoom(
            code=self.code,
            settings=self.settings,
            seats=[SeatRecord(*seat) for seat in self.seats],
            options=self.options,
            actions=list(self.actions),
            created=self.created,
            clock=self.clock,
            paused=self.paused,
        )


class DamagedRowError(ValueError):
    """A room's row or log that does not read back: the first reason, in one line."""

    @classmethod
    def of(cls, error: ValidationError) -> DamagedRowError:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        return cls(f"{where}: {first['msg']}" if where else str(first["msg"]))


class RoomStore:
    """The rooms of one server, in ``DIR/rooms.sqlite3`` (or in PostgreSQL: ``database``).

    ``checkpoint_every`` seconds, a thread with its own connection checkpoints the WAL
    (passively: it never blocks a commit). Left to SQLite, the commit that fills the
    WAL to 1000 pages would copy them and fsync twice on the server's event loop: at
    200 rooms that is every half second, a pause of tens of milliseconds for every
    room, and about a sixth of an action's CPU.
    """

    def __init__(
        self, folder: Path | None = None, checkpoint_every: float = 1.0, database: str = ""
    ) -> None:
        """``folder``: SQLite's; ``database``: a PostgreSQL address instead."""
        self._closing = threading.Event()
        self._checkpointer: threading.Thread | None = None
        self._appended = 0
        """Actions appended since the last commit (to the open transaction)."""
        self._vanished = False
        """The transaction vanished under actions appended since the last commit."""
        self._db: DeferredInserts
        """Each action's row goes in with the next statement (:meth:`append_action`)."""
        if database:
            self.path: Path | None = None
            postgres = PostgresConnection(database)
            migrate_postgres(postgres, "rooms", [POSTGRES_SCHEMA])
            self._db = DeferredInserts(postgres, _INSERT_ACTION)
            return
        assert folder is not None
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "rooms.sqlite3"
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db = DeferredInserts(db, _INSERT_ACTION)
        self._open_sqlite(db, checkpoint_every)

    def _open_sqlite(self, db: sqlite3.Connection, checkpoint_every: float) -> None:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA wal_autocheckpoint=0")
        migrate(db, MIGRATIONS)
        # One write now (the schema version, as it is): a database that opens but cannot be
        # written (a read-only disk, a full one) is refused at start, not at the first move.
        (version,) = db.execute("PRAGMA user_version").fetchone()
        db.execute(f"PRAGMA user_version = {int(version)}")
        self._checkpointer = threading.Thread(
            target=self._checkpoint_forever,
            args=(checkpoint_every,),
            name="mixmo-wal-checkpoint",
            daemon=True,
        )
        self._checkpointer.start()

    def _checkpoint_forever(self, every: float) -> None:
        assert self.path is not None
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            while not self._closing.wait(every):
                with contextlib.suppress(sqlite3.Error):  # busy or failing: next time
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def close(self) -> None:
        """Close the database (an uncommitted transaction is rolled back: nobody heard of
        its actions), SQLite's WAL checkpointed into it."""
        self._closing.set()
        if self._checkpointer is not None:
            self._checkpointer.join()
        with contextlib.suppress(*DATABASE_ERRORS):
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            if self._checkpointer is not None:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._db.close()

    def save_room(
        self,
        code: str,
        settings: RoomSettings,
        seats: list[SeatRecord],
        options: MatchOptions | None,
        created: float,
    ) -> None:
        seats_json = json.dumps([[s.name, s.token_hash, s.bot_level] for s in seats])
        self._db.execute(
            "INSERT INTO rooms (code, settings, seats, options, created) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(code) DO UPDATE SET seats = excluded.seats, options = excluded.options",
            (
                code,
                settings.model_dump_json(),
                seats_json,
                json.dumps(options_data(options)) if options else None,
                created,
            ),
        )

    def append_action(self, code: str, number: int, action: Action) -> None:
        """Add the action to the open transaction (opening one): durable at :meth:`commit`.
        Its row is inserted with the next statement, the other actions' of the flush with
        it (:class:`~mixmo.net.database.DeferredInserts`)."""
        if not self._db.in_transaction:
            # Actions appended and no transaction open: it vanished under them (SQLite
            # rolled it back on a full disk, PostgreSQL's connection broke). They are lost
            # even if this one's transaction commits: the commit must say so.
            self._vanished = self._vanished or self._appended > 0
            self._db.execute("BEGIN")
        self._db.defer((code, number, ACTION_ADAPTER.dump_json(action).decode()))
        self._appended += 1

    def commit(self) -> None:
        """Make every action appended since the last commit durable (one of
        :data:`DATABASE_ERRORS` if not).

        SQLite rolls a transaction back by itself after some failures (a full disk), and
        a broken PostgreSQL connection loses its own; actions appended to a transaction
        that is no longer open are lost (even when later ones opened another), and that
        is an error too.
        """
        appended, self._appended = self._appended, 0
        vanished, self._vanished = self._vanished, False
        if vanished or (appended and not self._db.in_transaction):
            with contextlib.suppress(*DATABASE_ERRORS):
                if self._db.in_transaction:  # a later action's, which must not commit alone
                    self._db.execute("ROLLBACK")
            raise DatabaseError("the transaction was rolled back: actions lost")
        if self._db.in_transaction:
            try:
                self._db.execute("COMMIT")
            except DATABASE_ERRORS:
                with contextlib.suppress(*DATABASE_ERRORS):
                    self._db.execute("ROLLBACK")
                raise

    def keep_clocks(self, clocks: Iterable[tuple[str, float]]) -> None:
        """Keep each room's game time (code, seconds), committed now, or with the open
        transaction's actions when one is open (one of :data:`DATABASE_ERRORS` if the
        commit fails)."""
        self._write_now(
            "UPDATE rooms SET clock = ? WHERE code = ?", [(clock, code) for code, clock in clocks]
        )

    def keep_pause(self, code: str, paused: bool, clock: float) -> None:
        """The host of ``code`` paused its match (its game time stands at ``clock``), or
        let it run on: written with the open transaction, or at once."""
        self._write_now(
            "UPDATE rooms SET paused = ?, clock = ? WHERE code = ?", [(int(paused), clock, code)]
        )

    def finish(self, code: str, standings: list[tuple[str, int, int]], at: float) -> None:
        """The match of ``code`` is over: its final standings (name, points, rounds won),
        first to last, kept for whoever names its code later, and the match (options,
        standings, log) moved into the archive as the room's next match."""
        text = json.dumps(standings)
        self._db.execute(
            "UPDATE rooms SET finished = 1, standings = ? WHERE code = ?", (text, code)
        )
        (number,) = self._db.execute(
            "SELECT COALESCE(MAX(number), 0) + 1 FROM matches WHERE code = ?", (code,)
        ).fetchone()
        self._db.execute(
            "INSERT INTO matches SELECT code, ?, ?, options, ? FROM rooms WHERE code = ?",
            (number, at, text, code),
        )
        self._db.execute(
            "INSERT INTO match_actions SELECT code, ?, n, action FROM actions WHERE code = ?",
            (number, code),
        )
        # Kept once: a finished room is never replayed from its live log (naming it says
        # its standings), so the archive's copy is the match's log from now on.
        self._db.execute("DELETE FROM actions WHERE code = ?", (code,))

    def archived(self, limit: int, before: float | None = None) -> list[ArchivedRow]:
        """The archive's finished matches, the newest first (finished before ``before``)."""
        rows = self._db.execute(
            "SELECT code, number, finished, options, standings FROM matches"
            " WHERE finished < ? ORDER BY finished DESC LIMIT ?",
            (before if before is not None else float("inf"), limit),
        ).fetchall()
        return [ArchivedRow(*row) for row in rows]

    def archived_actions(self, code: str, number: int, start: int, limit: int) -> list[str]:
        """Actions ``start``... (at most ``limit``) of the room's archived match ``number``,
        as stored (JSON)."""
        rows = self._db.execute(
            "SELECT action FROM match_actions WHERE code = ? AND number = ? AND n > ?"
            " ORDER BY n LIMIT ?",
            (code, number, start, limit),
        )
        return [str(text) for (text,) in rows]

    def archived_match(self, code: str, number: int | None) -> tuple[ArchivedRow, int] | None:
        """The room's archived match ``number`` (None: its latest) and its action count."""
        row = self._db.execute(
            "SELECT code, number, finished, options, standings FROM matches WHERE code = ?"
            " AND number = COALESCE(?, (SELECT MAX(number) FROM matches WHERE code = ?))",
            (code, number, code),
        ).fetchone()
        if row is None:
            return None
        (count,) = self._db.execute(
            "SELECT COUNT(*) FROM match_actions WHERE code = ? AND number = ?", (code, row[1])
        ).fetchone()
        return ArchivedRow(*row), int(count)

    def ending(self, code: str) -> Ending | None:
        """How the room ``code`` ended (None if it has not, or there is none)."""
        row = self._db.execute(
            "SELECT expired, standings FROM rooms WHERE code = ? AND damaged IS NULL"
            " AND (finished = 1 OR expired IS NOT NULL)",
            (code,),
        ).fetchone()
        if row is None:
            return None
        expired, standings = row
        return Ending(expired=expired is not None, standings=_standings(standings))

    def seen(self, codes: Iterable[str], at: float) -> None:
        """A player was connected to each of these rooms at ``at`` (seconds since the epoch):
        written with the open transaction, or at once."""
        rows = [(at, code) for code in codes]
        if rows:
            self._write_now("UPDATE rooms SET seen = ? WHERE code = ?", rows)

    def expire(self, before: float, at: float) -> list[str]:
        """Expire every room whose match is not over and where no player was connected
        since ``before`` (nor was it made since): it is restored no more, its row and log
        are kept. The codes expired."""
        rows = self._db.execute(
            "SELECT code FROM rooms WHERE finished = 0 AND expired IS NULL AND damaged IS NULL"
            " AND COALESCE(seen, created) < ?",
            (before,),
        ).fetchall()
        codes = [str(code) for (code,) in rows]
        self._write_now("UPDATE rooms SET expired = ? WHERE code = ?", [(at, c) for c in codes])
        return codes

    def waiting_public(self) -> list[str]:
        """The codes of the public rooms that wait for players (no match yet, not expired
        or set aside), the oldest first: the open-room list shows them after a restart."""
        rows = self._db.execute(
            "SELECT code, settings FROM rooms WHERE options IS NULL AND finished = 0"
            " AND expired IS NULL AND damaged IS NULL ORDER BY created"
        ).fetchall()
        return [str(code) for code, settings in rows if _public(settings)]

    def _write_now(self, sql: str, rows: Sequence[tuple[object, ...]]) -> None:
        """``sql`` for each row: in the open transaction (its group commit takes it), or in
        one of its own, committed now (one of :data:`DATABASE_ERRORS` if that fails)."""
        if not rows:
            return
        if self._db.in_transaction:
            self._db.executemany(sql, rows)
            return
        self._db.execute("BEGIN")
        try:
            self._db.executemany(sql, rows)
            self._db.execute("COMMIT")
        except DATABASE_ERRORS:
            with contextlib.suppress(*DATABASE_ERRORS):
                self._db.execute("ROLLBACK")
            raise

    def rematch(self, code: str, options: MatchOptions) -> None:
        """The room ``code`` plays a new match with ``options``: the finished one's log goes,
        and the room is unfinished again (restored with the new match after a restart)."""
        statements = [
            ("DELETE FROM actions WHERE code = ?", (code,)),
            (
                "UPDATE rooms SET options = ?, finished = 0, standings = NULL, clock = NULL, paused = 0 "
                "WHERE code = ?",
                (json.dumps(options_data(options)), code),
            ),
        ]
        if self._db.in_transaction:  # this turn's actions: the group commit takes these too
            for sql, values in statements:
                self._db.execute(sql, values)
            return
        self._db.execute("BEGIN")
        try:
            for sql, values in statements:
                self._db.execute(sql, values)
            self._db.execute("COMMIT")
        except DATABASE_ERRORS:
            with contextlib.suppress(*DATABASE_ERRORS):
                self._db.execute("ROLLBACK")
            raise

    def forget_unstarted(self, code: str) -> None:
        """Delete the room ``code`` if its match never started (nobody played in it)."""
        self._db.execute("DELETE FROM rooms WHERE code = ? AND options IS NULL", (code,))

    def exists(self, code: str) -> bool:
        row = self._db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone()
        return row is not None

    def load(self, code: str) -> StoredRoom | None:
        """The unfinished room ``code`` (None if there is none, if it expired or was set aside);
        :class:`DamagedRowError` if its row or log do not validate (edited or damaged)."""
        row = self._db.execute(
            "SELECT settings, seats, options, created, clock, paused FROM rooms"
            " WHERE code = ? AND finished = 0 AND expired IS NULL AND damaged IS NULL",
            (code,),
        ).fetchone()
        if row is None:
            return None
        settings, seats, options, created, clock, paused = row
        actions = [
            text
            for (text,) in self._db.execute(
                "SELECT action FROM actions WHERE code = ? ORDER BY n", (code,)
            )
        ]
        fields: dict[str, Any] = {
            "code": code,
            "settings": settings,
            "seats": seats,
            "options": options,
            "created": created,
            "clock": clock,
            "paused": bool(paused),
            "actions": actions,
        }
        try:
            return RoomRow.model_validate(fields).stored()
        except ValidationError as error:
            raise DamagedRowError.of(error) from None

    def set_aside(self, code: str, reason: str) -> None:
        """Keep the room ``code`` in the database but restore it no more (its row or log
        does not read back): its row says why. Nothing is deleted, so a person can look at
        it; a database that cannot take the mark is left as it is (the server keeps the
        reason in memory)."""
        with contextlib.suppress(*DATABASE_ERRORS):
            self._db.execute(
                "UPDATE rooms SET damaged = ? WHERE code = ?", (reason or "damaged", code)
            )

    def set_aside_why(self, code: str) -> str | None:
        """Why the room ``code`` was set aside (None if it was not, or there is none)."""
        row = self._db.execute(
            "SELECT damaged FROM rooms WHERE code = ? AND damaged IS NOT NULL", (code,)
        ).fetchone()
        return None if row is None else str(row[0])
