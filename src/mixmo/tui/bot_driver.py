"""Bots in the live game: they think on worker threads and act on the app's clock.

Every tick, each bot that needs a plan gets one computed on a thread worker
(the solver takes up to a second or two, and the screen must never freeze);
then every bot whose next action is due acts through the app, exactly as a
key press would. The interface therefore shows a bot's grid building up, tile
by tile, at its level's pace.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mixmo.engine.bot import Bot, Level, Plan
from mixmo.engine.state import MatchState

if TYPE_CHECKING:
    from mixmo.tui.app import MixmoApp

TICK = 0.1
"""Seconds between two looks at the bots."""


class BotDriver:
    """Runs the app's bot seats."""

    def __init__(self, app: MixmoApp, seats: list[int], level: Level) -> None:
        self.app = app
        self.level = level
        self.bots: dict[int, Bot] = {}
        self.thinking: set[int] = set()
        self.reset(seats)

    def reset(self, seats: list[int]) -> None:
        game = self.app.game
        seed = game.options.seed if isinstance(game.options.seed, int) else 0
        self.bots = {
            seat: Bot(seat, self.level, game.lexicon, game.variant, game.options.language, seed)
            for seat in seats
        }
        self.thinking.clear()

    def tick(self) -> None:
        state = self.app.game.state
        now = self.app.clock()
        for seat, bot in self.bots.items():
            if seat not in self.thinking and bot.needs_plan(state):
                self.thinking.add(seat)
                self.app.run_worker(
                    lambda bot=bot, state=state: self._think(bot, state),
                    thread=True,
                    group=f"bot-{seat}",
                    exclusive=True,
                )
        for seat, bot in sorted(self.bots.items()):
            if seat in self.thinking:
                continue
            wanted = bot.next_action(self.app.game.state, now)
            if wanted is not None and wanted[0] <= now:
                action = wanted[1].model_copy(update={"at": now})
                if self.app.apply(action, quiet=True):
                    bot.acted(now)
                else:
                    bot.ready_at = now + 1.0

    def _think(self, bot: Bot, state: MatchState) -> None:
        plan = bot.plan(state)
        self.app.call_from_thread(self._adopt, bot, plan)

    def _adopt(self, bot: Bot, plan: Plan) -> None:
        self.thinking.discard(bot.seat)
        bot.adopt(plan, self.app.clock())
