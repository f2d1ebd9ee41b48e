"""The pydantic models of a saved game: what validates untrusted input.

A saved game's JSON (:mod:`mixmo.engine.save`) and a server's messages
(:mod:`mixmo.net.protocol`, whose views hold a :class:`MatchModel`) come from
outside this process: pydantic checks every field of them, with a clear
message and location for each problem. This module is imported on first use
(loading a save, talking to a server), never by a local game that only writes
its saves, so ``mixmo play`` starts without pydantic.

The engine's own values (actions, options, events, state) are frozen
dataclasses; pydantic validates them too, reading their bounds from their
annotations (:mod:`mixmo.engine.bounds`) and running their ``__post_init__``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Annotated, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    field_serializer,
    model_serializer,
)

from mixmo.engine.actions import Action
from mixmo.engine.bag import Bag
from mixmo.engine.events import PlayerScore
from mixmo.engine.grid import Grid
from mixmo.engine.levels import Level
from mixmo.engine.options import MatchOptions
from mixmo.engine.save_format import FORMAT, VERSION
from mixmo.engine.state import MatchState, Phase, PlayerState, RoundResult, RoundState
from mixmo.engine.state_json import (
    MATCH_PARTS,
    OPTIONS_PARTS,
    PLAYER_PARTS,
    ROUND_PARTS,
    SAVE,
    Part,
    Viewer,
    match_data,
)
from mixmo.engine.tiles import Tile

TaggedAction = Annotated[Action, Field(discriminator="kind")]
"""An action as pydantic reads it: which one is said by its ``kind``."""

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(TaggedAction, config=ConfigDict(defer_build=True))
ACTION_LOG_ADAPTER: TypeAdapter[list[Action]] = TypeAdapter(
    list[TaggedAction], config=ConfigDict(defer_build=True)
)
OPTIONS_ADAPTER: TypeAdapter[MatchOptions] = TypeAdapter(MatchOptions)
"""Options to and from JSON (a server's store of its rooms)."""


def _leave_out(
    data: dict[str, object], value: object, parts: tuple[Part, ...]
) -> dict[str, object]:
    """``data`` without the fields :mod:`mixmo.engine.state_json` leaves out of ``value``."""
    for part in parts:
        if part.left_out is not None and part.left_out(getattr(value, part.name)):
            data.pop(part.name, None)
    return data


class _Model(BaseModel):
    """A model of a part of the state: its fields are those of its ``parts``, in order
    (a test holds them to it), and it writes what :mod:`mixmo.engine.state_json` writes."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    parts: ClassVar[tuple[Part, ...]] = ()

    @model_serializer(mode="wrap")
    def _leave_out_defaults(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        return _leave_out(handler(self), self, self.parts)


def _tiles(symbols: str) -> tuple[Tile, ...]:
    return tuple(Tile.from_symbol(symbol) for symbol in symbols)


class PlayerModel(_Model):
    name: str
    rack: str
    grid: list[tuple[int, int, str]]
    locked: bool
    out: bool
    stuck: bool
    last_drawn: str
    ready_at_draw: bool
    sprint_done: bool
    claims: list[str] | None
    hint_until: float | None = Field(default=None, ge=0)
    """Left out while None (saves and views from before hints were actions have none)."""

    parts: ClassVar[tuple[Part, ...]] = PLAYER_PARTS

    def state(self) -> PlayerState:
        return PlayerState(
            name=self.name,
            rack=_tiles(self.rack),
            grid=Grid({(row, col): Tile.from_symbol(symbol) for row, col, symbol in self.grid}),
            locked=self.locked,
            out=self.out,
            stuck=self.stuck,
            last_drawn=_tiles(self.last_drawn),
            ready_at_draw=self.ready_at_draw,
            sprint_done=self.sprint_done,
            claims=tuple(self.claims) if self.claims is not None else None,
            hint_until=self.hint_until,
        )


class VoteModel(_Model):
    claimant: int
    word: str
    voter: int
    accept: bool


class RoundModel(_Model):
    number: int
    bag: str
    players: list[PlayerModel]
    phase: Phase
    theme: str | None
    theme_list: str | None
    bandit_seat: int | None
    last_draw_at: float | None
    final_caller: int | None
    votes: list[VoteModel]
    accepted: list[tuple[int, list[str]]]
    winner: int | None
    final_penalties: list[int]
    started_at: float = Field(default=0.0, ge=0)
    ended_at: float | None = Field(default=None, ge=0)
    scores: list[PlayerScore] = []
    waiting_since: float | None = Field(default=None, ge=0)
    """The clock and the score sheet: each left out while it holds nothing (as
    :data:`~mixmo.engine.state_json.ROUND_PARTS` says)."""
    parts: ClassVar[tuple[Part, ...]] = ROUND_PARTS

    def state(self) -> RoundState:
        votes: dict[tuple[int, str], dict[int, bool]] = {}
        for vote in self.votes:
            votes.setdefault((vote.claimant, vote.word), {})[vote.voter] = vote.accept
        return RoundState(
            number=self.number,
            bag=Bag(_tiles(self.bag)),
            players=tuple(p.state() for p in self.players),
            phase=self.phase,
            theme=self.theme,
            theme_list=self.theme_list,
            bandit_seat=self.bandit_seat,
            last_draw_at=self.last_draw_at,
            final_caller=self.final_caller,
            votes=MappingProxyType({key: MappingProxyType(b) for key, b in votes.items()}),
            accepted=MappingProxyType({seat: tuple(words) for seat, words in self.accepted}),
            winner=self.winner,
            final_penalties=tuple(self.final_penalties),
            started_at=self.started_at,
            ended_at=self.ended_at,
            scores=tuple(self.scores),
            waiting_since=self.waiting_since,
        )


class MatchModel(_Model):
    round: RoundModel
    totals: list[int]
    rounds_won: list[int]
    results: list[tuple[int, int | None, list[int]]]
    winner: int | None

    parts: ClassVar[tuple[Part, ...]] = MATCH_PARTS

    @classmethod
    def of(cls, state: MatchState, viewer: Viewer = SAVE) -> MatchModel:
        """The model of what :func:`~mixmo.engine.state_json.match_data` writes."""
        return cls.model_validate(match_data(state, viewer))

    def state(self) -> MatchState:
        return MatchState(
            round=self.round.state(),
            totals=tuple(self.totals),
            rounds_won=tuple(self.rounds_won),
            results=tuple(RoundResult(n, w, tuple(p)) for n, w, p in self.results),
            winner=self.winner,
        )


class BotSeatModel(_Model):
    """A seat a bot plays, and at which level (saves of games against bots)."""

    seat: int = Field(ge=0)
    level: Level


class SavedGame(_Model):
    """A whole saved game, as :func:`mixmo.engine.save.dumps` writes it.

    ``bots`` is optional: saves written before it was added, and games of people
    only, have none (every seat a person's).
    """

    format: Literal["mixmo-game"] = FORMAT
    version: Literal[1] = VERSION
    options: MatchOptions
    actions: list[TaggedAction]
    state: MatchModel
    bots: list[BotSeatModel] | None = None

    @field_serializer("options", mode="wrap")
    def _options(
        self, options: MatchOptions, handler: SerializerFunctionWrapHandler
    ) -> dict[str, object]:
        """No ``rounds_to_play`` for a match played to a target, as the writer does."""
        return _leave_out(handler(options), options, OPTIONS_PARTS)


def read_match(data: object) -> MatchState:
    """The match state ``data`` (JSON text, or what it parses to) holds, validated: a
    ValueError (pydantic's ValidationError is one) when it is not one."""
    if isinstance(data, str | bytes):
        return MatchModel.model_validate_json(data).state()
    return MatchModel.model_validate(data).state()


def read_options(data: object) -> MatchOptions:
    """The options ``data`` (JSON text, or what it parses to) holds, validated as
    :func:`read_match`."""
    if isinstance(data, str | bytes):
        return OPTIONS_ADAPTER.validate_json(data)
    return OPTIONS_ADAPTER.validate_python(data)
