"""A match against bots that cannot end: say so, and offer to end it as it stands.

With a word list the bots cannot build from (``--dict`` of a few words), and a
person who cannot finish a grid from it either, every round ends with no
winner and the match never reaches its target. After
:data:`~mixmo.engine.stuck.STUCK_ROUNDS` such rounds in a row (the count at
which ``mixmo play --headless`` stops: "they cannot finish a grid"), the
round's scores come with a question: end the match now, with the standings as
they are (:class:`~mixmo.engine.actions.EndStuckMatch`), or play on. It is asked
again at each later round that brings nobody nearer the target.

The app makes one when bots play at its table; it imports this module, never
the other way round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from mixmo.engine import actions as act
from mixmo.engine.state import Phase
from mixmo.engine.stuck import match_stuck, rounds_without_progress
from mixmo.i18n import _, ngettext

if TYPE_CHECKING:
    from mixmo.session.table import Table


class StuckHost(Protocol):
    """What the offer needs from the app."""

    table: Table
    clock: Callable[[], float]

    def people(self) -> list[int]: ...
    def apply(self, action: act.Action, *, quiet: bool = False) -> bool: ...
    def push_screen(self, screen: Any, callback: Any = None) -> Any: ...
    def call_later(self, callback: Callable[..., Any], *args: Any) -> bool: ...


def stuck_question(table: Table) -> str:
    """Why the match cannot end, and the offer to end it (the dictionary named, as
    ``mixmo play --headless`` names it)."""
    count = rounds_without_progress(table.state, table.options.scoring)
    spec = table.options.dictionary
    source = _(" with the words of {dictionary}").format(dictionary=spec) if spec else ""
    why = ngettext(
        "Nobody has won the last round: the bots cannot finish a grid{source}, "
        "so the match may never end.",
        "Nobody has won the last {count} rounds: the bots cannot finish a grid{source}, "
        "so the match may never end.",
        count,
    ).format(count=count, source=source)
    return why + " " + _("End it now, with the standings as they are? (No: play on)")


class StuckMatchOffer:
    """Asks, over a stuck round's scores, whether to end the match as it stands."""

    def __init__(self, host: StuckHost) -> None:
        self.host = host
        self._asked: tuple[Table, int] | None = None
        """The match and round last asked about: one question per round's scores."""

    def sync(self) -> None:
        """Ask, if the scores of a stuck round are up and this round was not asked about."""
        table = self.host.table
        people = self.host.people()
        if table.phase is not Phase.SCORED or not people:
            return
        if not match_stuck(table.state, table.options.scoring):
            return
        if self._asked is not None and self._asked == (table, table.round.number):
            return
        self._asked = (table, table.round.number)
        # After what the app is doing now: the scores go first, when a dialog's answer
        # (the last claim, the votes) ended the round and the flow opens them after it.
        self.host.call_later(self._ask, table, people[0])

    def _ask(self, table: Table, seat: int) -> None:
        if self.host.table is not table or table.phase is not Phase.SCORED:
            return  # the table moved on meanwhile (another screen dealt the next round)
        from mixmo.tui.modals import ConfirmScreen

        def answer(end: object) -> None:
            if end and self.host.table is table and table.phase is Phase.SCORED:
                self.host.apply(act.EndStuckMatch(seat=seat, at=self.host.clock()))

        dialog = ConfirmScreen(stuck_question(table))
        dialog.answered = answer
        self.host.push_screen(dialog)
