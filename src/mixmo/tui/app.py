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

from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid as GridLayout
from textual.events import Click, Resize
from textual.filter import LineFilter
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from mixmo.data.storage import Autosaver, atomic_write_text
from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.game import Game
from mixmo.engine.grid import Grid
from mixmo.engine.levels import Level
from mixmo.engine.options import ScoringMode
from mixmo.engine.state import PlayerState
from mixmo.engine.validation import ValidationReport, validate
from mixmo.i18n import _
from mixmo.session.local import LocalTable
from mixmo.session.table import Table, saving
from mixmo.tui.board_input import BoardInput
from mixmo.tui.board_layout import LAYOUTS, Board
from mixmo.tui.commands import Commands
from mixmo.tui.grid_view import GridPicture, GridView
from mixmo.tui.harmless_filter import HARMLESS
from mixmo.tui.header import header_line
from mixmo.tui.hints import Hints
from mixmo.tui.keys import COMMANDS, FIXED_ACTIONS, Keymap
from mixmo.tui.labels import TranslatedBindings
from mixmo.tui.match_records import MatchRecorder
from mixmo.tui.news import PANE_NEWS_SECONDS, TABLE_NEWS_SECONDS, gives_way_to_play
from mixmo.tui.pane_state import PaneState, reconcile
from mixmo.tui.pane_summary import grid_summary, pane_status
from mixmo.tui.player_pane import PaneInfo, PlayerPane, RackView, rack_label
from mixmo.tui.relay import RELAY_TICK, RelayDriver, make_relay
from mixmo.tui.round_flow import RoundFlow
from mixmo.tui.table_events import TableEvents
from mixmo.tui.view_state import capture, load_view, restore, view_path

if TYPE_CHECKING:
    from mixmo.tui.bot_driver import BotDriver
    from mixmo.tui.stuck_match import StuckMatchOffer

# Loaded when first needed, not for the first frame: the bots and the solver (when a bot
# plays, mixmo.tui.bot_driver), the dialogs (mixmo.tui.modals), the records.

WELCOME_SECONDS = 10.0
"""How long the welcome (the tutorial's suggestion) stays in the header."""

ACTIONS = {"quit": "quit_game"}
"""Commands whose action has another name (App already has an ``action_quit``)."""
COMMAND_ACTIONS = {ACTIONS.get(command, command) for command in COMMANDS}
SWITCHING = frozenset({"next_player", "previous_player", "switch"})
"""Commands that give the keyboard to another pane."""


KEY_BAR_FIRST = ("next_player", "previous_player", "quit")
"""The key bar starts with the panes and quitting, then the game's commands (a narrow
terminal cuts the bar at its end)."""


def _bindings() -> list[BindingType]:
    """The rebindable commands, by id, for the key bar; the keys themselves take the app's
    one route (:meth:`MixmoApp.take_key`), so a command keeps its place among the keys."""
    return [
        Binding(keys, ACTIONS.get(command, command), label, id=command)
        for command, (keys, label, _) in sorted(
            COMMANDS.items(), key=lambda item: item[0] not in KEY_BAR_FIRST
        )
    ]


def tile_symbol(event: events.Key) -> str | None:
    """The tile a key types (``A``-``Z``, ``?``, ``!``), if it types one."""
    char = event.character
    if not char or len(char) != 1 or "ctrl+" in event.key or "alt+" in event.key:
        return None
    if char.isascii() and char.isalpha():
        return char.upper()
    return char if char in "?!" else None


class BoardScreen(Screen[None], inherit_bindings=False):
    """The game's screen. Tab and Shift+Tab are the keymap's (the next and previous
    pane), not Screen's focus cycling, which would take their place in the key bar.

    The app's first screen holds what the app composes; the one that takes the lobby's
    place when a server's match starts composes the board itself (``board``)."""

    def __init__(self, board: Callable[[], ComposeResult] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board

    def compose(self) -> ComposeResult:
        if self.board is not None:
            yield from self.board()


class MixmoApp(
    TranslatedBindings,
    App[None],
    inherit_bindings=False,  # ctrl+q and ctrl+c are the keymap's quit (it asks first)
):
    """Hot-seat Mixmo."""

    BINDINGS: ClassVar[list[BindingType]] = _bindings()
    exiting = False
    """True once :meth:`exit` is asked: a timer may fire once more while the app closes."""
    shows_scores = True
    """Whether the end of a round opens the scores (practice shows its own result)."""
    too_small_text = ""
    """The request for a larger terminal, while it is too small (dialogs show it too)."""

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
        self.saver: Autosaver | None = None
        """What saves the game this app made its table for (a table given saves its own)."""
        self.table = self.table_for(game, clock)
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
        self.take_seats = partial(self._take_seats, save_path, live_check, bots, level, relay)
        if self.lobby is None:
            self.take_seats()

    def _take_seats(
        self,
        save_path: Path | None,
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
        self._saved_view = ""
        view = load_view(view_path(save_path), self.table) if save_path else None
        if view is not None:
            restore(view, self.table, self.panes)
            self.active = view.active
            self.live_check = view.live_check if live_check is None else live_check
        self._own_events = False
        """True while the app hands the table an action: its events are answered at once."""
        self.placed = False
        """True once a tile was placed in the match (as far as this screen saw)."""
        self._unsubscribe = self.listen_to(self.table)
        self.flow = RoundFlow(self)
        self._header_text = ""
        self._reports: dict[int, tuple[Grid, ValidationReport]] = {}
        seats = len(self.table.options.players)
        self.bots: BotDriver | None = None
        self.stuck_offer: StuckMatchOffer | None = None
        """Offers to end a match the bots cannot play (a word list they build nothing from)."""
        self.seat_bots(bots, level)
        humans = [seat for seat in range(seats) if seat not in self.bot_seats]
        self.relay = make_relay(relay, humans, view, self.clock()) if relay else None
        self.relay_keys = RelayDriver(self)
        self.active = self.relay.holder if self.relay else self.active
        playable = self.table.playable_seats
        if playable and self.active not in playable:
            self.active = playable[0]

    def seat_bots(self, bots: int | Sequence[int], level: Level | Sequence[Level]) -> None:
        """The bots of this screen: ``bots`` is how many take the last seats, or which
        seats (a resumed game's, from its save), at ``level`` (one, or one per bot)."""
        seats = len(self.table.options.players)
        self.bot_seats: list[int] = (
            list(range(seats - bots, seats)) if isinstance(bots, int) else sorted(bots)
        )
        if not self.bot_seats:
            return
        from mixmo.tui.bot_driver import BotDriver
        from mixmo.tui.stuck_match import StuckMatchOffer

        self.bots = BotDriver(self, self.bot_seats, level, pace=self.bot_pace)
        self.stuck_offer = StuckMatchOffer(self)
        if self.saver is not None:  # saved with the game: a resume brings them back
            self.saver.bots = dict(zip(self.bot_seats, self.bots.levels, strict=True))

    def table_for(self, game: Game | Table, clock: Callable[[], float] | None) -> Table:
        """The table to play: a game given as such is every seat at this keyboard, saved
        to ``save_path`` after every move."""
        if isinstance(game, Table):
            return game
        self.saver = Autosaver(self.save_path) if self.save_path is not None else None
        return LocalTable(game, clock=clock, saver=self.saver)

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
        # Kept as attributes: a dialog may be the current screen when they update.
        self.header = Static(id="header")
        self.too_small = Static(id="too-small")
        names = self.table.options.players
        self.pane_widgets = {
            seat: PlayerPane(seat, names[seat], big=self.big) for seat in self.visible_seats()
        }
        if self.active not in self.pane_widgets:
            self.active = next(iter(self.pane_widgets))
        for seat, widget in self.pane_widgets.items():  # drawn right in the first frame
            widget.preset(*self.pane_view(seat))
        yield self.header
        own = self.own_seat()
        with GridLayout(id="board") as board:
            if own is None:
                columns, rows = LAYOUTS[len(self.pane_widgets)]
                board.styles.grid_size_columns = columns
                board.styles.grid_size_rows = rows
                yield from self.pane_widgets.values()
            else:  # one seat at this screen: its pane large on the left, the others beside it
                board.styles.grid_size_columns = 2
                board.styles.grid_size_rows = len(self.pane_widgets) - 1
                board.styles.grid_columns = "2fr 1fr"
                self.pane_widgets[own].styles.row_span = len(self.pane_widgets) - 1
                yield self.pane_widgets[own]
                yield from (w for seat, w in self.pane_widgets.items() if seat != own)
        yield self.too_small
        # The key bar's row, kept for the Footer, which comes after the first frame: the
        # board is what a player waits for (the Footer's styles and keys cost 6 ms).
        self.footer_row = Widget(id="footer-row")
        yield self.footer_row

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
        from textual.widgets import Footer  # (3 ms of imports the first frame need not wait for)

        row = self.footer_row
        if row.is_attached:  # (on the game's screen, under any dialog already open)
            with self.batch_update():  # one frame: the key bar takes its row's place
                await row.screen.mount(Footer(), after=row)
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

    def board(self) -> Board:
        return Board(len(self.pane_widgets), own_pane=self.own_seat() is not None)

    def on_resize(self, event: Resize) -> None:
        if self.seated:
            self.fit(event.size.width, event.size.height)

    def grid_rows(self, width: int, height: int) -> int:
        """How many rows the smallest grid (or one's own, at a server) gets at this size."""
        own = self.own_seat()
        seats = list(self.pane_widgets) if own is None else [own]
        longest = max(self.table.rack_size(s) for s in seats)
        return self.board().grid_rows(
            width, height, rack_label=len(rack_label()), longest_rack=longest
        )

    def fit(self, width: int, height: int) -> None:
        """Show the board, or ask for a larger terminal when a grid would get too few rows
        (over an open dialog too: modals.TOO_SMALL_NOTE)."""
        need = self.board().size_needed(width, height, self.grid_rows)
        self.set_class(need is not None, "too-small")
        if need is None:
            return
        self.too_small_text = _(
            "Please enlarge the terminal: {players} players need at least "
            "{need_width}x{need_height} (it is {width}x{height})."
        ).format(
            players=len(self.pane_widgets),
            need_width=need[0],
            need_height=need[1],
            width=width,
            height=height,
        )
        self.too_small.update(self.too_small_text)
        from mixmo.tui.board_layout import TOO_SMALL_NOTE  # loaded with the app already

        for screen in self.screen_stack[1:]:
            for note in screen.query(f".{TOO_SMALL_NOTE}").results(Static):
                note.update(self.too_small_text)

    # --- pushing state down ------------------------------------------------------------

    def tick(self) -> None:
        """Once a second: the clock, and news that no longer holds goes."""
        if self.closing() or not self.seated:
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
        if not self.is_running:
            return  # events can come before the screen is up (a game handed on)
        if self.headline is not None and self.clock() > self.headline[1]:
            self.headline = None
        text = header_line(
            self.table,
            clock=self.clock(),
            live_check=self.live_check,
            headline=self.headline[0] if self.headline else None,
        )
        text = Text.assemble(self.relay_keys.header(), text)
        if text.plain != self._header_text:
            self._header_text = text.plain
            self.header.update(text)

    def refresh_all(self) -> None:
        for seat in self.pane_widgets:
            self.refresh_pane(seat, force=True)
        self.update_header()

    def first_steps(self) -> str:
        """How to start, shown on the active pane until the first tile is placed."""
        keys = self.keymap_config
        mixmo, help_ = keys.mixmo.split(",")[0].upper(), keys.help.split(",")[0].upper()
        return _(
            "type letters to place tiles · Space: across/down · {mixmo}: MIXMO · {help}: help"
        ).format(mixmo=mixmo, help=help_)

    def refresh_pane(self, seat: int, *, force: bool = False) -> None:
        if seat not in self.pane_widgets:
            return
        info, picture = self.pane_view(seat)
        widget = self.pane_widgets[seat]
        widget.show(info)
        widget.grid_view.picture = picture
        self.panes[seat].shown = self.table.round.player(seat)

    def pane_view(self, seat: int) -> tuple[PaneInfo, GridPicture]:
        """What ``seat``'s pane shows now: its lines and its grid."""
        player = self.table.round.player(seat)
        pane = self.panes[seat]
        pane.rack = reconcile(pane.rack, player.rack)
        if pane.picked is not None and pane.picked >= len(pane.rack):
            pane.picked = None
        report = self.report_for(seat, player) if len(player.grid) else None
        summary = grid_summary(report, live_check=self.live_check)
        rack_size = self.table.rack_size(seat)
        status = pane_status(
            player,
            rack_size,
            self.table.phase,
            valid=summary.valid,
            live_check=self.live_check,
        )
        message = pane.message
        # The pane this screen plays: ▶, a cursor, how to start. A watcher holds no seat
        # (it may still Tab through the panes to look): none of those.
        marked = seat == self.active and not self.table.capabilities.watcher
        if not message and marked and self.is_first_move():
            message = self.first_steps()
        info = PaneInfo(
            name=player.name,
            seat=seat,
            active=marked,
            rack=pane.rack,
            picked=pane.picked,
            status=status,
            score=self.table.state.totals[seat],
            words=summary.words,
            message=message,
            built=self.relay_keys.clock(seat),
            hidden_tiles=0 if player.rack else rack_size,
            rounds_won=self.table.state.rounds_won[seat] if self.plays_rounds() else None,
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
        )
        return info, picture

    def plays_rounds(self) -> bool:
        """Whether the match is played to a number of rounds won (option 1): the panes
        then show the rounds won, which decide it, before the points."""
        return self.table.options.scoring is ScoringMode.ROUNDS

    def is_first_move(self) -> bool:
        """No tile placed yet in the match (as far as this screen saw)."""
        round_ = self.table.round
        return (
            not self.placed
            and round_.number == 1
            and not any(len(player.grid) for player in round_.players)
        )

    def report_for(self, seat: int, player: PlayerState) -> ValidationReport:
        """The grid's verdict, computed once per grid (a cursor move does not recheck it)."""
        cached = self._reports.get(seat)
        if cached is None or cached[0] is not player.grid:
            cached = (player.grid, validate(player.grid, self.table.lexicon, self.table.variant))
            self._reports[seat] = cached
        return cached[1]

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
        focused grid or dialog widget hands each of its keys here, in the order typed):
        in the dialog on screen, else on the board, else as a command. False: none of
        the game's keys (Textual's own handling then)."""
        # Too small a terminal shows neither the board nor a dialog: a key would act unseen
        # (a theme typed blind). Only quitting works until the terminal is enlarged.
        if self.has_class("too-small") and event.key not in self.command_keys.get(
            ACTIONS["quit"], ()
        ):
            return True
        if await self.dialog_key(event):
            return True
        if self.screen is not self.screen_stack[0] or not self.seated:
            return False  # a screen of Textual's own: its keys are its own
        return await self.board_key(event) or await self.command_key(event)

    @property
    def command_keys(self) -> dict[str, tuple[str, ...]]:
        """The keys of each command's action, from the keymap (keys.toml included)."""
        keymap = self.keymap_config.bindings()
        return {
            ACTIONS.get(command, command): tuple(key.strip() for key in keys.split(","))
            for command, keys in keymap.items()
        }

    async def command_key(self, event: events.Key) -> bool:
        """Run the command bound to the key, if any, as Textual would run its binding
        (``check_action`` decides whether it may run now)."""
        for action, keys in self.command_keys.items():
            if event.key in keys:
                await self.run_action(action)
                return True
        return False

    async def dialog_key(self, event: events.Key) -> bool:
        """Run a key in the open dialog at once, in full; False when no dialog takes it.

        A dialog's keys keep their order as the board's do: Enter answers it before
        the key after it is read, and that key goes to what is on screen next (the
        board, or the next dialog once it is drawn). Over the round's dialogs the
        quit command and help work too (the table may stop at a claim)."""
        if self.seated:  # (the lobby's dialog comes before any round)
            self.flow.drop_if_passed()
        dialog = self.screen
        if dialog is self.screen_stack[0]:
            return False
        take_key: Callable[[events.Key], Awaitable[bool]] | None = getattr(dialog, "take_key", None)
        if take_key is None:
            return False
        if getattr(dialog, "stops_for_quit", False) and self.stop_key(event.key):
            return True
        return await take_key(event)

    def stop_key(self, key: str) -> bool:
        """Ask the quit question, or show help, if ``key`` is bound to one (over a dialog)."""
        keys = self.keymap_config
        for bound, run in ((keys.quit, self.action_quit_game), (keys.help, self.action_help)):
            if key in {k.strip() for k in bound.split(",")}:
                run()
                return True
        return False

    async def board_key(self, event: events.Key) -> bool:
        """Run a board key at once; False when it is not one (commands go on to the bindings)."""
        action = FIXED_ACTIONS.get(event.key)
        if self.relay_keys.holds_keys():  # the hand-over pause: the board's keys go nowhere
            return action is not None or tile_symbol(event) is not None
        if action is not None:
            await self.run_action(action)
            return True
        symbol = tile_symbol(event)
        if symbol is not None:
            self.board_input.type_symbol(symbol)
            return True
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While a dialog is open it takes every key: the game's commands wait."""
        if not self.seated:
            return False  # the lobby: the game's commands come with the match
        on_board = action not in COMMAND_ACTIONS or self.screen is self.screen_stack[0]
        if action == ACTIONS["quit"] and getattr(self.screen, "lets_quit", False):
            return True  # a dialog that lets the table stop there (the round's scores)
        if action in SWITCHING and self.own_seat() is not None:
            return False  # one seat at a server: the other panes are not this keyboard's
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
        if self.exiting or not self.table.connection.started:
            return
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
        """Write the view (live checking, active pane, rack orders, cursors) when it changed.

        The view is a comfort, not the game: failing to write it is not worth a word.
        """
        if self.save_path is None:
            return
        relay = self.relay
        view = capture(self.table, self.panes, live_check=self.live_check, active=self.active,
                       built=relay.built if relay else None,
                       relay_turn=relay.turn if relay else 0.0)  # fmt: skip
        text = view.to_json()
        if text != self._saved_view:
            try:
                atomic_write_text(view_path(self.save_path), text, durable=False)
            except OSError:
                return
            self._saved_view = text

    def people(self) -> list[int]:
        """The seats people play at this screen (none for a watcher)."""
        return [seat for seat in self.table.playable_seats if seat not in self.bot_seats]

    def bots_wait(self) -> bool:
        """Whether this screen's bots wait for the people: every person here shares the
        screen, so a dialog over the board that is not the round's own (the quit question,
        the help, a notice), or a terminal too small to show it, keeps them all from play."""
        return self.has_class("too-small") or any(
            not getattr(screen, "stops_for_quit", False) for screen in self.screen_stack[1:]
        )

    def start_match(self, game: Game | Table) -> None:
        """Play ``game`` from now on (a new match after "play again", the next lesson)."""
        self._unsubscribe()
        self.table = self.table_for(game, self.clock)
        self._unsubscribe = self.listen_to(self.table)
        self.placed = False
        self._reports = {}
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
        """Whether this screen's keys may go to ``seat``'s pane (at a server: its own only;
        a watcher may look at any)."""
        playable = self.table.playable_seats
        return seat in self.pane_widgets and (not playable or seat in playable)

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

    # The keymap's commands, run by name (mixmo.tui.commands).

    def action_mixmo(self) -> None:
        self.commands.mixmo()

    def action_stuck(self) -> None:
        self.commands.stuck()

    def action_help(self) -> None:
        self.commands.help()

    def action_toggle_check(self) -> None:
        self.commands.toggle_check()

    def action_highlight(self) -> None:
        self.commands.highlight()

    def action_quit_game(self) -> None:
        self.commands.quit_game()

    def action_hint(self) -> None:
        """F3: a hint from the solver for the active player, at a cost (mixmo.tui.hints)."""
        self.hint_giver.ask(self.active)

    def action_scores(self) -> None:
        """The last round's scores again, to read (round_flow.RoundFlow.show_last_scores)."""
        if not self.flow.show_last_scores():
            self.tell(self.active, _("no round has been scored yet"))

    # The board's fixed keys, run by name (FIXED_ACTIONS), and the mouse on a pane's grid
    # or rack (Textual's handlers by name): mixmo.tui.board_input.

    def action_move_cursor(self, drow: int, dcol: int) -> None:
        self.board_input.move_cursor(drow, dcol)

    def action_select(self, drow: int, dcol: int) -> None:
        self.board_input.select(drow, dcol)

    def action_toggle_direction(self) -> None:
        self.board_input.toggle_direction()

    def action_erase(self, backwards: bool) -> None:
        self.board_input.erase(backwards)

    def action_clear_selection(self) -> None:
        self.board_input.clear_selection()

    def action_move_selection(self, drow: int, dcol: int) -> None:
        self.board_input.move_selection(drow, dcol)

    def action_shift_grid(self, drow: int, dcol: int) -> None:
        self.board_input.shift_grid(drow, dcol)

    def action_flip(self) -> None:
        self.board_input.flip()

    def action_take_apart(self) -> None:
        self.board_input.take_apart()

    def action_undo(self) -> None:
        self.board_input.undo()

    def action_redo(self) -> None:
        self.board_input.redo()

    def action_sort_rack(self) -> None:
        self.board_input.sort_rack()

    def action_shuffle_rack(self) -> None:
        self.board_input.shuffle_rack()

    def on_grid_view_cell_clicked(self, message: GridView.CellClicked) -> None:
        self.board_input.cell_clicked(message)

    def on_grid_view_dragged(self, message: GridView.Dragged) -> None:
        self.board_input.dragged(message)

    def on_rack_view_picked(self, message: RackView.Picked) -> None:
        self.board_input.rack_picked(message)
