"""The screen's view file beside the game's save: read once at the start, written when
it changes (:mod:`mixmo.tui.view_state` says what it holds and how it is checked).

:class:`ViewFile` is the app's controller, knowing it only through :class:`ViewHost`
(the app imports it, never the other way round). The view is a comfort, not the game:
failing to write it is not worth a word, and a missing or stale one means the defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from mixmo.data.storage import atomic_write_text
from mixmo.tui.view_state import ViewState, capture, load_view, restore, view_path

if TYPE_CHECKING:
    from pathlib import Path

    from mixmo.session.table import Table
    from mixmo.tui.pane_state import PaneState
    from mixmo.tui.relay import Relay


class ViewHost(Protocol):
    """What the view file needs from the app (or a test)."""

    table: Table
    panes: list[PaneState]
    active: int
    live_check: bool
    relay: Relay | None
    save_path: Path | None
    """Where the game is saved: the view is kept beside it (none, no view)."""


class ViewFile:
    """Live checking, the active pane, rack orders, cursors and relay times, kept."""

    def __init__(self, host: ViewHost) -> None:
        self.host = host
        self.saved = ""
        """The view as last written (an unchanged view is not written again)."""

    def restore(self, live_check: bool | None) -> ViewState | None:
        """Arrange the screen as the view file left it, if it belongs to this match
        (``live_check``, when given on the command line, wins over the file's)."""
        host = self.host
        if host.save_path is None:
            return None
        view = load_view(view_path(host.save_path), host.table)
        if view is not None:
            restore(view, host.table, host.panes)
            host.active = view.active
            host.live_check = view.live_check if live_check is None else live_check
        return view

    def save(self) -> None:
        """Write the view when it changed."""
        host = self.host
        if host.save_path is None:
            return
        relay = host.relay
        view = capture(host.table, host.panes, live_check=host.live_check, active=host.active,
                       built=relay.built if relay else None,
                       relay_turn=relay.turn if relay else 0.0)  # fmt: skip
        text = view.to_json()
        if text != self.saved:
            try:
                atomic_write_text(view_path(host.save_path), text, durable=False)
            except OSError:
                return
            self.saved = text
