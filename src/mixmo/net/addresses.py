"""What one network address may take of a server: connections, new rooms, wrong room codes.

Per-connection limits (:class:`~mixmo.net.connection.Limits`) stop one socket; an
attacker opens many. These count per client address: the peer's, or, for a
connection from a trusted proxy on this machine (loopback), the last address of
its ``X-Forwarded-For`` header (the one the proxy itself added; docs/network.md
shows the proxy settings). Budgets refill with time (token buckets), so a player
who opened many rooms, or mistyped codes, may go on after a moment.
"""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection

from mixmo.net.connection import Limits, TokenBucket


def client_address(ws: ServerConnection) -> str:
    """The address a connection's limits count against."""
    peer = ws.remote_address
    host = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    request = ws.request
    if loopback and request is not None:
        forwarded = request.headers.get("X-Forwarded-For")
        if forwarded:
            last = forwarded.split(",")[-1].strip()
            if last:
                return last[:64]
    return host


@dataclass
class _Address:
    rooms: TokenBucket
    guesses: TokenBucket
    connections: int = 0
    last_seen: float = field(default_factory=time.monotonic)


class AddressBook:
    """Every address's connections and budgets (forgotten once idle and refilled)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._book: dict[str, _Address] = {}

    def _of(self, address: str) -> _Address:
        entry = self._book.get(address)
        if entry is None:
            limits = self.limits
            entry = self._book[address] = _Address(
                rooms=TokenBucket(1.0 / limits.room_refill, limits.rooms_per_address),
                guesses=TokenBucket(1.0 / limits.guess_refill, limits.guesses_per_address),
            )
        entry.last_seen = time.monotonic()
        return entry

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``; False (not counted) past the limit."""
        entry = self._of(address)
        if entry.connections >= self.limits.connections_per_address:
            return False
        entry.connections += 1
        return True

    def leave(self, address: str) -> None:
        entry = self._of(address)
        entry.connections = max(0, entry.connections - 1)

    def may_open_room(self, address: str) -> bool:
        """Take one new room from the address's budget (False: none left for now)."""
        return self._of(address).rooms.take()

    def may_guess(self, address: str) -> bool:
        """Whether the address may name a room now (it has wrong codes left to try)."""
        return self._of(address).guesses.peek() >= 1

    def guessed_wrong(self, address: str) -> None:
        """The address named a room that does not exist: one wrong code spent."""
        self._of(address).guesses.take()

    def forget_idle(self) -> None:
        """Forget the addresses with no connection whose budgets are full again."""
        limits = self.limits
        quiet = max(
            limits.room_refill * limits.rooms_per_address,
            limits.guess_refill * limits.guesses_per_address,
        )
        now = time.monotonic()
        for address, entry in list(self._book.items()):
            if entry.connections == 0 and now - entry.last_seen > quiet:
                del self._book[address]
