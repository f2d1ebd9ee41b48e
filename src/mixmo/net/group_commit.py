"""The server's flush: every action applied since the last one committed in one transaction
(group commit), then every queued message written.

Messages are only queued as actions are applied (:meth:`Connection.send`); the flush runs
at the end of the event loop's turn, or, under load, :attr:`Limits.commit_window` after
the last flush, so that one commit takes in the actions of many turns. If the commit
fails, nobody hears of those actions: each of their rooms stops taking actions (a restart
brings it back from its log, as its players last saw it) and each sender gets a
``storage`` error. Split from the server, which applies the actions and builds the
messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque

from mixmo.net import refusals
from mixmo.net.connection import Connection, Limits
from mixmo.net.database import DATABASE_ERRORS
from mixmo.net.logs import room_label
from mixmo.net.rooms import Room
from mixmo.net.store import RoomStore

log = logging.getLogger("mixmo.net.server")


class GroupCommit:
    """The actions waiting for the next commit, and the connections whose messages wait
    for it (module docstring)."""

    def __init__(self, store: RoomStore | None, limits: Limits) -> None:
        self.store = store
        self.limits = limits
        self.latencies: deque[float] = deque(maxlen=200_000)
        """Seconds from an action's arrival to each of its messages being handed to a socket."""
        self.queued: list[Connection] = []
        """Connections with messages waiting for the next flush."""
        self.uncommitted: list[tuple[Room, Connection | None, int | None]] = []
        """The applied actions not yet committed: their room, sender and ref."""
        self.flushed = 0.0
        """When the last flush ran (:func:`time.monotonic`)."""
        self._soon: asyncio.Handle | None = None

    def took(self, room: Room, sender: Connection | None = None, ref: int | None = None) -> None:
        """``room`` logged an action (``sender``'s, asked as ``ref``; None: the server's own):
        its messages wait for the next commit."""
        self.uncommitted.append((room, sender, ref))
        self.flush_later()

    def queued_for(self, conn: Connection) -> None:
        """``conn`` has a message waiting (its queue was empty)."""
        self.queued.append(conn)
        self.flush_later()

    def flush_later(self) -> None:
        """Flush once this loop turn's callbacks have run (every read of the turn is in),
        or, under load, :attr:`Limits.commit_window` after the last flush."""
        if self._soon is None:
            with contextlib.suppress(RuntimeError):  # no loop: a test reads the queues itself
                loop = asyncio.get_running_loop()
                wait = self.flushed + self.limits.commit_window - time.monotonic()
                self._soon = (
                    loop.call_later(wait, self.flush) if wait > 0 else loop.call_soon(self.flush)
                )

    def flush(self) -> None:
        """Commit the actions since the last flush in one transaction, then write every
        queued message (those of actions the commit lost held back)."""
        if self._soon is not None:
            self._soon.cancel()  # when called directly (closing, tests)
            self._soon = None
        self.flushed = time.monotonic()
        held: set[str] = set()
        if self.uncommitted and self.store is not None:
            try:
                self.store.commit()
            except DATABASE_ERRORS as error:
                held = self._lost(error)
        self.uncommitted.clear()
        queued, self.queued = self.queued, []
        for conn in queued:
            conn.write(held, self.latencies)

    def _lost(self, error: Exception) -> set[str]:
        """The codes of the rooms whose actions the commit lost: each stops, and each
        sender hears why."""
        held = set()
        for room, sender, ref in self.uncommitted:
            room.broken = True
            if room.code not in held:
                held.add(room.code)
                log.error(
                    "room %s: cannot save its moves (%s): play stops", room_label(room.code), error
                )
            if sender is not None:
                sender.refuse(refusals.STORAGE(reason=refusals.MOVE_UNSAVED()), ref)
        return held
