"""Who plays which seat at this screen: the table for a game given, the bots' seats,
the people's, and which panes this keyboard may take.

:class:`Seating` is the app's controller, knowing it only through :class:`SeatingHost`
(the app imports it, never the other way round). The bots' driver and the offer to end
a match they cannot play load only when a bot takes a seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from mixmo.data.storage import Autosaver
from mixmo.engine.game import Game
from mixmo.engine.levels import Level
from mixmo.session.local import LocalTable
from mixmo.session.table import Table

if TYPE_CHECKING:
    from textual.screen import Screen

    from mixmo.engine import actions as act
    from mixmo.tui.bot_driver import BotDriver
    from mixmo.tui.player_pane import PlayerPane
    from mixmo.tui.stuck_match import StuckMatchOffer


class SeatingHost(Protocol):
    """What the seating needs from the app (or a test), and what the bots' driver and
    the offer to end a stuck match need of it too (they are given the same host)."""

    table: Table
    clock: Callable[[], float]
    save_path: Path | None
    saver: Autosaver | None
    bot_seats: list[int]
    bots: BotDriver | None
    stuck_offer: StuckMatchOffer | None
    pane_widgets: dict[int, PlayerPane]
    bot_pace: float

    def apply(self, action: act.Action, *, quiet: bool = False) -> bool: ...
    def people(self) -> list[int]: ...
    def bots_wait(self) -> bool: ...
    def push_screen(self, screen: Any, callback: Any = None) -> Any: ...
    def call_later(self, callback: Callable[..., Any], *args: Any) -> bool: ...
    @property
    def screen_stack(self) -> list[Screen[Any]]: ...  # Textual's App.screen_stack
    @property
    def has_class(self) -> Callable[..., bool]: ...  # Textual's DOMNode.has_class


class Seating:
    """The seats of this screen: its table, its bots, its people."""

    def __init__(self, host: SeatingHost) -> None:
        self.host = host

    def table_for(self, game: Game | Table, clock: Callable[[], float] | None) -> Table:
        """The table to play: a game given as such is every seat at this keyboard, saved
        to the host's ``save_path`` after every move."""
        if isinstance(game, Table):
            return game
        host = self.host
        host.saver = Autosaver(host.save_path) if host.save_path is not None else None
        return LocalTable(game, clock=clock, saver=host.saver)

    def seat_bots(self, bots: int | Sequence[int], level: Level | Sequence[Level]) -> None:
        """The bots of this screen: ``bots`` is how many take the last seats, or which
        seats (a resumed game's, from its save), at ``level`` (one, or one per bot)."""
        host = self.host
        seats = len(host.table.options.players)
        host.bot_seats = list(range(seats - bots, seats)) if isinstance(bots, int) else sorted(bots)
        if not host.bot_seats:
            return
        from mixmo.tui.bot_driver import BotDriver
        from mixmo.tui.stuck_match import StuckMatchOffer

        host.bots = BotDriver(host, host.bot_seats, level, pace=host.bot_pace)
        host.stuck_offer = StuckMatchOffer(host)
        if host.saver is not None:  # saved with the game: a resume brings them back
            host.saver.bots = dict(zip(host.bot_seats, host.bots.levels, strict=True))

    def people(self) -> list[int]:
        """The seats people play at this screen (none for a watcher)."""
        host = self.host
        return [seat for seat in host.table.playable_seats if seat not in host.bot_seats]

    def bots_wait(self) -> bool:
        """Whether this screen's bots wait for the people: every person here shares the
        screen, so a dialog over the board that is not the round's own (the quit question,
        the help, a notice), or a terminal too small to show it, keeps them all from play."""
        host = self.host
        return host.has_class("too-small") or any(
            not getattr(screen, "stops_for_quit", False) for screen in host.screen_stack[1:]
        )

    def may_take(self, seat: int) -> bool:
        """Whether this screen's keys may go to ``seat``'s pane (at a server: its own only;
        a watcher may look at any)."""
        playable = self.host.table.playable_seats
        return seat in self.host.pane_widgets and (not playable or seat in playable)
