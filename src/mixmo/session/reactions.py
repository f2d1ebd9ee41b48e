"""Quick reactions: a table whose players can send each other a few fixed words.

Only a server's table has them (:class:`Reacting`, implemented by the remote table):
a hot-seat table's players share one screen. A reaction is a code (``well-played``,
``one-moment``, ``rematch``, ``good-luck``), said in each player's language at the edge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

ReactionListener = Callable[[int, str], None]
"""Called with the seat that reacted and the reaction's code."""


@runtime_checkable
class Reacting(Protocol):
    """A table whose seat can send quick reactions and hears the others'."""

    def react(self, code: str) -> None:
        """Send the others this reaction (said in the header if the server refuses it)."""

    def on_reaction(self, listener: ReactionListener) -> Callable[[], None]:
        """Hear the other seats' reactions; the function that stops hearing them."""
