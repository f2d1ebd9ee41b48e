"""Saved games: the whole match as JSON, and back.

A saved game holds the options, the action log and a snapshot of the state.
Loading replays the log from the options' seed and checks that it arrives at
the snapshot: a file edited by hand, truncated or written by something else is
a :class:`GameFileError` with one clear sentence, never a crash.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from types import MappingProxyType
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from mixmo.engine.actions import Action
from mixmo.engine.bag import Bag
from mixmo.engine.game import Game, GameRuleError
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import Lexicon, LexiconError
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState, Phase, PlayerState, RoundResult, RoundState
from mixmo.engine.tiles import Tile

FORMAT: Final = "mixmo-game"
VERSION: Final = 1


class GameFileError(ValueError):
    """A saved game that cannot be loaded, and why."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _symbols(tiles: Iterable[Tile]) -> str:
    return "".join(tile.symbol for tile in tiles)


def _tiles(symbols: str) -> tuple[Tile, ...]:
    return tuple(Tile.from_symbol(symbol) for symbol in symbols)


class PlayerModel(_Model):
    name: str
    rack: str
    grid: list[tuple[int, int, str]]
    locked: bool
    out: bool
    sitting_out: bool
    stuck: bool
    last_drawn: str
    ready_at_draw: bool
    sprint_done: bool
    claims: list[str] | None

    @classmethod
    def of(cls, player: PlayerState) -> PlayerModel:
        return cls(
            name=player.name,
            rack=_symbols(player.rack),
            grid=[(row, col, tile.symbol) for (row, col), tile in player.grid.items()],
            locked=player.locked,
            out=player.out,
            sitting_out=player.sitting_out,
            stuck=player.stuck,
            last_drawn=_symbols(player.last_drawn),
            ready_at_draw=player.ready_at_draw,
            sprint_done=player.sprint_done,
            claims=list(player.claims) if player.claims is not None else None,
        )

    def state(self) -> PlayerState:
        return PlayerState(
            name=self.name,
            rack=_tiles(self.rack),
            grid=Grid({(row, col): Tile.from_symbol(symbol) for row, col, symbol in self.grid}),
            locked=self.locked,
            out=self.out,
            sitting_out=self.sitting_out,
            stuck=self.stuck,
            last_drawn=_tiles(self.last_drawn),
            ready_at_draw=self.ready_at_draw,
            sprint_done=self.sprint_done,
            claims=tuple(self.claims) if self.claims is not None else None,
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

    @classmethod
    def of(cls, round_: RoundState) -> RoundModel:
        return cls(
            number=round_.number,
            bag=_symbols(round_.bag.tiles),
            players=[PlayerModel.of(p) for p in round_.players],
            phase=round_.phase,
            theme=round_.theme,
            theme_list=round_.theme_list,
            bandit_seat=round_.bandit_seat,
            last_draw_at=round_.last_draw_at,
            final_caller=round_.final_caller,
            votes=[
                VoteModel(claimant=claimant, word=word, voter=voter, accept=accept)
                for (claimant, word), ballot in round_.votes.items()
                for voter, accept in ballot.items()
            ],
            accepted=[(seat, list(words)) for seat, words in round_.accepted.items()],
            winner=round_.winner,
            final_penalties=list(round_.final_penalties),
        )

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
        )


class MatchModel(_Model):
    round: RoundModel
    totals: list[int]
    rounds_won: list[int]
    results: list[tuple[int, int | None, list[int]]]
    sit_out_next: list[int]
    winner: int | None

    @classmethod
    def of(cls, state: MatchState) -> MatchModel:
        return cls(
            round=RoundModel.of(state.round),
            totals=list(state.totals),
            rounds_won=list(state.rounds_won),
            results=[(r.number, r.winner, list(r.points)) for r in state.results],
            sit_out_next=list(state.sit_out_next),
            winner=state.winner,
        )

    def state(self) -> MatchState:
        return MatchState(
            round=self.round.state(),
            totals=tuple(self.totals),
            rounds_won=tuple(self.rounds_won),
            results=tuple(RoundResult(n, w, tuple(p)) for n, w, p in self.results),
            sit_out_next=tuple(self.sit_out_next),
            winner=self.winner,
        )


class SavedGame(_Model):
    format: Literal["mixmo-game"] = FORMAT
    version: Literal[1] = VERSION
    options: MatchOptions
    actions: list[Action]
    state: MatchModel


def dumps(game: Game) -> str:
    """The saved-game JSON of ``game``."""
    saved = SavedGame(options=game.options, actions=list(game.log), state=MatchModel.of(game.state))
    return saved.model_dump_json(indent=1)


def loads(text: str, lexicon: Lexicon | None = None) -> Game:
    """The game a saved-game JSON holds, replayed from its log and checked against its state."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise GameFileError(
            f"not a saved game: invalid JSON at line {error.lineno}, column {error.colno}"
        ) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise GameFileError("not a mixmo saved game")
    if raw.get("version") != VERSION:
        raise GameFileError(
            f"a saved game of version {raw.get('version')!r}; this mixmo reads version {VERSION}"
        )
    try:
        saved = SavedGame.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise GameFileError(
            f"damaged saved game: {where}: {first['msg']} ({error.error_count()} problem(s))"
        ) from None
    try:
        game = Game(saved.options, lexicon)
    except LexiconError as error:
        raise GameFileError(f"the saved game's dictionary cannot be opened: {error}") from None
    for number, action in enumerate(saved.actions, start=1):
        try:
            game.apply(action)
        except GameRuleError as error:
            raise GameFileError(
                f"damaged saved game: action {number} does not replay ({error})"
            ) from None
    try:
        snapshot = saved.state.state()
    except ValueError as error:
        raise GameFileError(f"damaged saved game: {error}") from None
    if snapshot != game.state:
        raise GameFileError("damaged saved game: its state does not match its action log")
    return game
