"""The Textual app: hot-seat Mixmo for 2 to 6 players in one terminal.

The app owns the :class:`~mixmo.engine.game.Game`. A key press becomes an
engine action; the engine's events come back through one subscription and the
app pushes the new state down into the panes (attributes down, messages up).
After every change the game is saved atomically, so nothing is lost.

Keys are handled in the order they arrive. Textual would send a bound key
(an arrow, Backspace) through the focused widget and back up to the app, and
a typed letter through a message posted from the widget: two routes of
different lengths, so in a burst of keys (a fast typist, SSH) a letter could
overtake the arrows typed before it. The app therefore reads the board's keys
itself, as each key event arrives (:meth:`MixmoApp.on_event`), and commands
run inline from the same place.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid as GridLayout
from textual.events import Click, Resize
from textual.widgets import Footer, Static

from mixmo import records
from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.bot import Level
from mixmo.engine.game import Game, GameRuleError
from mixmo.engine.grid import Cell, Grid
from mixmo.engine.options import ScoringMode
from mixmo.engine.state import Phase, PlayerState
from mixmo.engine.validation import ValidationReport, validate
from mixmo.i18n import N_, _, ngettext
from mixmo.storage import Autosaver, SaveOutcome, atomic_write_text
from mixmo.tui.board_input import BoardInput
from mixmo.tui.bot_driver import TICK, BotDriver
from mixmo.tui.grid_view import GridPicture
from mixmo.tui.hints import HintKey
from mixmo.tui.keys import COMMANDS, FIXED_ACTIONS, FIXED_KEYS, Keymap
from mixmo.tui.labels import translate_bindings
from mixmo.tui.modals import ConfirmScreen, HelpScreen, NoticeScreen
from mixmo.tui.news import PANE_NEWS_SECONDS, TABLE_NEWS_SECONDS, news_for, plain
from mixmo.tui.pane_state import PaneState, reconcile
from mixmo.tui.player_pane import PaneInfo, PlayerPane, rack_label
from mixmo.tui.relay import RELAY_TICK, RelayKeys, make_relay
from mixmo.tui.round_flow import RoundFlow
from mixmo.tui.view_state import capture, load_view, restore, view_path

LAYOUTS = {1: (1, 1), 2: (2, 1), 3: (3, 1), 4: (2, 2), 5: (3, 2), 6: (3, 2)}
"""Columns and rows of panes for each number of players."""
MIN_PANE_WIDTH = 24
"""The narrowest pane that still shows a usable grid and rack."""
WELCOME_SECONDS = 10.0
"""How long the welcome (the tutorial's suggestion) stays in the header."""
MIN_GRID_ROWS = 5
"""Fewer grid rows than this and the screen asks for a larger terminal."""

ACTIONS = {"quit": "quit_game"}
"""Commands whose action has another name (App already has an ``action_quit``)."""
COMMAND_ACTIONS = {ACTIONS.get(command, command) for command in COMMANDS}


def _bindings() -> list[BindingType]:
    """The rebindable commands, by id (the board's fixed keys are read in ``on_event``)."""
    return [
        Binding(keys, ACTIONS.get(command, command), label, id=command, priority=True)
        for command, (keys, label, _) in COMMANDS.items()
    ]


def tile_symbol(event: events.Key) -> str | None:
    """The tile a key types (``A``-``Z``, ``?``, ``!``), if it types one."""
    char = event.character
    if not char or len(char) != 1 or "ctrl+" in event.key or "alt+" in event.key:
        return None
    if char.isascii() and char.isalpha():
        return char.upper()
    return char if char in "?!" else None


class MixmoApp(BoardInput, HintKey, RelayKeys, App[None]):
    """Hot-seat Mixmo."""

    BINDINGS: ClassVar[list[BindingType]] = _bindings()
    shows_scores = True
    """Whether the end of a round opens the scores (practice shows its own result)."""

    TITLE = "mixmo"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #header { height: 1; background: $accent; color: $text; padding: 0 1; }
    #board { grid-gutter: 0; }
    #too-small { display: none; height: 1fr; content-align: center middle; text-style: bold; }
    .too-small #board { display: none; }
    .too-small #too-small { display: block; }
    /* AA contrast (tests/tui/test_readability.py): the light theme's border colours are too pale for text */
    App.-light-mode PlayerPane { border-title-color: $text; }
    App.-light-mode FooterKey .footer-key--key { color: $text; }
    """

    def __init__(
        self,
        game: Game,
        *,
        save_path: Path | None = None,
        clock: Callable[[], float] | None = None,
        keymap: Keymap | None = None,
        keymap_error: str | None = None,
        live_check: bool | None = None,
        light: bool = False,
        bots: int = 0,
        level: Level | Sequence[Level] = Level.NORMAL,
        relay: float | None = None,
        big: bool = False,
        welcome: str | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        if light:
            self.theme = "textual-light"
        self.keymap_config = keymap or Keymap()
        self.big = big
        """Full-width tiles (``--big``), for a table watching one screen from a distance."""
        self.game = game
        self.save_path = save_path
        self.saver = Autosaver(save_path) if save_path is not None else None
        started = time.monotonic()
        offset = max((a.at for a in game.log), default=0.0)
        self.clock = clock or (lambda: offset + time.monotonic() - started)
        self.keymap_error = keymap_error
        self.live_check = bool(live_check)
        self.active = 0
        self.awaiting_highlight = False
        self.panes = [PaneState() for _ in game.options.players]
        self.hint_paid_at = {}
        self.headline: tuple[str, float] | None = None
        """News for the whole table, shown in the header until the time given."""
        self._saved_view = ""
        view = load_view(view_path(save_path), game) if save_path else None
        if view is not None:
            restore(view, game, self.panes)
            self.active = view.active
            self.live_check = view.live_check if live_check is None else live_check
        self.game.subscribe(self.on_game_event)
        self.flow = RoundFlow(self)
        self._header_text = ""
        self._reports: dict[int, tuple[Grid, ValidationReport]] = {}
        seats = len(game.options.players)
        self.bot_seats = list(range(seats - bots, seats))
        self.bots = BotDriver(self, self.bot_seats, level) if bots else None
        humans = [seat for seat in range(seats) if seat not in self.bot_seats]
        self.relay = make_relay(relay, humans, view, self.clock()) if relay else None
        self.welcome = welcome
        """Said in the header for a while at the start (the tutorial's suggestion on a first game)."""
        self.active = self.relay.holder if self.relay else self.active

    # --- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # Kept as attributes: a dialog may be the current screen when they update.
        self.header = Static(id="header")
        self.too_small = Static(id="too-small")
        names = self.game.options.players
        self.pane_widgets = {
            seat: PlayerPane(seat, names[seat], big=self.big) for seat in self.visible_seats()
        }
        if self.active not in self.pane_widgets:
            self.active = next(iter(self.pane_widgets))
        yield self.header
        columns, rows = LAYOUTS[len(self.pane_widgets)]
        with GridLayout(id="board") as board:
            board.styles.grid_size_columns = columns
            board.styles.grid_size_rows = rows
            yield from self.pane_widgets.values()
        yield self.too_small
        yield Footer()

    def on_mount(self) -> None:
        self.set_keymap(self.keymap_config.model_dump())
        if self.keymap_error:
            lines = [*self.keymap_error.splitlines(), "", _("The other keys work as before.")]
            self.push_screen(NoticeScreen(_("Some key bindings were refused"), lines))
        self.set_interval(1.0, self.tick)
        if self.bots is not None:
            self.set_interval(TICK, self.bots.tick)
        if self.relay is not None:
            self.set_interval(RELAY_TICK, self.relay_tick)
        self.refresh_all()
        if self.welcome:
            self.announce(self.welcome, seconds=WELCOME_SECONDS)
        self.focus_active()
        self.flow.sync()

    def visible_seats(self) -> list[int]:
        """The seats that have a pane on screen (all of them; practice shows one)."""
        return list(range(len(self.game.options.players)))

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def grid_rows(self, width: int, height: int) -> int:
        """How many rows the smallest grid gets at this terminal size.

        A pane is its border (2), a title, the grid, the rack (wrapping when long)
        and the news (up to two lines).
        """
        columns, rows = LAYOUTS[len(self.pane_widgets)]
        pane_width, pane_height = width // columns, (height - 2) // rows
        inside = max(1, pane_width - 4)
        longest = max(len(self.game.round.player(s).rack) for s in self.pane_widgets)
        rack_lines = min(3, max(1, -(-(len(rack_label()) + 2 * longest) // inside)))
        return pane_height - 2 - 1 - rack_lines - 2

    def fit(self, width: int, height: int) -> None:
        """Show the board, or ask for a larger terminal when a grid would get too few rows."""
        columns, rows = LAYOUTS[len(self.pane_widgets)]
        short = MIN_GRID_ROWS - self.grid_rows(width, height)
        small = width < columns * MIN_PANE_WIDTH or short > 0
        self.set_class(small, "too-small")
        if small:
            need = (max(width, columns * MIN_PANE_WIDTH), height + max(0, short) * rows)
            self.too_small.update(
                _(
                    "Please enlarge the terminal: {players} players need at least "
                    "{need_width}x{need_height} (it is {width}x{height})."
                ).format(
                    players=len(self.pane_widgets),
                    need_width=need[0],
                    need_height=need[1],
                    width=width,
                    height=height,
                )
            )

    # --- pushing state down ------------------------------------------------------------

    def tick(self) -> None:
        """Once a second: the clock, and news that no longer holds goes."""
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
        round_ = self.game.round
        seconds = int(self.clock())
        clock = (f"{seconds // 60:02d}:{seconds % 60:02d}", "bold")
        if self.headline is not None and self.clock() <= self.headline[1]:
            # The news first (it is what changed), then the clock, then where the round stands.
            text = Text.assemble(
                (self.headline[0], "bold reverse"),
                " · ",
                clock,
                " · "
                + _("round {number} · bag {bag}").format(number=round_.number, bag=len(round_.bag)),
            )
        else:
            self.headline = None
            theme = round_.theme or (
                _("none (Free Spirit)") if not self.game.variant.themes else "—"
            )
            options = self.game.options
            if options.scoring is ScoringMode.POINTS:
                goal = _("{target} pts").format(target=options.target)
            else:
                goal = ngettext("{target} round", "{target} rounds", options.target).format(
                    target=options.target
                )
            checking = _("check on") if self.live_check else _("check off")
            text = Text.assemble(
                ("MIXMO ", "bold"),
                _("round {number} · bag {bag} · theme {theme} · to {goal}").format(
                    number=round_.number, bag=len(round_.bag), theme=theme, goal=goal
                )
                + " · ",
                f"{_(self.game.variant.title)} · {checking} · ",
                clock,
            )
        text = Text.assemble(self.relay_header(), text)
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
        player = self.game.round.player(seat)
        pane = self.panes[seat]
        pane.rack = reconcile(pane.rack, player.rack)
        if pane.picked is not None and pane.picked >= len(pane.rack):
            pane.picked = None
        bad: frozenset[Cell] = frozenset()
        letters: dict[Cell, str] = {}
        words = ""
        valid = False
        if len(player.grid):
            report = self.report_for(seat, player)
            valid = report.valid
            letters = {t.cell: t.letter for t in report.open_tiles if t.letter}
            invalid = [v for v in report.words if not v.valid]
            count = len(report.words)
            words = ngettext("{count} word", "{count} words", count).format(count=count)
            if self.live_check:
                bad = frozenset(c for p in report.problems for c in p.cells)
                if invalid:
                    words += ", " + _("{count} invalid").format(count=len(invalid))
                else:
                    words += ", " + _("all valid")
        status = []
        if player.out:
            status.append(N_("OUT"))
        if player.locked:
            status.append(N_("LOCKED"))
        if player.stuck:
            status.append(N_("STUCK"))
        if not player.rack and len(player.grid) and self.game.phase is Phase.PLAYING:
            if valid:
                status.append(N_("ready: MIXMO?"))
            elif not self.live_check:
                status.append(N_("rack empty"))
        message = pane.message
        if not message and seat == self.active and self.is_first_move():
            message = self.first_steps()
        widget = self.pane_widgets[seat]
        widget.show(
            PaneInfo(
                name=player.name,
                seat=seat,
                active=seat == self.active,
                rack=pane.rack,
                picked=pane.picked,
                status=tuple(status),
                score=self.game.state.totals[seat],
                words=words,
                message=message,
                built=self.relay_clock(seat),
            )
        )
        widget.grid_view.picture = GridPicture(
            grid=player.grid,
            cursor=pane.cursor,
            direction=pane.direction,
            selection=pane.selection,
            bad_cells=bad,
            letters=letters,
            highlight=pane.highlight,
            active=seat == self.active,
            locked=not player.may_act,
        )
        pane.shown = player

    def is_first_move(self) -> bool:
        """No tile placed yet in the match."""
        return self.game.round.number == 1 and not any(
            isinstance(a, act.PlaceTile) for a in self.game.log
        )

    def report_for(self, seat: int, player: PlayerState) -> ValidationReport:
        """The grid's verdict, computed once per grid (a cursor move does not recheck it)."""
        cached = self._reports.get(seat)
        if cached is None or cached[0] is not player.grid:
            cached = (player.grid, validate(player.grid, self.game.lexicon, self.game.variant))
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

    async def on_event(self, event: events.Event) -> None:
        # Only keys fresh from the terminal: a key a dialog let bubble back up is not the board's.
        on_board = (
            isinstance(event, events.Key)
            and not event.is_forwarded
            and self.screen is self.screen_stack[0]
        )
        if not (on_board and await self.board_key(event)):  # type: ignore[arg-type]
            await super().on_event(event)

    async def board_key(self, event: events.Key) -> bool:
        """Run a board key at once; False when it is not one (commands go on to the bindings)."""
        action = FIXED_ACTIONS.get(event.key)
        if self.relay_holds_keys():  # the hand-over pause: the board's keys go nowhere
            return action is not None or tile_symbol(event) is not None
        if action is not None:
            await self.run_action(action)
            return True
        symbol = tile_symbol(event)
        if symbol is not None:
            self.type_symbol(symbol)
            return True
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While a dialog is open it takes every key: the game's commands wait."""
        on_board = action not in COMMAND_ACTIONS or self.screen is self.screen_stack[0]
        return on_board and self.relay_allows(action)

    # --- the engine --------------------------------------------------------------------

    def apply(self, action: act.Action, *, quiet: bool = False) -> bool:
        """Carry out ``action``; a refused one is told to its player, never raised."""
        waiting = self.refused_for_a_hint(action)
        if waiting is not None:
            if not quiet:
                self.tell(action.seat, waiting)
            return False
        try:
            self.game.apply(action)
        except GameRuleError as error:
            if not quiet:
                self.tell(action.seat, f"✗ {plain(str(error))}")
                self.bell()
            return False
        self.autosave()
        if self.is_running:
            self.fit(*self.size)  # a longer rack takes room from the grid
        for seat, pane in enumerate(self.panes):
            if pane.shown is not self.game.round.player(seat):
                self.refresh_pane(seat)
        self.update_header()
        self.flow.sync()
        return True

    def autosave(self) -> None:
        """Save the game (after every action) and how the screen is arranged."""
        if self.saver is not None:
            self.tell_save(self.saver.save(self.game))
        self.save_view()

    def tell_save(self, outcome: SaveOutcome) -> None:
        """Say once that saving fails (and where), and once that it works again."""
        if outcome.message:
            if outcome.saved:
                self.notify(outcome.message, timeout=15)
            else:
                self.notify(outcome.message, severity="error", timeout=15)

    def save_view(self) -> None:
        """Write the view (live checking, active pane, rack orders, cursors) when it changed.

        The view is a comfort, not the game: failing to write it is not worth a word.
        """
        if self.save_path is None:
            return
        relay = self.relay
        view = capture(self.game, self.panes, live_check=self.live_check, active=self.active,
                       built=relay.built if relay else None, relay_turn=relay.turn if relay else 0.0)  # fmt: skip
        text = view.model_dump_json()
        if text != self._saved_view:
            try:
                atomic_write_text(view_path(self.save_path), text, durable=False)
            except OSError:
                return
            self._saved_view = text

    def on_game_event(self, event: ev.Event) -> None:
        for news in news_for(event, self.game.name):
            if news.seat is None:
                self.announce(news.text, seconds=TABLE_NEWS_SECONDS * (1.5 if news.error else 1))
            else:
                self.panes[news.seat].message = news.text
                self.panes[news.seat].said_at = self.clock()
            if news.bell:
                self.bell()
        if isinstance(event, ev.RoundScored) and self.shows_scores:
            self.call_later(self.record_round, event)
        if isinstance(event, ev.MatchOver) and self.shows_scores:
            self.call_later(self.record_match, event)

    def record_round(self, scored: ev.RoundScored) -> None:
        """Store a finished round in the records, one entry per human player."""
        options, bots = self.game.options, set(self.bot_seats)
        now = datetime.now().isoformat(timespec="seconds")
        runs = [
            records.Run(
                kind="round",
                finished_at=now,
                player=options.players[score.seat],
                language=options.language,
                table_size=len(options.players),
                variant=self.game.variant.name,
                seed=f"{options.seed} round {scored.round}",
                seconds=self.clock(),
                tiles=len(self.game.round.player(score.seat).grid),
                won=score.seat == scored.winner,
                score=score.total,
                grid=self.game.round.player(score.seat).grid.to_text(),
            )
            for score in scored.scores
            if score.seat not in bots
        ]
        try:
            records.record_all(runs)
        except records.RecordsError as error:
            self.announce(
                _("the round could not be recorded: {error}").format(error=error), seconds=10
            )

    def record_match(self, over: ev.MatchOver) -> None:
        """Store the finished match in the records, one entry per human player."""
        options = self.game.options
        bots = set(self.bot_seats)
        now = datetime.now().isoformat(timespec="seconds")
        try:
            for seat, name in enumerate(options.players):
                if seat in bots:
                    continue
                player = self.game.round.player(seat)
                records.record(
                    records.Run(
                        kind="game",
                        finished_at=now,
                        player=name,
                        language=options.language,
                        table_size=len(options.players),
                        variant=self.game.variant.name,
                        seed=str(options.seed),
                        seconds=self.clock(),
                        tiles=len(player.grid),
                        won=seat == over.winner,
                        score=self.game.state.totals[seat],
                        grid=player.grid.to_text(),
                    )
                )
        except (records.RecordsError, OSError) as error:
            self.announce(
                _("the game could not be recorded: {error}").format(error=error), seconds=10
            )

    def start_match(self, game: Game) -> None:
        """Play ``game`` from now on (a new match after "play again")."""
        self.game = game
        self.game.subscribe(self.on_game_event)
        self.panes = [PaneState() for _ in game.options.players]
        self.active = 0
        if self.bots is not None:
            self.bots.reset(self.bot_seats)
        if self.relay is not None:
            self.relay = make_relay(self.relay.seconds, self.relay.seats, None, self.clock())
        self.autosave()
        self.refresh_all()
        self.focus_active()
        self.flow.sync()

    # --- panes -------------------------------------------------------------------------

    def activate(self, seat: int) -> None:
        if seat == self.active or seat not in self.pane_widgets or not self.relay_may_switch(seat):
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

    # --- commands ------------------------------------------------------------------------

    def action_mixmo(self) -> None:
        self.apply(act.CallMixmo(seat=self.active, at=self.clock()))

    def action_stuck(self) -> None:
        stuck = not self.game.round.player(self.active).stuck
        self.apply(act.SayStuck(seat=self.active, stuck=stuck, at=self.clock()))

    def action_help(self) -> None:
        config = self.keymap_config.model_dump()
        keys = [(config[c].replace(",", " / "), _(text)) for c, (*_keys, text) in COMMANDS.items()]
        fixed = [(_(key), _(meaning)) for key, meaning in FIXED_KEYS]
        self.push_screen(HelpScreen(fixed + keys))

    def action_toggle_check(self) -> None:
        self.live_check = not self.live_check
        self.refresh_all()
        self.save_view()

    def action_highlight(self) -> None:
        self.awaiting_highlight = True
        self.tell(self.active, _("type a letter to highlight it (again to clear)"))

    def action_quit_game(self) -> None:
        def answer(yes: object) -> None:
            if yes:
                if self.saver is not None:
                    outcome = self.saver.save(self.game, durable=True)
                    if not outcome.saved:
                        where = f"{self.saver.path}: {self.saver.failing}"
                        self.exit(
                            return_code=1,
                            message=_("The game could not be saved to {where}.").format(
                                where=where
                            ),
                        )
                        return
                    self.save_view()
                self.exit()

        self.push_screen(
            ConfirmScreen(_("Quit? The game is saved: `mixmo play --resume` picks it up.")), answer
        )
