"""The one JSON shape of a match: its options, state, rounds and players, and who sees what.

Saves (:mod:`mixmo.engine.save`), the server's views (:mod:`mixmo.net.views`), its store
and the remote table all write a match with :func:`match_data` and :func:`options_data`
and :mod:`mixmo.engine.save_models` reads it back (``read_match``, ``read_options``). The pydantic models of
:mod:`mixmo.engine.save_models` are what validates untrusted input (a file, a server's
message); tests hold them to this module's field lists, in order, over random games.

What each reader may see is an allow-list (:data:`PLAYER_PARTS`, :data:`ROUND_PARTS`,
:data:`MATCH_PARTS`, :data:`OPTIONS_PARTS`): every field of the state names its
:class:`Audience`, and a field a :class:`Viewer` may not see is written as its ``hidden``
value (a rack as ``""``: its size is public, in the view's ``rack_sizes``). A field added
to the state and not to these lists is refused by a test, so that nobody shows another
seat's tiles by forgetting to hide them.

The writer builds plain dicts (no pydantic: a local game writes its saves without
importing it); encoding them is the caller's (orjson for the server's views, the
standard encoder's indent for a save's file).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from mixmo.engine.events import PlayerScore
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState, PlayerState, RoundState
from mixmo.engine.tiles import Tile

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

HIDDEN_SEED = "hidden"
"""The seed as every seat and watcher reads it: whoever knows the seed knows every deal."""


class Audience(enum.Enum):
    """Who may see a part of the state."""

    EVERYONE = "everyone"
    """Every seat and every watcher: grids, phase, scores (as at a real table)."""
    OWN_SEAT = "own seat"
    """The seat the part belongs to (and a save): a rack, the tiles just drawn."""
    SAVE_ONLY = "save only"
    """Nobody at a table, only the saved game: the bag's order, the seed."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who reads the JSON: a seat (``seat``), a watcher (no seat), or a save (``whole``)."""

    seat: int | None = None
    whole: bool = False

    def sees(self, audience: Audience, owner: int | None = None) -> bool:
        """Whether this viewer may see a part for ``audience`` that belongs to ``owner``."""
        return audience not in self.unseen(owner)

    def unseen(self, owner: int | None = None) -> tuple[Audience, ...]:
        """The audiences whose parts this viewer may not see of what ``owner`` holds (the
        one rule; a tuple, as looking an enum member up in it is quicker than hashing)."""
        if self.whole:
            return ()
        if owner is not None and owner == self.seat:
            return (Audience.SAVE_ONLY,)
        return (Audience.OWN_SEAT, Audience.SAVE_ONLY)


SAVE = Viewer(whole=True)
"""The saved game (and the server's own store): sees everything."""
WATCHER = Viewer()
"""Someone watching the table: sees what every seat sees, and no rack."""


def seat_viewer(seat: int | None) -> Viewer:
    """The viewer at ``seat`` (None: a watcher)."""
    return WATCHER if seat is None else Viewer(seat)


@dataclass(frozen=True, slots=True)
class Part:
    """One field of a state as JSON: who sees it, how it is written, what others read.

    ``left_out`` says when the field is not written at all (its value is its default, so
    that files and messages from before the field existed keep their bytes)."""

    name: str
    audience: Audience
    write: Callable[[Any], object]
    hidden: object = None
    left_out: Callable[[Any], bool] | None = None


def _same(value: object) -> object:
    return value


def _symbols(tiles: Iterable[Tile]) -> str:
    return "".join(tile.symbol for tile in tiles)


def _listed(values: Iterable[object] | None) -> list[object] | None:
    return None if values is None else list(values)


def _grid(grid: Any) -> list[list[object]]:
    return [[row, col, tile.symbol] for (row, col), tile in grid.items()]


def _votes(votes: Any) -> list[dict[str, object]]:
    return [
        {"claimant": claimant, "word": word, "voter": voter, "accept": accept}
        for (claimant, word), ballot in votes.items()
        for voter, accept in ballot.items()
    ]


def _accepted(accepted: Any) -> list[list[object]]:
    return [[seat, list(words)] for seat, words in accepted.items()]


def score_data(score: PlayerScore) -> dict[str, object]:
    """One player's score sheet as JSON values (what pydantic writes of the dataclass)."""
    return {
        "seat": score.seat,
        "lines": [[message.to_data(), points] for message, points in score.lines],
        "total": score.total,
        "valid": score.valid,
    }


def _scores(scores: tuple[PlayerScore, ...]) -> list[dict[str, object]]:
    return [score_data(score) for score in scores]


def _results(results: Any) -> list[list[object]]:
    return [[r.number, r.winner, list(r.points)] for r in results]


def _is_none(value: object) -> bool:
    return value is None


def _is_empty(value: object) -> bool:
    return not value


def _written_apart(_: object) -> None:
    """A part written by its own function (a round's players, seat by seat; a match's
    round): its place in the order is kept, its value filled in after."""


EVERYONE, OWN_SEAT, SAVE_ONLY = Audience.EVERYONE, Audience.OWN_SEAT, Audience.SAVE_ONLY

PLAYER_PARTS: tuple[Part, ...] = (
    Part("name", EVERYONE, _same),
    Part("rack", OWN_SEAT, _symbols, hidden=""),  # (the others: its size, rack_sizes())
    Part("grid", EVERYONE, _grid),
    Part("locked", EVERYONE, _same),
    Part("out", EVERYONE, _same),
    Part("stuck", EVERYONE, _same),
    Part("last_drawn", OWN_SEAT, _symbols, hidden=""),
    Part("ready_at_draw", EVERYONE, _same),
    Part("sprint_done", EVERYONE, _same),
    Part("claims", EVERYONE, _listed),
    Part("hint_until", EVERYONE, _same, left_out=_is_none),
)
"""A player's fields as JSON, in order (:class:`~mixmo.engine.save_models.PlayerModel`)."""

ROUND_PARTS: tuple[Part, ...] = (
    Part("number", EVERYONE, _same),
    Part("bag", SAVE_ONLY, lambda bag: _symbols(bag.tiles), hidden=""),
    Part("players", EVERYONE, _written_apart),
    Part("phase", EVERYONE, lambda phase: phase.value),
    Part("theme", EVERYONE, _same),
    Part("theme_list", EVERYONE, _same),
    Part("bandit_seat", EVERYONE, _same),
    Part("last_draw_at", EVERYONE, _same),
    Part("final_caller", EVERYONE, _same),
    Part("votes", EVERYONE, _votes),
    Part("accepted", EVERYONE, _accepted),
    Part("winner", EVERYONE, _same),
    Part("final_penalties", EVERYONE, list),
    Part("started_at", EVERYONE, _same, left_out=_is_empty),
    Part("ended_at", EVERYONE, _same, left_out=_is_none),
    Part("scores", EVERYONE, _scores, left_out=_is_empty),
    Part("waiting_since", EVERYONE, _same, left_out=_is_none),
)
"""A round's fields as JSON, in order (:class:`~mixmo.engine.save_models.RoundModel`).
The clock and the score sheet are left out while they hold nothing: a save of a first
round in play is byte for byte what it was before they existed."""

MATCH_PARTS: tuple[Part, ...] = (
    Part("round", EVERYONE, _written_apart),
    Part("totals", EVERYONE, list),
    Part("rounds_won", EVERYONE, list),
    Part("results", EVERYONE, _results),
    Part("winner", EVERYONE, _same),
)
"""The match's fields as JSON, in order (:class:`~mixmo.engine.save_models.MatchModel`)."""

OPTIONS_PARTS: tuple[Part, ...] = (
    Part("players", EVERYONE, list),
    Part("variant", EVERYONE, _same),
    Part("scoring", EVERYONE, lambda scoring: scoring.value),
    Part("target", EVERYONE, _same),
    Part("rounds_to_play", EVERYONE, _same, left_out=_is_empty),
    Part("language", EVERYONE, _same),
    Part("dictionary", EVERYONE, _same),
    Part("mixmo_window", EVERYONE, _same),
    Part("seed", SAVE_ONLY, _same, hidden=HIDDEN_SEED),
    Part("wait_seconds", EVERYONE, _same, left_out=_is_empty),
)
"""The options as JSON, in order. A match played to a target writes no ``rounds_to_play``
(its save loads in a mixmo that does not know that option)."""

DERIVED_ROUND_FIELDS = ("started_at", "ended_at", "scores", "waiting_since")
"""The round's fields that follow from the log alone: a save written before they were
kept has none of them, and takes them from its replayed log."""


def _write(
    value: object, parts: tuple[Part, ...], viewer: Viewer, owner: int | None = None
) -> dict[str, object]:
    """``value``'s fields as ``viewer`` may read them, those of ``parts`` left out skipped."""
    unseen = viewer.unseen(owner)
    data: dict[str, object] = {}
    for part in parts:
        field_value = getattr(value, part.name)
        if part.left_out is not None and part.left_out(field_value):
            continue
        if part.audience in unseen:
            data[part.name] = part.hidden
        elif part.write is _same:  # (most fields: a call saved, the server writes at each action)
            data[part.name] = field_value
        else:
            data[part.name] = part.write(field_value)
    return data


def player_data(player: PlayerState, viewer: Viewer, seat: int) -> dict[str, object]:
    """The player at ``seat`` as ``viewer`` may see them."""
    return _write(player, PLAYER_PARTS, viewer, seat)


_HIDDEN_FROM_OTHERS = tuple(p for p in PLAYER_PARTS if not WATCHER.sees(p.audience, owner=0))
"""What a player's own seat sees of them and other seats and watchers do not."""


def player_data_for_all(player: PlayerState, seat: int) -> tuple[dict[str, object], ...]:
    """The player at ``seat`` as their own seat sees them, and as the other seats and
    watchers do (what :func:`player_data` writes for each, written once)."""
    own = _write(player, PLAYER_PARTS, Viewer(seat), seat)
    others = dict(own)
    for part in _HIDDEN_FROM_OTHERS:
        if part.name in others:
            others[part.name] = part.hidden
    return own, others


def rack_sizes(round_: RoundState) -> list[int]:
    """What every seat and watcher reads of each player's rack: how many tiles (which
    ones is the rack's own seat's to know, :data:`PLAYER_PARTS`)."""
    return [len(player.rack) for player in round_.players]


def round_data(
    round_: RoundState, viewer: Viewer, players: list[object] | None = None
) -> dict[str, object]:
    """The round as ``viewer`` may see it; ``players`` in place of its players' data (a
    server writes each player once for all viewers)."""
    if players is None:
        players = [player_data(p, viewer, seat) for seat, p in enumerate(round_.players)]
    data = _write(round_, ROUND_PARTS, viewer)
    data["players"] = players
    return data


def match_data(
    state: MatchState, viewer: Viewer = SAVE, players: list[object] | None = None
) -> dict[str, object]:
    """The match state as ``viewer`` may see it (by default whole, as a save holds it)."""
    data = _write(state, MATCH_PARTS, viewer)
    data["round"] = round_data(state.round, viewer, players)
    return data


def options_data(options: MatchOptions, viewer: Viewer = SAVE) -> dict[str, object]:
    """The options as ``viewer`` may see them (a seat or a watcher: no seed)."""
    return _write(options, OPTIONS_PARTS, viewer)


def options_for(options: MatchOptions, viewer: Viewer) -> MatchOptions:
    """The options as ``viewer`` may know them: what it may not see in its hidden value."""
    hidden: dict[str, Any] = {
        p.name: p.hidden for p in OPTIONS_PARTS if not viewer.sees(p.audience)
    }
    return replace(options, **hidden) if hidden else options


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def action_data(action: DataclassInstance) -> dict[str, object]:
    """An action's fields, in order, as JSON values (every reader sees a whole action)."""
    names = _FIELD_NAMES.get(type(action))
    if names is None:
        names = _FIELD_NAMES[type(action)] = tuple(f.name for f in fields(action))
    return {name: getattr(action, name) for name in names}
