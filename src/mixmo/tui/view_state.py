"""What the interface remembers across a resume: live checking, the active pane,
each rack's order, each cursor and typing direction, and the relay's times.
(A hint's cost is the match's, in its log and state: a view file of an older mixmo
that kept it here is still read, that field ignored.)

The engine's save holds the match; this small file beside it
(``autosave.view.json`` next to ``autosave.json``) holds how the players had
arranged their screen. It names the match it belongs to (seed and players),
so a view left over from another game is ignored. A missing or damaged view
file only means the defaults: it never stops a game from resuming.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mixmo.engine.grid import Direction
from mixmo.engine.tiles import Tile, TileError
from mixmo.session.table import Table
from mixmo.tui.pane_state import PaneState, reconcile

MAX_VIEW_BYTES = 64 * 1024
MAX_RACK = 200
"""The longest rack order kept (a rack holds at most a few dozen tiles)."""
MAX_SECONDS = 10**7
"""The most seconds a relay time may hold (about four months)."""
MAX_PANES = 6
OLD_PANE_FIELDS = {"hint_wait"}
"""A pane's fields an older mixmo wrote and this one ignores (a hint's cost is the match's)."""


@dataclass(frozen=True, slots=True)
class PaneView:
    """One pane as its player left it."""

    cursor: tuple[int, int] = (0, 0)
    direction: Direction = Direction.ACROSS
    rack: str = ""
    """The rack's tiles in the player's order, as symbols."""
    built: float = 0.0
    """Seconds this player held the keyboard in a relay (``--relay``, see tui/relay.py)."""


@dataclass(frozen=True, slots=True)
class ViewState:
    """The screen as the players left it."""

    match: str
    """Seed and players of the match this view belongs to."""
    live_check: bool = False
    active: int = 0
    panes: list[PaneView] = field(default_factory=list)
    relay_turn: float = 0.0
    """Seconds of the relay turn already used by the active player."""

    def to_json(self) -> str:
        """The view as one line of JSON (what :func:`view_from_json` reads back)."""
        return json.dumps(
            {
                "match": self.match,
                "live_check": self.live_check,
                "active": self.active,
                "panes": [
                    {
                        "cursor": list(pane.cursor),
                        "direction": pane.direction.value,
                        "rack": pane.rack,
                        "built": pane.built,
                    }
                    for pane in self.panes
                ],
                "relay_turn": self.relay_turn,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )


class ViewFileError(ValueError):
    """A view file that is not a view this version wrote (it is then ignored)."""


def _fields(data: object, allowed: set[str], what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ViewFileError(f"{what}: not an object")
    unknown = set(data) - allowed
    if unknown:
        raise ViewFileError(f"{what}: unknown fields {sorted(unknown)}")
    return data


def _integer(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ViewFileError(f"{what}: not an integer")
    return value


def _seconds(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ViewFileError(f"{what}: not a number")
    if not (math.isfinite(value) and 0 <= value <= MAX_SECONDS):
        raise ViewFileError(f"{what}: not between 0 and {MAX_SECONDS}")
    return float(value)


def _pane(data: object, what: str) -> PaneView:
    fields = _fields(data, {"cursor", "direction", "rack", "built", *OLD_PANE_FIELDS}, what)
    cursor = fields.get("cursor", [0, 0])
    if not isinstance(cursor, list) or len(cursor) != 2:
        raise ViewFileError(f"{what}.cursor: not a row and a column")
    rack = fields.get("rack", "")
    if not isinstance(rack, str) or len(rack) > MAX_RACK:
        raise ViewFileError(f"{what}.rack: not a string of at most {MAX_RACK} symbols")
    try:
        direction = Direction(fields.get("direction", Direction.ACROSS.value))
    except ValueError:
        raise ViewFileError(f"{what}.direction: neither across nor down") from None
    return PaneView(
        cursor=(_integer(cursor[0], f"{what}.cursor"), _integer(cursor[1], f"{what}.cursor")),
        direction=direction,
        rack=rack,
        built=_seconds(fields.get("built", 0.0), f"{what}.built"),
    )


def view_from_json(text: str) -> ViewState:
    """The view a view file holds; a :class:`ViewFileError` (a ``ValueError``) when the text
    is not one, naming the first field that is wrong."""
    fields = _fields(
        json.loads(text), {"match", "live_check", "active", "panes", "relay_turn"}, "view"
    )
    match, live_check, panes = (
        fields.get("match"),
        fields.get("live_check", False),
        fields.get("panes", []),
    )
    if not isinstance(match, str):
        raise ViewFileError("view.match: not a string")
    if not isinstance(live_check, bool):
        raise ViewFileError("view.live_check: not true or false")
    if not isinstance(panes, list) or len(panes) > MAX_PANES:
        raise ViewFileError(f"view.panes: not a list of at most {MAX_PANES} panes")
    return ViewState(
        match=match,
        live_check=live_check,
        active=_integer(fields.get("active", 0), "view.active"),
        panes=[_pane(pane, f"view.panes[{n}]") for n, pane in enumerate(panes)],
        relay_turn=_seconds(fields.get("relay_turn", 0.0), "view.relay_turn"),
    )


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
    """The view of ``table`` and ``panes`` now."""
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
        view = view_from_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
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
