"""The price of a hint at a table, the same at a local table and at a server.

The rulebook has no hints: this is mixmo's own rule. In practice a hint adds
:data:`HINT_COST` seconds to the player's time; at a table the clock is shared, so
the cost is paid in play instead: for that long, the seat's :data:`HELD_BY_A_HINT`
actions are refused while the others play on.
"""

from __future__ import annotations

from mixmo.engine import actions as act

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
