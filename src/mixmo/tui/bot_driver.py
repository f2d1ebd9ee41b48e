"""Bots in the live game: they think on worker threads and act on the app's clock.

Every tick, each bot that needs a plan gets one computed on a worker thread of
the driver's own (the solver may take a second, and the screen must never
freeze); the tick collects finished plans. Then every bot whose next action is
due acts through its host, exactly as a key press would. The interface
therefore shows a bot's grid building up, tile by tile, at its level's pace.

The bots wait while the people at the table cannot play (:meth:`BotHost.bots_wait`:
the quit question or the help is open over the board): nothing they do happens
behind a question, and their own time line stops with the game's, so a pause
neither hastens nor delays them once play resumes.

The driver knows its host only through :class:`BotHost` (a table, a clock,
``apply`` and ``bots_wait``): the app imports the driver, never the other way round.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from concurrent import futures
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Protocol

from mixmo.engine import actions as act
from mixmo.engine.bot import Bot, Level, Plan, bot_seed
from mixmo.engine.headless import seat_levels
from mixmo.session.table import Table

TICK = 0.1
"""Seconds between two looks at the bots."""
SWITCH_INTERVAL = 0.001
"""Seconds a thread may hold the interpreter before another gets it (Python's default is
5 ms): with bots thinking on a worker, the interface's thread gets it back sooner."""
RETRY_DELAY = 1.0
"""Game seconds a bot waits after an action the game refused (the moment passed)."""


class BotHost(Protocol):
    """What the driver needs from whoever runs it (the app, or a test)."""

    table: Table
    clock: Callable[[], float]

    def apply(self, action: act.Action, *, quiet: bool = False) -> bool:
        """Apply ``action`` to the game; False when the game refused it."""
        ...

    def bots_wait(self) -> bool:
        """True while no person at the table can play (a question or the help hides the
        board from every one of them): the bots wait for them."""
        ...


class BotDriver:
    """Runs the bot seats of a host: plans on worker threads, actions on ticks."""

    def __init__(self, host: BotHost, seats: list[int], level: Level | Sequence[Level]) -> None:
        self.host = host
        self.levels = seat_levels(level, len(seats)) if seats else []
        self.bots: dict[int, Bot] = {}
        self.thinking: dict[int, Future[Plan]] = {}
        self.paused_since: float | None = None
        """Game time the current pause began (None while the bots play)."""
        self.paused = 0.0
        """Game seconds the bots have waited in all: their own time is the game's, less these."""
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mixmo-bot")
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        self.reset(seats)

    def reset(self, seats: list[int]) -> None:
        """New bots for ``seats`` (a new match): plans still running are dropped."""
        table = self.host.table
        seed = bot_seed(table.options.seed)
        levels = seat_levels(self.levels, len(seats)) if seats else []
        self.bots = {
            seat: Bot(seat, level, table.lexicon, table.variant, table.options.language, seed)
            for seat, level in zip(seats, levels, strict=True)
        }
        for future in self.thinking.values():
            future.cancel()
        self.thinking = {}

    def bot_time(self) -> float | None:
        """The bots' own time: the game's, less the pauses; None while they wait.

        A pause freezes it: a bot halfway through its thinking, or between two
        tiles, takes up again where it was when the question opened.
        """
        clock = self.host.clock()
        if self.host.bots_wait():
            if self.paused_since is None:
                self.paused_since = clock
            return None
        if self.paused_since is not None:
            self.paused += max(0.0, clock - self.paused_since)
            self.paused_since = None
        return clock - self.paused

    def tick(self) -> None:
        """Collect finished plans, start the plans that are needed, apply the due actions
        (nothing while the people cannot play: plans under way are collected after)."""
        now = self.bot_time()
        if now is None:
            return
        for seat, future in list(self.thinking.items()):
            if future.done():
                del self.thinking[seat]
                bot = self.bots.get(seat)
                if bot is not None and not future.cancelled():
                    bot.adopt(future.result(), now)  # a bug in planning surfaces here
        state = self.host.table.state
        for seat, bot in self.bots.items():
            if seat not in self.thinking and bot.needs_plan(state, now):
                self.thinking[seat] = self._pool.submit(bot.plan, state)
        for seat, bot in sorted(self.bots.items()):
            if seat in self.thinking:
                continue
            wanted = bot.next_action(self.host.table.state, now)
            if wanted is not None and wanted[0] <= now:
                action = wanted[1].stamped(now + self.paused)  # the game's time
                if self.host.apply(action, quiet=True):
                    bot.acted(now)
                else:
                    bot.ready_at = now + RETRY_DELAY

    def wait(self, timeout: float | None = None) -> None:
        """Block until the plans under way are finished (tests; the app never waits)."""
        futures.wait(list(self.thinking.values()), timeout=timeout)

    def close(self) -> None:
        """Stop thinking: drop the plans not started, leave the running one to end."""
        self._pool.shutdown(wait=False, cancel_futures=True)
