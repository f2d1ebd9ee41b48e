"""A room's host: the seat that may pause the match and free or hand over an away seat.

Only a server's table has one (:class:`Hosting`, asked through
:attr:`~mixmo.session.table.Capabilities.host`): at one keyboard nobody is away, and
the players pause by leaving the game. A refusal (another seat asking, a player back
before the host's choice reached the server) comes back as the server's code.
"""

from __future__ import annotations

from typing import Literal, Protocol, runtime_checkable

from mixmo.session.table import Refusal, Table

HandOver = Literal["free", "bot"]
"""What the host does with an away player's seat: free it for the next player to join,
or give it to one of the server's bots."""


@runtime_checkable
class Hosting(Protocol):
    """A table whose seat hosts its room (:attr:`Capabilities.host`)."""

    async def pause_match(self, paused: bool) -> Refusal | None:
        """Stop the match's game time for everyone (``paused``), or let it run on; None
        once the room says so, else why it refused."""

    async def hand_over(self, seat: int, to: HandOver) -> Refusal | None:
        """Free away ``seat`` or give it to a bot; None once the room did, else why not."""


def hosting(table: Table) -> Hosting | None:
    """``table``'s host controls, if its seat hosts the room; None everywhere else."""
    return table if table.capabilities.host and isinstance(table, Hosting) else None
