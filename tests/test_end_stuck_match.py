"""A match that cannot end may be ended at the scores, with the standings as they are
(mixmo.engine.stuck; the offer a person against bots gets in tests/tui/test_bots_stuck_match.py).

STUCK_ROUNDS rounds in a row that bring nobody nearer the target (no winner; to points,
no points either) are the rule at which `mixmo play --headless` gives up: the same
count lets a table stop. A lone leader wins; a tie at the top leaves no winner.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.cli.common import load_lexicon
from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.bot import Level
from mixmo.engine.game import Game
from mixmo.engine.game_errors import MatchNotStuckError, WrongPhaseError
from mixmo.engine.headless import BotsStuck, play_headless
from mixmo.engine.options import MatchOptions, ScoringMode
from mixmo.engine.save import dumps, loads
from mixmo.engine.state import Phase, RoundResult
from mixmo.engine.stuck import STUCK_ROUNDS


def stuck_game(tmp_path: Path, scoring: ScoringMode = ScoringMode.ROUNDS) -> Game:
    """Two bots with a word list of two words, played until the match is called stuck:
    the last round's scores are up."""
    words = tmp_path / "small.txt"
    words.write_text("cat\ndog\n")
    options = MatchOptions(
        players=("Ann", "Bob"),
        scoring=scoring,
        target=1 if scoring is ScoringMode.ROUNDS else 100,
        language="en",
        dictionary=str(words),
        seed=1,
    )
    game = Game(options, load_lexicon(str(words), "en"))
    with pytest.raises(BotsStuck):
        play_headless(options, Level.NORMAL, game)
    assert game.phase is Phase.SCORED
    return game


def with_results(game: Game, *results: tuple[int | None, tuple[int, int]]) -> None:
    """The match as if these rounds (winner, points) had been played (what the rule reads)."""
    rounds = tuple(RoundResult(n, w, p) for n, (w, p) in enumerate(results, start=1))
    totals = tuple(sum(points[seat] for _, points in results) for seat in range(2))
    won = tuple(sum(1 for winner, _ in results if winner == seat) for seat in range(2))
    game.state = game.state.with_(results=rounds, totals=totals, rounds_won=won)


def test_a_stuck_match_ends_at_the_scores_with_no_winner_when_nobody_leads(tmp_path) -> None:
    game = stuck_game(tmp_path)
    events = game.apply(act.EndStuckMatch(seat=0, at=1.0))
    assert game.phase is Phase.MATCH_OVER
    assert game.state.winner is None, "0 rounds won each: nobody wins"
    assert events == [ev.MatchOver(None, (0, 1))]


def test_a_lone_leader_wins_the_stuck_match(tmp_path) -> None:
    game = stuck_game(tmp_path, ScoringMode.POINTS)
    with_results(game, (1, (0, 12)), *[(None, (0, 0))] * STUCK_ROUNDS)
    game.apply(act.EndStuckMatch(seat=0, at=1.0))
    assert game.state.winner == 1, "Bob leads alone, on points"


def test_a_match_that_can_still_end_cannot_be_ended_early(tmp_path) -> None:
    game = stuck_game(tmp_path)
    with_results(game, *[(None, (0, 0))] * (STUCK_ROUNDS - 1))
    with pytest.raises(MatchNotStuckError):
        game.apply(act.EndStuckMatch(seat=0, at=1.0))
    assert game.phase is Phase.SCORED, "refused: the game is unchanged"


def test_a_stuck_match_is_ended_at_the_scores_only(tmp_path) -> None:
    game = stuck_game(tmp_path)
    game.apply(act.NextRound(seat=0, at=1.0))
    with pytest.raises(WrongPhaseError):
        game.apply(act.EndStuckMatch(seat=0, at=2.0))


def test_an_ended_match_is_saved_as_over(tmp_path) -> None:
    game = stuck_game(tmp_path)
    game.apply(act.EndStuckMatch(seat=1, at=1.0))
    again = loads(dumps(game), game.lexicon)
    assert again.phase is Phase.MATCH_OVER and again.state.winner is None
    assert again.log[-1] == act.EndStuckMatch(seat=1, at=1.0)
