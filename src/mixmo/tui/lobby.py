"""The room before its match: who sits where, and starting early.

`mixmo join` runs one app (:class:`mixmo.tui.app.MixmoApp`), whose first screen
is this one while a server's room waits for its players. It shows each seat (a
name or free, a bot, connected or away) as the table's lobby says, and says
:class:`LobbyScreen.MatchStarted` when the match starts: the board takes its
place. The first seat may start early (``S``): a dialog asks whether
the server's bots take the free seats or the match starts without them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol, runtime_checkable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, Static

from mixmo.engine.options import DEFAULT_TARGETS, ScoringMode
from mixmo.engine.variants import VARIANTS
from mixmo.i18n import N_, WORD_LANGUAGES, _, ngettext
from mixmo.i18n.messages import say
from mixmo.net.protocol import Lobby
from mixmo.tui.labels import TranslatedBindings, label_key
from mixmo.tui.modals import DialogButton, _Dialog
from mixmo.tui.pane_summary import rounds_goal_text

LOBBY_TICK = 0.5
"""Seconds between two looks at the lobby (its changes also redraw at once)."""


@runtime_checkable
class RoomTable(Protocol):
    """What the lobby reads of a server's table (the remote table; ``mixmo join`` passes it)."""

    @property
    def seat(self) -> int | None: ...
    @property
    def started(self) -> bool: ...
    @property
    def online(self) -> bool: ...
    @property
    def lobby(self) -> Lobby | None: ...
    @property
    def lost(self) -> str | None: ...
    @property
    def browser_page(self) -> str | None: ...
    def watch(self, watcher: Callable[[], None]) -> Callable[[], None]: ...
    async def start(self, fill_with_bots: bool) -> None: ...
    async def leave(self) -> None: ...


def seat_lines(lobby: Lobby | None, me: int | None) -> list[str]:
    """One line per seat: its number, who sits there, and whether they are connected."""
    if lobby is None:
        return [_("waiting for the room...")]
    lines = []
    for info in lobby.seats:
        if info.name is None:
            who = _("free")
        else:
            who = info.name
            if info.bot:
                who += " " + _("(bot)")
            elif info.seat == me:
                who += " " + _("(you)")
            elif not info.connected:
                who += " " + _("(away)")
            else:
                who += " " + _("(connected)")
        if info.rating is not None:
            who += " · " + _("rated {rating}").format(rating=info.rating)
        lines.append(f"{info.seat + 1}. {who}")
    return lines


def settings_line(lobby: Lobby | None) -> str | None:
    """The room's settings in one line: its words' language, variant and goal (None from
    an older server, which does not say them)."""
    settings = lobby.settings if lobby is not None else None
    if settings is None:
        return None
    target = settings.target or DEFAULT_TARGETS[settings.scoring]
    if settings.scoring is ScoringMode.POINTS:
        goal = ngettext("to {target} point", "to {target} points", target).format(target=target)
    else:
        goal = rounds_goal_text(target)
    variant = VARIANTS[settings.variant].title if settings.variant in VARIANTS else "?"
    return " · ".join((_(WORD_LANGUAGES[settings.language]), _(variant), goal))


def may_start_without_free_seats(lobby: Lobby | None) -> bool:
    """Whether the server accepts a start without the free seats: two seats at least are
    taken (a player alone would be refused, ``too-few-players``)."""
    return lobby is not None and sum(info.name is not None for info in lobby.seats) >= 2


class StartScreen(_Dialog):
    """Start before every seat is taken: bots for the free seats, or play without them.

    Its two answers' keys are the letters their labels show, in the interface language
    (:func:`label_key`): bound in the class made for that language (:mod:`mixmo.tui.labels`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer('')", N_("Cancel"), priority=True),
    ]

    def __init__(self, free: int, without: bool = True) -> None:
        super().__init__()
        self.free = free
        self.without = without
        """Whether starting without the free seats is offered (the server would accept it)."""
        self.bots_label = _("Give the free seats to bots (B)")
        self.without_label = _("Start without the free seats (W)")

    @classmethod
    def language_bindings(cls) -> list[Binding]:
        bots = label_key(_("Give the free seats to bots (B)"))
        without = label_key(_("Start without the free seats (W)"))
        if bots == without:  # a translation that gives both answers one letter
            bots, without = "b", "w"
        return [
            Binding(bots, "answer('bots')", _("Bots"), priority=True),
            Binding(without, "answer('without')", _("Without"), priority=True),
        ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Start the match now?"), classes="heading")
            if self.without:
                question = ngettext(
                    "{count} seat is still free: give it to a bot, or start without it?",
                    "{count} seats are still free: give them to bots, or start without them?",
                    self.free,
                )
            else:
                question = ngettext(
                    "{count} seat is still free: give it to a bot?",
                    "{count} seats are still free: give them to bots?",
                    self.free,
                )
            yield Static(question.format(count=self.free))
            yield DialogButton(self.bots_label, id="bots", variant="primary")
            if self.without:
                yield DialogButton(self.without_label, id="without")
            yield DialogButton(_("Wait for the others (Esc)"), id="cancel")

    def action_answer(self, answer: str) -> None:
        if answer == "without" and not self.without:
            return  # not offered: the server would refuse it
        self.dismiss(answer or None)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None if event.button.id == "cancel" else event.button.id)


class LobbyScreen(TranslatedBindings, Screen[None]):
    """A room's lobby, until its match starts (:class:`MatchStarted`) or the player leaves
    (the app exits)."""

    class MatchStarted(Message):
        """The match is on: the board takes the lobby's place."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start", N_("Start now"), id="start"),
        Binding("escape,ctrl+q,ctrl+c", "leave", N_("Leave"), id="leave", priority=True),
    ]
    DEFAULT_CSS = """
    LobbyScreen #header { height: 1; background: $accent; color: $text; padding: 0 1; }
    LobbyScreen #seats { padding: 1 2; height: auto; }
    LobbyScreen #news { padding: 0 2; height: auto; }
    """

    def __init__(self, table: RoomTable, where: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.table = table
        self.where = where
        """The room's address, to pass on to the other players."""
        self.news = ""
        self._stop: Any = None
        self.ticking: Timer | None = None
        self.started = False
        """True once the match has started, said once."""

    def compose(self) -> ComposeResult:
        self.header = Static(id="header")
        self.seats = Static(id="seats")
        self.news_line = Static(id="news")
        yield self.header
        yield self.seats
        yield self.news_line
        yield Footer()

    def on_mount(self) -> None:
        self._stop = self.table.watch(self._changed)
        self.ticking = self.set_interval(LOBBY_TICK, self.refresh_lobby)
        self.refresh_lobby()

    def _changed(self) -> None:
        self.call_later(self.refresh_lobby)  # from the network: in the app's own turn

    def on_unmount(self) -> None:
        self.stop_watching()

    def stop_watching(self) -> None:
        """No more looks at the room: the match is on, or the app is closing."""
        if self._stop is not None:
            self._stop()
            self._stop = None
        if self.ticking is not None:
            self.ticking.stop()

    @property
    def first_seat(self) -> bool:
        return self.table.seat == 0

    def refresh_lobby(self) -> None:
        """Draw the seats; give way to the game once the match is on."""
        if self.table.started:
            if not self.started:
                self.started = True
                self.stop_watching()
                self.post_message(self.MatchStarted())
            return
        lobby = self.table.lobby
        room = lobby.room if lobby is not None else "?"
        header = _("MIXMO · room {room} · waiting for the players").format(room=room)
        if self.table.lost is not None:
            header = self.table.lost  # for good: the player reads why, then leaves
        elif not self.table.online:
            header = _("connection lost, reconnecting...") + " · " + header
        self.header.update(Text(header, style="bold"))
        lines = seat_lines(lobby, self.table.seat)
        settings = settings_line(lobby)
        if settings is not None:
            lines[:0] = [settings, ""]
        lines.append("")
        where = self.where  # the server's address alone when the room was picked from a list
        if lobby is not None and not where.endswith("/" + lobby.room):
            where = f"{where}/{lobby.room}"
        lines.append(_("The others join with: mixmo join {where} --name NAME").format(
            where=where))  # fmt: skip
        if self.table.browser_page is not None:
            lines.append(_("or in a browser: {page}").format(page=self.table.browser_page))
        if self.table.seat is None:
            lines.append(_("You watch this room: the match shows here when it starts."))
        elif self.first_seat:
            lines.append(_("The match starts when every seat is taken, or now with S."))
        else:
            lines.append(_("The match starts when every seat is taken."))
        if lobby is not None and lobby.seeded:
            lines.append(_("A seeded deal: whoever knows the seed knows the tiles."))
        self.seats.update("\n".join(lines))
        self.news_line.update(Text(self.news, style="bold"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.first_seat and self.app.screen is self
        return True

    def action_start(self) -> None:
        lobby = self.table.lobby
        free = sum(1 for info in lobby.seats if info.name is None) if lobby else 0

        def answer(choice: object) -> None:
            if choice in ("bots", "without"):
                self.start(choice == "bots")

        if free:
            self.app.push_screen(StartScreen(free, may_start_without_free_seats(lobby)), answer)
        else:
            self.start(False)

    @work(exclusive=True, group="start")
    async def start(self, fill_with_bots: bool) -> None:
        """Ask the server to start now; its refusal is said on the news line."""
        self.news = _("starting...")
        self.refresh_lobby()
        try:
            await self.table.start(fill_with_bots)
        except RuntimeError as error:  # the server said no, or is gone
            reason = say(error)  # a server's refusal is a code: said in the player's words
            self.news = _("cannot start: {reason}").format(reason=reason)
        self.refresh_lobby()

    def action_leave(self) -> None:
        self.leave()

    @work(exclusive=True, group="leave")
    async def leave(self) -> None:
        """Leave the room: a seated player's seat is free again for someone else (the match
        has not started), then the app closes."""
        if self.table.seat is not None and not self.table.started:
            self.news = _("leaving...")
            self.refresh_lobby()
            await self.table.leave()
        self.app.exit()
