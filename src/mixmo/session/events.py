"""The events a table adds to the engine's own: what a screen hears of the table itself.

The engine's events say what happened in the match; these say what happened to
this side's view of it (replaced, connection lost, saving failing, an action
refused, a seat's player gone or back). Plain frozen values: the network carries
:class:`ActionRefused` and :class:`SeatConnection` over the wire (``mixmo.net.views``
encodes them), the others never leave the process.
"""

from __future__ import annotations

from dataclasses import dataclass

from mixmo.engine import events as ev
from mixmo.engine.messages import Message
from mixmo.session.table import Holder


@dataclass(frozen=True, slots=True)
class ViewReplaced(ev.Event):
    """The whole state was replaced (a reconnection, the start of the match): draw it again."""


@dataclass(frozen=True, slots=True)
class ConnectionChanged(ev.Event):
    """This screen's own connection to the table was lost (``online`` False) or is back."""

    online: bool


@dataclass(frozen=True, slots=True)
class SavingChanged(ev.Event):
    """Saving the match started failing (``saved`` False) or works again: tell the player once."""

    saved: bool
    message: str


@dataclass(frozen=True, slots=True)
class SeatConnection(ev.Event):
    """A seat's player lost or regained their connection (their game time runs on)."""

    seat: int
    connected: bool


@dataclass(frozen=True, slots=True)
class SeatHandedOver(ev.Event):
    """The room's host gave a seat to a bot or freed it, or a new player took a freed one."""

    seat: int
    holder: Holder


@dataclass(frozen=True, slots=True)
class ActionRefused(ev.Event):
    """The table refused one of this seat's actions; nothing changed."""

    code: str
    message: Message | str
