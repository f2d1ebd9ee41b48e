"""F3 in `mixmo play`: a hint from the solver for the active (human) player, at a cost.

Practice adds 30 s to the player's time for a hint. At a table the clock is
shared, so the same cost is paid in play instead: for 30 s after asking, the
player's grid edits and MIXMO are refused (the others play on). What is left
to wait is kept in the view file (tui/view_state.py), so quitting or a crash
does not pay it. A mixin of the app; the solver runs on a thread worker so the screen never waits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mixmo.engine import actions as act
from mixmo.engine.hint_cost import HELD_BY_A_HINT, HINT_COST
from mixmo.engine.state import Phase
from mixmo.engine.validation import validate
from mixmo.i18n import _
from mixmo.i18n_messages import say

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from mixmo.net.table import Table


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

        def save_view(self) -> None: ...

    hint_paid_at: dict[int, float]
    """Per seat: the game time when the last hint's cost is paid."""

    def action_hint(self) -> None:
        seat = self.active
        player = self.table.round.player(seat)
        if seat in self.bot_seats:
            return
        if self.table.phase is not Phase.PLAYING or not player.may_act or not player.rack:
            self.tell(seat, _("no hint now: your rack is empty or you may not play"))
            return
        if self.hint_wait(seat) > 0:
            wait = f"{self.hint_wait(seat):.0f}"
            self.tell(seat, _("a hint is on its way: play on in {seconds} s").format(seconds=wait))
            return
        self.hint_paid_at[seat] = self.clock() + HINT_COST
        self.table.took_hint(seat)  # a server keeps the cost: a rejoined seat still owes it
        self.save_view()  # at once: a crash right after the hint still owes its cost
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

    def hint_wait(self, seat: int) -> float:
        """Seconds before ``seat`` may play again after a hint (0 when free): this screen's
        count, or the server's for a networked seat (a hint taken before it rejoined)."""
        own = self.hint_paid_at.get(seat, 0.0) - self.clock()
        return max(0.0, own, self.table.hint_wait(seat))

    def hint_waits(self) -> dict[int, float]:
        """Per seat, seconds still to wait for a hint (what the view file keeps)."""
        return {seat: self.hint_wait(seat) for seat in self.hint_paid_at}

    def refused_for_a_hint(self, action: act.Action) -> str | None:
        """Why ``action`` must wait for a hint's cost to be paid, if it must."""
        wait = self.hint_wait(action.seat)
        if wait > 0 and isinstance(action, HELD_BY_A_HINT):
            text = _("the hint costs {cost} s: play on in {seconds} s")
            return "✗ " + text.format(cost=int(HINT_COST), seconds=f"{wait:.0f}")
        return None
