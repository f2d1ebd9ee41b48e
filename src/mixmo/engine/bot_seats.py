"""Bots at some seats of a match: who must think, which action is due, what came of it.

The one scheduler of bots, under every way they play. Time is passed in and how
a plan is worked out is passed in (a :data:`Thinker`), so the same bookkeeping runs
``mixmo play``'s bots and the server's (:mod:`mixmo.session.bots`, on a real clock,
thinking on worker threads) and headless matches (:mod:`mixmo.engine.headless`, on
simulated time, thinking at once). It lives in the engine because headless matches
are the engine's and the engine imports nothing above it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

from mixmo.engine import actions as act
from mixmo.engine.bot import PACES, Bot, Level, Plan, bot_seed
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.messages import CodedError, Kind
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState

NO_LEVEL = Kind("no-bot-level", "no bot level given")
TOO_MANY_LEVELS = Kind("too-many-bot-levels", "{count} bot levels for {seats} bot seats")

RETRY_DELAY = 1.0
"""Seconds of the bot's time it waits after an action the game refused (the moment passed)."""


class PlanFuture(Protocol):
    """A plan being worked out: a :class:`concurrent.futures.Future` or an asyncio one."""

    def done(self) -> bool: ...
    def cancelled(self) -> bool: ...
    def cancel(self) -> bool: ...
    def result(self) -> Plan: ...


Thinker = Callable[[Bot, MatchState], PlanFuture]
"""Starts ``bot``'s planning over ``state`` somewhere else (a worker thread)."""


def seat_levels(levels: Level | Sequence[Level], seats: int) -> list[Level]:
    """One level per seat: a single level for all, or a list in seat order.

    A list shorter than ``seats`` repeats its last level; ``ValueError`` for a
    longer one.
    """
    if isinstance(levels, Level):
        return [levels] * seats
    if not levels:
        raise CodedError(NO_LEVEL())
    if len(levels) > seats:
        raise CodedError(TOO_MANY_LEVELS(count=len(levels), seats=seats))
    return list(levels) + [levels[-1]] * (seats - len(levels))


def bots_at(
    options: MatchOptions,
    lexicon: Lexicon,
    seats: Iterable[int],
    levels: Level | Sequence[Level],
    *,
    pace: float = 1.0,
) -> dict[int, Bot]:
    """A bot for each of ``seats``, with its level (one for all, or one per seat in order),
    every time of its level's pace multiplied by ``pace`` (``--bot-pace``)."""
    seats = list(seats)
    seed = bot_seed(options.seed)
    return {
        seat: Bot(
            seat,
            level,
            lexicon,
            options.rules,
            options.language,
            seed,
            pace=PACES[level].scaled(pace),
        )
        for seat, level in zip(seats, seat_levels(levels, len(seats)), strict=True)
    }


class BotSeats:
    """The bots of some seats: their plans, their due actions, and the outcome of each.

    Without a ``think`` a bot plans at once, in the caller's turn (simulated time);
    with one its plan is worked out elsewhere and adopted by a later :meth:`think`.
    """

    def __init__(self, bots: Mapping[int, Bot], think: Thinker | None = None) -> None:
        self.bots = dict(bots)
        self._think = think
        self.thinking: dict[int, PlanFuture] = {}
        """The seats whose plan is being worked out, and its future."""

    def replace(self, bots: Mapping[int, Bot]) -> None:
        """New bots (a new match): plans still being worked out are dropped."""
        self.bots = dict(bots)
        for future in self.thinking.values():
            future.cancel()
        self.thinking = {}

    def think(self, state: MatchState, now: float) -> None:
        """Adopt the plans worked out since the last look, then plan for the bots that
        need it (at once without a thinker)."""
        for seat, future in list(self.thinking.items()):
            if future.done():
                del self.thinking[seat]
                bot = self.bots.get(seat)
                if bot is not None and not future.cancelled():
                    bot.adopt(future.result(), now)  # a bug in planning surfaces here
        for seat, bot in self.bots.items():
            if seat not in self.thinking and bot.needs_plan(state, now):
                if self._think is None:
                    bot.adopt(bot.plan(state), now)
                else:
                    self.thinking[seat] = self._think(bot, state)

    def wanted(self, seat: int, state: MatchState, now: float) -> tuple[float, act.Action] | None:
        """When ``seat``'s bot wants to act next, and how (None while it thinks, or has
        nothing to do)."""
        if seat in self.thinking:
            return None
        return self.bots[seat].next_action(state, now)

    def earliest(self, state: MatchState, now: float) -> tuple[float, int, act.Action] | None:
        """The first action any bot wants (ties: the lowest seat), with its time and seat."""
        wanted = [
            (choice[0], seat, choice[1])
            for seat in sorted(self.bots)
            if (choice := self.wanted(seat, state, now)) is not None
        ]
        return min(wanted, key=lambda item: (item[0], item[1])) if wanted else None

    def settle(self, seat: int, applied: bool, now: float) -> None:
        """What came of ``seat``'s action at ``now``: applied, or refused (the moment
        passed: the bot thinks again a little later)."""
        if applied:
            self.bots[seat].acted(now)
        else:
            self.bots[seat].ready_at = now + RETRY_DELAY
