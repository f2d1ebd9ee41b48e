"""The server's own bots at one room: a task per bot seat, each a :class:`BotRunner` that
thinks on the server's bounded pool and submits through the server (which applies, logs
and tells the action as a client's). Split from the server so that it keeps to
dispatching and rooms' lives."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from functools import partial

from mixmo.engine.bot import PACES, Bot, Level
from mixmo.net.botrunner import BotRunner, Submit
from mixmo.net.logs import room_label
from mixmo.net.rooms import Room

log = logging.getLogger("mixmo.net.server")


def start_room_bots(
    room: Room,
    submit: Callable[[Room, int], Submit],
    speed: float,
    executor: Executor,
    pace: float = 1.0,
) -> list[asyncio.Task[None]]:
    """One running task per bot seat of ``room``'s match (none before it starts), each at
    its level's pace times ``pace`` (``serve --bot-pace``)."""
    game = room.game
    if game is None:
        return []
    seed = game.options.seed if isinstance(game.options.seed, int) else 0
    tasks = []
    for seat in room.bot_seats():
        level = Level(room.seats[seat].bot_level or "normal")
        bot = Bot(seat, level, game.lexicon, game.variant, game.options.language, seed,
                  pace=PACES[level].scaled(pace))  # fmt: skip
        runner = BotRunner(
            bot, state=room.current_state, submit=submit(room, seat), speed=speed, executor=executor
        )
        task = asyncio.create_task(runner.run())
        task.add_done_callback(partial(_bot_ended, room.code, seat))
        tasks.append(task)
    return tasks


def _bot_ended(code: str, seat: int, task: asyncio.Task[None]) -> None:
    """A server bot's loop ended: say so if it failed (a bug), so it is not silent."""
    if not task.cancelled() and task.exception() is not None:
        log.error(
            "room %s: the bot at seat %d stopped: %r", room_label(code), seat, task.exception()
        )
