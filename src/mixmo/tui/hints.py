"""F3 in `mixmo play`: a hint from the solver for the active (human) player, at a cost.

Practice adds 30 s to the player's time for a hint. At a table the clock is
shared, so the same cost is paid in play instead: for 30 s after asking, the
player's grid edits and MIXMO are refused (the others play on). What is left
to wait is kept in the view file (tui/view_state.py), so quitting or a crash
does not pay it. :class:`Hints` is the app's controller, knowing it only through
:class:`HintHost`; the solver runs on a thread worker so the screen never waits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from mixmo.engine import actions as act
from mixmo.engine.hint_cost import HELD_BY_A_HINT, HINT_COST
from mixmo.engine.state import Phase
from mixmo.engine.validation import validate
from mixmo.i18n import _

if TYPE_CHECKING:
    from mixmo.net.table import Table


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
    def save_view(self) -> None: ...


class Hints:
    """The hint command of `mixmo play`, and what each seat still owes for one."""

    def __init__(self, host: HintHost) -> None:
        self.host = host
        self.paid_at: dict[int, float] = {}
        """Per seat: the game time when the last hint's cost is paid."""

    def ask(self, seat: int) -> None:
        """F3: a hint for ``seat``, from the solver, at its cost."""
        host, table = self.host, self.host.table
        player = table.round.player(seat)
        if seat in host.bot_seats:
            return
        if table.phase is not Phase.PLAYING or not player.may_act or not player.rack:
            host.tell(seat, _("no hint now: your rack is empty or you may not play"))
            return
        if self.wait(seat) > 0:
            wait = f"{self.wait(seat):.0f}"
            host.tell(seat, _("a hint is on its way: play on in {seconds} s").format(seconds=wait))
            return
        self.paid_at[seat] = host.clock() + HINT_COST
        table.took_hint(seat)  # a server keeps the cost: a rejoined seat still owes it
        host.save_view()  # at once: a crash right after the hint still owes its cost
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
                host.tell, seat, _("hint: {message}").format(message=found.message)
            )

        host.run_worker(think, thread=True, group=f"hint-{seat}", exclusive=True)

    def wait(self, seat: int) -> float:
        """Seconds before ``seat`` may play again after a hint (0 when free): this screen's
        count, or the server's for a networked seat (a hint taken before it rejoined)."""
        own = self.paid_at.get(seat, 0.0) - self.host.clock()
        return max(0.0, own, self.host.table.hint_wait(seat))

    def waits(self) -> dict[int, float]:
        """Per seat, seconds still to wait for a hint (what the view file keeps)."""
        return {seat: self.wait(seat) for seat in self.paid_at}

    def refusal(self, action: act.Action) -> str | None:
        """Why ``action`` must wait for a hint's cost to be paid, if it must."""
        wait = self.wait(action.seat)
        if wait > 0 and isinstance(action, HELD_BY_A_HINT):
            text = _("the hint costs {cost} s: play on in {seconds} s")
            return "✗ " + text.format(cost=int(HINT_COST), seconds=f"{wait:.0f}")
        return None
