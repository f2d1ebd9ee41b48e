"""What the interface remembers across a resume: live checking, the active pane,
each rack's order, each cursor and typing direction, and the relay's times.

The engine's save holds the match; this small file beside it
(``autosave.view.json`` next to ``autosave.json``) holds how the players had
arranged their screen. It names the match it belongs to (seed and players),
so a view left over from another game is ignored. A missing or damaged view
file only means the defaults: it never stops a game from resuming.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mixmo.engine.grid import Direction
from mixmo.engine.tiles import Tile, TileError
from mixmo.net.table import Table
from mixmo.tui.pane_state import PaneState, reconcile

MAX_VIEW_BYTES = 64 * 1024


class PaneView(BaseModel):
    model_config = ConfigDict(extra="forbid")

    cursor: tuple[int, int] = (0, 0)
    direction: Direction = Direction.ACROSS
    rack: str = Field(default="", max_length=200)
    """The rack's tiles in the player's order, as symbols."""
    built: float = Field(default=0.0, ge=0, le=10**7)
    """Seconds this player held the keyboard in a relay (``--relay``, see tui/relay.py)."""


class ViewState(BaseModel):
    """The screen as the players left it."""

    model_config = ConfigDict(extra="forbid")

    match: str
    """Seed and players of the match this view belongs to."""
    live_check: bool = False
    active: int = 0
    panes: list[PaneView] = Field(default_factory=list, max_length=6)
    relay_turn: float = Field(default=0.0, ge=0, le=10**7)
    """Seconds of the relay turn already used by the active player."""


def view_path(save_path: Path) -> Path:
    """``autosave.view.json`` beside ``autosave.json``."""
    return save_path.with_name(f"{save_path.stem}.view{save_path.suffix}")


def match_key(table: Table) -> str:
    return json.dumps([str(table.options.seed), list(table.options.players)])


def capture(
    table: Table,
    panes: list[PaneState],
    *,
    live_check: bool,
    active: int,
    built: dict[int, float] | None = None,
    relay_turn: float = 0.0,
) -> ViewState:
    built = built or {}
    return ViewState(
        match=match_key(table),
        live_check=live_check,
        active=active,
        panes=[
            PaneView(
                cursor=pane.cursor,
                direction=pane.direction,
                rack="".join(t.symbol for t in pane.rack),
                built=built.get(seat, 0.0),
            )
            for seat, pane in enumerate(panes)
        ],
        relay_turn=relay_turn,
    )


def load_view(path: Path, table: Table) -> ViewState | None:
    """The view saved for ``table`` at ``path``; None if there is none that fits."""
    try:
        if path.stat().st_size > MAX_VIEW_BYTES:
            return None
        view = ViewState.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValidationError, ValueError, RecursionError):
        return None
    seats = len(table.options.players)
    if view.match != match_key(table) or len(view.panes) != seats or not 0 <= view.active < seats:
        return None
    return view


def restore(view: ViewState, table: Table, panes: list[PaneState]) -> None:
    """Put the saved cursors and rack orders back into ``panes``."""
    for seat, (pane, saved) in enumerate(zip(panes, view.panes, strict=True)):
        pane.cursor = saved.cursor
        pane.direction = saved.direction
        try:
            order = tuple(Tile.from_symbol(symbol) for symbol in saved.rack)
        except TileError:
            order = ()
        pane.rack = reconcile(order, table.round.player(seat).rack)
