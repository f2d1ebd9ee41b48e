"""One seat of a local game, shown and played as a server would: a stand-in for a room.

The same match as a :class:`mixmo.session.local.LocalTable`, seen from ``seat``:
other racks and the bag hidden (the seat's view, as the wire carries it), events
as that seat hears them, and only that seat's actions, stamped with the table's
clock. Tests and bots play it where a server's seat would be; :meth:`apply` waits
for the answer as the remote table's does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mixmo.engine import events as ev
from mixmo.engine.actions import Action
from mixmo.engine.game import Game
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState
from mixmo.net.refusals import NotYourSeatError
from mixmo.net.views import public_options, visible_event
from mixmo.session.events import ActionRefused
from mixmo.session.local import LocalTable
from mixmo.session.table import Capabilities, Refusal

if TYPE_CHECKING:
    from mixmo.data.storage import Autosaver


class SeatTable(LocalTable):
    """``game`` as ``seat`` sees and plays it at a server."""

    _stamps = True

    def __init__(
        self,
        game: Game,
        seat: int,
        clock: Callable[[], float] | None = None,
        saver: Autosaver | None = None,
    ) -> None:
        self.seat = seat
        self._seen: tuple[MatchState, MatchState] | None = None
        super().__init__(game, clock, saver)

    def _visible(self, event: ev.Event) -> ev.Event:
        return visible_event(event, self.seat)

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(rematch=True, saves=self._saver is not None)

    @property
    def options(self) -> MatchOptions:
        return public_options(self.game.options)

    @property
    def state(self) -> MatchState:
        state = self.game.state
        if self._seen is None or self._seen[0] is not state:  # states are immutable: one view each
            from mixmo.net.views import seat_view, view_state  # (pydantic: only for one seat)

            view = seat_view(self.game.options, state, self.seat, self.clock())
            self._seen = (state, view_state(view))
        return self._seen[1]

    @property
    def playable_seats(self) -> tuple[int, ...]:
        assert self.seat is not None
        return (self.seat,)

    def submit(self, action: Action) -> Refusal | None:
        if action.seat != self.seat:
            return Refusal.of(NotYourSeatError(seat=self.seat, action_seat=action.seat))
        return super().submit(action)

    async def apply(self, action: Action) -> Refusal | None:
        """Submit ``action`` and publish its refusal, as a server's answer would come."""
        refusal = self.submit(action)
        if refusal is not None:
            self._publish(ActionRefused(refusal.code, refusal.message))
        return refusal

    def rematch(self) -> SeatTable:
        assert self.seat is not None
        table = SeatTable(self.next_game(), self.seat, self._clock, self._saver)
        table.autosave()
        return table
