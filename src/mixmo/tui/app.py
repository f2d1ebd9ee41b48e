"""The Textual app: Mixmo for 2 to 6 players, at one keyboard or at a server.

The app plays a :class:`~mixmo.session.table.Table` and cannot tell whether its
match runs in this process (``mixmo play``: every seat at one keyboard, saved
atomically by the table after every move) or on a server (``mixmo join``: one
seat, or none for a watcher). A key press becomes an engine action handed to
the table; the table's events come back through one subscription (news,
banners, refusals), and after each batch of them the app pushes the new state
down into the panes (attributes down, messages up). So another seat's move on
a server, or a whole new view after a reconnection, redraws like a key press.

Keys are handled in the order they arrive, by one route: the focused widget (the
active grid, or the open dialog's box, list or button) hands each of its keys to
:meth:`MixmoApp.take_key`, which plays it in full before the next is read: in the
dialog on screen by then, else on the board, else as a command
(:mod:`mixmo.tui.key_routing` says why a single route keeps them in order).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.events import Click, Resize
from textual.filter import LineFilter
from textual.screen import Screen

from mixmo.data.storage import Autosaver
from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.game import Game
from mixmo.engine.levels import Level
from mixmo.engine.state import PlayerState
from mixmo.engine.validation import ValidationReport
from mixmo.i18n import _
from mixmo.session.table import Table, saving
from mixmo.tui.board_input import BoardInput
from mixmo.tui.board_screen import BoardScreen, board_widgets
from mixmo.tui.commands import Commands
from mixmo.tui.harmless_filter import HARMLESS
from mixmo.tui.header import header_line
from mixmo.tui.hints import Hints
from mixmo.tui.host_controls import HostControls
from mixmo.tui.key_dispatch import ACTIONS, KeyDispatch
from mixmo.tui.keys import Keymap
from mixmo.tui.labels import TranslatedBindings
from mixmo.tui.match_records import MatchRecorder
from mixmo.tui.named_actions import (
    COMMAND_ACTIONS,
    SWITCHING,
    WATCHER_ACTIONS,
    NamedActions,
    key_bar_bindings,
)
from mixmo.tui.news import PANE_NEWS_SECONDS, TABLE_NEWS_SECONDS, gives_way_to_play
from mixmo.tui.pane_state import PaneState
from mixmo.tui.panes import PaneViews
from mixmo.tui.player_pane import PlayerPane
from mixmo.tui.reactions import Reactions
from mixmo.tui.relay import RELAY_TICK, RelayDriver, make_relay
from mixmo.tui.round_flow import RoundFlow
from mixmo.tui.seating import Seating
from mixmo.tui.table_events import TableEvents
from mixmo.tui.view_file import ViewFile

if TYPE_CHECKING:
    from textual.widget import Widget
    from textual.widgets import Static

    from mixmo.tui.bot_driver import BotDriver
    from mixmo.tui.stuck_match import StuckMatchOffer

# Loaded when first needed, not for the first frame: the bots and the solver (when a bot
# plays, mixmo.tui.bot_driver), the dialogs (mixmo.tui.modals), the records.

WELCOME_SECONDS = 10.0
"""How long the welcome (the tutorial's suggestion) stays in the header."""


class MixmoApp(
    TranslatedBindings,
    NamedActions,
    App[None],
    inherit_bindings=False,  # ctrl+q and ctrl+c are the keymap's quit (it asks first)
):
    """Hot-seat Mixmo."""

    BINDINGS: ClassVar[list[BindingType]] = key_bar_bindings()
    exiting = False
    """True once :meth:`exit` is asked: a timer may fire once more while the app closes."""
    shows_scores = True
    """Whether the end of a round opens the scores (practice shows its own result)."""
    shows_goal = True
    """Whether the header tells the match's goal (a tutorial's lesson has none)."""
    too_small_text = ""
    """The request for a larger terminal, while it is too small (dialogs show it too)."""
    header: Static
    too_small: Static
    pane_widgets: dict[int, PlayerPane]
    footer_row: Widget
    """The board's widgets (mixmo.tui.board_screen), kept: a dialog may be over them."""

    TITLE = "mixmo"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #header { height: 1; background: $accent; color: $text; padding: 0 1; }
    #board { grid-gutter: 0; }
    #footer-row { dock: bottom; height: 1; }
    #too-small { display: none; height: 1fr; content-align: center middle; text-style: bold; }
    .too-small #board { display: none; }
    .too-small #too-small { display: block; }
    /* AA contrast (tests/tui/test_readability.py): the light theme's border colours are too pale for text */
    App.-light-mode PlayerPane { border-title-color: $text; }
    App.-light-mode FooterKey .footer-key--key { color: $text; }
    """

    def __init__(
        self,
        game: Game | Table,
        *,
        save_path: Path | None = None,
        clock: Callable[[], float] | None = None,
        keymap: Keymap | None = None,
        keymap_error: str | None = None,
        live_check: bool | None = None,
        light: bool = False,
        bots: int | Sequence[int] = 0,
        level: Level | Sequence[Level] = Level.NORMAL,
        relay: float | None = None,
        big: bool = False,
        bot_pace: float = 1.0,
        welcome: str | None = None,
        quit_question: str | None = None,
        lobby: str | None = None,
        picker: Screen[str] | None = None,
    ) -> None:
        super().__init__()
        if light:
            self.theme = "textual-light"
        self.keymap_config = keymap or Keymap()
        self.big = big
        self.bot_pace = bot_pace
        """Every time the bots take, multiplied (``--bot-pace``)."""
        """Full-width tiles (``--big``), for a table watching one screen from a distance."""
        self.save_path = save_path
        """Where the screen's view is kept (the game itself is the table's to save)."""
        self.table_events = TableEvents(self)
        self.commands = Commands(self)
        self.board_input = BoardInput(self)
        self.pane_views = PaneViews(self)
        self.key_dispatch = KeyDispatch(self)
        self.view_file = ViewFile(self)
        self.saver: Autosaver | None = None
        """What saves the game this app made its table for (a table given saves its own)."""
        self.seating = Seating(self)
        self.table = self.seating.table_for(game, clock)
        self.clock = clock or self.table.clock
        # The question tells the truth: only a game with a save path is saved.
        self.quit_question = quit_question or (
            _("Quit? The game is saved: `mixmo play --resume` picks it up.")
            if save_path is not None or isinstance(game, Table)
            else _("Quit? This game is not saved.")
        )
        self.keymap_error = keymap_error
        self.live_check = bool(live_check)
        self.welcome = welcome
        """Said in the header for a while at the start (the tutorial's suggestion on a first game)."""
        self.lobby = lobby if not self.table.connection.started else None
        """The room's address while its lobby shows (`mixmo join`): the board waits for the
        match, whose players the table knows only then."""
        self.seated = False
        """True once the board knows the table's players (at once, but after a lobby)."""
        self.board_built = False
        """True once the board's widgets are made: after a lobby, the seats are taken a
        moment before (the board is made from them), and a tick or an event in between
        has no board to draw on yet."""
        self.picker = picker
        """Shown over the lobby first: the room to join (`mixmo join` without a code)."""
        self.reactions = Reactions(self)
        self.host_controls = HostControls(self)
        self.take_seats = partial(self._take_seats, live_check, bots, level, relay)
        if self.lobby is None:
            self.take_seats()

    def _take_seats(
        self,
        live_check: bool | None,
        bots: int | Sequence[int],
        level: Level | Sequence[Level],
        relay: float | None,
    ) -> None:
        """What the board needs of the table's players: its panes, its bots, its relay."""
        self.seated = True
        self.active = 0
        self.awaiting_highlight = False
        self.panes = [PaneState() for _ in self.table.options.players]
        self.hint_giver = Hints(self)
        self.recorder = MatchRecorder(self)
        self.headline: tuple[str, float] | None = None
        """News for the whole table, shown in the header until the time given."""
        view = self.view_file.restore(live_check)
        self.pane_views.start_on_the_tiles()
        self._own_events = False
        """True while the app hands the table an action: its events are answered at once."""
        self.placed = False
        """True once a tile was placed in the match (as far as this screen saw)."""
        self._unsubscribe = self.listen_to(self.table)
        self.flow = RoundFlow(self)
        self._header_text = ""
        seats = len(self.table.options.players)
        self.bots: BotDriver | None = None
        self.stuck_offer: StuckMatchOffer | None = None
        """Offers to end a match the bots cannot play (a word list they build nothing from)."""
        self.bot_seats: list[int] = []
        self.seating.seat_bots(bots, level)
        humans = [seat for seat in range(seats) if seat not in self.bot_seats]
        self.relay = make_relay(relay, humans, view, self.clock()) if relay else None
        self.relay_keys = RelayDriver(self)
        self.active = self.relay.holder if self.relay else self.active
        playable = self.table.playable_seats
        if playable and self.active not in playable:
            self.active = playable[0]

    def listen_to(self, table: Table) -> Callable[[], None]:
        """Hear ``table``'s events and redraw after each batch; the function that stops it."""
        stops = [table.subscribe(self._heard), table.watch(self._changed)]

        def stop() -> None:
            for each in stops:
                each()

        return stop

    def _heard(self, event: ev.Event) -> None:
        # What the app's own action caused is answered now (the keys that follow see it);
        # what arrives on its own (from a server) waits its turn among the app's messages.
        if self._own_events:
            self.table_events.on_game_event(event)
        else:
            self.call_later(self.table_events.on_game_event, event)

    def _changed(self) -> None:
        if self._own_events:
            self.redraw()
        else:
            self.call_later(self.redraw)

    # --- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        if self.seated:  # else the lobby shows, and the board comes with the match
            yield from self.board_widgets()

    def board_widgets(self) -> ComposeResult:
        yield from board_widgets(self)
        self.board_built = True

    def get_default_screen(self) -> Screen[None]:
        if self.lobby is not None:
            from mixmo.tui.lobby import LobbyScreen, RoomTable

            assert isinstance(self.table, RoomTable), "a lobby is a server's table's"
            return LobbyScreen(self.table, self.lobby, id="_default")
        return BoardScreen(id="_default")

    async def on_lobby_screen_match_started(self) -> None:
        """The match is on: the board takes the lobby's place, in a mode of its own (the
        lobby, the first screen of the app's first mode, stays behind, stopped)."""
        self.take_seats()
        self.add_mode("board", lambda: BoardScreen(self.board_widgets))
        await self.switch_mode("board")
        self.start_board()

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, after ours: no control from other people's texts (names,
        themes, a server's words) reaches the terminal (:mod:`mixmo.tui.harmless_filter`)."""
        return [HARMLESS, *super().get_line_filters()]

    def on_mount(self) -> None:
        self.set_keymap(self.keymap_config.bindings())
        if self.keymap_error:
            from mixmo.tui.modals import NoticeScreen

            lines = [*self.keymap_error.splitlines(), "", _("The other keys work as before.")]
            self.push_screen(NoticeScreen(_("Some key bindings were refused"), lines))
        self.set_interval(1.0, self.tick)
        if self.picker is not None:
            self.push_screen(self.picker)
        if self.seated:
            self.start_board()

    def start_board(self) -> None:
        """Set the board going: its bots, its relay, its first picture and its dialogs."""
        if self.bots is not None:
            from mixmo.tui.bot_driver import TICK

            self.set_interval(TICK, self.bots.tick)
        if self.relay is not None:
            self.set_interval(RELAY_TICK, self.relay_keys.tick)
        self.refresh_all()
        if self.welcome:
            self.announce(self.welcome, seconds=WELCOME_SECONDS)
        self.focus_active()
        self.flow.sync()
        self.call_after_refresh(self._first_frame_drawn)

    async def _first_frame_drawn(self) -> None:
        from mixmo.tui.key_bar import KeyBar  # (the Footer: 3 ms the first frame need not wait)

        row = self.footer_row
        if row.is_attached:  # (on the game's screen, under any dialog already open)
            with self.batch_update():  # one frame: the key bar takes its row's place
                await row.screen.mount(KeyBar(ACTIONS), after=row)
                await row.remove()
            self.refresh_bindings()  # the Footer lists the keys when the bindings are told

    @property
    def unrecorded(self) -> tuple[str, ...]:
        """What could not be recorded, and why (said again in the shell at the end)."""
        return self.recorder.unrecorded

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None:
        self.exiting = True
        super().exit(result, return_code, message)

    def closing(self) -> bool:
        """True once the app is closing: a timer may fire once more while its panes go."""
        return self.exiting or not self.is_running

    def board_shown(self) -> bool:
        """True while the board is on screen, no dialog over it."""
        return self.screen is self.screen_stack[0]

    def visible_seats(self) -> list[int]:
        """The seats that have a pane on screen (all of them; practice shows one)."""
        return list(range(len(self.table.options.players)))

    def own_seat(self) -> int | None:
        """The one seat this screen plays among others (at a server), or None when it plays
        every seat shown (one keyboard) or none (a watcher): its pane is the large one."""
        playable = self.table.playable_seats
        if len(playable) == 1 and len(self.visible_seats()) > 1:
            return playable[0]
        return None

    def on_resize(self, event: Resize) -> None:
        if self.board_built:
            self.fit(event.size.width, event.size.height)

    def grid_rows(self, width: int, height: int) -> int:
        """How many rows the smallest grid gets at this size (a lesson's panel takes some)."""
        return self.pane_views.grid_rows(width, height)

    def fit(self, width: int, height: int) -> None:
        self.pane_views.fit(width, height)

    # --- pushing state down ------------------------------------------------------------

    def tick(self) -> None:
        """Once a second: the clock, and news that no longer holds goes."""
        if self.closing() or not self.board_built:
            return  # the timer can fire once more while the app closes and its panes go
        now = self.clock()
        for seat, pane in enumerate(self.panes):
            if pane.message and now - pane.said_at > PANE_NEWS_SECONDS:
                pane.message = ""
                self.refresh_pane(seat)
        self.update_header()
        self.save_view()

    def announce(self, text: str, *, seconds: float = TABLE_NEWS_SECONDS) -> None:
        """Tell the whole table, in the header (where it hides no rack)."""
        self.headline = (text, self.clock() + seconds)
        self.update_header()

    def update_header(self) -> None:
        if not self.is_running or not self.board_built:
            return  # events can come before the screen is up (a game handed on)
        if self.headline is not None and self.clock() > self.headline[1]:
            self.headline = None
        text = header_line(
            self.table,
            clock=self.clock(),
            live_check=self.live_check,
            headline=self.headline[0] if self.headline else None,
            goal=self.shows_goal,
        )
        text = Text.assemble(self.relay_keys.header(), text)
        if text.plain != self._header_text:
            self._header_text = text.plain
            self.header.update(text)

    def refresh_all(self) -> None:
        for seat in self.pane_widgets:
            self.refresh_pane(seat, force=True)
        self.update_header()

    def refresh_pane(self, seat: int, *, force: bool = False) -> None:
        self.pane_views.refresh(seat)

    def plays_rounds(self) -> bool:
        return self.pane_views.plays_rounds()

    def report_for(self, seat: int, player: PlayerState) -> ValidationReport:
        return self.pane_views.report_for(seat, player)

    def focus_active(self) -> None:
        self.pane_widgets[self.active].grid_view.focus()

    def tell(self, seat: int, message: str) -> None:
        """Tell one player, on their pane's news line (for a while)."""
        self.panes[seat].message = message
        self.panes[seat].said_at = self.clock()
        self.refresh_pane(seat)

    # --- keys, in the order they arrive --------------------------------------------------

    async def take_key(self, event: events.Key) -> bool:
        """Play one key now, in full, before the next is read (mixmo.tui.key_routing: the
        focused grid or dialog widget hands each of its keys here, in the order typed;
        mixmo.tui.key_dispatch plays it)."""
        return await self.key_dispatch.take_key(event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While a dialog is open it takes every key: the game's commands wait."""
        if not self.seated:
            return False  # the lobby: the game's commands come with the match
        on_board = action not in COMMAND_ACTIONS or self.screen is self.screen_stack[0]
        if action == ACTIONS["quit"] and getattr(self.screen, "lets_quit", False):
            return True  # a dialog that lets the table stop there (the round's scores)
        if action in SWITCHING and self.own_seat() is not None:
            return False  # one seat at a server: the other panes are not this keyboard's
        if action == "react" and not self.reactions.available:
            return False
        if action == "host" and not self.host_controls.available:
            return False  # the room's host only, at a server
        if self.table.capabilities.watcher and action in WATCHER_ACTIONS:
            return False  # a watcher plays no seat: its bar offers no move
        return on_board and self.relay_keys.allows(action)

    # --- the engine --------------------------------------------------------------------

    def apply(self, action: act.Action, *, quiet: bool = False) -> bool:
        """Hand ``action`` to the table; False when refused (told to its player, never raised).

        At a local table the action is applied now; at a server it is sent, in the
        order of the keys, and True means "sent": a refusal comes back later as an
        :class:`ActionRefused` event, told the same way.
        """
        if action.seat not in self.table.playable_seats:
            self.announce(_("watchers cannot play: this screen only follows the match"))
            return False
        self._own_events = True
        try:
            refusal = self.table.submit(action)
        finally:
            self._own_events = False
        if refusal is not None:
            if not quiet:
                self.table_events.refused(action.seat, refusal.message)
            return False
        if (
            action.seat not in self.bot_seats
            and self.headline
            and gives_way_to_play(self.headline[0])
        ):
            self.headline = None  # a person made a move: the tutorial's suggestion has had its say
            self.update_header()
        return True

    def redraw(self) -> None:
        """Push the table's state down: the panes whose player changed, the header, and
        the dialog the round's phase calls for."""
        if self.exiting or not self.table.connection.started or not self.board_built:
            return  # (start_board draws it all once the board is made)
        if self.is_running:
            self.fit(*self.size)  # a longer rack takes room from the grid
        round_ = self.table.round
        for seat, pane in enumerate(self.panes):
            if pane.shown is not round_.player(seat):
                self.refresh_pane(seat)
        self.update_header()
        self.save_view()
        if self.is_running:
            self.flow.sync()
            if self.stuck_offer is not None:
                self.stuck_offer.sync()  # over the scores the flow just opened

    def autosave(self) -> None:
        """Save the game now (the table saves after every action) and how the screen is arranged."""
        table = saving(self.table)
        self._own_events = True
        try:
            if table is not None:
                table.autosave()
        finally:
            self._own_events = False
        self.save_view()

    def save_view(self) -> None:
        """Write the view (live checking, active pane, rack orders, cursors) when it changed."""
        self.view_file.save()

    def people(self) -> list[int]:
        return self.seating.people()

    def bots_wait(self) -> bool:
        return self.seating.bots_wait()

    def start_match(self, game: Game | Table) -> None:
        """Play ``game`` from now on (a new match after "play again", the next lesson)."""
        self._unsubscribe()
        self.table = self.seating.table_for(game, self.clock)
        self._unsubscribe = self.listen_to(self.table)
        self.placed = False
        self.pane_views.reports.clear()
        self.panes = [PaneState() for _ in self.table.options.players]
        self.active = self.table.playable_seats[0] if self.table.playable_seats else 0
        if self.bots is not None:
            self.bots.reset(self.bot_seats)
        if self.relay is not None:
            self.relay = make_relay(self.relay.seconds, self.relay.seats, None, self.clock())
        self.autosave()
        self.refresh_all()
        self.focus_active()
        self.flow.sync()

    # --- panes -------------------------------------------------------------------------

    def may_take(self, seat: int) -> bool:
        return self.seating.may_take(seat)

    def activate(self, seat: int) -> None:
        if seat == self.active or not self.may_take(seat) or not self.relay_keys.may_switch(seat):
            return
        previous, self.active = self.active, seat
        self.refresh_pane(previous)
        self.refresh_pane(seat)
        self.focus_active()

    def on_click(self, event: Click) -> None:
        widget = event.widget
        while widget is not None and not isinstance(widget, PlayerPane):
            widget = widget.parent  # type: ignore[assignment]
        if isinstance(widget, PlayerPane):
            self.activate(widget.seat)

    def action_next_player(self) -> None:
        seats = list(self.pane_widgets)
        self.activate(seats[(seats.index(self.active) + 1) % len(seats)])

    def action_previous_player(self) -> None:
        seats = list(self.pane_widgets)
        self.activate(seats[(seats.index(self.active) - 1) % len(seats)])

    def action_switch(self, seat: int) -> None:
        self.activate(seat)
