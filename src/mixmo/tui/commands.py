"""The game's commands on the function keys: MIXMO, stuck, help, live checking,
find a letter, and quit.

A mixin of the app (the app imports it, never the other way round). The
dialogs these commands open (help, the question before quitting) are imported
when first opened: the first frame of a game needs none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mixmo.engine import actions as act
from mixmo.i18n import _
from mixmo.session.table import Table, saving
from mixmo.tui.keys import COMMANDS, FIXED_KEYS

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from mixmo.tui.keys import Keymap
    from mixmo.tui.table_events import TableEvents


class Commands:
    """The rebindable commands' actions (``action_<command>``) for the app."""

    if TYPE_CHECKING:  # provided by MixmoApp
        table: Table
        active: int
        live_check: bool
        awaiting_highlight: bool
        keymap_config: Keymap
        quit_question: str
        table_events: TableEvents
        clock: Callable[[], float]

        def apply(self, action: act.Action, *, quiet: bool = False) -> bool: ...
        def tell(self, seat: int, message: str) -> None: ...
        def refresh_all(self) -> None: ...
        def save_view(self) -> None: ...
        def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None: ...

        push_screen: Callable[..., Any]

    def action_mixmo(self) -> None:
        self.apply(act.CallMixmo(seat=self.active, at=self.clock()))

    def action_stuck(self) -> None:
        stuck = not self.table.round.player(self.active).stuck
        self.apply(act.SayStuck(seat=self.active, stuck=stuck, at=self.clock()))

    def action_help(self) -> None:
        from mixmo.tui.modals import HelpScreen

        config = self.keymap_config.bindings()
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
        from mixmo.tui.modals import ConfirmScreen, unsaved_quit_question

        question = self.quit_question
        events = self.table_events
        if events.saving_failed:  # try once more: the player may have freed the disk since
            where = _save_now(self.table)
            events.saving_failed = where is not None
            if where is not None:
                question = unsaved_quit_question(where)

        def answer(yes: object) -> None:
            if yes:
                where = _save_now(self.table)
                if where is not None:
                    self.exit(
                        return_code=1,
                        message=_("The game could not be saved to {where}.").format(where=where),
                    )
                    return
                self.save_view()
                self.exit()

        dialog = ConfirmScreen(question)
        dialog.answered = answer
        self.push_screen(dialog)


def _save_now(table: Table) -> str | None:
    """Save ``table``'s match durably where this side saves it; None, or where and why it
    failed (a server saves its own)."""
    table_saving = saving(table)
    return table_saving.save_now() if table_saving is not None else None
