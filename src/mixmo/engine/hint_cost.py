"""The price of a hint at a table, the same at a local table and at a server.

The rulebook has no hints: this is mixmo's own rule. In practice a hint adds
:data:`HINT_COST` seconds to the player's time; at a table the clock is shared, so
the cost is paid in play instead: for that long, the seat's :data:`HELD_BY_A_HINT`
actions are refused while the others play on. A hint is an action of the log
(:class:`~mixmo.engine.actions.TakeHint`, handled in :mod:`mixmo.engine.game_editing`)
and its cost is in the player's state (``PlayerState.hint_until``): a save, a view,
a replay and a server's store carry it as they carry any move.

A hint is paid only when it gives the player something to play (a word, or a
grid): one that says only that nothing fits is free, and is not an action at all
(:func:`hint_is_paid`). The edges tell the cost before the hint is taken.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

from mixmo.engine import actions as act
from mixmo.engine.game_errors import HintWaitError
from mixmo.engine.state import PlayerState

if TYPE_CHECKING:
    from mixmo.engine.grid import Grid

HINT_COST = 30.0
"""Seconds of game time a hint costs (the time added in practice)."""

HELD_BY_A_HINT = (
    act.PlaceTile,
    act.MoveTiles,
    act.FlipTiles,
    act.TakeBack,
    act.TakeApart,
    act.Undo,
    act.Redo,
    act.CallMixmo,
)
"""A seat's own play, its grid edits and its MIXMO: what waits until a hint is paid."""


def hint_wait(player: PlayerState, at: float) -> float:
    """Seconds of game time, from ``at``, before ``player``'s last hint is paid (0 when it is)."""
    if player.hint_until is None:
        return 0.0
    return max(0.0, min(HINT_COST, player.hint_until - at))


def hold_for_a_hint(player: PlayerState, at: float) -> None:
    """Refuse (``hint-wait``) one of ``player``'s held actions at ``at`` while a hint's cost runs."""
    wait = hint_wait(player, at)
    if wait > 0:
        raise HintWaitError(cost=int(HINT_COST), seconds=math.ceil(wait))


class HintAnswer(Protocol):
    """What a hint offers (the solver's :class:`~mixmo.engine.solver.hints.Hint`), as far
    as its price goes; a protocol so that the rule needs no solver loaded."""

    @property
    def word(self) -> str | None: ...
    @property
    def grid(self) -> Grid | None: ...


def hint_is_paid(answer: HintAnswer) -> bool:
    """Whether a hint costs :data:`HINT_COST`: only when it offers a word or a grid to
    play. "No word fits as is" helps nobody play, so it costs nothing."""
    return answer.word is not None or answer.grid is not None
