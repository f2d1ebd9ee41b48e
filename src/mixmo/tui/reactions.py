"""Quick reactions at a server: a key opens the few fixed words a seated player may send
("well played", "one moment", "rematch?", "good luck"); the others' show in the header
for a few seconds, in this player's language (the wire carries only their codes).

Only a table that has them (:class:`~mixmo.session.reactions.Reacting`: a server's) and a
seat of one's own: a hot-seat table's players share a screen, a watcher plays no seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from mixmo.i18n import N_, _
from mixmo.session.reactions import Reacting
from mixmo.session.table import Table
from mixmo.tui.modals import _Dialog

REACTION_SECONDS = 5.0
"""Seconds a reaction stays in the others' headers."""

PHRASES: dict[str, str] = {
    "well-played": N_("well played"),
    "one-moment": N_("one moment"),
    "rematch": N_("rematch?"),
    "good-luck": N_("good luck"),
}
"""Each reaction's code (the wire's) and its words (said in the player's language)."""


class ReactionHost(Protocol):
    """What reactions need of the app."""

    table: Table
    seated: bool

    def own_seat(self) -> int | None: ...
    def announce(self, text: str, *, seconds: float = ...) -> None: ...
    def tell(self, seat: int, message: str) -> None: ...
    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool: ...
    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any: ...


class Reactions:
    """Sends this seat's reactions and shows the others'."""

    def __init__(self, host: ReactionHost) -> None:
        self.host = host
        table = host.table
        self._stop = table.on_reaction(self._heard) if isinstance(table, Reacting) else None

    @property
    def available(self) -> bool:
        """Whether this screen may send reactions: a server's table, a seat of its own."""
        return isinstance(self.host.table, Reacting) and self.host.own_seat() is not None

    def choose(self) -> None:
        """The reaction key: the words to choose from."""
        screen = ReactionScreen()
        screen.answered = self.send
        self.host.push_screen(screen)

    def send(self, code: object) -> None:
        table, seat = self.host.table, self.host.own_seat()
        if not isinstance(code, str) or not isinstance(table, Reacting) or seat is None:
            return  # Esc: nothing sent
        table.react(code)
        self.host.tell(seat, _("you said: {words}").format(words=_(PHRASES[code])))

    def _heard(self, seat: int, code: str) -> None:
        self.host.call_later(self._show, seat, code)  # from the network: in the app's turn

    def _show(self, seat: int, code: str) -> None:
        players = self.host.table.options.players
        if not self.host.seated or code not in PHRASES or not 0 <= seat < len(players):
            return
        words = _("{name}: {words}").format(name=players[seat], words=_(PHRASES[code]))
        self.host.announce(words, seconds=REACTION_SECONDS)


class ReactionScreen(_Dialog):
    """The words a player may send: 1 to 4 sends one, Esc sends none."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(number), f"send('{code}')", words, show=False, priority=True)
            for number, (code, words) in enumerate(PHRASES.items(), start=1)
        ),
        Binding("escape", "close", N_("Close"), priority=True),
    ]

    def compose(self) -> ComposeResult:
        lines = [f"{number}  {_(words)}" for number, words in enumerate(PHRASES.values(), 1)]
        with Vertical(classes="dialog"):
            yield Static(_("Say to the others"), classes="heading")
            yield Static(Text("\n".join(lines)))
            yield Static(_("1 to 4 sends it; Esc sends nothing."), classes="hint")

    def action_send(self, code: str) -> None:
        self.dismiss(code)

    def action_close(self) -> None:
        self.dismiss(None)
