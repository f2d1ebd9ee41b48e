"""What the screen does with each event of its table: news on the panes and in the
header, a refusal told to its player, saving and connection notices, the records.

The app's controller, knowing it only through :class:`TableEventsHost` (the app
imports it, never the other way round). The app hears the table
(``MixmoApp.listen_to``) and hands each event to :meth:`TableEvents.on_game_event`,
then pushes the new state down into the panes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from mixmo.engine import events as ev
from mixmo.engine.messages import Message
from mixmo.i18n import _
from mixmo.session.events import (
    ActionRefused,
    ConnectionChanged,
    SavingChanged,
    SeatConnection,
    SeatHandedOver,
    ViewReplaced,
)
from mixmo.tui.news import TABLE_NEWS_SECONDS, news_for, refusal_text

if TYPE_CHECKING:
    from mixmo.engine.state import PlayerState
    from mixmo.engine.validation import ValidationReport
    from mixmo.session.table import Table
    from mixmo.tui.match_records import MatchRecorder
    from mixmo.tui.pane_state import PaneState


class TableEventsHost(Protocol):
    """What the table's events need from the app (or a test)."""

    table: Table
    active: int
    panes: list[PaneState]
    shows_scores: bool
    placed: bool
    clock: Callable[[], float]
    recorder: MatchRecorder

    @property
    def notify(self) -> Callable[..., Any]: ...  # Textual's App.notify
    @property
    def call_later(self) -> Callable[..., Any]: ...  # Textual's App.call_later

    def tell(self, seat: int, message: str) -> None: ...
    def announce(self, text: str, *, seconds: float = ...) -> None: ...
    def update_header(self) -> None: ...
    def refresh_all(self) -> None: ...
    def bell(self) -> None: ...
    def report_for(self, seat: int, player: PlayerState) -> ValidationReport: ...


class TableEvents:
    """The app's answer to each event of the table (:meth:`on_game_event`)."""

    def __init__(self, host: TableEventsHost) -> None:
        self.host = host
        self.saving_failed = False
        """The last save of the match failed (the player was told in a toast): quitting now
        would lose the moves since the last good save, and the quit question says so."""

    def reason_on_the_board(self, seat: int, reason: Message) -> str:
        """A wrong call's reason in terms of the caller's board: the grid is the one
        called on (the caller is locked, or out of the round, until the next MIXMO)."""
        from mixmo.tui.call_reasons import for_the_board  # a wrong call is rare: loaded then

        host = self.host
        player = host.table.round.player(seat)
        report = host.report_for(seat, player)
        return for_the_board(reason, player.grid, report, host.table.lexicon, host.table.variant)

    def handed_over(self, event: SeatHandedOver) -> None:
        """A seat the host gave a bot or freed, or a freed one taken: said to the table."""
        host = self.host
        name = host.table.name(event.seat)
        if event.holder == "bot":
            text = _("{name}'s seat is played by a bot")
        elif event.holder == "free":
            text = _("{name}'s seat is free: the next player to join takes it")
        else:
            text = _("a new player takes {name}'s seat")
        host.announce(text.format(name=name))
        host.refresh_all()  # the BOT or FREE mark on their pane

    def refused(self, seat: int, message: Message | str) -> None:
        """Tell ``seat`` why the table refused their action."""
        host = self.host
        host.tell(seat, f"✗ {refusal_text(message)}")
        host.bell()

    def on_game_event(self, event: ev.Event) -> None:
        """One event from the table: news on the panes and in the header, records, notices."""
        host = self.host
        if isinstance(event, ev.GridChanged):
            host.placed = True
        if isinstance(event, ActionRefused):
            seat = host.table.seat if host.table.seat is not None else host.active
            self.refused(seat, event.message)
            return
        if isinstance(event, SavingChanged):
            self.saving_failed = not event.saved
            host.notify(
                event.message, severity="information" if event.saved else "error", timeout=15
            )
            return
        if isinstance(event, ConnectionChanged):
            if event.online:
                host.announce(_("connection back: the match goes on"))
            host.update_header()
            return
        if isinstance(event, SeatConnection):
            name = host.table.name(event.seat)
            text = _("{name} is back") if event.connected else _("{name} lost the connection")
            host.announce(text.format(name=name))
            host.refresh_all()  # the AWAY mark on their pane
            return
        if isinstance(event, SeatHandedOver):
            self.handed_over(event)
            return
        if isinstance(event, ViewReplaced):
            host.refresh_all()
            return
        for news in news_for(event, host.table.name, self.reason_on_the_board):
            if news.seat is None:
                host.announce(news.text, seconds=TABLE_NEWS_SECONDS * (1.5 if news.error else 1))
            else:
                host.panes[news.seat].message = news.text
                host.panes[news.seat].said_at = host.clock()
            if news.bell:
                host.bell()
        if isinstance(event, ev.RoundScored) and host.shows_scores:
            host.call_later(host.recorder.record_round, event, host.recorder.round_seconds())
        if isinstance(event, ev.MatchOver) and host.shows_scores:
            host.call_later(host.recorder.record_match, event)
