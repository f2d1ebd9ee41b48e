"""F3 in `mixmo play`: a hint from the solver for the active (human) player, at a cost.

Practice adds 30 s to the player's time for a hint. At a table the clock is
shared, so the same cost is paid in play instead: for 30 s after asking, the
player's grid edits and MIXMO are refused (the others play on). The cost is the
engine's: the hint is the seat's :class:`~mixmo.engine.actions.TakeHint` action,
handed to the table like any move, so the match's log and state keep it (a save,
a resume, a server and a rejoined seat all still owe it). What the hint says is
this screen's: the solver runs on a thread worker so the screen never waits.
:class:`Hints` is the app's controller, knowing it only through :class:`HintHost`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from mixmo.engine import actions as act
from mixmo.engine.hint_cost import HINT_COST
from mixmo.engine.state import Phase
from mixmo.engine.validation import validate
from mixmo.i18n import _
from mixmo.i18n.messages import say

if TYPE_CHECKING:
    from mixmo.session.table import Table


class HintHost(Protocol):
    """What the hints need from the app (or a test)."""

    table: Table
    bot_seats: list[int]
    clock: Callable[[], float]

    @property
    def run_worker(self) -> Callable[..., Any]: ...  # Textual's App.run_worker
    @property
    def call_from_thread(self) -> Callable[..., Any]: ...  # Textual's App.call_from_thread

    def tell(self, seat: int, message: str) -> None: ...
    def apply(self, action: act.Action, *, quiet: bool = False) -> bool: ...


class Hints:
    """The hint command of `mixmo play`."""

    def __init__(self, host: HintHost) -> None:
        self.host = host

    def ask(self, seat: int) -> None:
        """F3: a hint for ``seat``, from the solver, at its cost."""
        host, table = self.host, self.host.table
        player = table.round.player(seat)
        if seat in host.bot_seats:
            return
        if table.phase is not Phase.PLAYING or not player.may_act or not player.rack:
            host.tell(seat, _("no hint now: your rack is empty or you may not play"))
            return
        wait = table.hint_wait(seat)
        if wait > 0:
            text = _("a hint is on its way: play on in {seconds} s")
            host.tell(seat, text.format(seconds=f"{wait:.0f}"))
            return
        if not host.apply(act.TakeHint(seat=seat, at=host.clock())):
            return  # refused by the table (told): no hint, no cost
        host.tell(
            seat,
            _("thinking about a hint (it costs {seconds} s of play)...").format(
                seconds=int(HINT_COST)
            ),
        )
        rack, grid = player.rack, player.grid
        lexicon, variant = table.lexicon, table.variant

        def think() -> None:
            from mixmo.engine.solver import hint  # the solver loads when a hint is first asked

            start = grid if validate(grid, lexicon, variant).valid else None
            found = hint(rack, lexicon, variant, start, 1)
            host.call_from_thread(
                host.tell, seat, _("hint: {message}").format(message=say(found.message))
            )

        host.run_worker(think, thread=True, group=f"hint-{seat}", exclusive=True)
