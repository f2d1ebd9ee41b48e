"""A player's pane: their name and status, their grid, their rack, and the latest news."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from mixmo.engine.tiles import Tile, TileKind
from mixmo.i18n import _, ngettext
from mixmo.tui.grid_view import GridPicture, GridView
from mixmo.tui.pane_summary import rounds_won_text

RACK_CELL = 2


@dataclass(frozen=True, slots=True)
class PaneInfo:
    """What the pane shows besides the grid (pushed down by the app)."""

    name: str
    seat: int
    active: bool = False
    rating: int | None = None
    """At a rated table: the player's rating, shown after their name."""
    rack: tuple[Tile, ...] = ()
    picked: int | None = None
    """The rack tile picked with the mouse, waiting for a cell."""
    status: tuple[str, ...] = ()
    score: int | None = 0
    """The match's points (None where nothing is scored: practice)."""
    rounds_won: int | None = None
    """With the rounds option, the player's rounds won (shown before the points, which
    decide nothing there); None with the points option."""
    words: str = ""
    message: str = ""
    built: str = ""
    """The player's building time in a relay (``--relay``), or nothing."""
    hidden_tiles: int = 0
    """Tiles on the rack this screen may not see (another seat's, at a server)."""


def rack_label() -> str:
    """``Rack `` in the interface language: the rack's tiles start after it."""
    return _("Rack") + " "


JOKER_STYLE = "bold $text-primary"
BANDIT_STYLE = "bold $text-secondary"
"""Theme variables, not fixed colours: each theme gives them AA contrast on its background.
The symbols (``?``, ``!``) carry the meaning without colour."""


def rack_text(rack: tuple[Tile, ...], picked: int | None, hidden: int = 0) -> Content:
    parts: list[tuple[str, str]] = [(rack_label(), "dim")]
    if not rack and hidden:
        count = ngettext("{count} tile, hidden", "{count} tiles, hidden", hidden)
        parts.append((count.format(count=hidden), "dim italic"))
    elif not rack:
        parts.append((_("empty"), "dim italic"))
    for index, tile in enumerate(rack):
        style = "bold"
        if tile.kind is TileKind.JOKER:
            style = JOKER_STYLE
        elif tile.kind is TileKind.BANDIT:
            style = BANDIT_STYLE
        if index == picked:
            style += " reverse"
        parts += [(tile.symbol, style), (" ", "")]
    return Content.assemble(*parts)


class RackView(Static):
    """The rack as a line of tiles; clicking one picks it up for the mouse."""

    @dataclass
    class Picked(Message):
        """The rack tile at ``index`` of ``seat``'s rack, clicked (picked up for the mouse)."""

        seat: int
        index: int

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat = seat
        self.size_of_rack = 0

    def on_click(self, event: events.Click) -> None:
        index = (event.x - len(rack_label())) // RACK_CELL
        if 0 <= index < self.size_of_rack and (event.x - len(rack_label())) >= 0:
            self.post_message(self.Picked(self.seat, index))


class PlayerPane(Vertical):
    """One player's corner of the screen."""

    DEFAULT_CSS = """
    PlayerPane { border: round $panel-lighten-2; padding: 0 1; height: 1fr; width: 1fr; }
    /* The name is text, not drawing: AA contrast (4.5:1), not the pale border's colour. */
    PlayerPane { border-title-color: $text-muted; border-subtitle-color: $text-muted; }
    App.-light-mode PlayerPane { border-subtitle-color: $text; }
    PlayerPane.active { border: heavy $accent; border-title-color: $accent; }
    PlayerPane.locked { border: dashed $error; color: $text-muted; border-title-color: $text-error; }
    PlayerPane .title { height: 1; }
    PlayerPane RackView { height: auto; max-height: 3; }
    PlayerPane .news { height: auto; max-height: 2; color: $text-muted; }
    """
    ALLOW_MAXIMIZE = True
    """The zoom key shows a pane full size (Textual's ``Screen.maximize``; Escape: back)."""

    def __init__(self, seat: int, name: str, *, big: bool = False) -> None:
        super().__init__(id=f"pane-{seat}")
        self.seat = seat
        self.big = big
        self.border_title = name
        self._last: PaneInfo | None = None
        self._first_picture: GridPicture | None = None

    def preset(self, info: PaneInfo, picture: GridPicture) -> None:
        """What the pane shows from its first frame, given before it is mounted: drawn
        with it, rather than changed just after (each change styles or lays out the pane
        again, and ``mixmo play``'s first frame waited for it)."""
        self._last = info
        self._first_picture = picture
        self._show_title(info)

    def compose(self) -> ComposeResult:
        info = self._last
        grid = GridView(self.seat, id=f"grid-{self.seat}", big=self.big)
        rack = RackView(self.seat, id=f"rack-{self.seat}")
        if info is None:
            yield Static(classes="title", id=f"title-{self.seat}")
        else:
            yield Static(title_text(info), classes="title", id=f"title-{self.seat}")
            rack.update(rack_text(info.rack, info.picked, info.hidden_tiles))
            rack.size_of_rack = len(info.rack)
        if self._first_picture is not None:
            grid.set_reactive(GridView.picture, self._first_picture)
        yield grid
        yield rack
        yield Static(Text(info.message) if info else "", classes="news", id=f"news-{self.seat}")

    def _show_title(self, info: PaneInfo) -> None:
        marker = "▶ " if info.active else ""
        rating = "" if info.rating is None else f" ({info.rating})"
        self.border_title = f"{marker}{info.seat + 1}. {info.name}{rating}"
        self.set_class(info.active, "active")
        self.set_class("LOCKED" in info.status, "locked")

    def on_grid_view_zoomed(self, message: GridView.Zoomed) -> None:
        """A mark under the pane while its grid is drawn zoomed out (so that it fits)."""
        self.border_subtitle = _("zoomed out") if message.scale else ""

    @property
    def grid_view(self) -> GridView:
        return self.query_one(GridView)

    def show(self, info: PaneInfo) -> None:
        """Show ``info``, touching only the lines that changed (each update costs a layout)."""
        last, self._last = self._last, info
        if last is not None and last == info:
            return
        if last is None or (last.active, last.status, last.name) != (
            info.active,
            info.status,
            info.name,
        ):
            self._show_title(info)
        if last is None or (last.active, last.status, last.score, last.words, last.built) != (
            info.active,
            info.status,
            info.score,
            info.words,
            info.built,
        ):
            self.query_one(f"#title-{self.seat}", Static).update(title_text(info))
        if last is None or (last.rack, last.picked, last.hidden_tiles) != (
            info.rack,
            info.picked,
            info.hidden_tiles,
        ):
            rack = self.query_one(RackView)
            rack.size_of_rack = len(info.rack)
            rack.update(rack_text(info.rack, info.picked, info.hidden_tiles))
        if last is None or last.message != info.message:
            self.query_one(f"#news-{self.seat}", Static).update(Text(info.message))


def title_text(info: PaneInfo) -> Content:
    parts: list[tuple[str, str]] = []
    if info.active:
        parts.append(("▶ ", "bold reverse"))  # a mark, not only a colour (NO_COLOR)
    for flag in info.status:
        # Words, so the colour only adds to them; the theme's text colours keep AA contrast.
        style = "bold $text-error" if flag in ("LOCKED", "OUT", "AWAY", "FREE") else "bold $text"
        parts.append((_(flag) + " ", style))
    if info.rounds_won is not None:  # Option 1: the standings the table plays for
        style = "bold $text-error" if info.rounds_won < 0 else "bold $text"
        parts.append((rounds_won_text(info.rounds_won) + " · ", style))
    if info.score is not None:
        parts.append((_("{score} pts").format(score=info.score) + " ", "dim"))
    parts.append((info.words, "dim"))
    if info.built:  # after "pts " when there is no word yet: one space, not two
        parts.append(((" · " if info.words else "· ") + info.built, "bold"))
    return Content.assemble(*parts)
