"""F3 in `mixmo play`: a hint from the solver for the active (human) player, at a cost.

Practice adds 30 s to the player's time for a hint. At a table the clock is
shared, so the same cost is paid in play instead: for 30 s after asking, the
player's grid edits and MIXMO are refused (the others play on). The cost is the
engine's: the hint is the seat's :class:`~mixmo.engine.actions.TakeHint` action,
handed to the table like any move, so the match's log and state keep it (a save,
a resume, a server and a rejoined seat all still owe it). What the hint says is
this screen's: the solver runs on a thread worker so the screen never waits.
A mixin of the app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mixmo.engine import actions as act
from mixmo.engine.hint_cost import HINT_COST
from mixmo.engine.state import Phase
from mixmo.engine.validation import validate
from mixmo.i18n import _
from mixmo.i18n_messages import say

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from mixmo.session.table import Table


class HintKey:
    """The hint command of `mixmo play`."""

    if TYPE_CHECKING:  # provided by MixmoApp
        table: Table
        active: int
        bot_seats: list[int]
        clock: Callable[[], float]
        run_worker: Callable[..., Any]
        call_from_thread: Callable[..., Any]

        def tell(self, seat: int, message: str) -> None: ...

        def apply(self, action: act.Action, *, quiet: bool = False) -> bool: ...

    def action_hint(self) -> None:
        seat = self.active
        player = self.table.round.player(seat)
        if seat in self.bot_seats:
            return
        if self.table.phase is not Phase.PLAYING or not player.may_act or not player.rack:
            self.tell(seat, _("no hint now: your rack is empty or you may not play"))
            return
        wait = self.table.hint_wait(seat)
        if wait > 0:
            text = _("a hint is on its way: play on in {seconds} s")
            self.tell(seat, text.format(seconds=f"{wait:.0f}"))
            return
        if not self.apply(act.TakeHint(seat=seat, at=self.clock())):
            return  # refused by the table (told): no hint, no cost
        self.tell(
            seat,
            _("thinking about a hint (it costs {seconds} s of play)...").format(
                seconds=int(HINT_COST)
            ),
        )
        rack, grid = player.rack, player.grid
        lexicon, variant = self.table.lexicon, self.table.variant

        def think() -> None:
            from mixmo.engine.solver import hint  # the solver loads when a hint is first asked

            start = grid if validate(grid, lexicon, variant).valid else None
            found = hint(rack, lexicon, variant, start, 1)
            self.call_from_thread(
                self.tell, seat, _("hint: {message}").format(message=say(found.message))
            )

        self.run_worker(think, thread=True, group=f"hint-{seat}", exclusive=True)
