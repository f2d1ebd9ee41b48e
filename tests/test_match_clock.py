"""The match clock is in the state: game time runs from the match's start (0), and each
round keeps when it was dealt and when it was scored, so its duration is its own."""

from __future__ import annotations

import json

from mixmo.engine import actions as a
from mixmo.engine.save import dumps, loads
from mixmo.engine.state import Phase
from tests.game_helpers import new_game, win_a_round


def test_a_rounds_duration_is_from_its_own_start() -> None:
    game = new_game(2, seed=2, target=5000)
    assert game.round.started_at == 0.0 and game.round.ended_at is None
    first_end = win_a_round(game, 0.0)
    assert game.phase is Phase.SCORED
    assert game.round.ended_at == first_end and game.round.duration == first_end
    game.apply(a.NextRound(seat=0, at=first_end + 30))
    assert game.round.number == 2 and game.round.started_at == first_end + 30
    assert game.round.ended_at is None and game.round.duration is None
    second_end = win_a_round(game, first_end + 30)
    assert game.round.duration == second_end - (first_end + 30) < second_end


def test_the_score_sheet_of_the_last_scored_round_is_in_the_state() -> None:
    game = new_game(2, seed=2, target=5000)
    win_a_round(game, 0.0)
    scored = next(e for e in reversed(game.events) if hasattr(e, "scores"))
    assert game.round.scores == scored.scores and len(scored.scores) == 2
    resumed = loads(dumps(game), lexicon=game.lexicon)
    assert resumed.round.scores == scored.scores and resumed.state == game.state


def test_a_save_written_before_the_match_clock_loads_with_it_from_its_log() -> None:
    game = new_game(2, seed=2, target=5000)
    first_end = win_a_round(game, 0.0)
    game.apply(a.NextRound(seat=0, at=first_end + 30))
    win_a_round(game, first_end + 30)
    saved = json.loads(dumps(game))
    for name in ("started_at", "ended_at", "scores"):  # what an older mixmo did not write
        del saved["state"]["round"][name]
    resumed = loads(json.dumps(saved), lexicon=game.lexicon)
    assert resumed.state == game.state and resumed.round.started_at == first_end + 30
