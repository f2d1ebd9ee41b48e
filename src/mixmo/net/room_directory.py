"""Every room of one server: made, found (from memory, or from the store on first contact),
expired, put away and forgotten, with the word lists they share. Split from
:mod:`mixmo.net.rooms`, which is one room's seats, clock and match.

On a node of a community server (``cluster``), a room is made or restored only under
its lease (:mod:`mixmo.net.cluster`), and its lease goes when it leaves memory."""

from __future__ import annotations

import contextlib

from mixmo.engine.dictionary_spec import open_lexicon
from mixmo.engine.lexicon import Lexicon
from mixmo.net.cluster import Cluster
from mixmo.net.database import DATABASE_ERRORS
from mixmo.net.protocol import RoomSettings
from mixmo.net.refusals import (
    ROOM_EXPIRED,
    DamagedRoomError,
    MatchOverError,
    RoomElsewhereError,
    UnknownRoomError,
    match_over,
)
from mixmo.net.rooms import Room, new_room_code
from mixmo.net.store import RoomStore


class Rooms:
    """Every room of one server, and the word lists they share (one per language)."""

    def __init__(
        self,
        store: RoomStore | None = None,
        shard: tuple[int, int] = (0, 1),
        abandoned: float = 24 * 3600.0,
        cluster: Cluster | None = None,
    ) -> None:
        self.store = store
        self.cluster = cluster
        self.shard = shard
        self.abandoned = abandoned
        """Seconds with no player connected after which a room expires (:meth:`expire`)."""
        self.rooms: dict[str, Room] = {}
        self._lexicons: dict[str, Lexicon] = {}
        self.damaged: list[tuple[str, str]] = []
        """Rooms set aside since the last look (code, reason): the server logs and empties it."""
        self.set_aside: dict[str, str] = {}
        """Every room set aside by this server (code -> reason), for a later contact."""

    def lexicon(self, language: str) -> Lexicon:
        if language not in self._lexicons:
            self._lexicons[language] = open_lexicon(None, language)
        return self._lexicons[language]

    def create(self, settings: RoomSettings) -> Room:
        code = new_room_code(self._taken, self.shard)
        room = Room(code=code, settings=settings, lexicons=self.lexicon, store=self.store)
        if any(s.free for s in room.seats):
            room.save("room")
        else:
            room._start("room")  # every seat a bot's: the match starts (and is stored) at once
        self.rooms[code] = room  # only once stored: a refused room never existed
        return room

    def _taken(self, code: str) -> bool:
        """Whether a new room may not have ``code``: a room has it, or (on a node) another
        node's lease, which this check takes for the new room when it is free."""
        if code in self.rooms or (self.store is not None and self.store.exists(code)):
            return True
        return self.cluster is not None and self.cluster.claim(code) is not None

    def get(self, code: str) -> Room:
        """The room ``code``, from memory or (if it was put away while idle) from the store;
        DamagedRoomError if the store has it but it could not be restored."""
        room = self.rooms.get(code)
        if room is None and self.store is not None:
            room = self._load_here(code)
            if room is not None:
                self.rooms[code] = room
            elif code in self.set_aside or self.store.set_aside_why(code) is not None:
                raise DamagedRoomError()
            else:
                self._ended(code)
        if room is None:
            raise UnknownRoomError()
        return room

    def _load_here(self, code: str) -> Room | None:
        """The stored room ``code``, restored on this node: under its lease on a node of a
        community server (RoomElsewhereError while another node holds it)."""
        if self.cluster is None:
            return self._load(code)
        if self.cluster.claim(code) is not None:
            raise RoomElsewhereError()
        room = self._load(code)
        if room is None:
            self.cluster.release([code])
        return room

    def bring_back_open(self) -> None:
        """Restore the stored public rooms that wait for players, so that the open-room list
        shows them from the start (they have no log to replay, and no bot plays yet)."""
        if self.store is None:
            return
        for code in self.store.waiting_public():
            with contextlib.suppress(
                UnknownRoomError, DamagedRoomError, MatchOverError, RoomElsewhereError
            ):
                self.get(code)

    def _ended(self, code: str) -> None:
        """MatchOverError if the store's room ``code`` has ended (its match over, or expired)."""
        assert self.store is not None
        ending = self.store.ending(code)
        if ending is None:
            return
        if ending.expired:
            hours = max(1, round(self.abandoned / 3600))
            raise MatchOverError(reason=ROOM_EXPIRED(count=hours))
        raise match_over(ending.standings)

    def expire(self, now: float) -> list[str]:
        """Expire the rooms no player was connected to for :attr:`abandoned` seconds (the
        store keeps them, and their logs); they leave memory. The codes expired."""
        if self.store is None:
            return []
        codes = self.store.expire(now - self.abandoned, now)
        for code in codes:
            self.put_away(code)
        return codes

    def _load(self, code: str) -> Room | None:
        """The room ``code`` from the store, its match replayed (None if there is none);
        a room whose row, log or replay fails is set aside, with its reason in
        :attr:`damaged` for the server's log."""
        assert self.store is not None
        try:
            stored = self.store.load(code)
            return None if stored is None else Room.restore(stored, self.lexicon, self.store)
        except Exception as error:  # whatever the damage, one room only
            # (A damaged row validates nowhere else: any failure to bring it back, even one
            # the engine did not foresee, sets this room aside and spares the others.)
            reason = _reason(error)
            self.store.set_aside(code, reason)
            self.set_aside[code] = reason
            self.damaged.append((code, reason))
            return None

    def unjoined(self, room: Room) -> bool:
        """Whether nobody ever took a seat of ``room`` (its bots apart)."""
        return not room.started and all(s.free for s in room.seats if s.bot_level is None)

    def forget(self, code: str) -> None:
        """Remove a room nobody joined from memory and from the store: nobody played in it."""
        self.put_away(code)
        if self.store is not None:
            with contextlib.suppress(*DATABASE_ERRORS):  # kept, and swept again next start
                self.store.forget_unstarted(code)

    def put_away(self, code: str) -> None:
        """Forget the room in memory (the store keeps it; :meth:`get` brings it back, here
        or on another node: its lease goes)."""
        if self.rooms.pop(code, None) is not None and self.cluster is not None:
            with contextlib.suppress(*DATABASE_ERRORS):  # it lapses by itself
                self.cluster.release([code])

    def renew(self, presence: dict[str, object], held: list[str]) -> list[str]:
        """Renew the leases of this node's rooms and of ``held`` (and its presence); the
        codes another node took meanwhile: rooms leave memory here (nothing of theirs is
        written: their log is the other node's now)."""
        if self.cluster is None:
            return []
        lost = self.cluster.renew([*self.rooms, *held], presence)
        for code in lost:
            self.rooms.pop(code, None)
        return lost


def _reason(error: Exception) -> str:
    """Why a room could not be restored, in one line for the server's log."""
    lines = str(error).splitlines()
    said = lines[0] if lines else ""
    if isinstance(error, ValueError):  # the store's and the engine's refusals say it all
        return said or type(error).__name__
    return f"{type(error).__name__}: {said}" if said else type(error).__name__
