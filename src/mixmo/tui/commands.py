"""The game's commands on the function keys: MIXMO, stuck, help, live checking,
find a letter, and quit.

:class:`Commands` is the app's controller, knowing it only through
:class:`CommandsHost` (the app imports it, never the other way round): the app's
``action_<command>`` methods, which the keymap runs by name, hand each command here.
The dialogs these commands open (help, the question before quitting) are imported
when first opened: the first frame of a game needs none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from mixmo.engine import actions as act
from mixmo.i18n import _
from mixmo.session.table import Table, saving
from mixmo.tui.keys import (
    COMMANDS,
    FIXED_KEYS,
    HOT_SEAT_COMMANDS,
    HOT_SEAT_KEYS,
    WATCHER_HIDDEN,
)

if TYPE_CHECKING:
    from mixmo.tui.host_controls import HostControls
    from mixmo.tui.keys import Keymap
    from mixmo.tui.reactions import Reactions
    from mixmo.tui.table_events import TableEvents


class CommandsHost(Protocol):
    """What the commands need from the app (or a test)."""

    table: Table
    active: int
    live_check: bool
    awaiting_highlight: bool
    keymap_config: Keymap
    quit_question: str
    table_events: TableEvents
    reactions: Reactions
    host_controls: HostControls
    clock: Callable[[], float]

    @property
    def push_screen(self) -> Callable[..., Any]: ...  # Textual's App.push_screen

    def apply(self, action: act.Action, *, quiet: bool = False) -> bool: ...
    def tell(self, seat: int, message: str) -> None: ...
    def own_seat(self) -> int | None: ...
    def refresh_all(self) -> None: ...
    def save_view(self) -> None: ...
    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None: ...


class Commands:
    """The rebindable commands of the app (its ``action_<command>`` methods run them)."""

    def __init__(self, host: CommandsHost) -> None:
        self.host = host

    def mixmo(self) -> None:
        host = self.host
        host.apply(act.CallMixmo(seat=host.active, at=host.clock()))

    def stuck(self) -> None:
        host = self.host
        stuck = not host.table.round.player(host.active).stuck
        host.apply(act.SayStuck(seat=host.active, stuck=stuck, at=host.clock()))

    def help(self) -> None:
        from mixmo.tui.modals import HelpScreen

        self.host.push_screen(HelpScreen(self.help_keys()))

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys F1 lists: those that work at this screen (a seat at a server has no
        other pane to switch to; a watcher plays no seat)."""
        host = self.host
        online = host.own_seat() is not None or host.table.capabilities.watcher
        hidden = set(WATCHER_HIDDEN) if host.table.capabilities.watcher else set()
        if host.own_seat() is not None:
            hidden |= HOT_SEAT_COMMANDS
        if not host.reactions.available:  # a quick reaction: a server's seat only
            hidden.add("react")
        if not host.host_controls.available:  # the room's host at a server only
            hidden.add("host")
        config = host.keymap_config.bindings()
        keys = [
            (config[c].replace(",", " / "), _(text))
            for c, (*_keys, text) in COMMANDS.items()
            if c not in hidden
        ]
        fixed = FIXED_KEYS if online else FIXED_KEYS + HOT_SEAT_KEYS
        return [(_(key), _(meaning)) for key, meaning in fixed] + keys

    def toggle_check(self) -> None:
        host = self.host
        host.live_check = not host.live_check
        host.refresh_all()
        host.save_view()

    def highlight(self) -> None:
        host = self.host
        host.awaiting_highlight = True
        host.tell(host.active, _("type a letter to highlight it (again to clear)"))

    def quit_game(self) -> None:
        from mixmo.tui.modals import ConfirmScreen, unsaved_quit_question

        host = self.host
        question = host.quit_question
        events = host.table_events
        if events.saving_failed:  # try once more: the player may have freed the disk since
            where = _save_now(host.table)
            events.saving_failed = where is not None
            if where is not None:
                question = unsaved_quit_question(where)

        def answer(yes: object) -> None:
            if yes:
                where = _save_now(host.table)
                if where is not None:
                    host.exit(
                        return_code=1,
                        message=_("The game could not be saved to {where}.").format(where=where),
                    )
                    return
                host.save_view()
                host.exit()

        dialog = ConfirmScreen(question)
        dialog.answered = answer
        host.push_screen(dialog)


def _save_now(table: Table) -> str | None:
    """Save ``table``'s match durably where this side saves it; None, or where and why it
    failed (a server saves its own)."""
    table_saving = saving(table)
    return table_saving.save_now() if table_saving is not None else None
