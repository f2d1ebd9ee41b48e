"""What each seat may see of a match, and events to and from their wire form.

A seat sees every grid (as at a real table), the phase, the scores and its own
rack; it never sees the bag's order, the seed, or the tiles another player
drew. Of the state, that is :mod:`mixmo.engine.state_json`'s allow-list, which
writes the views' JSON as it writes saves; of events, :func:`visible_event`. Pure
functions over engine values: the server, the local table and the tests share them.

The pydantic models of the views (:mod:`mixmo.net.protocol`,
:mod:`mixmo.engine.save_models`) are imported on first use: a local game
imports this module for its events and never loads pydantic.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import orjson

from mixmo.engine import events as ev
from mixmo.engine.game_calls import TILES_NOT_PLACED, TILES_NOT_PLACED_COUNTED
from mixmo.engine.messages import Message
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState, PlayerState
from mixmo.engine.state_json import (
    HIDDEN_SEED as HIDDEN_SEED,
)
from mixmo.engine.state_json import (
    WATCHER,
    match_data,
    options_data,
    options_for,
    player_data_for_all,
    rack_sizes,
    seat_viewer,
)
from mixmo.session.events import ActionRefused, SeatConnection

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    from mixmo.engine.save_models import MatchModel
    from mixmo.net.protocol import SeatView, WireEvent


@dataclass(frozen=True, slots=True)
class OthersDrew(ev.Event):
    """Another player drew ``count`` tiles (which ones is theirs to know)."""

    seat: int
    count: int
    bag_left: int


class WireEventError(ValueError):
    """A wire event of an unknown type or with fields that do not fit it."""


def _event_classes() -> dict[str, type[ev.Event]]:
    found: dict[str, type[ev.Event]] = {}
    for module_classes in (vars(ev).values(), (OthersDrew, SeatConnection, ActionRefused)):
        for member in module_classes:
            if isinstance(member, type) and issubclass(member, ev.Event) and member is not ev.Event:
                found[member.__name__] = member
    return found


EVENT_CLASSES = _event_classes()


_ADAPTERS: dict[type[ev.Event], TypeAdapter[Any]] = {}


def _adapter(cls: type[ev.Event]) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        from pydantic import TypeAdapter

        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


def visible_event(event: ev.Event, seat: int | None) -> ev.Event:
    """``event`` as ``seat`` may see it (None: a watcher, who sees no rack).

    The one rule of what a seat sees of another's rack: how many tiles, never which. A
    draw is a count; a hasty call or a wrong final MIXMO says how many tiles were left.
    """
    if isinstance(event, ev.TilesDrawn) and event.seat != seat:
        return OthersDrew(event.seat, len(event.tiles), event.bag_left)
    if isinstance(event, ev.HastyCall | ev.FinalCallRejected) and event.seat != seat:
        return replace(event, reasons=tuple(_reason_for_others(r) for r in event.reasons))
    return event


def _reason_for_others(reason: Message) -> Message:
    """A wrong call's reason as the other seats see it: the tiles left counted, not named."""
    if reason.code == TILES_NOT_PLACED.code:
        tiles = reason.fields.get("tiles")
        return TILES_NOT_PLACED_COUNTED(count=len(tiles) if isinstance(tiles, str) else 0)
    return reason


def encode_event(event: ev.Event) -> WireEvent:
    from mixmo.net.protocol import WireEvent

    cls = type(event)
    return WireEvent(type=cls.__name__, data=_adapter(cls).dump_python(event, mode="json"))


def encode_event_json(event: ev.Event) -> bytes:
    """The JSON of :func:`encode_event` (what the server sends, UTF-8), without a model in
    between."""
    cls = type(event)
    return b'{"type":"%s","data":%s}' % (cls.__name__.encode(), _adapter(cls).dump_json(event))


def decode_event(wire: WireEvent) -> ev.Event:
    """The event a wire event stands for; WireEventError if it is not one."""
    from pydantic import ValidationError

    cls = EVENT_CLASSES.get(wire.type)
    if cls is None:
        raise WireEventError(f"unknown event type {wire.type!r}")
    try:
        event = _adapter(cls).validate_python(wire.data)
    except ValidationError as error:
        raise WireEventError(f"{wire.type}: {error.errors()[0]['msg']}") from None
    assert isinstance(event, ev.Event)
    return event


def public_options(options: MatchOptions) -> MatchOptions:
    """The options as every seat sees them: without the seed (it deals every bag)."""
    return options_for(options, WATCHER)


@dataclass(frozen=True, slots=True)
class _PlayerParts:
    """One player's state, and its JSON as its own seat and as everyone else sees it."""

    player: PlayerState
    seat: int
    json: bytes
    hidden_json: bytes

    @classmethod
    def of(cls, player: PlayerState, seat: int) -> _PlayerParts:
        own, others = player_data_for_all(player, seat)
        return cls(player, seat, _dumps(own), _dumps(others))


def _dumps(value: object) -> bytes:
    """Compact UTF-8 JSON. orjson is about 15 times faster than the standard encoder on
    these small dicts (1 against 18 us), and the server encodes a player at every action;
    what orjson refuses (a lone surrogate in a name or a theme, an integer past 64 bits)
    goes through the standard encoder, which escapes it."""
    try:
        return orjson.dumps(value)
    except (orjson.JSONEncodeError, TypeError):
        return json.dumps(value, separators=(",", ":")).encode()


_PLAYERS = b'"players":[]'
"""Where the players' list sits in a state's JSON: only the round's key can read so (a
quote inside a JSON string is escaped), and the round writes it before any string."""


def _frame(state: MatchState) -> tuple[bytes, bytes]:
    """The JSON of the state as a seat sees it, before and after its players' list. The
    round's and the match's parts belong to no seat: every seat and watcher reads the
    same."""
    before, found, after = _dumps(match_data(state, WATCHER, players=[])).partition(_PLAYERS)
    assert found, "a state's JSON holds its players"
    return before + b'"players":[', b"]" + after


class ViewMaker:
    """Builds each seat's view of one match, reusing what did not change.

    States are immutable and an action replaces only the players it changed,
    so a player whose state object is the same as last time keeps its JSON; the
    rest of the state is serialised once per action for every seat. What each
    seat may see is :mod:`mixmo.engine.state_json`'s allow-list. :meth:`view_json`
    is what the server sends (the JSON of :meth:`view`, built without a model).
    """

    def __init__(self, options: MatchOptions) -> None:
        self.options = public_options(options)
        self._options_json = _dumps(options_data(options, WATCHER))
        self._players: list[_PlayerParts] = []
        self._frame_of: MatchState | None = None
        self._frame: tuple[bytes, bytes] = (b"", b"")

    def _refresh(self, state: MatchState) -> None:
        players = state.round.players
        if len(self._players) != len(players):
            self._players = [_PlayerParts.of(p, seat) for seat, p in enumerate(players)]
        for seat, player in enumerate(players):
            if self._players[seat].player is not player:
                self._players[seat] = _PlayerParts.of(player, seat)

    def full(self, state: MatchState, seat: int | None = None) -> MatchModel:
        """The state as ``seat`` sees it (None: a watcher), as a model."""
        from mixmo.engine.save_models import MatchModel

        return MatchModel.of(state, seat_viewer(seat))

    def view(
        self, state: MatchState, seat: int | None, clock: float, hint_wait: float = 0.0
    ) -> SeatView:
        """``state`` as ``seat`` may see it (None: a watcher, who sees no rack), with what
        is left of the seat's hint cost."""
        from mixmo.net.protocol import SeatView

        return SeatView.model_construct(
            seat=seat,
            options=self.options,
            state=self.full(state, seat),
            rack_sizes=rack_sizes(state.round),
            bag_left=len(state.round.bag),
            clock=clock,
            hint_wait=hint_wait,
        )

    def view_json(
        self, state: MatchState, seat: int | None, clock: float, hint_wait: float = 0.0
    ) -> bytes:
        """The JSON of :meth:`view` (UTF-8), from parts serialised once per state and per
        player: only the players' list, the clock and a hint's wait differ from seat to
        seat (the wait is left out when there is none, as the model's default)."""
        if state is not self._frame_of:
            self._refresh(state)
            head, tail = _frame(state)
            sizes = _dumps(rack_sizes(state.round))
            rest = b',"rack_sizes":%s,"bag_left":%d,"clock":' % (sizes, len(state.round.bag))
            self._frame_of = state
            self._frame = (b'"options":%s,"state":%s' % (self._options_json, head), tail + rest)
        before, after = self._frame
        players = b",".join(
            p.json if i == seat else p.hidden_json for i, p in enumerate(self._players)
        )
        mine = b"null" if seat is None else b"%d" % seat
        wait = b',"hint_wait":%s' % repr(float(hint_wait)).encode() if hint_wait > 0 else b""
        clock_json = repr(float(clock)).encode()
        return b'{"seat":%s,%s%s%s%s%s}' % (mine, before, players, after, clock_json, wait)


def seat_view(options: MatchOptions, state: MatchState, seat: int | None, clock: float) -> SeatView:
    """One seat's view of ``state`` (a one-off: servers keep a :class:`ViewMaker`)."""
    return ViewMaker(options).view(state, seat, clock)


def view_state(view: SeatView) -> MatchState:
    """The match state a view holds: the bag is empty and other racks too (sizes aside)."""
    from mixmo.engine.save_models import read_match  # pydantic: only a remote seat reads

    return read_match(view.state)
