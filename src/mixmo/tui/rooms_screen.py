"""A list of a server's rooms to pick one from: its open rooms (`mixmo join
ws://HOST:PORT` without a code) or its rated matches being played (with `--watch`).

A screen of the one app `mixmo join` runs, shown over the room's lobby: rows in the
player's words the command line hands it (``mixmo.net.room_words.WordedRooms`` or
``WordedLive``), which also says the screen's title and hints. Enter takes a seat in
the room under the cursor (or watches it); then the lobby underneath shows that room.
R asks the server again; Escape leaves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from mixmo.engine.messages import CodedError
from mixmo.i18n import N_, _
from mixmo.i18n.messages import say
from mixmo.tui.labels import TranslatedBindings


class OpenRooms(Protocol):
    """A list of the server's rooms, worded for the player, and one taken (a seat, or
    watched). A refusal or a lost connection is a coded error (said in the player's
    language). Its texts are message ids, translated here."""

    @property
    def columns(self) -> Sequence[str]: ...
    @property
    def title(self) -> str: ...
    @property
    def asking(self) -> str: ...
    @property
    def hint(self) -> str: ...
    @property
    def empty(self) -> str: ...
    @property
    def going(self) -> str: ...
    async def rows(self) -> list[tuple[str, tuple[str, ...]]]: ...
    async def join(self, room: str, name: str) -> None: ...


class RoomsScreen(TranslatedBindings, Screen[str]):
    """A list of rooms; dismissed with the code of the room joined (or watched)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "refresh", N_("Refresh"), id="refresh"),
        Binding("escape,ctrl+q", "leave", N_("Leave"), id="leave", priority=True),
    ]
    DEFAULT_CSS = """
    RoomsScreen #header { height: 1; background: $accent; color: $text; padding: 0 1; }
    RoomsScreen #status { padding: 0 2; height: auto; }
    RoomsScreen DataTable { margin: 1 2; height: auto; max-height: 1fr; }
    """

    def __init__(self, rooms: OpenRooms, server: str, name: str) -> None:
        super().__init__()
        self.open_rooms = rooms
        self.server = server
        self.name_asked = name
        self.rooms: list[tuple[str, tuple[str, ...]]] = []
        self.joining = False

    def compose(self) -> ComposeResult:
        header = _(self.open_rooms.title).format(server=self.server)
        yield Static(Text(header, style="bold"), id="header")
        self.table: DataTable[Text] = DataTable(cursor_type="row", zebra_stripes=True)
        self.table.add_columns(*(_(column) for column in self.open_rooms.columns))
        yield self.table
        self.status = Static(id="status")
        yield self.status
        yield Footer()

    def on_mount(self) -> None:
        self.action_refresh()

    @work(exclusive=True, group="rooms")
    async def action_refresh(self) -> None:
        """Ask the server for its rooms and show them."""
        self.status.update(_(self.open_rooms.asking))
        try:
            self.rooms = await self.open_rooms.rows()
        except CodedError as error:  # said, and R tries again
            self.status.update(say(error))
            return
        self.table.clear()
        for code, row in self.rooms:
            self.table.add_row(*(Text(cell) for cell in row), key=code)
        if self.rooms:
            self.status.update(_(self.open_rooms.hint))
            self.table.focus()
        else:
            self.status.update(_(self.open_rooms.empty))

    @on(DataTable.RowSelected)
    def _chosen(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value is not None and not self.joining:
            self.join(event.row_key.value)

    @work(exclusive=True, group="join")
    async def join(self, code: str) -> None:
        """Take a seat in room ``code``: the lobby underneath then shows it."""
        self.joining = True
        self.status.update(_(self.open_rooms.going).format(room=code))
        try:
            await self.open_rooms.join(code, self.name_asked)
        except CodedError as error:  # the room filled up, started...
            self.joining = False
            self.status.update(say(error))
            self.action_refresh()
            return
        self.dismiss(code)

    def action_leave(self) -> None:
        self.app.exit()
