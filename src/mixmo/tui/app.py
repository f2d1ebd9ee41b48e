"""The Textual app: hot-seat Mixmo for 2 to 6 players in one terminal.

The app owns the :class:`~mixmo.engine.game.Game`. A key press becomes an
engine action; the engine's events come back through one subscription and the
app pushes the new state down into the panes (attributes down, messages up).
After every change the game is saved atomically, so nothing is lost.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
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
from mixmo.engine.grid import Cell, Direction, Grid
from mixmo.engine.options import ScoringMode
from mixmo.engine.state import Phase, PlayerState
from mixmo.engine.validation import ValidationReport, validate
from mixmo.storage import save_game
from mixmo.tui.bot_driver import TICK, BotDriver
from mixmo.tui.grid_view import GridPicture, GridView
from mixmo.tui.keys import COMMANDS, FIXED_KEYS, Keymap
from mixmo.tui.modals import (
    ConfirmScreen,
    HelpScreen,
)
from mixmo.tui.pane_state import PaneState, flipped, reconcile
from mixmo.tui.player_pane import PaneInfo, PlayerPane, RackView
from mixmo.tui.round_flow import RoundFlow

LAYOUTS = {1: (1, 1), 2: (2, 1), 3: (3, 1), 4: (2, 2), 5: (3, 2), 6: (3, 2)}
"""Columns and rows of panes for each number of players."""
MIN_PANE = (24, 8)
"""The smallest pane (width, height) that still shows a usable grid."""


ARROWS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


ACTIONS = {"quit": "quit_game"}
"""Commands whose action has another name (App already has an ``action_quit``)."""


def _bindings() -> list[BindingType]:
    """The app's keys: the rebindable commands (by id), then the fixed ones."""
    bindings: list[BindingType] = [
        Binding(keys, ACTIONS.get(command, command), label, id=command, priority=True)
        for command, (keys, label, _) in COMMANDS.items()
    ]
    bindings += [Binding(f"alt+{n}", f"switch({n - 1})", show=False) for n in range(1, 7)]
    bindings += [
        Binding(f"alt+{key}", f"move_selection({dr}, {dc})", show=False)
        for key, (dr, dc) in ARROWS.items()
    ]
    bindings += [
        Binding(f"ctrl+{key}", f"shift_grid({dr}, {dc})", show=False)
        for key, (dr, dc) in ARROWS.items()
    ]
    bindings.append(Binding("escape", "clear_selection", show=False))
    return bindings


class MixmoApp(App[None]):
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
    """

    def __init__(
        self,
        game: Game,
        *,
        save_path: Path | None = None,
        clock: Callable[[], float] | None = None,
        keymap: Keymap | None = None,
        keymap_error: str | None = None,
        live_check: bool = False,
        light: bool = False,
        bots: int = 0,
        level: Level = Level.NORMAL,
    ) -> None:
        super().__init__()
        if light:
            self.theme = "textual-light"
        self.keymap_config = keymap or Keymap()
        self.game = game
        self.save_path = save_path
        started = time.monotonic()
        offset = max((a.at for a in game.log), default=0.0)
        self.clock = clock or (lambda: offset + time.monotonic() - started)
        self.keymap_error = keymap_error
        self.live_check = live_check
        self.active = 0
        self.awaiting_highlight = False
        self.panes = [PaneState() for _ in game.options.players]
        self.game.subscribe(self.on_game_event)
        self.flow = RoundFlow(self)
        self._header_text = ""
        self._reports: dict[int, tuple[Grid, ValidationReport]] = {}
        seats = len(game.options.players)
        self.bot_seats = list(range(seats - bots, seats))
        self.bots = BotDriver(self, self.bot_seats, level) if bots else None

    # --- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # Kept as attributes: a dialog may be the current screen when they update.
        self.header = Static(id="header")
        self.too_small = Static(id="too-small")
        names = self.game.options.players
        self.pane_widgets = {seat: PlayerPane(seat, names[seat]) for seat in self.visible_seats()}
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
            self.notify(self.keymap_error, severity="warning", timeout=10)
        self.set_interval(1.0, self.update_header)
        if self.bots is not None:
            self.set_interval(TICK, self.bots.tick)
        self.refresh_all()
        self.focus_active()
        self.flow.sync()

    def visible_seats(self) -> list[int]:
        """The seats that have a pane on screen (all of them; practice shows one)."""
        return list(range(len(self.game.options.players)))

    def on_resize(self, event: Resize) -> None:
        columns, rows = LAYOUTS[len(self.pane_widgets)]
        need = (columns * MIN_PANE[0], rows * MIN_PANE[1] + 2)
        small = event.size.width < need[0] or event.size.height < need[1]
        self.set_class(small, "too-small")
        if small:
            self.too_small.update(
                f"The terminal is too small for {len(self.game.options.players)} players: "
                f"{event.size.width}x{event.size.height}, needs at least {need[0]}x{need[1]}."
            )

    # --- pushing state down ------------------------------------------------------------

    def update_header(self) -> None:
        round_ = self.game.round
        seconds = int(self.clock())
        theme = round_.theme or ("none (Free Spirit)" if not self.game.variant.themes else "—")
        options = self.game.options
        goal = f"{options.target} {'pts' if options.scoring is ScoringMode.POINTS else 'rounds'}"
        checking = "check on" if self.live_check else "check off"
        text = Text.assemble(
            ("MIXMO ", "bold"),
            f"round {round_.number} · bag {len(round_.bag)} · theme {theme} · to {goal} · ",
            f"{self.game.variant.title} · {checking} · ",
            (f"{seconds // 60:02d}:{seconds % 60:02d}", "bold"),
        )
        if text.plain != self._header_text:
            self._header_text = text.plain
            self.header.update(text)

    def refresh_all(self) -> None:
        for seat in self.pane_widgets:
            self.refresh_pane(seat, force=True)
        self.update_header()

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
        if len(player.grid):
            report = self.report_for(seat, player)
            letters = {t.cell: t.letter for t in report.open_tiles if t.letter}
            invalid = [v for v in report.words if not v.valid]
            if self.live_check:
                bad = frozenset(c for p in report.problems for c in p.cells)
                words = (
                    f"{len(report.words)} words, {len(invalid)} invalid"
                    if invalid
                    else (f"{len(report.words)} words, all valid")
                )
            else:
                words = f"{len(report.words)} words"
        status = []
        if player.sitting_out:
            status.append("SITTING OUT")
        if player.out:
            status.append("OUT")
        if player.locked:
            status.append("LOCKED")
        if player.stuck:
            status.append("STUCK")
        if not player.rack and len(player.grid) and self.game.phase is Phase.PLAYING:
            status.append("ready: MIXMO?")
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
                message=pane.message,
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
        self.panes[seat].message = message
        self.refresh_pane(seat)

    # --- the engine --------------------------------------------------------------------

    def apply(self, action: act.Action, *, quiet: bool = False) -> bool:
        """Carry out ``action``; a refused one is told to its player, never raised."""
        try:
            self.game.apply(action)
        except GameRuleError as error:
            if not quiet:
                self.tell(action.seat, f"✗ {error}")
                self.bell()
            return False
        self.autosave()
        for seat, pane in enumerate(self.panes):
            if pane.shown is not self.game.round.player(seat):
                self.refresh_pane(seat)
        self.update_header()
        self.flow.sync()
        return True

    def autosave(self) -> None:
        if self.save_path is not None:
            save_game(self.game, self.save_path, durable=False)

    def on_game_event(self, event: ev.Event) -> None:
        name = self.game.name
        if isinstance(event, ev.MixmoCalled):
            self.notify(f"MIXMO! {name(event.seat)} called: everyone draws 2", timeout=3)
            self.bell()
        elif isinstance(event, ev.HastyCall):
            reason = event.reasons[0] if event.reasons else ""
            self.panes[event.seat].message = f"✗ hasty call: {reason}"
            self.notify(
                f"Hasty call! {name(event.seat)} is locked until the next MIXMO", severity="error"
            )
        elif isinstance(event, ev.SimultaneousMixmo):
            self.notify(f"{name(event.seat)} called MIXMO at the same time: no extra draw")
        elif isinstance(event, ev.TilesDrawn):
            drawn = " ".join(t.symbol for t in event.tiles)
            self.panes[event.seat].message = f"drew {drawn}"
        elif isinstance(event, ev.BanditDrawn):
            self.notify(f"BANDIT! {name(event.seat)} drew the Bandit", timeout=4)
        elif isinstance(event, ev.ThemeSet):
            self.notify(f"Theme: {event.theme}")
        elif isinstance(event, ev.DeadlockDraw):
            self.notify("Everyone is stuck: everyone draws 2")
        elif isinstance(event, ev.FinalMixmo):
            self.notify(f"Final MIXMO by {name(event.seat)}! Everyone stops.", timeout=5)
            self.bell()
        elif isinstance(event, ev.MatchOver) and self.shows_scores:
            self.call_later(self.record_match, event)
        elif isinstance(event, ev.FinalCallRejected):
            cost = f", {event.penalty} points" if event.penalty else ""
            self.notify(
                f"{name(event.seat)}'s final grid is invalid{cost}: play goes on",
                severity="error",
                timeout=6,
            )
            self.panes[event.seat].message = "✗ " + (event.reasons[0] if event.reasons else "")

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
            self.notify(f"the game could not be recorded: {error}", severity="error")

    def start_match(self, game: Game) -> None:
        """Play ``game`` from now on (a new match after "play again")."""
        self.game = game
        self.game.subscribe(self.on_game_event)
        self.panes = [PaneState() for _ in game.options.players]
        self.active = 0
        if self.bots is not None:
            self.bots.reset(self.bot_seats)
        self.autosave()
        self.refresh_all()
        self.focus_active()
        self.flow.sync()

    # --- input from the panes ----------------------------------------------------------

    def activate(self, seat: int) -> None:
        if seat == self.active or seat not in self.pane_widgets:
            return
        previous, self.active = self.active, seat
        self.refresh_pane(previous)
        self.refresh_pane(seat)
        self.focus_active()

    @on(GridView.Typed)
    def typed(self, message: GridView.Typed) -> None:
        seat = message.view.seat
        self.activate(seat)
        pane = self.panes[seat]
        if self.awaiting_highlight:
            self.awaiting_highlight = False
            pane.highlight = None if pane.highlight == message.symbol else message.symbol
            self.refresh_pane(seat)
            return
        player = self.game.round.player(seat)
        tile = player.grid.get(pane.cursor)
        if tile is not None and tile.symbol == message.symbol:
            self.step(seat)  # typing along a word already there
            return
        row, col = pane.cursor
        if self.apply(
            act.PlaceTile(seat=seat, row=row, col=col, symbol=message.symbol, at=self.clock())
        ):
            self.step(seat)

    def step(self, seat: int, backwards: bool = False) -> None:
        """Move the cursor one cell in the typing direction (the pane repaints once, later)."""
        pane = self.panes[seat]
        drow, dcol = pane.direction.step
        sign = -1 if backwards else 1
        pane.cursor = (pane.cursor[0] + sign * drow, pane.cursor[1] + sign * dcol)
        self.refresh_pane(seat)

    @on(GridView.CursorMoved)
    def cursor_moved(self, message: GridView.CursorMoved) -> None:
        seat = message.view.seat
        self.activate(seat)
        pane = self.panes[seat]
        if message.extend and pane.anchor is None:
            pane.anchor = pane.cursor
        elif not message.extend:
            pane.anchor = None
            pane.selection = frozenset()
        pane.cursor = (pane.cursor[0] + message.drow, pane.cursor[1] + message.dcol)
        if pane.anchor is not None:
            (r1, c1), (r2, c2) = pane.anchor, pane.cursor
            pane.selection = frozenset(
                (r, c)
                for r in range(min(r1, r2), max(r1, r2) + 1)
                for c in range(min(c1, c2), max(c1, c2) + 1)
            )
        self.refresh_pane(seat)

    @on(GridView.DirectionToggled)
    def direction_toggled(self, message: GridView.DirectionToggled) -> None:
        pane = self.panes[message.view.seat]
        pane.direction = Direction.DOWN if pane.direction is Direction.ACROSS else Direction.ACROSS
        self.refresh_pane(message.view.seat)

    @on(GridView.Erased)
    def erased(self, message: GridView.Erased) -> None:
        seat = message.view.seat
        pane = self.panes[seat]
        if message.backwards:
            self.step(seat, backwards=True)
        if pane.cursor in self.game.round.player(seat).grid:
            self.apply(act.TakeBack(seat=seat, cells=(pane.cursor,), at=self.clock()))

    @on(GridView.CellClicked)
    def cell_clicked(self, message: GridView.CellClicked) -> None:
        seat = message.view.seat
        self.activate(seat)
        pane = self.panes[seat]
        pane.cursor = message.cell
        pane.anchor, pane.selection = None, frozenset()
        if pane.picked is not None:
            tile = pane.rack[pane.picked]
            pane.picked = None
            row, col = message.cell
            self.apply(
                act.PlaceTile(seat=seat, row=row, col=col, symbol=tile.symbol, at=self.clock())
            )
        self.refresh_pane(seat)

    @on(GridView.Dragged)
    def dragged(self, message: GridView.Dragged) -> None:
        seat = message.view.seat
        self.activate(seat)
        pane = self.panes[seat]
        drow, dcol = message.end[0] - message.start[0], message.end[1] - message.start[1]
        grid = self.game.round.player(seat).grid
        cells = (
            [c for c in pane.selection if c in grid]
            if message.start in pane.selection
            else [message.start]
        )
        if self.apply(
            act.MoveTiles(seat=seat, cells=tuple(cells), drow=drow, dcol=dcol, at=self.clock())
        ):
            pane.selection = frozenset((r + drow, c + dcol) for r, c in pane.selection)
            pane.cursor = message.end
            self.refresh_pane(seat)

    @on(RackView.Picked)
    def rack_picked(self, message: RackView.Picked) -> None:
        self.activate(message.seat)
        pane = self.panes[message.seat]
        pane.picked = None if pane.picked == message.index else message.index
        self.refresh_pane(message.seat)

    def on_click(self, event: Click) -> None:
        widget = event.widget
        while widget is not None and not isinstance(widget, PlayerPane):
            widget = widget.parent  # type: ignore[assignment]
        if isinstance(widget, PlayerPane):
            self.activate(widget.seat)

    # --- commands ------------------------------------------------------------------------

    def action_mixmo(self) -> None:
        self.apply(act.CallMixmo(seat=self.active, at=self.clock()))

    def action_stuck(self) -> None:
        stuck = not self.game.round.player(self.active).stuck
        self.apply(act.SayStuck(seat=self.active, stuck=stuck, at=self.clock()))

    def action_next_player(self) -> None:
        seats = list(self.pane_widgets)
        self.activate(seats[(seats.index(self.active) + 1) % len(seats)])

    def action_previous_player(self) -> None:
        seats = list(self.pane_widgets)
        self.activate(seats[(seats.index(self.active) - 1) % len(seats)])

    def action_switch(self, seat: int) -> None:
        self.activate(seat)

    def action_help(self) -> None:
        config = self.keymap_config.model_dump()
        keys = [(config[c].replace(",", " / "), text) for c, (_, _, text) in COMMANDS.items()]
        self.push_screen(HelpScreen(FIXED_KEYS + keys))

    def action_toggle_check(self) -> None:
        self.live_check = not self.live_check
        self.refresh_all()

    def action_highlight(self) -> None:
        self.awaiting_highlight = True
        self.tell(self.active, "type a letter to highlight it (again to clear)")

    def action_take_apart(self) -> None:
        self.apply(act.TakeApart(seat=self.active, at=self.clock()))

    def action_sort_rack(self) -> None:
        pane = self.panes[self.active]
        pane.rack = tuple(sorted(pane.rack, key=lambda t: (t.is_blank, t.symbol)))
        pane.picked = None
        self.refresh_pane(self.active)

    def action_shuffle_rack(self) -> None:
        pane = self.panes[self.active]
        order = list(pane.rack)
        random.Random(self.clock()).shuffle(order)
        pane.rack, pane.picked = tuple(order), None
        self.refresh_pane(self.active)

    def action_clear_selection(self) -> None:
        pane = self.panes[self.active]
        pane.anchor, pane.selection, pane.picked = None, frozenset(), None
        self.refresh_pane(self.active)

    def action_move_selection(self, drow: int, dcol: int) -> None:
        seat = self.active
        pane = self.panes[seat]
        grid = self.game.round.player(seat).grid
        cells = tuple(c for c in pane.selection if c in grid)
        if not cells:
            self.tell(seat, "select tiles first (shift+arrows)")
            return
        if self.apply(act.MoveTiles(seat=seat, cells=cells, drow=drow, dcol=dcol, at=self.clock())):
            pane.selection = frozenset((r + drow, c + dcol) for r, c in pane.selection)
            pane.anchor = (
                None if pane.anchor is None else (pane.anchor[0] + drow, pane.anchor[1] + dcol)
            )
            pane.cursor = (pane.cursor[0] + drow, pane.cursor[1] + dcol)
            self.refresh_pane(seat)

    def action_shift_grid(self, drow: int, dcol: int) -> None:
        seat = self.active
        cells = tuple(self.game.round.player(seat).grid)
        if cells and self.apply(
            act.MoveTiles(seat=seat, cells=cells, drow=drow, dcol=dcol, at=self.clock())
        ):
            pane = self.panes[seat]
            pane.cursor = (pane.cursor[0] + drow, pane.cursor[1] + dcol)
            pane.selection = frozenset((r + drow, c + dcol) for r, c in pane.selection)
            self.refresh_pane(seat)

    def action_flip(self) -> None:
        """Turn the selected block over its top-left corner: rows become columns."""
        seat = self.active
        pane = self.panes[seat]
        player = self.game.round.player(seat)
        cells = sorted(c for c in pane.selection if c in player.grid)
        if not cells or not player.may_act:
            self.tell(
                seat, "select tiles first (shift+arrows)" if not cells else "you may not act now"
            )
            return
        target = flipped(cells)
        clash = [t for t in target.values() if t in player.grid and t not in target]
        if clash:
            self.tell(seat, f"✗ cannot flip: row {clash[0][0]}, column {clash[0][1]} is taken")
            return
        symbols = {cell: player.grid[cell].symbol for cell in cells}
        self.apply(act.TakeBack(seat=seat, cells=tuple(cells), at=self.clock()))
        for cell in cells:
            row, col = target[cell]
            self.apply(
                act.PlaceTile(seat=seat, row=row, col=col, symbol=symbols[cell], at=self.clock())
            )
        pane.selection = frozenset(target.values())
        pane.anchor = None
        self.refresh_pane(seat)

    def action_quit_game(self) -> None:
        def answer(yes: object) -> None:
            if yes:
                if self.save_path is not None:
                    save_game(self.game, self.save_path, durable=True)
                self.exit()

        self.push_screen(
            ConfirmScreen("Quit? The game is saved: `mixmo play --resume` picks it up."), answer
        )
