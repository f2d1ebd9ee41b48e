"""What each player's pane shows: its lines, its grid, and whether the board fits at all.

The one owner of "what a pane shows": :meth:`PaneViews.pane_view` turns the table's
state and the pane's :class:`~mixmo.tui.pane_state.PaneState` (rack order, cursor,
selection, news) into the pane's lines (:class:`~mixmo.tui.player_pane.PaneInfo`)
and its grid (:class:`~mixmo.tui.grid_view.GridPicture`); :meth:`PaneViews.refresh`
pushes them down into the widget. It also checks each grid once (a cursor move does
not recheck it) and asks for a larger terminal when a grid would get too few rows.
:class:`PaneViews` is the app's controller, knowing it only through
:class:`PanesHost` (the app imports it, never the other way round).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from textual.widgets import Static

from mixmo.engine.grid import Grid
from mixmo.engine.options import ScoringMode
from mixmo.engine.validation import ValidationReport, validate
from mixmo.i18n import N_, _
from mixmo.tui.board_layout import TOO_SMALL_NOTE, Board
from mixmo.tui.grid_view import MARGIN, GridPicture
from mixmo.tui.pane_state import near_the_tiles, reconcile
from mixmo.tui.pane_summary import grid_summary, pane_status
from mixmo.tui.player_pane import PaneInfo, rack_label

if TYPE_CHECKING:
    from textual.screen import Screen

    from mixmo.engine.state import PlayerState
    from mixmo.session.table import Table
    from mixmo.tui.keys import Keymap
    from mixmo.tui.pane_state import PaneState
    from mixmo.tui.player_pane import PlayerPane
    from mixmo.tui.relay import RelayDriver


class PanesHost(Protocol):
    """What the panes need from the app (or a test)."""

    table: Table
    panes: list[PaneState]
    pane_widgets: dict[int, PlayerPane]
    active: int
    live_check: bool
    placed: bool
    shows_scores: bool
    keymap_config: Keymap
    relay_keys: RelayDriver
    too_small: Static
    too_small_text: str

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...  # Textual's App.screen_stack
    @property
    def set_class(self) -> Callable[..., Any]: ...  # Textual's DOMNode.set_class

    def own_seat(self) -> int | None: ...
    def grid_rows(self, width: int, height: int) -> int: ...


class PaneViews:
    """The read-only side of the panes: what each shows, and the board's fit."""

    def __init__(self, host: PanesHost) -> None:
        self.host = host
        self.reports: dict[int, tuple[Grid, ValidationReport]] = {}
        """Each seat's last grid and its verdict (checked again only when the grid changes)."""

    def board(self) -> Board:
        host = self.host
        return Board(len(host.pane_widgets), own_pane=host.own_seat() is not None)

    def grid_rows(self, width: int, height: int) -> int:
        """How many rows the smallest grid (or one's own, at a server) gets at this size."""
        host = self.host
        own = host.own_seat()
        seats = list(host.pane_widgets) if own is None else [own]
        longest = max(host.table.rack_size(s) for s in seats)
        return self.board().grid_rows(
            width, height, rack_label=len(rack_label()), longest_rack=longest
        )

    def fit(self, width: int, height: int) -> None:
        """Show the board, or ask for a larger terminal when a grid would get too few rows
        (over an open dialog too: modals.TOO_SMALL_NOTE). The rows come from the app's
        ``grid_rows`` (a lesson's panel takes some)."""
        host = self.host
        need = self.board().size_needed(width, height, host.grid_rows)
        host.set_class(need is not None, "too-small")
        if need is None:
            return
        host.too_small_text = _(
            "Please enlarge the terminal: {players} players need at least "
            "{need_width}x{need_height} (it is {width}x{height})."
        ).format(
            players=len(host.pane_widgets),
            need_width=need[0],
            need_height=need[1],
            width=width,
            height=height,
        )
        host.too_small.update(host.too_small_text)
        for screen in host.screen_stack[1:]:
            for note in screen.query(f".{TOO_SMALL_NOTE}").results(Static):
                note.update(host.too_small_text)

    def refresh(self, seat: int) -> None:
        """Push what ``seat``'s pane shows now down into its widget (if it has one)."""
        host = self.host
        if seat not in host.pane_widgets:
            return
        info, picture = self.pane_view(seat)
        widget = host.pane_widgets[seat]
        widget.show(info)
        widget.grid_view.picture = picture
        host.panes[seat].shown = host.table.round.player(seat)

    def start_on_the_tiles(self) -> None:
        """Each cursor on its grid's tiles when the screen opens on a grid already built
        (a resume, a seat taken back at a server), unless the view file kept it there."""
        host = self.host
        for seat, pane in enumerate(host.panes):
            grid = host.table.round.player(seat).grid
            pane.cursor = near_the_tiles(pane.cursor, grid, MARGIN)

    def zoom_next(self) -> None:
        """Show a pane full size (Textual's ``Screen.maximize``; Escape gives the board
        back): first the pane this screen looks at (at a server, the first other
        player's), then at each press the next one, round the table."""
        host = self.host
        widgets = host.pane_widgets
        seats = list(widgets)
        screen = widgets[seats[0]].screen
        zoomed = next((s for s, w in widgets.items() if w is screen.maximized), None)
        if zoomed is not None:
            seat = seats[(seats.index(zoomed) + 1) % len(seats)]
        elif host.own_seat() is not None:
            seat = seats[(seats.index(host.active) + 1) % len(seats)]
        else:
            seat = host.active if host.active in widgets else seats[0]
        screen.maximize(widgets[seat], container=False)

    def pane_view(self, seat: int) -> tuple[PaneInfo, GridPicture]:
        """What ``seat``'s pane shows now: its lines and its grid."""
        host, table = self.host, self.host.table
        player = table.round.player(seat)
        pane = host.panes[seat]
        pane.rack = reconcile(pane.rack, player.rack)
        if pane.picked is not None and pane.picked >= len(pane.rack):
            pane.picked = None
        report = self.report_for(seat, player) if len(player.grid) else None
        summary = grid_summary(report, live_check=host.live_check)
        rack_size = table.rack_size(seat)
        status = pane_status(
            player,
            rack_size,
            table.phase,
            valid=summary.valid,
            live_check=host.live_check,
        )
        holder = table.holder(seat)
        if holder != "player":  # at a server: a bot plays it, or the host freed it
            status += (N_("BOT") if holder == "bot" else N_("FREE"),)
        elif not table.connected(seat):
            status += (N_("AWAY"),)  # at a server: the player lost the connection
        message = pane.message
        # The pane this screen plays: ▶, a cursor, how to start. A watcher holds no seat
        # (it may still Tab through the panes to look): none of those.
        marked = seat == host.active and not table.capabilities.watcher
        if not message and marked and self.is_first_move():
            message = self.first_steps()
        info = PaneInfo(
            name=player.name,
            seat=seat,
            active=marked,
            rating=table.rating(seat),
            rack=pane.rack,
            picked=pane.picked,
            status=status,
            score=table.state.totals[seat] if host.shows_scores else None,
            words=summary.words,
            message=message,
            built=host.relay_keys.clock(seat),
            hidden_tiles=0 if player.rack else rack_size,
            rounds_won=table.state.rounds_won[seat] if self.plays_rounds() else None,
        )
        picture = GridPicture(
            grid=player.grid,
            cursor=pane.cursor,
            direction=pane.direction,
            selection=pane.selection,
            bad_cells=summary.bad_cells,
            letters=summary.letters,
            highlight=pane.highlight,
            active=marked,
            locked=not player.may_act,
            follow_tiles=seat not in table.playable_seats,
        )
        return info, picture

    def first_steps(self) -> str:
        """How to start, shown on the active pane until the first tile is placed."""
        keys = self.host.keymap_config
        mixmo, help_ = keys.mixmo.split(",")[0].upper(), keys.help.split(",")[0].upper()
        return _(
            "type letters to place tiles · Space: across/down · {mixmo}: MIXMO · {help}: help"
        ).format(mixmo=mixmo, help=help_)

    def plays_rounds(self) -> bool:
        """Whether the match is played to a number of rounds won (option 1): the panes
        then show the rounds won, which decide it, before the points."""
        return self.host.table.options.scoring is ScoringMode.ROUNDS

    def is_first_move(self) -> bool:
        """No tile placed yet in the match (as far as this screen saw)."""
        round_ = self.host.table.round
        return (
            not self.host.placed
            and round_.number == 1
            and not any(len(player.grid) for player in round_.players)
        )

    def report_for(self, seat: int, player: PlayerState) -> ValidationReport:
        """The grid's verdict, computed once per grid (a cursor move does not recheck it)."""
        table = self.host.table
        cached = self.reports.get(seat)
        if cached is None or cached[0] is not player.grid:
            cached = (player.grid, validate(player.grid, table.lexicon, table.variant))
            self.reports[seat] = cached
        return cached[1]
