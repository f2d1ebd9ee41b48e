"""What each seat may see of a match, and events to and from their wire form.

A seat sees every grid (as at a real table), the phase, the scores and its own
rack; it never sees the bag's order, the seed, or the tiles another player
drew. Pure functions over engine values: the server, the local table and the
tests share them.

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
from mixmo.engine.save import player_fields, round_fields_after_players, value_fields
from mixmo.engine.state import MatchState, PlayerState
from mixmo.session.events import ActionRefused, SeatConnection

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    from mixmo.engine.save_models import MatchModel, PlayerModel
    from mixmo.net.protocol import SeatView, WireEvent

HIDDEN_SEED = "hidden"


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
    """The options without the seed (the seed deals every bag: nobody may know it)."""
    return replace(options, seed=HIDDEN_SEED)


@dataclass(frozen=True, slots=True)
class _PlayerParts:
    """One player's state, and its JSON whole and with the rack hidden (models on demand)."""

    player: PlayerState
    json: bytes
    hidden_json: bytes

    @classmethod
    def of(cls, player: PlayerState) -> _PlayerParts:
        fields = player_fields(player)
        whole = _dumps(fields)
        fields["rack"] = fields["last_drawn"] = ""
        return cls(player, whole, _dumps(fields))

    @property
    def model(self) -> PlayerModel:
        from mixmo.engine.save_models import PlayerModel

        return PlayerModel.of(self.player)

    @property
    def hidden(self) -> PlayerModel:
        return self.model.model_copy(update={"rack": "", "last_drawn": ""})


def _dumps(value: object) -> bytes:
    """Compact UTF-8 JSON. orjson is about 15 times faster than the standard encoder on
    these small dicts (1 against 18 us), and the server encodes a player at every action;
    what orjson refuses (a lone surrogate in a name or a theme, an integer past 64 bits)
    goes through the standard encoder, which escapes it."""
    try:
        return orjson.dumps(value)
    except (orjson.JSONEncodeError, TypeError):
        return json.dumps(value, separators=(",", ":")).encode()


def _frame(state: MatchState) -> tuple[bytes, bytes]:
    """The JSON of the state's :class:`MatchModel` before and after its players' list."""
    round_ = state.round
    head = _dumps({"round": {"number": round_.number, "bag": ""}})[:-2]  # open: players follow
    rest = round_fields_after_players(round_)
    match = {
        "totals": list(state.totals),
        "rounds_won": list(state.rounds_won),
        "results": [[r.number, r.winner, list(r.points)] for r in state.results],
        "winner": state.winner,
    }
    tail = b"," + _dumps(rest)[1:] + b"," + _dumps(match)[1:]
    return head + b",", tail


class ViewMaker:
    """Builds each seat's view of one match, reusing what did not change.

    States are immutable and an action replaces only the players it changed,
    so a player whose state object is the same as last time keeps its models
    and their JSON; the rest of the state is serialised once per action for
    every seat. :meth:`view_json` is what the server sends (the JSON of
    :meth:`view`, built without a model per seat).
    """

    def __init__(self, options: MatchOptions) -> None:
        self.options = public_options(options)
        self._options_json = _dumps(value_fields(self.options))
        self._players: list[_PlayerParts] = []
        self._frame_of: MatchState | None = None
        self._frame: tuple[bytes, bytes] = (b"", b"")

    def _refresh(self, state: MatchState) -> None:
        players = state.round.players
        if len(self._players) != len(players):
            self._players = [_PlayerParts.of(p) for p in players]
        for index, player in enumerate(players):
            if self._players[index].player is not player:
                self._players[index] = _PlayerParts.of(player)

    def full(self, state: MatchState, *, players: list[PlayerModel] | None = None) -> MatchModel:
        """The whole state as a model, bag order left out (built without re-validation:
        the values come straight from the engine)."""
        from mixmo.engine.save_models import MatchModel, RoundModel, VoteModel

        round_ = state.round
        if players is None:
            self._refresh(state)
            players = [parts.model for parts in self._players]
        round_model = RoundModel.model_construct(
            number=round_.number,
            bag="",
            players=players,
            phase=round_.phase,
            theme=round_.theme,
            theme_list=round_.theme_list,
            bandit_seat=round_.bandit_seat,
            last_draw_at=round_.last_draw_at,
            final_caller=round_.final_caller,
            votes=[
                VoteModel.model_construct(claimant=claimant, word=word, voter=voter, accept=yes)
                for (claimant, word), ballot in round_.votes.items()
                for voter, yes in ballot.items()
            ],
            accepted=[(seat, list(words)) for seat, words in round_.accepted.items()],
            winner=round_.winner,
            final_penalties=list(round_.final_penalties),
            started_at=round_.started_at,
            ended_at=round_.ended_at,
            scores=list(round_.scores),
        )
        return MatchModel.model_construct(
            round=round_model,
            totals=list(state.totals),
            rounds_won=list(state.rounds_won),
            results=[(r.number, r.winner, list(r.points)) for r in state.results],
            winner=state.winner,
        )

    def view(
        self, state: MatchState, seat: int | None, clock: float, hint_wait: float = 0.0
    ) -> SeatView:
        """``state`` as ``seat`` may see it (None: a watcher, who sees no rack), with what
        is left of the seat's hint cost."""
        from mixmo.net.protocol import SeatView

        self._refresh(state)
        players = [p.model if i == seat else p.hidden for i, p in enumerate(self._players)]
        return SeatView.model_construct(
            seat=seat,
            options=self.options,
            state=self.full(state, players=players),
            rack_sizes=[len(p.rack) for p in state.round.players],
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
            sizes = _dumps([len(p.rack) for p in state.round.players])
            rest = b',"rack_sizes":%s,"bag_left":%d,"clock":' % (sizes, len(state.round.bag))
            self._frame_of = state
            self._frame = (b'"options":%s,"state":%s"players":[' % (self._options_json, head),
                           b"]" + tail + rest)  # fmt: skip
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
    return view.state.state()
