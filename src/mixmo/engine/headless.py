"""Whole games with bots only, on simulated time: no screen, no waiting.

Game time jumps straight to the next action any bot wants, so a match that
would take an hour at the table runs in seconds, and the same seed always
plays the same match.
"""

from __future__ import annotations

from collections.abc import Iterable

from mixmo.engine import actions as act
from mixmo.engine.bot import Bot, Level
from mixmo.engine.game import Game, GameRuleError
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase

STEP_LIMIT = 200_000
RETRY_DELAY = 1.0


class HeadlessStalled(RuntimeError):
    """No bot has anything left to do, yet the match is not over (a bug, never a rule)."""


def bots_for(game: Game, seats: Iterable[int], level: Level) -> dict[int, Bot]:
    seed = game.options.seed if isinstance(game.options.seed, int) else hash(game.options.seed)
    return {
        seat: Bot(seat, level, game.lexicon, game.variant, game.options.language, seed)
        for seat in seats
    }


def step(game: Game, bots: dict[int, Bot], now: float) -> float | None:
    """Let the bots think, then apply the earliest action one of them wants; the new time.

    None when no bot wants to act.
    """
    state = game.state
    for bot in bots.values():
        if bot.needs_plan(state):
            bot.adopt(bot.plan(state), now)
    if game.phase is Phase.SCORED:
        game.apply(act.NextRound(seat=min(bots), at=now))
        return now
    wanted = [
        (choice[0], seat, choice[1])
        for seat, bot in sorted(bots.items())
        if (choice := bot.next_action(state, now)) is not None
    ]
    if not wanted:
        return None
    when, seat, action = min(wanted, key=lambda item: (item[0], item[1]))
    now = max(now, when)
    try:
        game.apply(action.model_copy(update={"at": now}))
    except GameRuleError:
        bots[seat].ready_at = now + RETRY_DELAY  # the moment passed: think again later
    else:
        bots[seat].acted(now)
    return now


def play_headless(options: MatchOptions, level: Level, game: Game | None = None) -> Game:
    """Play a whole match with a bot in every seat; the finished game."""
    game = game or Game(options)
    bots = bots_for(game, range(len(options.players)), level)
    now = 0.0
    for _ in range(STEP_LIMIT):
        if game.phase is Phase.MATCH_OVER:
            return game
        reached = step(game, bots, now)
        if reached is None:
            raise HeadlessStalled(f"no bot can act in phase {game.phase.value}")
        now = reached
    raise HeadlessStalled(f"the match did not end within {STEP_LIMIT} steps")
