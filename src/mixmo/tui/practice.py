"""Practice against the clock: one player's share of a seeded bag, MIXMO after MIXMO.

The player sits at a table of N (2 to 6) whose other seats never act: each
MIXMO still draws 2 for every seat, so the player ends with exactly the tiles
a real game of N would give them. There is no theme (Free Spirit). The clock
runs from the first key; each MIXMO records a split; hints from the solver
cost time. At the end the solver shows what it would have done, and the run
goes into the records.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from rich.table import Table
from rich.text import Text
from textual import work
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from mixmo.data import records
from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.game import Game
from mixmo.engine.grid import Grid
from mixmo.engine.hint_cost import HINT_COST, hint_is_paid
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.options import MatchOptions
from mixmo.engine.solver import Hint, hint, solve
from mixmo.engine.state import Phase
from mixmo.engine.tiles import tiles_per_player
from mixmo.engine.validation import validate
from mixmo.engine.variants import Variant, variant_for
from mixmo.i18n import N_, _
from mixmo.i18n.messages import say
from mixmo.tui.app import MixmoApp
from mixmo.tui.hints import hint_key
from mixmo.tui.modals import DialogButton, DialogScroll, _Dialog

HINT_PENALTY = HINT_COST
"""Seconds added to the time for each hint."""
HASTY_PENALTY = 15.0
"""Seconds added for a MIXMO called too soon (alone at the table, it does not lock)."""
PLAYER = N_("You")
"""The player's name on screen (translated); the records keep it in English."""
UNSAVED_RUN = N_(
    "Quit? A practice run is not saved: this one ends here, and `mixmo stats` will not "
    "show it (only finished runs are recorded)."
)
"""The quit question of a run not yet finished."""


def practice_game(
    players: int, lexicon: Lexicon, *, seed: int | str, language: str, expert: bool
) -> Game:
    """A practice table: the player in seat 0, the other seats empty chairs."""
    chairs = (_("seat {number}").format(number=n) for n in range(2, players + 1))
    names = (_(PLAYER), *chairs)
    options = MatchOptions(
        players=names,
        variant=variant_for(expert=expert, free_spirit=True).name,
        target=1,
        language=language,
        seed=seed,
    )
    return Game(options, lexicon)


def daily_seed(day: str, players: int, language: str) -> str:
    """The same deal for everyone on a given day, table size and language."""
    return f"daily:{day}:{players}:{language}"


def clock_text(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


class PracticeResultScreen(_Dialog):
    """The end of a practice run: time, splits, the grid, and the solver's grid."""

    BINDINGS = [Binding("enter,escape", "close", N_("Close"), priority=True)]

    def __init__(self, summary: Table, grids: Text, *, unrecorded: str | None = None) -> None:
        super().__init__()
        self.summary = summary
        self.grids = grids
        self.run_unrecorded = unrecorded
        """Why the run could not be kept in the records (None: it was, or none was asked)."""

    def compose(self) -> Any:
        with Vertical(classes="dialog"):
            yield Static(_("Practice over"), classes="heading")
            if self.run_unrecorded is not None:
                yield Static(Text(self.run_unrecorded, style="bold red"), id="unrecorded")
            with DialogScroll():
                yield Static(self.summary)
                yield Static(self.grids)
            yield DialogButton(_("Done (Enter)"), id="close", variant="primary")

    def action_close(self) -> None:
        self.dismiss(True)

    def on_button_pressed(self) -> None:
        self.dismiss(True)


class PracticeApp(MixmoApp):
    """One pane, a clock with splits, hints on a key, a result screen and a record."""

    def __init__(
        self,
        game: Game,
        *,
        daily: str | None = None,
        now: Callable[[], datetime] = datetime.now,
        record: bool = True,
        **kwargs: Any,
    ) -> None:
        # A run is kept only once finished (in the records): quitting before throws it away,
        # and the question says so (never the game's "saved, --resume picks it up").
        kwargs.setdefault("quit_question", _(UNSAVED_RUN))
        super().__init__(game, live_check=True, **kwargs)
        self.daily = daily
        self.now = now
        self.record_run = record
        self.splits: list[float] = []
        self.hints = 0
        self.hasty_calls = 0
        self.hint_level = 0
        self.result: records.Run | None = None
        self.run_unrecorded: str | None = None
        """Why the finished run could not be recorded: said on the result screen and in the shell."""
        self.table.subscribe(self._on_practice_event)

    def visible_seats(self) -> list[int]:
        return [0]

    shows_scores = False

    def update_header(self) -> None:
        player = self.table.round.player(0)
        dealt = len(player.rack) + len(player.grid)
        total = tiles_per_player(len(self.table.options.players))
        penalty = self.penalty_seconds
        splits = " ".join(clock_text(s) for s in self.splits[-4:])
        text = (
            _(
                "PRACTICE {players}-player share: {placed} placed, {dealt}/{total} dealt · {clock}"
            ).format(
                players=len(self.table.options.players),
                placed=len(player.grid),
                dealt=dealt,
                total=total,
                clock=clock_text(self.clock()),
            )
            + (f" +{int(penalty)} s" if penalty else "")
            + (" · " + _("splits {splits}").format(splits=splits) if splits else "")
            + (" · " + _("daily {day}").format(day=self.daily) if self.daily else "")
        )
        if text != self._header_text:
            self._header_text = text
            self.header.update(text)

    def _on_practice_event(self, event: ev.Event) -> None:
        if isinstance(event, ev.MixmoCalled) and event.seat == 0:
            self.splits.append(event.at)
            self.hint_level = 0
        elif isinstance(event, ev.RoundScored):
            self.call_later(self.finish)

    @property
    def penalty_seconds(self) -> float:
        """Time added to the clock: hints, and MIXMOs called too soon."""
        return self.hints * HINT_PENALTY + self.hasty_calls * HASTY_PENALTY

    def action_mixmo(self) -> None:
        """Alone at the table a hasty call costs time instead of locking the only player."""
        player = self.table.round.player(0)
        if self.table.phase is Phase.PLAYING and player.may_act:
            reasons = []
            if player.rack:
                tiles = "".join(t.symbol for t in player.rack)
                reasons.append(_("tiles not placed: {tiles}").format(tiles=tiles))
            elif not len(player.grid):
                reasons.append(_("the grid is empty"))
            else:
                report = validate(player.grid, self.table.lexicon, self.table.variant)
                reasons += [say(problem.message) for problem in report.problems]
            if reasons:
                self.hasty_calls += 1
                text = _("not yet (+{seconds} s): {reason}")
                self.tell(0, "✗ " + text.format(seconds=int(HASTY_PENALTY), reason=reasons[0]))
                self.bell()
                self.update_header()
                return
        super().action_mixmo()

    def action_stuck(self) -> None:
        """Stuck alone at the table: the empty chairs are stuck too, so everyone draws 2."""
        self.apply(act.SayStuck(seat=0, at=self.clock()))
        for seat in range(1, len(self.table.options.players)):
            if self.table.phase is Phase.PLAYING:
                self.apply(act.SayStuck(seat=seat, at=self.clock()), quiet=True)

    def action_hint(self) -> None:
        player = self.table.round.player(0)
        if not player.rack or self.table.phase is not Phase.PLAYING:
            self.tell(0, _("no hint needed: your rack is empty (F5 calls MIXMO)"))
            return
        if not self.hint_giver.confirmation.confirmed(0, self.clock()):
            text = _("a hint adds {seconds} s to your time (none if it finds nothing): {key} again")
            key = hint_key(self.keymap_config.hint)
            self.tell(0, text.format(seconds=int(HINT_PENALTY), key=key))
            return
        self.hint_level = min(self.hint_level + 1, 3)
        self.tell(0, _("thinking about a hint..."))
        self._find_hint(self.hint_level)

    @work(thread=True, exclusive=True, group="hint")
    def _find_hint(self, level: int) -> None:
        player = self.table.round.player(0)
        grid = (
            player.grid
            if validate(player.grid, self.table.lexicon, self.table.variant).valid
            else None
        )
        found = hint(player.rack, self.table.lexicon, self.table.variant, grid, level)
        self.call_from_thread(self._hint_found, level, found)

    def _hint_found(self, level: int, found: Hint) -> None:
        """Tell the hint; it adds to the time only when it offers something to play."""
        text = _("hint {level}: {message}").format(level=level, message=say(found.message))
        if hint_is_paid(found):
            self.hints += 1
            self.update_header()
        else:
            text = _("{hint} (no cost)").format(hint=text)
        self.tell(0, text)

    def finish(self) -> None:
        """Show the result, store the run, and leave."""
        if self.result is not None:
            return
        player = self.table.round.player(0)
        seconds = self.splits[-1] if self.splits else self.clock()
        tiles = len(player.grid)
        self.result = records.Run(
            kind="practice",
            finished_at=self.now().isoformat(timespec="seconds"),
            player=practising_player(),
            language=self.table.options.language,
            table_size=len(self.table.options.players),
            variant=self.table.variant.name,
            seed=str(self.table.options.seed),
            daily=self.daily,
            seconds=seconds,
            penalty_seconds=self.penalty_seconds,
            hints=self.hints,
            splits=tuple(self.splits),
            tiles=tiles,
            won=self.finished_run(),
            grid=player.grid.to_text(),
        )
        if self.record_run:
            try:
                records.record(self.result)
            except (records.RecordsError, OSError) as error:
                self.run_unrecorded = _(
                    "This run could not be recorded (mixmo stats will not show it): {error}"
                ).format(error=error)
                self.notify(self.run_unrecorded, severity="error", timeout=30)
        screen = PracticeResultScreen(*self._summary(), unrecorded=self.run_unrecorded)
        self.push_screen(screen, lambda _: self.leave())

    def leave(self) -> None:
        """Close the practice; a run that could not be recorded is said again in the shell."""
        if self.run_unrecorded is None:
            self.exit()
        else:
            self.exit(return_code=1, message=Text(self.run_unrecorded))

    def finished_run(self) -> bool:
        """A run counts (as a personal best) only with every tile placed in a valid
        grid and the player not locked."""
        player = self.table.round.player(0)
        valid = validate(player.grid, self.table.lexicon, self.table.variant).valid
        return not player.rack and not player.locked and valid

    def _summary(self) -> tuple[Table, Text]:
        result = self.result
        assert result is not None
        table = Table(show_header=False, box=None)
        table.add_column(style="bold")
        table.add_column()
        table.add_row(_("time"), clock_text(result.seconds))
        if result.hints:
            table.add_row(_("hints"), f"{result.hints} (+{int(result.hints * HINT_PENALTY)} s)")
        if self.hasty_calls:
            table.add_row(
                _("MIXMO too soon"),
                f"{self.hasty_calls} (+{int(self.hasty_calls * HASTY_PENALTY)} s)",
            )
        table.add_row(_("total"), clock_text(result.total_seconds))
        table.add_row(_("splits"), " ".join(clock_text(s) for s in result.splits))
        mine = Grid.parse(result.grid)
        all_tiles = list(self.table.round.player(0).held().elements())
        best = solve(all_tiles, self.table.lexicon, self.table.variant, budget=2.0, seed=0).grid
        my_words = {v.text for v in validate(mine, self.table.lexicon, self.table.variant).words}
        solver_words = [
            v.text for v in validate(best, self.table.lexicon, self.table.variant).words
        ]
        missed = max((w for w in solver_words if w not in my_words), key=len, default=None)
        if missed:
            table.add_row(_("longest word missed"), missed)
        lexicon, variant = self.table.lexicon, self.table.variant
        grids = Text("\n" + _("Your grid") + "\n", style="bold")
        grids.append(shown_grid_text(mine, lexicon, variant))
        grids.append("\n" + _("The solver's grid, same tiles") + "\n", style="bold")
        grids.append(shown_grid_text(best, lexicon, variant) or _("(none found)") + "\n")
        return table, grids


def shown_grid_text(grid: Grid, lexicon: Lexicon, variant: Variant) -> str:
    """A grid as the board shows it, in text: a joker or the Bandit as the letter it
    stands for, in lower case (``SQUEAkER``, not ``SQUEA!ER``); ``?`` or ``!`` only where
    the grid decides no letter."""
    grid = grid.normalized()
    report = validate(grid, lexicon, variant)
    rows = [list(line) for line in grid.to_text().splitlines()]
    for tile in report.open_tiles:
        if tile.letter:
            row, col = tile.cell
            rows[row][col] = tile.letter.lower()
    return "".join("".join(row) + "\n" for row in rows)


def practising_player() -> str:
    """Whose run the records keep: the first name ``mixmo play`` remembers (practice is
    played alone, as its first player), else "You" (shown in the interface's language)."""
    from mixmo.data.players import remembered_names

    names = remembered_names()
    return names[0] if names else PLAYER
