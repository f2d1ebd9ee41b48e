"""What each seat may see of a match, and events to and from their wire form.

A seat sees every grid (as at a real table), the phase, the scores and its own
rack; it never sees the bag's order, the seed, or the tiles another player
drew. Pure functions over engine values: the server, the local table and the
tests share them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError

from mixmo.engine import events as ev
from mixmo.engine.options import MatchOptions
from mixmo.engine.save import MatchModel, PlayerModel, RoundModel, VoteModel
from mixmo.engine.state import MatchState, PlayerState
from mixmo.net.protocol import SeatView, WireEvent

HIDDEN_SEED = "hidden"


@dataclass(frozen=True, slots=True)
class OthersDrew(ev.Event):
    """Another player drew ``count`` tiles (which ones is theirs to know)."""

    seat: int
    count: int
    bag_left: int


@dataclass(frozen=True, slots=True)
class SeatConnection(ev.Event):
    """A seat's player lost or regained their connection (their game time runs on)."""

    seat: int
    connected: bool


@dataclass(frozen=True, slots=True)
class ActionRefused(ev.Event):
    """The table refused one of this seat's actions; nothing changed."""

    code: str
    message: str


class WireEventError(ValueError):
    """A wire event of an unknown type or with fields that do not fit it."""


def _event_classes() -> dict[str, type[ev.Event]]:
    found: dict[str, type[ev.Event]] = {}
    for module_classes in (vars(ev).values(), (OthersDrew, SeatConnection, ActionRefused)):
        for value in module_classes:
            if isinstance(value, type) and issubclass(value, ev.Event) and value is not ev.Event:
                found[value.__name__] = value
    return found


EVENT_CLASSES = _event_classes()


_ADAPTERS: dict[type[ev.Event], TypeAdapter[Any]] = {}


def _adapter(cls: type[ev.Event]) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


def visible_event(event: ev.Event, seat: int | None) -> ev.Event:
    """``event`` as ``seat`` may see it (None: a watcher, who sees no rack)."""
    if isinstance(event, ev.TilesDrawn) and event.seat != seat:
        return OthersDrew(event.seat, len(event.tiles), event.bag_left)
    return event


def encode_event(event: ev.Event) -> WireEvent:
    cls = type(event)
    return WireEvent(type=cls.__name__, data=_adapter(cls).dump_python(event, mode="json"))


def decode_event(wire: WireEvent) -> ev.Event:
    """The event a wire event stands for; WireEventError if it is not one."""
    cls = EVENT_CLASSES.get(wire.type)
    if cls is None:
        raise WireEventError(f"unknown event type {wire.type!r}")
    try:
        event = _adapter(cls).validate_python(wire.data)
    except ValidationError as error:
        raise WireEventError(f"{wire.type}: {error.errors()[0]['msg']}") from None
    assert isinstance(event, ev.Event)
    return event


def event_fields(event: ev.Event) -> dict[str, Any]:
    return {f.name: getattr(event, f.name) for f in dataclasses.fields(event)}


def public_options(options: MatchOptions) -> MatchOptions:
    """The options without the seed (the seed deals every bag: nobody may know it)."""
    return options.model_copy(update={"seed": HIDDEN_SEED})


class ViewMaker:
    """Builds each seat's view of one match, reusing the models of unchanged players.

    States are immutable and an action replaces only the players it changed,
    so a player whose state object is the same as last time keeps its model.
    """

    def __init__(self, options: MatchOptions) -> None:
        self.options = public_options(options)
        self._players: list[tuple[PlayerState, PlayerModel, PlayerModel]] = []

    def full(self, state: MatchState) -> MatchModel:
        """The whole state as a model, bag order left out (built without re-validation:
        the values come straight from the engine)."""
        round_ = state.round
        players = round_.players
        if len(self._players) != len(players):
            self._players = [_models(p) for p in players]
        for index, player in enumerate(players):
            if self._players[index][0] is not player:
                self._players[index] = _models(player)
        round_model = RoundModel.model_construct(
            number=round_.number,
            bag="",
            players=[pm for _, pm, _ in self._players],
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
        )
        return MatchModel.model_construct(
            round=round_model,
            totals=list(state.totals),
            rounds_won=list(state.rounds_won),
            results=[(r.number, r.winner, list(r.points)) for r in state.results],
            sit_out_next=list(state.sit_out_next),
            winner=state.winner,
        )

    def view(self, state: MatchState, full: MatchModel, seat: int | None, clock: float) -> SeatView:
        """``full`` (from :meth:`full`, for this same ``state``) as ``seat`` may see it."""
        players = [
            pm if index == seat else hidden for index, (_, pm, hidden) in enumerate(self._players)
        ]
        round_model = full.round.model_copy(update={"players": players})
        return SeatView.model_construct(
            seat=seat,
            options=self.options,
            state=full.model_copy(update={"round": round_model}),
            rack_sizes=[len(p.rack) for p in state.round.players],
            bag_left=len(state.round.bag),
            clock=clock,
        )


def _models(player: PlayerState) -> tuple[PlayerState, PlayerModel, PlayerModel]:
    """A player, their model, and their model with the rack and last draw hidden."""
    model = PlayerModel.of(player)
    return player, model, model.model_copy(update={"rack": "", "last_drawn": ""})


def seat_view(options: MatchOptions, state: MatchState, seat: int | None, clock: float) -> SeatView:
    """One seat's view of ``state`` (a one-off: servers keep a :class:`ViewMaker`)."""
    maker = ViewMaker(options)
    return maker.view(state, maker.full(state), seat, clock)


def view_state(view: SeatView) -> MatchState:
    """The match state a view holds: the bag is empty and other racks too (sizes aside)."""
    return view.state.state()
