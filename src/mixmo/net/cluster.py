"""One node among the nodes of a community server, through Redis (``serve --redis``).

Every node reads and writes the same PostgreSQL database; Redis says which node plays
each room, so that exactly one applies its actions:

* **Room leases.** ``NAME:room:CODE`` holds ``NODE URL``: the node that plays the room
  and the address it is reached at. A node takes the lease (``SET NX PX``) before it
  makes or restores a room and renews the leases of every room it holds every third of
  :attr:`Cluster.lease` seconds, in one script call. A node that dies renews nothing:
  its leases lapse, and the next node a player reaches takes the room, restoring it
  from its log in PostgreSQL (every acknowledged action is there: a node commits
  before it tells anyone). A node that finds a lease of its taken by another (it was
  cut off longer than a lease) lets its room go at once.
* **Nodes and presence.** ``NAME:node:ID`` holds what the node tells the others (its
  address, its rooms and connections, the public rooms waiting for players, the rated
  matches it plays), with the same lease: every node lists the open rooms and the live
  matches of all (:meth:`said`), and ``mixmo rooms`` through any node shows them.

Redis keeps nothing that cannot be lost: a restarted Redis empties the directory, and
each node's next renewal takes its leases again. Its failures are raised as
:class:`~mixmo.net.database.DatabaseError` (the server's refusal for a failing store).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mixmo.net.database import DatabaseError

if TYPE_CHECKING:
    import redis

RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
    local holder = redis.call('GET', key)
    if holder == ARGV[1] then
        redis.call('PEXPIRE', key, ARGV[2])
    elseif not holder then
        redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    else
        table.insert(lost, key)
    end
end
return lost
"""
"""Renew this node's leases (KEYS; ARGV: the holder's value, the lease in ms). A lapsed
lease is taken again (nobody else can hold the room: they would have its lease); the
keys another node took are returned."""

RELEASE = """
for i, key in ipairs(KEYS) do
    if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 0
"""


@dataclass(frozen=True, slots=True)
class Elsewhere:
    """Another node holds the room's lease: where it is reached (``url``)."""

    url: str


class Cluster:
    """This node's leases, its presence, and the other nodes' open rooms (module doc)."""

    def __init__(
        self, address: str, advertise: str, *, lease: float = 10.0, name: str = "mixmo"
    ) -> None:
        """``address``: Redis's (``redis://HOST:PORT/DB``); ``advertise``: the address a
        client reaches this node at (``ws://HOST:PORT``); ``name``: the community's (its
        keys' prefix, so that two communities may share one Redis)."""
        try:
            import redis
        except ImportError:  # pragma: no cover - the community extra is in the test lock
            raise DatabaseError(
                "Redis needs the redis package: pip install 'mixmo[community]'"
            ) from None
        self._errors = redis.RedisError
        self.node = secrets.token_hex(6)
        self.advertise = advertise.rstrip("/")
        self.lease = lease
        self.name = name
        self._prefix = f"{name}:"
        self._holder = f"{self.node} {self.advertise}"
        self._redis: redis.Redis = redis.Redis.from_url(
            address, socket_timeout=2, socket_connect_timeout=2, decode_responses=True
        )
        self._renew = self._redis.register_script(RENEW)
        self._release = self._redis.register_script(RELEASE)
        with self._failing():
            self._redis.ping()  # a wrong address is refused at start, not at the first room

    @contextmanager
    def _failing(self) -> Iterator[None]:
        try:
            yield
        except self._errors as error:
            raise DatabaseError(f"Redis: {error}") from error

    def _room_key(self, code: str) -> str:
        return f"{self._prefix}room:{code}"

    @property
    def _lease_ms(self) -> int:
        return max(1, round(self.lease * 1000))

    def claim(self, code: str) -> Elsewhere | None:
        """Take the lease on room ``code``: None once this node holds it, else where the
        node that holds it is reached."""
        key = self._room_key(code)
        with self._failing():
            for _attempt in range(3):  # a lease that lapses between the two calls
                if self._redis.set(key, self._holder, nx=True, px=self._lease_ms):
                    return None
                holder = self._redis.get(key)
                if holder == self._holder:
                    return None
                if holder is not None:
                    return Elsewhere(url=str(holder).partition(" ")[2])
        raise DatabaseError("Redis: a room's lease keeps changing hands")

    def holder(self, code: str) -> Elsewhere | None:
        """Where the node that holds room ``code`` is reached, when it is another node."""
        with self._failing():
            holder = self._redis.get(self._room_key(code))
        if holder is None or holder == self._holder:
            return None
        return Elsewhere(url=str(holder).partition(" ")[2])

    def renew(self, codes: Iterable[str], presence: dict[str, Any]) -> list[str]:
        """Renew the leases of the rooms ``codes`` and this node's presence (what the
        others read: :meth:`said`); the codes whose lease another node took."""
        keys = [self._room_key(code) for code in codes]
        with self._failing():
            pipe = self._redis.pipeline(transaction=False)
            pipe.set(
                f"{self._prefix}node:{self.node}",
                json.dumps({"url": self.advertise, **presence}),
                px=self._lease_ms,
            )
            if keys:
                self._renew(keys=keys, args=[self._holder, self._lease_ms], client=pipe)
            answers = pipe.execute()
        lost = answers[1] if keys else []
        start = len(f"{self._prefix}room:")
        return [str(key)[start:] for key in lost]

    def release(self, codes: Iterable[str]) -> None:
        """Give up the leases of ``codes`` (rooms put away): the next node asked takes them."""
        keys = [self._room_key(code) for code in codes]
        if keys:
            with self._failing():
                self._release(keys=keys, args=[self._holder])

    def nodes(self) -> list[dict[str, Any]]:
        """What every live node said of itself last (this one included)."""
        with self._failing():
            keys = list(self._redis.scan_iter(match=f"{self._prefix}node:*", count=100))
            said = self._redis.mget(keys) if keys else []
        out = []
        for text in said:
            try:
                found = json.loads(text) if text else None
            except ValueError:
                continue
            if isinstance(found, dict):
                out.append(found)
        return out

    def said(self, key: str) -> list[dict[str, Any]]:
        """What every other live node listed under ``key`` in its presence at its last
        renewal (``open``: its open rooms; ``live``: its rated matches being played)."""
        return [
            item
            for node in self.nodes()
            if node.get("url") != self.advertise
            for item in node.get(key, [])
            if isinstance(item, dict)
        ]

    def leave(self, codes: Iterable[str]) -> None:
        """This node stops: its leases and its presence go now, not when they lapse."""
        self.release(codes)
        with self._failing():
            self._redis.delete(f"{self._prefix}node:{self.node}")
        self._redis.close()
