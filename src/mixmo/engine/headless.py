"""Whole games with bots only, on simulated time: no screen, no waiting.

Game time jumps straight to the next action any bot wants, so a match that
would take an hour at the table runs in seconds. Bots plan within a budget of
work, never of time, so the same seed plays the same match on any machine at
any load (tests/test_bots.py runs one twice, once beside a CPU hog).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mixmo.engine import actions as act
from mixmo.engine.bot import Bot, Level
from mixmo.engine.bot_seats import BotSeats, bots_at
from mixmo.engine.bot_seats import seat_levels as seat_levels  # the CLI's
from mixmo.engine.game import Game, GameRuleError
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase
from mixmo.engine.stuck import STUCK_ROUNDS
from mixmo.engine.stuck import rounds_without_progress as _rounds_without_progress

STEP_LIMIT = 200_000
"""Steps without a round finishing before a match is called stalled (a bug, never a rule).

Per round, not per match: a round takes about 250 steps at two bots, and a match
to 100,000 points has over a thousand rounds; the rounds themselves are bounded
by the target and by :data:`STUCK_ROUNDS`.
"""


class HeadlessStalled(RuntimeError):
    """No bot has anything left to do, yet the match is not over (a bug, never a rule)."""


class BotsStuck(ValueError):
    """:data:`STUCK_ROUNDS` rounds in a row brought the match no nearer its end.

    Bad input rather than a bug: the word list gives them no word to play.
    """

    def __init__(self, rounds: int) -> None:
        super().__init__(f"nobody won the last {rounds} rounds: the match cannot end")
        self.rounds = rounds


def rounds_without_progress(game: Game) -> int:
    """How many of the last finished rounds in a row brought ``game`` no nearer its end
    (:func:`mixmo.engine.stuck.rounds_without_progress`)."""
    return _rounds_without_progress(game.state, game.options.scoring)


def bots_for(
    game: Game, seats: Iterable[int], levels: Level | Sequence[Level], *, pace: float = 1.0
) -> dict[int, Bot]:
    """A bot for each of ``seats``, with its level (one for all, or one per seat in order)
    and its pace times ``pace``."""
    return bots_at(game.options, game.lexicon, seats, levels, pace=pace)


def step(game: Game, seats: BotSeats, now: float) -> float | None:
    """Let the bots think, then apply the earliest action one of them wants; the new time
    (simulated time jumps to it). None when no bot wants to act."""
    seats.think(game.state, now)
    if game.phase is Phase.SCORED:
        game.apply(act.NextRound(seat=min(seats.bots), at=now))
        return now
    first = seats.earliest(game.state, now)
    if first is None:
        return None
    when, seat, action = first
    now = max(now, when)
    try:
        game.apply(action.stamped(now))
    except GameRuleError:
        seats.settle(seat, False, now)
    else:
        seats.settle(seat, True, now)
    return now


def play_headless(
    options: MatchOptions,
    levels: Level | Sequence[Level],
    game: Game | None = None,
    bots: dict[int, Bot] | None = None,
    *,
    pace: float = 1.0,
) -> Game:
    """Play a whole match with a bot in every seat; the finished game.

    ``levels`` is one level for every seat or one per seat; pass ``bots`` to
    keep the bots (and read what they did) after the match; ``pace`` multiplies every
    time the bots take (game time: it changes who is first, not how long the match
    runs on the machine). :class:`BotsStuck`
    when :data:`STUCK_ROUNDS` rounds in a row end with no point for anyone.
    """
    game = game or Game(options)
    if bots is None:
        bots = {}
    bots.update(bots_for(game, range(len(options.players)), levels, pace=pace))
    seats = BotSeats(bots)
    now = 0.0
    rounds = len(game.state.results)
    steps = 0  # since the last round finished
    while game.phase is not Phase.MATCH_OVER:
        if len(game.state.results) != rounds:
            rounds, steps = len(game.state.results), 0
            if rounds_without_progress(game) >= STUCK_ROUNDS:
                raise BotsStuck(STUCK_ROUNDS)
        if steps == STEP_LIMIT:
            raise HeadlessStalled(f"round {rounds + 1} did not end within {STEP_LIMIT} steps")
        reached = step(game, seats, now)
        if reached is None:
            raise HeadlessStalled(f"no bot can act in phase {game.phase.value}")
        now, steps = reached, steps + 1
    return game


def match_result(game: Game, levels: Sequence[Level] = ()) -> dict[str, Any]:
    """A finished match as a JSON-ready dict: the winner, the standings, the seed.

    ``standings`` lists every seat, best first, with its name, points and
    rounds won (and its bot level, when ``levels`` gives them).
    """
    state = game.state
    names = game.options.players
    order = sorted(range(len(names)), key=lambda s: (-state.totals[s], -state.rounds_won[s], s))
    if state.winner is not None:  # the engine's own standings decide the winner's place
        order.remove(state.winner)
        order.insert(0, state.winner)
    standings = []
    for seat in order:
        row: dict[str, Any] = {
            "seat": seat,
            "name": names[seat],
            "points": state.totals[seat],
            "rounds_won": state.rounds_won[seat],
        }
        if seat < len(levels):
            row["level"] = levels[seat].value
        standings.append(row)
    return {
        "winner": names[state.winner] if state.winner is not None else None,
        "winner_seat": state.winner,
        "standings": standings,
        "rounds": len(state.results),
        "seed": game.options.seed,
        "actions": len(game.log),
    }
