"""Quick reactions at a server: each connection's budget of them.

A reaction (:class:`~mixmo.net.protocol.React`) is a code, never free text; the server
relays it to the room's other connections. Each connection may send
:data:`REACTION_BURST` at once and then one every :data:`REACTION_EVERY` seconds,
beside (and counted within) its budget of messages: a header that changes every few
seconds is news, not noise.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from mixmo.net.connection import Connection, TokenBucket

REACTION_BURST = 3
REACTION_EVERY = 5.0


class ReactionLimits:
    """Each connection's bucket of reactions (forgotten with the connection)."""

    def __init__(self, burst: float = REACTION_BURST, every: float = REACTION_EVERY) -> None:
        self.burst, self.every = burst, every
        self._buckets: WeakKeyDictionary[Connection, TokenBucket] = WeakKeyDictionary()

    def allow(self, conn: Connection) -> bool:
        """Whether ``conn`` may send a reaction now (one is taken from its budget)."""
        bucket = self._buckets.get(conn)
        if bucket is None:
            bucket = self._buckets[conn] = TokenBucket(1 / self.every, self.burst)
        return bucket.take()
