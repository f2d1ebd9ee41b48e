"""What a table waits for, and what is chosen for a player who runs out of time.

Play stops for the Bandit's theme, the claims after a final MIXMO, the votes and the
scores; a room gives each wait ``wait_seconds`` of game time, then chooses for whoever
is still waited for (a built-in theme, no claim, the votes as they stand, the next
round), so one absent player never holds the table."""

from __future__ import annotations

from mixmo.engine import actions as a
from mixmo.engine import events as ev
from mixmo.engine.game import Game
from mixmo.engine.state import Phase
from mixmo.engine.themes import builtin_themes
from mixmo.engine.waits import WaitKind, last_draw_warning, overdue, stand_ins, waiting
from tests.game_helpers import call_final_mixmo, lay_out, new_game, play_until_bag_is_empty

BANDIT = "!"


def bandit_game(**options: object) -> Game:
    for seed in range(300):
        game = new_game(seed=seed, **options)
        if game.phase is Phase.CHOOSING_THEME:
            return game
    raise AssertionError("no opening Bandit")


def run_out(game: Game, now: float) -> list[a.Action]:
    """The stand-ins of the wait that ran out at ``now``, applied as a room applies them."""
    wait = overdue(game.state, game.options, now)
    assert wait is not None
    actions = stand_ins(game.state, game.options, wait)
    for action in actions:
        game.apply(action.stamped(now))
    return actions


def test_the_bandits_drawer_who_runs_out_of_time_gets_a_built_in_theme() -> None:
    game = bandit_game(wait_seconds=30)
    seat = game.round.bandit_seat
    assert seat is not None
    wait = waiting(game.state, game.options)
    assert wait is not None and (wait.kind, wait.seats, wait.until) == (WaitKind.THEME, (seat,), 30)
    assert str(wait.message(["Bob"])) == "waiting for Bob to choose a theme"
    assert wait.left(12.0) == 18.0
    assert overdue(game.state, game.options, 29.9) is None
    run_out(game, 30.0)
    assert game.phase is Phase.PLAYING
    titles = {t.title for t in builtin_themes("en").values()}
    assert game.round.theme in titles and game.round.theme_list is not None


def test_one_keyboard_has_no_limit_on_a_wait() -> None:
    game = bandit_game()
    wait = waiting(game.state, game.options)
    assert wait is not None and wait.until is None
    assert overdue(game.state, game.options, 10_000.0) is None


def test_claims_wait_for_those_who_have_not_claimed_and_run_out_as_no_claim() -> None:
    game = new_game(3, seed=9, target=1000, wait_seconds=40)
    at = call_final_mixmo(game)
    assert game.phase is Phase.CLAIMING, "seed 9 plays a theme"
    assert game.round.waiting_since == at
    game.apply(a.ClaimThemeWords(seat=0, words=(), at=at + 3))
    wait = waiting(game.state, game.options)
    assert wait is not None and (wait.kind, wait.seats, wait.until) == (
        WaitKind.CLAIMS,
        (1, 2),
        at + 40,
    )
    run_out(game, at + 40)
    claimed = [(e.seat, e.words) for e in game.events if isinstance(e, ev.ThemeClaimed)]
    assert claimed[-2:] == [(1, ()), (2, ())]
    assert game.phase is not Phase.CLAIMING  # nothing to vote on: the verdict is given


def test_votes_not_cast_in_time_follow_the_list_and_the_round_is_scored() -> None:
    game = new_game(3, seed=9, target=1000, wait_seconds=40)
    at = call_final_mixmo(game)
    words = [v.text for v in game.check_grid(0).words if v.valid][:1]
    game.apply(a.ClaimThemeWords(seat=0, words=tuple(words), at=at))
    game.apply(a.ClaimThemeWords(seat=1, words=(), at=at + 1))
    game.apply(a.ClaimThemeWords(seat=2, words=(), at=at + 2))
    assert game.phase is Phase.VOTING
    game.apply(a.Vote(seat=1, claimant=0, word=words[0], accept=True, at=at + 3))
    wait = waiting(game.state, game.options)
    assert wait is not None and (wait.kind, wait.seats, wait.since) == (
        WaitKind.VOTES,
        (2,),
        at + 2,
    )
    run_out(game, at + 42)
    assert game.phase is Phase.SCORED


def test_the_scores_wait_for_the_players_not_ready_then_the_next_round_is_dealt() -> None:
    game = new_game(2, seed=3, variant="free-spirit", wait_seconds=60)
    at = call_final_mixmo(game)
    assert game.phase is Phase.SCORED and game.round.waiting_since == at
    wait = waiting(game.state, game.options, ready={0})
    assert wait is not None and (wait.kind, wait.seats) == (WaitKind.SCORES, (1,))
    assert str(wait.message(["Bob"])) == "waiting for Bob to read the scores"
    assert overdue(game.state, game.options, at + 59, ready={0}) is None
    run_out(game, at + 60)
    assert game.round.number == 2 and game.round.started_at == at + 60
    assert game.round.waiting_since is None


def test_the_header_warns_when_the_next_mixmo_ends_the_round() -> None:
    game = new_game(2, seed=3, variant="free-spirit")
    assert last_draw_warning(game.round, len(game.round.bag)) is None
    at = play_until_bag_is_empty(game)
    lay_out(game, 0, at)
    assert str(last_draw_warning(game.round, len(game.round.bag))) == (
        "bag empty: the next MIXMO ends the round"
    )
