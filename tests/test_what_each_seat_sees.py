"""One JSON shape of a match, and what each seat, watcher and save may see of it.

A seat sees every grid, the phase and the scores, and of racks only its own (the others'
sizes); nobody at a table sees the bag's order or the seed. Every field of the state is
on the allow-list of :mod:`mixmo.engine.state_json`, so a new one is hidden until someone
decides who sees it.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import fields

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mixmo.engine import actions as a
from mixmo.engine.game import Game, GameRuleError
from mixmo.engine.options import MatchOptions
from mixmo.engine.save_models import MatchModel, PlayerModel, RoundModel, read_match, read_options
from mixmo.engine.state import MatchState, Phase, PlayerState, RoundState
from mixmo.engine.state_json import (
    HIDDEN_SEED,
    MATCH_PARTS,
    OPTIONS_PARTS,
    PLAYER_PARTS,
    ROUND_PARTS,
    SAVE,
    WATCHER,
    Audience,
    Part,
    Viewer,
    match_data,
    options_data,
    options_for,
    player_data,
    player_data_for_all,
    seat_viewer,
)
from mixmo.net.protocol import SeatView
from mixmo.net.views import ViewMaker, view_state
from tests.game_helpers import claim_first_words, lay_out, new_game, settle_theme

ALLOW_LISTS: list[tuple[type, tuple[Part, ...]]] = [
    (PlayerState, PLAYER_PARTS),
    (RoundState, ROUND_PARTS),
    (MatchState, MATCH_PARTS),
    (MatchOptions, OPTIONS_PARTS),
]


@pytest.mark.parametrize(("kind", "parts"), ALLOW_LISTS, ids=lambda v: getattr(v, "__name__", ""))
def test_every_field_of_the_state_says_who_may_see_it(kind: type, parts: tuple[Part, ...]) -> None:
    assert [part.name for part in parts] == [f.name for f in fields(kind)]


@pytest.mark.parametrize(
    ("model", "parts"),
    [(PlayerModel, PLAYER_PARTS), (RoundModel, ROUND_PARTS), (MatchModel, MATCH_PARTS)],
    ids=lambda v: getattr(v, "__name__", ""),
)
def test_the_models_that_read_untrusted_json_have_the_writer_s_fields_in_order(
    model: type[MatchModel], parts: tuple[Part, ...]
) -> None:
    assert list(model.model_fields) == [part.name for part in parts]


def test_a_rack_and_the_tiles_drawn_are_their_own_seat_s_and_the_bag_and_seed_nobody_s() -> None:
    hidden = {
        (kind.__name__, part.name): part.audience
        for kind, parts in ALLOW_LISTS
        for part in parts
        if part.audience is not Audience.EVERYONE
    }
    assert hidden == {
        ("PlayerState", "rack"): Audience.OWN_SEAT,
        ("PlayerState", "last_drawn"): Audience.OWN_SEAT,
        ("RoundState", "bag"): Audience.SAVE_ONLY,
        ("MatchOptions", "seed"): Audience.SAVE_ONLY,
    }


def test_a_seat_sees_all_of_itself_and_others_see_what_everyone_may() -> None:
    player = new_game(3, seed=1).round.player(2)
    for part in PLAYER_PARTS:
        assert Viewer(seat=2).sees(part.audience, owner=2)
    own, others = player_data_for_all(player, 2)
    assert own == player_data(player, Viewer(seat=2), 2) == player_data(player, SAVE, 2)
    assert others == player_data(player, Viewer(seat=0), 2) == player_data(player, WATCHER, 2)
    assert own["rack"] and own["rack"] == "".join(t.symbol for t in player.rack)
    assert others["rack"] == "" and others["last_drawn"] == ""


def test_the_seed_is_hidden_from_every_seat_and_watcher_and_kept_in_a_save() -> None:
    options = new_game(2, seed=1234).options
    for viewer in (Viewer(seat=0), Viewer(seat=1), WATCHER):
        assert options_data(options, viewer)["seed"] == HIDDEN_SEED
        assert options_for(options, viewer).seed == HIDDEN_SEED
    assert options_data(options)["seed"] == 1234
    assert read_options(options_data(options)) == options


def test_options_a_server_stored_with_every_field_still_read_back() -> None:
    from mixmo.engine.save_models import OPTIONS_ADAPTER

    options = new_game(3, seed="words", scoring="rounds", target=2).options
    assert '"rounds_to_play":0' in OPTIONS_ADAPTER.dump_json(options).decode()
    assert read_options(OPTIONS_ADAPTER.dump_json(options)) == options
    assert "rounds_to_play" not in options_data(options)


def test_the_options_read_back_are_validated() -> None:
    with pytest.raises(ValueError, match="colour"):
        read_options('{"players": ["Ann", "Bob"], "colour": "red"}')


# --- random games ------------------------------------------------------------------------

Step = Callable[[Game, int, float], None]


def _place(game: Game, seat: int, at: float) -> None:
    player = game.round.player(seat)
    if player.rack:
        col = max((c for (r, c) in player.grid if r == 0), default=-1) + 1
        game.apply(a.PlaceTile(seat=seat, row=0, col=col, symbol=player.rack[0].symbol, at=at))


def _take_back(game: Game, seat: int, at: float) -> None:
    cells = tuple(game.round.player(seat).grid)[:2]
    if cells:
        game.apply(a.TakeBack(seat=seat, cells=cells, at=at))


def _vote(game: Game, seat: int, at: float) -> None:
    """Every other seat votes on ``seat``'s claims: the odd seats against."""
    for word in game.round.player(seat).claims or ():
        for voter in range(len(game.round.players)):
            if voter != seat and game.phase is Phase.VOTING:
                vote = a.Vote(seat=voter, claimant=seat, word=word, accept=voter % 2 == 0, at=at)
                game.apply(vote)


def _race_to_the_end(game: Game, seat: int, at: float) -> None:
    """MIXMO after MIXMO by ``seat`` until the round ends (the last one is the final MIXMO)."""
    settle_theme(game)
    number = game.round.number
    for _ in range(60):
        if game.round.number != number or game.phase is not Phase.PLAYING:
            return
        lay_out(game, seat, at)
        game.apply(a.CallMixmo(seat=seat, at=at))
        settle_theme(game)


STEPS: list[Step] = [
    _race_to_the_end,
    _place,
    _place,
    lambda game, seat, at: lay_out(game, seat, at),
    lambda game, seat, at: game.apply(a.CallMixmo(seat=seat, at=at)),
    lambda game, seat, at: game.apply(a.SayStuck(seat=seat, at=at)),
    lambda game, seat, at: game.apply(a.TakeHint(seat=seat, at=at)),
    lambda game, seat, at: game.apply(a.FinishSprint(seat=seat, at=at)),
    _take_back,
    lambda game, seat, at: settle_theme(game),
    lambda game, seat, at: claim_first_words(game),
    _vote,
    lambda game, seat, at: game.apply(a.CloseVoting(seat=seat, at=at)),
    lambda game, seat, at: game.apply(a.NextRound(seat=seat, at=at)),
]


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A seeded game of 2 to 6 players after some dozens of steps, many against the rules."""
    players = draw(st.integers(2, 6))
    game = new_game(
        players,
        seed=draw(st.integers(0, 10_000) | st.text(max_size=8)),
        variant=draw(st.sampled_from(["classic", "expert", "free-spirit"])),
        scoring=draw(st.sampled_from(["points", "rounds"])),
        target=draw(st.integers(1, 3)),
    )
    at = 0.0
    for step, seat in draw(st.lists(st.tuples(st.sampled_from(STEPS), st.integers(0, 5)), max_size=60)):  # fmt: skip
        at += draw(st.sampled_from([0.25, 1.5, 40.0]))
        with contextlib.suppress(GameRuleError):
            step(game, seat % players, at)
    return game


RANDOM_GAMES = settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@RANDOM_GAMES
@given(games())
def test_a_match_state_written_and_read_back_is_the_same_state(game: Game) -> None:
    data = match_data(game.state)
    assert read_match(data) == game.state
    assert read_match(orjson.dumps(data)) == game.state
    assert read_match(json.dumps(data)) == game.state


@RANDOM_GAMES
@given(games())
def test_the_writer_writes_what_the_models_that_read_it_write(game: Game) -> None:
    data = match_data(game.state)
    assert MatchModel.model_validate(data).model_dump(mode="json") == data
    for seat in (*range(len(game.options.players)), None):
        seen = match_data(game.state, seat_viewer(seat))
        assert MatchModel.model_validate(seen).model_dump(mode="json") == seen
    assert MatchModel.of(game.state).model_dump(mode="json") == data


@RANDOM_GAMES
@given(games())
def test_each_seat_reads_its_own_rack_the_others_sizes_and_neither_bag_nor_seed(
    game: Game,
) -> None:
    state, maker = game.state, ViewMaker(game.options)
    racks = ["".join(t.symbol for t in p.rack) for p in state.round.players]
    for viewer in (*range(len(racks)), None):
        sent = SeatView.model_validate_json(maker.view_json(state, viewer, 2.5))
        assert sent == maker.view(state, viewer, 2.5)
        seen = view_state(sent)
        assert [p.rack == "" for p in sent.state.round.players] == [
            seat != viewer or not rack for seat, rack in enumerate(racks)
        ]
        assert sent.rack_sizes == [len(rack) for rack in racks]
        assert sent.state.round.bag == "" and sent.options.seed == HIDDEN_SEED
        assert sent.bag_left == len(state.round.bag)
        if viewer is not None:
            assert seen.round.player(viewer) == state.round.player(viewer)
        others = [p.with_(rack=(), last_drawn=()) for p in state.round.players]
        assert [p.with_(rack=(), last_drawn=()) for p in seen.round.players] == others
