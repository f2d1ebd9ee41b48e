"""A bot seat driven over a table: it plays, and never faster than a server lets a client."""

from __future__ import annotations

import asyncio
import itertools
import time

from mixmo.engine.actions import Action
from mixmo.engine.bot import Bot, Level
from mixmo.engine.game import Game
from mixmo.engine.options import MatchOptions
from mixmo.net.botrunner import MIN_GAP, BotRunner
from mixmo.net.server import Limits
from mixmo.net.table import SeatTable


async def test_a_fast_bot_keeps_under_the_server_s_rate_limit() -> None:
    game = Game(MatchOptions(players=("Ann", "Bot"), seed=9, variant="free-spirit"))
    table = SeatTable(game, 1)
    bot = Bot(1, Level.EXPERT, game.lexicon, game.variant, "en", 9)
    sent: list[float] = []

    async def submit(action: Action) -> bool:
        sent.append(time.monotonic())
        return await table.apply(action) is None

    runner = BotRunner(bot, state=lambda: table.state, submit=submit, speed=1000)
    task = asyncio.create_task(runner.run())
    deadline = time.monotonic() + 20
    while len(sent) < 8 and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    runner.stop()
    await task
    assert len(sent) >= 8, "the bot did not play"
    gaps = [b - a for a, b in itertools.pairwise(sent)]
    assert min(gaps) >= MIN_GAP * 0.99
    assert Limits().rate > 1 / MIN_GAP
    assert game.log, "none of its actions was applied"
