"""A seat played by a bot over the network, with no screen (``mixmo join --bot``).

The bot sees only what its seat may see (its own rack, every grid) through a
:class:`~mixmo.net.remote_table.RemoteTable`, thinks with the engine's
:class:`~mixmo.engine.bot.Bot`, and sends its actions like any client; the
server judges them. Tests and the load benchmark drive the server this way.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from mixmo.engine import events as ev
from mixmo.engine.bot import Bot, Level
from mixmo.engine.dictionary_spec import open_lexicon
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.messages import Kind
from mixmo.engine.options import MatchOptions, ScoringMode
from mixmo.engine.state import MatchState, Phase
from mixmo.engine.variants import variant_named
from mixmo.net.account_client import sign_in
from mixmo.net.botrunner import BotRunner
from mixmo.net.client import ClientError, GameClient, SeatTokens
from mixmo.net.keys import HeldAccount
from mixmo.net.protocol import Lobby, RoomSettings, ServerMessage
from mixmo.net.remote_table import RemoteTable

NO_ROOM_GIVEN = Kind("no-room-given", "give a room code, or create a room")
CLOSED_MID_MATCH = Kind("closed-mid-match", "the connection closed mid-match")
CLOSED_BEFORE_MATCH = Kind("closed-before-match", "the connection closed before the match")


@dataclass(frozen=True)
class MatchResult:
    """How a match ended, as a seat saw it."""

    options: MatchOptions
    standings: tuple[int, ...]
    totals: tuple[int, ...]
    rounds_won: tuple[int, ...]
    rounds: int

    def lines(self) -> list[str]:
        """The standings as text: place, name, rounds won, points."""
        names = self.options.players
        out = [f"{self.rounds} round(s)"]
        for place, seat in enumerate(self.standings, start=1):
            out.append(
                f"{place}. {names[seat]}  rounds won {self.rounds_won[seat]}"
                f"  points {self.totals[seat]}"
            )
        out.append(f"{names[self.standings[0]]} wins the match.")
        return out


def standings_of(options: MatchOptions, state: MatchState) -> tuple[int, ...]:
    """Seats from first to last, by the engine's order (points or rounds first, then seat)."""
    seats = range(len(options.players))
    if options.scoring is ScoringMode.POINTS:
        return tuple(sorted(seats, key=lambda s: (-state.totals[s], -state.rounds_won[s], s)))
    return tuple(sorted(seats, key=lambda s: (-state.rounds_won[s], -state.totals[s], s)))


async def play_bot_seat(
    url: str,
    room: str | None,
    name: str,
    level: Level,
    *,
    settings: RoomSettings | None = None,
    speed: float = 1.0,
    tokens: SeatTokens | None = None,
    on_room: Callable[[str], None] | None = None,
    on_lobby: Callable[[Lobby], None] | None = None,
    lexicon: Lexicon | None = None,
    account: HeldAccount | None = None,
) -> MatchResult:
    """Join ``room`` (or create one with ``settings``) as a bot and play until the match ends
    (signed in as ``account`` first, when given: the seat takes its name, and a rated
    room admits it)."""
    client = GameClient(url, tokens=tokens)
    await client.connect(room)
    try:
        if account is not None:
            held = account
            client.prepare = lambda again: sign_in(again, held)  # at another node too
            await client.prepare(client)
        if settings is not None:
            room = await client.create(settings)
        if room is None:
            raise ClientError("no-room", NO_ROOM_GIVEN())
        if on_room is not None:
            on_room(room)
        if on_lobby is not None:
            lobby_listener = on_lobby

            def _lobby(message: ServerMessage) -> None:
                if isinstance(message, Lobby):
                    lobby_listener(message)

            client.subscribe(_lobby)
        arrived = asyncio.Event()
        client.subscribe(lambda _message: arrived.set())
        await client.join(room, name)
        table = RemoteTable(client)
        over: list[ev.MatchOver] = []
        table.subscribe(lambda e: over.append(e) if isinstance(e, ev.MatchOver) else None)
        while not table.started:
            arrived.clear()
            await _wait(client, arrived)
        await _play_seat(client, table, level, speed, lexicon)
        options = table.options
        if table.state.round.phase is not Phase.MATCH_OVER:
            raise client.failure or ClientError("closed", CLOSED_MID_MATCH())
        state = table.state
        return MatchResult(
            options=options,
            standings=over[-1].standings if over else standings_of(options, state),
            totals=state.totals,
            rounds_won=state.rounds_won,
            rounds=len(state.results),
        )
    finally:
        await client.close()


async def _play_seat(
    client: GameClient, table: RemoteTable, level: Level, speed: float, lexicon: Lexicon | None
) -> None:
    """The bot plays the table's seat until the runner stops or the connection ends."""
    options = table.options
    words: Lexicon = (
        lexicon
        if lexicon is not None
        else await asyncio.to_thread(open_lexicon, None, options.language)
    )
    assert table.seat is not None
    bot = Bot(
        table.seat,
        level,
        words,
        variant_named(options.variant),
        options.language,
        secrets.randbelow(2**31),
    )

    async def submit(action: object) -> bool:
        return await table.apply(action) is None  # type: ignore[arg-type]

    runner = BotRunner(bot, state=lambda: table.state, submit=submit, speed=speed)
    task = asyncio.create_task(runner.run())
    closed = asyncio.create_task(client.closed.wait())
    await asyncio.wait({task, closed}, return_when=asyncio.FIRST_COMPLETED)
    runner.stop()
    closed.cancel()
    if not task.done():
        task.cancel()


async def _wait(client: GameClient, arrived: asyncio.Event) -> None:
    """Until ``arrived`` is set (the next message) or the client's end."""
    closed = asyncio.create_task(client.closed.wait())
    got = asyncio.create_task(arrived.wait())
    await asyncio.wait({closed, got}, return_when=asyncio.FIRST_COMPLETED)
    closed.cancel()
    got.cancel()
    if client.closed.is_set():
        raise client.failure or ClientError("closed", CLOSED_BEFORE_MATCH())
