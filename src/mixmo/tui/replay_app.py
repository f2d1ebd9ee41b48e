"""The replay screen: a finished match stepped through with the arrow keys
(`mixmo replay SOURCE` in a terminal, without `--at`).

Each step shows what `mixmo replay --at N` prints (:mod:`mixmo.tui.replay_view`): the
step's line, every player's points, grid and rack side by side, and at a MIXMO the grid
the solver would have built from the caller's tiles, worked out in a thread so that the
keys never wait for it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Static

from mixmo.engine.game_errors import GameRuleError
from mixmo.engine.replay import Replay
from mixmo.i18n import N_, _
from mixmo.i18n.messages import say
from mixmo.tui.labels import TranslatedBindings
from mixmo.tui.replay_view import Step, looked_at, player_blocks, solver_heading, step_line, step_of

PAGE = 10
"""Actions a page key moves by."""


class PlayerColumn(VerticalScroll, can_focus=False):
    """One player's column: it scrolls with the mouse, and leaves the keys to the app."""


class ReplayApp(TranslatedBindings, App[None]):
    """A finished match, one action at a time: Right and Left step, M and Shift+M jump to
    the next or previous MIXMO, Home and End to the deal and the end."""

    TITLE = "mixmo replay"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Back"), id="back"),
        Binding("right", "step(1)", N_("Next"), id="next"),
        Binding("pageup", f"step(-{PAGE})", N_("Back 10"), id="back-page", show=False),
        Binding("pagedown", f"step({PAGE})", N_("Next 10"), id="next-page", show=False),
        Binding("home", "go(0)", N_("Deal"), id="deal"),
        Binding("end", "go(-1)", N_("End"), id="end"),
        Binding("m", "mixmo(1)", N_("Next MIXMO"), id="next-mixmo"),
        Binding("M", "mixmo(-1)", N_("Previous MIXMO"), id="previous-mixmo"),
        Binding("escape,q,ctrl+q", "quit", N_("Quit"), id="quit", priority=True),
    ]
    DEFAULT_CSS = """
    ReplayApp #heading { height: 1; background: $accent; color: $text; padding: 0 1; }
    ReplayApp #step { height: 1; padding: 0 1; }
    ReplayApp #players { height: 1fr; }
    ReplayApp .player { width: 1fr; border: round $primary; padding: 0 1; }
    ReplayApp #solver { height: auto; max-height: 12; padding: 0 1; color: $success; }
    """

    def __init__(self, found: Replay, heading: str, step: int | None = None) -> None:
        super().__init__()
        self.found = found
        self.heading = heading
        self.step = len(found.actions) if step is None else step
        self.mixmos = found.mixmos()

    def compose(self) -> ComposeResult:
        yield Static(Text(self.heading, style="bold"), id="heading")
        yield Static(id="step")
        with Horizontal(id="players"):
            for seat in range(len(self.found.options.players)):
                with PlayerColumn(classes="player"):
                    yield Static(id=f"player-{seat}")
        yield Static(id="solver")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def action_step(self, by: int) -> None:
        self.action_go(min(max(0, self.step + by), len(self.found.actions)))

    def action_go(self, step: int) -> None:
        self.step = len(self.found.actions) if step < 0 else step
        self.show()

    def action_mixmo(self, direction: int) -> None:
        """Go to the next (1) or previous (-1) MIXMO; a bell when there is none."""
        ahead = [s for s in self.mixmos if s > self.step] if direction > 0 else []
        behind = [s for s in self.mixmos if s < self.step] if direction < 0 else []
        if not ahead and not behind:
            self.bell()
            return
        self.action_go(ahead[0] if ahead else behind[-1])

    def show(self) -> None:
        """Draw the match at :attr:`step`."""
        solver = self.query_one("#solver", Static)
        try:
            shown = step_of(self.found, self.step)
        except GameRuleError as error:  # a word list that changed since: the log diverges
            reason = say(error.message)
            self.query_one("#step", Static).update(
                _("the match cannot be replayed here: {reason}").format(reason=reason)
            )
            return
        self.query_one("#step", Static).update(step_line(shown))
        for seat, block in enumerate(player_blocks(shown.game)):
            text = Text(block.title, style="bold")
            text.append(f"\n{block.grid}\n{block.rack}", style="")
            self.query_one(f"#player-{seat}", Static).update(text)
        solver.update(_("The solver is looking at the caller's tiles...") if shown.is_mixmo else "")
        if shown.is_mixmo:
            self.look(shown)

    @work(thread=True, exclusive=True, group="solver")
    def look(self, shown: Step) -> None:
        """The solver's grid at a MIXMO, shown once found, if the step is still the same."""
        _step, suggestion = looked_at(self.found, shown.step, solver=True)
        if suggestion is None:
            return
        grid, whole = suggestion
        said = f"{solver_heading(shown, whole)}\n{grid.to_text().rstrip()}"
        self.call_from_thread(self._solved, shown.step, said)

    def _solved(self, step: int, said: str) -> None:
        if step == self.step:
            self.query_one("#solver", Static).update(said)
