"""The app's actions by name: the key bar's bindings, and the one-line ``action_*`` and
``on_*`` methods that Textual and the keymap call by name, each handing its work to the
controller that owns it (:mod:`mixmo.tui.commands`, :mod:`mixmo.tui.board_input`,
:mod:`mixmo.tui.hints`, :mod:`mixmo.tui.round_flow`).

:class:`NamedActions` is a mixin of the app (the app imports it, never the other way
round): the names must be the App's for Textual to find them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from mixmo.i18n import _
from mixmo.tui.key_dispatch import ACTIONS
from mixmo.tui.keys import COMMANDS, WATCHER_HIDDEN

if TYPE_CHECKING:
    from mixmo.tui.board_input import BoardInput
    from mixmo.tui.commands import Commands
    from mixmo.tui.grid_view import GridView
    from mixmo.tui.hints import Hints
    from mixmo.tui.host_controls import HostControls
    from mixmo.tui.panes import PaneViews
    from mixmo.tui.player_pane import RackView
    from mixmo.tui.reactions import Reactions
    from mixmo.tui.round_flow import RoundFlow

COMMAND_ACTIONS = {ACTIONS.get(command, command) for command in COMMANDS}
SWITCHING = frozenset({"next_player", "previous_player", "switch"})
"""Commands that give the keyboard to another pane."""
WATCHER_ACTIONS = frozenset(ACTIONS.get(command, command) for command in WATCHER_HIDDEN)
"""Commands a watcher's key bar does not offer: it plays no seat."""
KEY_BAR_FIRST = ("next_player", "previous_player", "quit")
"""The key bar starts with the panes and quitting, then the game's commands (the bar
shows those that fit: mixmo.tui.key_bar)."""


def key_bar_bindings() -> list[BindingType]:
    """The rebindable commands, by id, for the key bar; the keys themselves take the app's
    one route (``MixmoApp.take_key``), so a command keeps its place among the keys."""
    return [
        Binding(keys, ACTIONS.get(command, command), label, id=command)
        for command, (keys, label, _) in sorted(
            COMMANDS.items(), key=lambda item: item[0] not in KEY_BAR_FIRST
        )
    ]


class NamedActions:
    """The keymap's commands and the board's keys and mouse, run by name."""

    active: int
    commands: Commands
    board_input: BoardInput
    hint_giver: Hints
    reactions: Reactions
    host_controls: HostControls
    flow: RoundFlow
    pane_views: PaneViews

    if TYPE_CHECKING:

        def tell(self, seat: int, message: str) -> None: ...

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

    def action_react(self) -> None:
        """A quick word to the other players at a server (mixmo.tui.reactions)."""
        self.reactions.choose()

    def action_host(self) -> None:
        """The room's host: pause, free or hand over a seat (mixmo.tui.host_controls)."""
        self.host_controls.open()

    def action_scores(self) -> None:
        """The last round's scores again, to read (round_flow.RoundFlow.show_last_scores)."""
        if not self.flow.show_last_scores():
            self.tell(self.active, _("no round has been scored yet"))

    def action_zoom(self) -> None:
        """A pane full size, the next one, ... (Escape: back; mixmo.tui.panes)."""
        self.pane_views.zoom_next()

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
