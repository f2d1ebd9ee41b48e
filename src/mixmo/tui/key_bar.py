"""The key bar: Textual's Footer, showing the keys that fit the terminal's width.

Textual lays every binding out in one row and cuts the row at the screen's edge, in the
middle of a key ("^y Re" at 140 columns, "f4 Ch" at 80). The bar keeps instead the
keys that fit, chosen by :data:`BAR_PRIORITY` and shown in their usual order; F1's help
lists every key. Nothing here changes what a key does: only what the bar shows.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Footer

BAR_PRIORITY = (
    "mixmo",
    "help",
    "hint",
    "stuck",
    "quit",
    "next_player",
    "undo",
    "scores",
    "host",
    "react",
    "toggle_check",
    "redo",
    "previous_player",
    "take_apart",
    "highlight",
    "flip",
    "sort_rack",
    "shuffle_rack",
    "zoom",
)
"""The commands by how much a player needs to find them in the bar (F1 shows them all)."""

KEY_PADDING = 3
"""Columns a key takes besides its key and label (Footer's spaces around them)."""


def fitting(keys: Iterable[tuple[str, int]], width: int, ranks: dict[str, int]) -> set[str]:
    """The actions of ``keys`` ((action, columns) pairs) the bar shows in ``width``
    columns: taken by rank while they fit. An action with no rank is the screen's own
    (the tutorial's next lesson): it comes first."""
    shown: set[str] = set()
    used = 0
    for action, columns in sorted(keys, key=lambda key: ranks.get(key[0], -1)):
        if used + columns <= width:
            shown.add(action)
            used += columns
    return shown


class KeyBar(Footer):
    """The game's key bar (see the module's note)."""

    def __init__(self, actions: dict[str, str], **kwargs: object) -> None:
        """``actions``: each command's app action (``COMMANDS`` id -> action name)."""
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.ranks = {actions.get(c, c): BAR_PRIORITY.index(c) for c in BAR_PRIORITY}
        self._width = 0

    def compose(self) -> ComposeResult:
        keys: list[Widget] = list(super().compose())
        width = self.app.size.width
        self._width = width
        sizes = [
            (getattr(key, "action", ""), _columns(key)) for key in keys if hasattr(key, "action")
        ]
        shown = fitting(sizes, width, self.ranks)
        self.styles.grid_size_columns = max(1, len(shown))
        yield from (key for key in keys if getattr(key, "action", "") in shown)

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self._width:
            self.call_after_refresh(self.recompose)


def _columns(key: Widget) -> int:
    """Columns a FooterKey takes: its key as shown, its label, and the spaces."""
    shown = str(getattr(key, "key_display", "") or "")
    label = str(getattr(key, "description", "") or "")
    return cell_len(shown) + cell_len(label) + KEY_PADDING
