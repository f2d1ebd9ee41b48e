"""One client's connection to the game server: its limits, its rate, its queued messages.

The server (:mod:`mixmo.net.server`) decides what to send; a :class:`Connection`
queues it for the end of the event loop's turn and writes it once the turn's
actions are committed, dropping a client too slow to read. Split from the server
so that each module keeps one job.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection, broadcast

from mixmo.engine import messages
from mixmo.net.protocol import ErrorMessage

if TYPE_CHECKING:
    from mixmo.net.rooms import Room

_background: set[asyncio.Task[None]] = set()


def in_background(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` without waiting for it (from code that must not await), kept alive."""
    task = asyncio.ensure_future(work)
    _background.add(task)
    task.add_done_callback(_background.discard)


def close_later(ws: ServerConnection, code: int, reason: str) -> None:
    """Close ``ws`` without waiting (from code that must not await)."""
    in_background(ws.close(code, reason))


@dataclass(frozen=True)
class Limits:
    """What one connection may do, and how many may be open."""

    max_connections: int = 2000
    rate: float = 20.0
    """Messages per second a connection may send, sustained."""
    burst: float = 40.0
    strikes: int = 50
    """Messages refused for the rate before the connection is closed."""
    hello_timeout: float = 10.0
    """Seconds a new connection has to say something."""
    outbox: int = 512
    """Messages queued for one connection between two flushes before it is dropped."""
    unsent: int = 4 * 1024 * 1024
    """Bytes written for a client but not yet taken by its socket (it does not read) before it
    is dropped."""
    rooms_per_connection: int = 8
    max_rooms: int = 10_000
    idle_room: float = 1800.0
    """Seconds a room with nobody connected stays in memory (the store keeps it; a finished
    room is let go at once)."""
    unjoined_room: float = 600.0
    """Seconds a room nobody has joined is kept (then removed from memory and the store:
    nobody played in it)."""
    abandoned_room: float = 24 * 3600.0
    """Seconds after which a room no player was connected to expires (its log is kept:
    ``mixmo serve --expire-after``)."""
    sweep_every: float = 30.0
    """Seconds between two looks for idle and unjoined rooms."""
    connections_per_address: int = 64
    """Connections open at once from one client address (docs/network.md: behind a proxy)."""
    rooms_per_address: int = 20
    """New rooms one address may open at once; then one more every :attr:`room_refill`."""
    room_refill: float = 60.0
    guesses_per_address: int = 20
    """Unknown room codes one address may name at once; then one more every
    :attr:`guess_refill` seconds (a code is 6 letters of 18: guessing is slow)."""
    guess_refill: float = 1.0
    bots_per_address: int = 12
    """The server's bots one address may have playing in the rooms it opened or started."""
    max_server_bots: int = 120
    """The server's bots playing at once, every room together."""
    commit_window: float = 0.004
    """Seconds at least between two group commits: under load a commit (and the writing of
    its messages) waits that long after the last, so that it takes in the actions of many
    loop turns; an idle server commits at once."""
    heap_thaw: float = 600.0
    """Seconds between two thaws of the objects frozen after each full garbage collection
    (:mod:`mixmo.net.heap`): cyclic garbage among them waits at most that long."""
    bot_threads: int = 1
    """Threads that think for every server bot: one room's bots wait their turn rather than
    take the event loop's time from every room (fairness, docs/network.md)."""


class TokenBucket:
    """``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.last = time.monotonic()

    def peek(self) -> float:
        """The tokens there are now (taking none)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        return self.tokens

    def take(self) -> bool:
        if self.peek() < 1:
            return False
        self.tokens -= 1
        return True


Message = tuple[bytes, float | None, str | None]
"""One queued message: its UTF-8 JSON, the arrival of the action it answers (for the latency
figures), and the code of the room whose action it reports (held back if that action's
commit fails)."""


@dataclass(eq=False)
class Connection:
    """One client: its socket, its seat once seated, and its messages until the flush.

    :meth:`send` only queues; the server's flush (once the turn's actions are committed)
    writes the queue to the socket with :meth:`write`.
    """

    ws: ServerConnection
    limits: Limits
    queued_hook: Callable[[Connection], None] | None = None
    """Told when the queue stops being empty (the server schedules its flush)."""
    address: str = "?"
    """The client's address, that per-address limits count against (:mod:`.addresses`)."""
    room: Room | None = None
    seat: int | None = None
    watching: bool = False
    dropped: bool = False
    """Too slow to read its messages: being closed, sent nothing more."""
    created: int = 0
    strikes: int = 0
    bucket: TokenBucket = field(init=False)
    queue: list[Message] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.bucket = TokenBucket(self.limits.rate, self.limits.burst)

    def send(
        self, data: str | bytes, arrival: float | None = None, room: str | None = None
    ) -> None:
        """Queue ``data`` (JSON) for the server's next flush."""
        if self.dropped:
            return
        if len(self.queue) >= self.limits.outbox:
            self.drop()
            return
        self.queue.append((data.encode() if isinstance(data, str) else data, arrival, room))
        if len(self.queue) == 1 and self.queued_hook is not None:
            self.queued_hook(self)

    def refuse(self, refusal: messages.Message, ref: int | None = None) -> None:
        """Refuse with the engine's or the server's message (:mod:`mixmo.net.refusals`):
        its code and fields, never a sentence."""
        data = refusal.to_data()
        self.send(ErrorMessage(code=data["code"], fields=data["fields"], ref=ref).model_dump_json())

    def drop(self) -> None:
        """Close a client too slow to read its messages, and send it nothing more."""
        self.dropped = True
        self.queue.clear()
        close_later(self.ws, 1008, "too slow: messages piled up")

    def write(self, held: set[str], latencies: deque[float]) -> None:
        """Hand the queue to the socket, as text frames, without waiting (the reports of
        ``held`` rooms' uncommitted actions are left out); the latency of each answer to an
        action goes to ``latencies``. A client whose socket holds more than
        :attr:`Limits.unsent` bytes it has not read is dropped."""
        queue, self.queue = self.queue, []
        if self.dropped:
            return
        for data, arrival, room in queue:
            if room is not None and room in held:
                continue
            broadcast((self.ws,), data, text=True)  # the library's write without waiting
            if arrival is not None:
                latencies.append(time.perf_counter() - arrival)
        transport = self.ws.transport
        if transport is not None and transport.get_write_buffer_size() > self.limits.unsent:
            self.drop()


async def drained(conn: Connection, seconds: float) -> None:
    """Until ``conn``'s queued messages are handed to its socket (at most ``seconds``)."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            while conn.queue:
                await asyncio.sleep(0.01)
