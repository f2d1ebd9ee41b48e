"""F3 in `mixmo play`: a hint from the solver for the active (human) player, at a cost.

The first press tells the cost, a second one takes the hint; a hint that offers
nothing to play ("no word fits as is") costs nothing (the engine's rule,
:func:`~mixmo.engine.hint_cost.hint_is_paid`).

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
from mixmo.engine.hint_cost import HINT_COST, hint_is_paid
from mixmo.engine.state import Phase
from mixmo.engine.validation import validate
from mixmo.i18n import _
from mixmo.i18n.messages import say

if TYPE_CHECKING:
    from mixmo.engine.solver.hints import Hint
    from mixmo.session.table import Table


CONFIRM_SECONDS = 10.0
"""Game seconds within which a second press of the hint key takes the hint its first
press priced."""


class HintConfirmation:
    """A hint's cost is told before it is taken: the first press of the key says what it
    costs, a second one within :data:`CONFIRM_SECONDS` takes it."""

    def __init__(self) -> None:
        self._asked: dict[int, float] = {}

    def confirmed(self, seat: int, now: float) -> bool:
        """True for the second press; False (and now armed) for the first."""
        asked = self._asked.pop(seat, None)
        if asked is not None and 0 <= now - asked <= CONFIRM_SECONDS:
            return True
        self._asked[seat] = now
        return False


def hint_key(bindings: str) -> str:
    """The first key of the hint command, as the footer writes it ("F3")."""
    return bindings.split(",")[0].upper()


class HintHost(Protocol):
    """What the hints need from the app (or a test)."""

    table: Table
    bot_seats: list[int]
    clock: Callable[[], float]

    @property
    def keymap_config(self) -> Any: ...  # keys.KeymapConfig: the hint key, to name it
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
        self.confirmation = HintConfirmation()

    def ask(self, seat: int) -> None:
        """F3: the hint's cost first; F3 again: a hint from the solver, paid if it helps."""
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
        if not self.confirmation.confirmed(seat, host.clock()):
            text = _("a hint costs {seconds} s of play (none if it finds nothing): {key} again")
            key = hint_key(host.keymap_config.hint)
            host.tell(seat, text.format(seconds=int(HINT_COST), key=key))
            return
        host.tell(seat, _("thinking about a hint..."))
        rack, grid = player.rack, player.grid
        lexicon, variant = table.lexicon, table.variant

        def think() -> None:
            from mixmo.engine.solver import hint  # the solver loads when a hint is first asked

            start = grid if validate(grid, lexicon, variant).valid else None
            found = hint(rack, lexicon, variant, start, 1)
            host.call_from_thread(self._answer, seat, found)

        host.run_worker(think, thread=True, group=f"hint-{seat}", exclusive=True)

    def _answer(self, seat: int, found: Hint) -> None:
        """Tell the hint; take its cost (the engine's action) only when it helps."""
        host = self.host
        if not hint_is_paid(found):
            text = _("hint: {message} (no cost)")
            host.tell(seat, text.format(message=say(found.message)))
            return
        if not host.apply(act.TakeHint(seat=seat, at=host.clock())):
            return  # refused by the table (told): no hint, no cost
        host.tell(seat, _("hint: {message}").format(message=say(found.message)))
