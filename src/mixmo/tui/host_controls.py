"""The room's host at a server: a key opens the "Table" dialog, to pause the match or let
it run on, and to free an away player's seat (the next player to join takes it) or give
it to one of the server's bots.

Only the host's screen has the key (:func:`mixmo.session.hosting.hosting`: the room's
first player, at a server); the server refuses anyone else anyway. A refusal (the player
came back before the host's choice reached the server) is told on the host's pane in
their language, from the server's code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from mixmo.engine.messages import Message
from mixmo.i18n import N_, _
from mixmo.session.hosting import HandOver, hosting
from mixmo.session.table import Refusal, Table
from mixmo.tui.modals import _Dialog
from mixmo.tui.news import refusal_text

MAX_CHOICES = 9
"""Digits 1 to 9 choose: a pause and two choices for each of up to 5 away players."""


@dataclass(frozen=True, slots=True)
class HostChoice:
    """One line of the dialog: pause or resume (``seat`` None), or what becomes of a seat."""

    words: str
    paused: bool = True
    seat: int | None = None
    to: HandOver = "free"


class HostControlsHost(Protocol):
    """What the host's controls need of the app."""

    table: Table
    seated: bool

    def own_seat(self) -> int | None: ...
    def tell(self, seat: int, message: str) -> None: ...
    def bell(self) -> None: ...
    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any: ...
    def run_worker(self, work: Any, *args: Any, **kwargs: Any) -> Any: ...


class HostControls:
    """Opens the host's dialog and does what they choose, through the table."""

    def __init__(self, host: HostControlsHost) -> None:
        self.host = host

    @property
    def available(self) -> bool:
        """Whether this screen hosts its room (at a server, the room's first player)."""
        return self.host.seated and hosting(self.host.table) is not None

    def choices(self) -> list[HostChoice]:
        """Pause or resume; then, for every player away, free their seat or give it a bot."""
        table, own = self.host.table, self.host.own_seat()
        if table.paused:
            found = [HostChoice(_("resume the match"), paused=False)]
        else:
            found = [HostChoice(_("pause the match (for everyone)"), paused=True)]
        for seat, name in enumerate(table.options.players):
            if seat == own or table.holder(seat) != "player" or table.connected(seat):
                continue
            found.append(
                HostChoice(
                    _("free {name}'s seat (the next player to join takes it)").format(name=name),
                    seat=seat,
                    to="free",
                )
            )
            found.append(
                HostChoice(_("give {name}'s seat to a bot").format(name=name), seat=seat, to="bot")
            )
        return found[:MAX_CHOICES]

    def open(self) -> None:
        """The host's key: the dialog of what they may do now."""
        if not self.available:
            return
        screen = HostScreen(self.choices())
        screen.answered = self.chosen
        self.host.push_screen(screen)

    def chosen(self, choice: object) -> None:
        if isinstance(choice, HostChoice):  # Esc: nothing done
            self.host.run_worker(self.do(choice), group="host", exit_on_error=False)

    async def do(self, choice: HostChoice) -> None:
        """Ask the room for ``choice``; tell the host what came of it."""
        host, seat = self.host, self.host.own_seat()
        controls = hosting(host.table)
        if controls is None or seat is None:
            return
        names = host.table.options.players
        if choice.seat is None:
            refusal = await controls.pause_match(choice.paused)
            done = _("you paused the match") if choice.paused else _("you let the match run on")
        else:
            refusal = await controls.hand_over(choice.seat, choice.to)
            name = names[choice.seat]
            done = (
                _("{name}'s seat is free: the next player to join takes it")
                if choice.to == "free"
                else _("{name}'s seat is played by a bot")
            ).format(name=name)
        if refusal is None:
            host.tell(seat, done)
            return
        host.tell(seat, f"✗ {self.refusal_words(refusal)}")
        host.bell()

    def refusal_words(self, refusal: Refusal) -> str:
        """The server's refusal in the host's words: a seat by its player's name."""
        message = refusal.message
        if isinstance(message, Message) and message.code == "seat-not-away":
            seat = message.fields.get("seat")
            players = self.host.table.options.players
            if isinstance(seat, int) and 0 <= seat < len(players):
                return _("{name} is not away: only an away player's seat is freed or given").format(
                    name=players[seat]
                )
        return refusal_text(message)


class HostScreen(_Dialog):
    """What the host may do now: 1 to 9 chooses, Esc does nothing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(n), f"choose({n})", str(n), show=False, priority=True)
            for n in range(1, MAX_CHOICES + 1)
        ),
        Binding("escape", "close", N_("Close"), priority=True),
    ]

    def __init__(self, choices: list[HostChoice]) -> None:
        super().__init__()
        self.choices = choices

    def compose(self) -> ComposeResult:
        lines = [f"{n}  {choice.words}" for n, choice in enumerate(self.choices, 1)]
        if len(self.choices) == 1:
            lines.append("")
            lines.append(_("Nobody is away: a player who leaves can be replaced here."))
        with Vertical(classes="dialog"):
            yield Static(_("The table (you host this room)"), classes="heading")
            yield Static(Text("\n".join(lines)))
            yield Static(
                _("1 to {last} chooses; Esc does nothing.").format(last=len(self.choices)),
                classes="hint",
            )

    def action_choose(self, number: int) -> None:
        if 1 <= number <= len(self.choices):
            self.dismiss(self.choices[number - 1])

    def action_close(self) -> None:
        self.dismiss(None)
