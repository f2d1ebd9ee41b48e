"""Bots in the live game: they think on worker threads and act on the app's clock.

The session's :class:`~mixmo.session.bots.BotRunner` on the app's clock, ticked
every :data:`TICK`: each bot that needs a plan gets one computed on a worker
thread of the driver's own (the solver may take a second, and the screen must
never freeze), and every bot whose next action is due acts through its host,
exactly as a key press would. The interface therefore shows a bot's grid
building up, tile by tile, at its level's pace.

The bots wait while the people at the table cannot play (:meth:`BotHost.bots_wait`:
the quit question or the help is open over the board): nothing they do happens
behind a question, and their own time line stops with the game's.

The driver knows its host only through :class:`BotHost` (a table, a clock,
``apply`` and ``bots_wait``): the app imports the driver, never the other way round.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from concurrent import futures
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Protocol, cast

from mixmo.engine import actions as act
from mixmo.engine.bot import Bot, Level, Plan
from mixmo.engine.bot_seats import PlanFuture, bots_at, seat_levels
from mixmo.engine.state import MatchState
from mixmo.session.bots import BotRunner
from mixmo.session.table import Table

TICK = 0.1
"""Seconds between two looks at the bots."""
SWITCH_INTERVAL = 0.001
"""Seconds a thread may hold the interpreter before another gets it (Python's default is
5 ms): with bots thinking on a worker, the interface's thread gets it back sooner."""


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

    def __init__(
        self,
        host: BotHost,
        seats: list[int],
        level: Level | Sequence[Level],
        *,
        pace: float = 1.0,
    ) -> None:
        self.host = host
        self.pace = pace
        """Every time the bots take, multiplied (``--bot-pace``)."""
        self.levels = seat_levels(level, len(seats)) if seats else []
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mixmo-bot")
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        self.runner = BotRunner(  # the host's clock and question, as they are at each tick
            {}, lambda: host.clock(), think=self._think, waits=lambda: host.bots_wait()
        )
        self.reset(seats)

    def _think(self, bot: Bot, state: MatchState) -> PlanFuture:
        return self._pool.submit(bot.plan, state)

    @property
    def bots(self) -> dict[int, Bot]:
        return self.runner.seats.bots

    def reset(self, seats: list[int]) -> None:
        """New bots for ``seats`` (a new match): plans still running are dropped."""
        table = self.host.table
        levels = seat_levels(self.levels, len(seats)) if seats else []
        self.runner.seats.replace(
            bots_at(table.options, table.lexicon, seats, levels, pace=self.pace)
        )

    def tick(self) -> None:
        """Collect finished plans, start the plans that are needed, apply the due actions
        (nothing while the people cannot play: plans under way are collected after)."""
        self.runner.tick(
            lambda: self.host.table.state, lambda action: self.host.apply(action, quiet=True)
        )

    def wait(self, timeout: float | None = None) -> None:
        """Block until the plans under way are finished (tests; the app never waits)."""
        thinking = [cast("Future[Plan]", f) for f in self.runner.seats.thinking.values()]
        futures.wait(thinking, timeout=timeout)

    def close(self) -> None:
        """Stop thinking: drop the plans not started, leave the running one to end."""
        self._pool.shutdown(wait=False, cancel_futures=True)
