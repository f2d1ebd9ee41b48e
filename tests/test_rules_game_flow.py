"""A whole game, rule by rule (rulebook: How to Play, Special Cases, End of the Game)."""

from __future__ import annotations

from collections import Counter

import pytest

from mixmo.engine import actions as a
from mixmo.engine import events as ev
from mixmo.engine.game import (
    CellTakenError,
    ClaimError,
    NoTileThereError,
    OffBoardError,
    PlayerLockedError,
    TileNotInRackError,
    WrongPhaseError,
)
from mixmo.engine.lexicon import AnyWord, WordList
from mixmo.engine.options import MatchOptions, RoundsToPlayError
from mixmo.engine.state import Phase
from mixmo.engine.tiles import BANDIT, JOKER, Tile, TileKind
from tests.game_helpers import (
    call_final_mixmo,
    claim_first_words,
    english_lines,
    lay_out,
    new_game,
    play_until_bag_is_empty,
    settle_theme,
)


def kinds(events: list[ev.Event]) -> list[str]:
    return [type(event).__name__ for event in events]


def seed_without_opening_bandit(players: int = 2) -> int:
    """A seed whose opening draw leaves the Bandit in the bag (no theme to choose first)."""
    for seed in range(100):
        game = new_game(players, seed=seed)
        if game.phase is Phase.PLAYING:
            return seed
    raise AssertionError("no such seed")


# --- setup -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_player_draws_6_tiles_at_the_start(players: int) -> None:
    game = new_game(players, seed=1)
    assert [len(p.rack) for p in game.round.players] == [6] * players
    assert len(game.round.bag) == 120 - 6 * players
    assert kinds(game.events)[0] == "RoundStarted"
    assert game.tile_counts_ok()


def test_mixmo_is_played_by_2_to_6_players_with_distinct_names() -> None:
    with pytest.raises(ValueError):
        MatchOptions(players=("Solo",))
    with pytest.raises(ValueError):
        MatchOptions(players=tuple("ABCDEFG"))
    with pytest.raises(ValueError, match="same name"):
        MatchOptions(players=("Ann", "ann"))


def test_the_same_seed_deals_the_same_tiles() -> None:
    first, again = new_game(3, seed=7), new_game(3, seed=7)
    assert first.state == again.state
    assert new_game(3, seed=8).state != first.state


# --- editing the grid ----------------------------------------------------------------


def test_a_player_places_a_tile_from_their_rack_on_a_free_cell() -> None:
    game = new_game(seed=seed_without_opening_bandit())
    tile = game.round.player(0).rack[0]
    events = game.apply(a.PlaceTile(seat=0, row=3, col=-2, symbol=tile.symbol))
    assert game.round.player(0).grid[(3, -2)] == tile
    assert len(game.round.player(0).rack) == 5
    assert events == [ev.GridChanged(0, ((3, -2),))]


def test_an_illegal_action_raises_a_named_error_and_changes_nothing() -> None:
    game = new_game(seed=seed_without_opening_bandit())
    rack = game.round.player(0).rack
    game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=rack[0].symbol))
    before, log, history = game.state, list(game.log), list(game.events)
    missing = next(letter for letter in "QZXWKJ" if Tile.from_symbol(letter) not in rack)
    with pytest.raises(TileNotInRackError):
        game.apply(a.PlaceTile(seat=0, row=5, col=5, symbol=missing))
    with pytest.raises(CellTakenError):
        game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=rack[1].symbol))
    with pytest.raises(NoTileThereError):
        game.apply(a.TakeBack(seat=0, cells=((9, 9),)))
    assert game.state is before and game.log == log and game.events == history


def test_a_block_of_tiles_moves_together() -> None:
    game = new_game(seed=seed_without_opening_bandit())
    lay_out(game, 0)
    cells = tuple((0, col) for col in range(3))
    game.apply(a.MoveTiles(seat=0, cells=cells, drow=2, dcol=1))
    grid = game.round.player(0).grid
    assert {(2, 1), (2, 2), (2, 3), (0, 3), (0, 4), (0, 5)} == set(grid)
    with pytest.raises(CellTakenError):
        game.apply(a.MoveTiles(seat=0, cells=((2, 1),), drow=-2, dcol=2))


def test_no_tile_goes_past_the_board_s_reach_placed_moved_or_flipped() -> None:
    game = new_game(seed=seed_without_opening_bandit())
    first, second = game.round.player(0).rack[:2]
    with pytest.raises(OffBoardError, match="row 1001, column 0 is off the board"):
        game.apply(a.PlaceTile(seat=0, row=a.BOARD + 1, col=0, symbol=first.symbol))
    game.apply(a.PlaceTile(seat=0, row=a.BOARD, col=0, symbol=first.symbol))
    game.apply(a.PlaceTile(seat=0, row=a.BOARD, col=1, symbol=second.symbol))
    before = game.state
    with pytest.raises(OffBoardError):
        game.apply(a.MoveTiles(seat=0, cells=((a.BOARD, 0),), drow=1, dcol=0))
    with pytest.raises(OffBoardError):  # the row of two turns into a column down the edge
        game.apply(a.FlipTiles(seat=0, cells=((a.BOARD, 0), (a.BOARD, 1))))
    assert game.state is before
    game.apply(a.MoveTiles(seat=0, cells=((a.BOARD, 0), (a.BOARD, 1)), drow=-2 * a.BOARD, dcol=0))
    assert set(game.round.player(0).grid) == {(-a.BOARD, 0), (-a.BOARD, 1)}


def test_tiles_go_back_to_the_rack_and_a_declared_joker_becomes_a_joker_again() -> None:
    game = new_game(seed=next(s for s in range(200) if JOKER in new_game(seed=s).round.player(0).rack
                              and new_game(seed=s).phase is Phase.PLAYING))  # fmt: skip
    game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol="e"))
    assert game.round.player(0).grid[(0, 0)] == Tile(TileKind.JOKER, "E")
    game.apply(a.TakeBack(seat=0, cells=((0, 0),)))
    assert JOKER in game.round.player(0).rack


def test_the_whole_grid_can_be_taken_apart() -> None:
    game = new_game(seed=seed_without_opening_bandit())
    lay_out(game, 0)
    game.apply(a.TakeApart(seat=0))
    assert len(game.round.player(0).grid) == 0
    assert len(game.round.player(0).rack) == 6


# --- MIXMO ----------------------------------------------------------------------------


def test_mixmo_makes_every_player_draw_2_in_seat_order_from_the_caller() -> None:
    game = new_game(4, seed=seed_without_opening_bandit(4))
    lay_out(game, 2)
    events = game.apply(a.CallMixmo(seat=2, at=3.0))
    draws = [e.seat for e in events if isinstance(e, ev.TilesDrawn)]
    assert draws == [2, 3, 0, 1]
    assert [len(p.rack) for p in game.round.players] == [8, 8, 2, 8]
    assert "HastyCall" not in kinds(events)


def test_a_hasty_call_keeps_the_draw_and_locks_the_caller_until_the_next_mixmo() -> None:
    game = new_game(3, seed=seed_without_opening_bandit(3))
    events = game.apply(a.CallMixmo(seat=1, at=1.0))  # six tiles still on the rack
    assert kinds(events)[-2:] == ["HastyCall", "PlayerLocked"]
    assert "tiles not placed" in str(events[-2].reasons[0])  # type: ignore[attr-defined]
    assert [len(p.rack) for p in game.round.players] == [8, 8, 8]
    with pytest.raises(PlayerLockedError):
        game.apply(a.PlaceTile(seat=1, row=0, col=0, symbol=game.round.player(1).rack[0].symbol))
    with pytest.raises(PlayerLockedError):
        game.apply(a.CallMixmo(seat=1, at=2.0))
    lay_out(game, 0)
    events = game.apply(a.CallMixmo(seat=0, at=9.0))
    assert ev.PlayerUnlocked(1) in events
    assert game.round.player(1).may_act


def test_an_invalid_grid_makes_a_hasty_call() -> None:
    game = new_game(seed=seed_without_opening_bandit(), lexicon=AnyWord())
    rack = game.round.player(0).rack
    for i, tile in enumerate(rack):  # a gap in the middle: two groups
        game.apply(a.PlaceTile(seat=0, row=0, col=i + (i >= 3), symbol=tile.symbol))
    events = game.apply(a.CallMixmo(seat=0, at=1.0))
    assert "HastyCall" in kinds(events)
    assert any("separate groups" in str(r) for r in events[-2].reasons)  # type: ignore[attr-defined]


def test_simultaneous_mixmo_calls_make_a_single_draw() -> None:
    game = new_game(3, seed=seed_without_opening_bandit(3), mixmo_window=1.0)
    lay_out(game, 0)
    lay_out(game, 1)
    game.apply(a.CallMixmo(seat=0, at=10.0))
    events = game.apply(a.CallMixmo(seat=1, at=10.6))
    assert kinds(events) == ["MixmoCalled", "SimultaneousMixmo"]
    assert [len(p.rack) for p in game.round.players] == [2, 2, 8]


def test_a_call_after_the_window_is_a_new_mixmo() -> None:
    game = new_game(3, seed=seed_without_opening_bandit(3), mixmo_window=1.0)
    lay_out(game, 0)
    lay_out(game, 1)
    game.apply(a.CallMixmo(seat=0, at=10.0))
    events = game.apply(a.CallMixmo(seat=1, at=12.0))
    assert "SimultaneousMixmo" not in kinds(events)
    assert "HastyCall" in kinds(events), "two tiles from the first draw are not placed"


def test_general_deadlock_draws_2_for_everyone() -> None:
    game = new_game(3, seed=seed_without_opening_bandit(3))
    game.apply(a.SayStuck(seat=0))
    game.apply(a.SayStuck(seat=1))
    game.apply(a.SayStuck(seat=1, stuck=False))
    game.apply(a.SayStuck(seat=1))
    events = game.apply(a.SayStuck(seat=2))
    assert kinds(events)[:2] == ["PlayerStuck", "DeadlockDraw"]
    assert [len(p.rack) for p in game.round.players] == [8, 8, 8]
    assert not any(p.stuck for p in game.round.players)


def test_a_locked_player_is_not_counted_in_a_deadlock() -> None:
    game = new_game(3, seed=seed_without_opening_bandit(3))
    game.apply(a.CallMixmo(seat=2, at=1.0))  # hasty: seat 2 locked
    game.apply(a.SayStuck(seat=0))
    events = game.apply(a.SayStuck(seat=1))
    assert "DeadlockDraw" in kinds(events)


def lay_out_in_two_groups(game, seat: int, at: float = 0.0) -> None:
    """Place every rack tile of ``seat`` on row 0 with a gap after the third: an invalid grid."""
    for i, tile in enumerate(game.round.player(seat).rack):
        game.apply(a.PlaceTile(seat=seat, row=0, col=i + (i >= 3), symbol=tile.symbol, at=at))


def test_a_mixmo_called_after_laying_the_new_tiles_is_a_new_mixmo_even_within_the_window() -> None:
    # Simultaneous means at the same draw: Bob, whose rack was empty when Ann's draw came,
    # lays his 2 new tiles and calls 0.6 s later. That is a second MIXMO, and everyone draws.
    game = new_game(2, seed=seed_without_opening_bandit(), mixmo_window=1.0)
    lay_out(game, 0)
    lay_out(game, 1)
    game.apply(a.CallMixmo(seat=0, at=10.0))
    lay_out(game, 1, at=10.3)
    events = game.apply(a.CallMixmo(seat=1, at=10.6))
    assert "SimultaneousMixmo" not in kinds(events)
    assert [e.seat for e in events if isinstance(e, ev.TilesDrawn)] == [1, 0]
    assert [len(p.rack) for p in game.round.players] == [4, 2]


def test_when_every_player_is_locked_a_special_mixmo_draws_2_and_ends_the_locks() -> None:
    # Ann calls with a tile left on her rack; Bob, ready at that draw, calls at the same
    # time with an invalid grid. Nobody may act: the table's special MIXMO (General
    # Deadlock) draws 2 for everyone and ends both locks ("until the next MIXMO").
    game = new_game(2, seed=seed_without_opening_bandit(), mixmo_window=1.0)
    lay_out_in_two_groups(game, 1)
    ann = game.round.player(0).rack
    for col, tile in enumerate(ann[:-1]):
        game.apply(a.PlaceTile(seat=0, row=0, col=col, symbol=tile.symbol))
    game.apply(a.CallMixmo(seat=0, at=10.0))
    assert game.round.player(0).locked
    settle_theme(game)
    events = game.apply(a.CallMixmo(seat=1, at=10.5))
    assert kinds(events)[:4] == ["MixmoCalled", "HastyCall", "PlayerLocked", "DeadlockDraw"]
    assert all(p.may_act for p in game.round.players)
    assert [len(p.rack) for p in game.round.players] == [5, 4]
    game.apply(a.SayStuck(seat=0, at=11.0))  # both seats act again
    game.apply(a.CallMixmo(seat=1, at=20.0))


# --- the Bandit --------------------------------------------------------------------------


def bandit_game(**options: object):
    for seed in range(300):
        game = new_game(seed=seed, **options)
        if any(BANDIT in p.rack for p in game.round.players):
            return game
    raise AssertionError("no opening Bandit")


def test_whoever_draws_the_bandit_chooses_a_theme_while_play_waits() -> None:
    game = bandit_game()
    seat = game.round.bandit_seat
    assert seat is not None and game.phase is Phase.CHOOSING_THEME
    assert "BanditDrawn" in kinds(game.events)
    with pytest.raises(WrongPhaseError):
        game.apply(
            a.PlaceTile(seat=seat, row=0, col=0, symbol=game.round.player(seat).rack[0].symbol)
        )
    with pytest.raises(WrongPhaseError, match="drew the Bandit"):
        game.apply(a.ChooseTheme(seat=1 - seat, theme="music"))
    events = game.apply(a.ChooseTheme(seat=seat, theme="  Wild   animals "))
    assert events == [ev.ThemeSet(seat, "Wild animals", None)]
    assert game.phase is Phase.PLAYING and game.round.theme == "Wild animals"


def test_free_spirit_announces_no_theme_and_the_bandit_stays() -> None:
    game = bandit_game(variant="free-spirit")
    assert game.phase is Phase.PLAYING
    assert "BanditDrawn" in kinds(game.events)
    assert game.round.theme is None


# --- the end of a round ------------------------------------------------------------------


def finish_round(game, caller: int = 0) -> list[ev.Event]:
    at = play_until_bag_is_empty(game, caller)
    lay_out(game, caller, at)
    events = game.apply(a.CallMixmo(seat=caller, at=at + 5))
    if game.phase is Phase.CLAIMING:
        claim_first_words(game)
    if game.phase is Phase.VOTING:
        game.apply(a.CloseVoting(seat=0))
    return events


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_when_the_bag_is_empty_the_next_mixmo_is_final(players: int) -> None:
    game = new_game(players, seed=3, target=1000)
    events = finish_round(game)
    assert "FinalMixmo" in kinds(events)
    assert not [e for e in events if isinstance(e, ev.TilesDrawn)]
    assert game.phase is Phase.SCORED
    assert game.round.winner == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_player_ends_with_the_tiles_per_player_of_the_table(players: int) -> None:
    game = new_game(players, seed=4, target=1000)
    finish_round(game)
    expected = {2: 60, 3: 40, 4: 30, 5: 24, 6: 20}[players]
    assert [len(p.rack) + len(p.grid) for p in game.round.players] == [expected] * players
    assert game.tile_counts_ok()


def test_the_winner_scores_with_the_points_option() -> None:
    game = new_game(2, seed=5, target=1000)
    finish_round(game)
    scored = next(e for e in reversed(game.events) if isinstance(e, ev.RoundScored))
    winner = scored.scores[0]
    assert ("round won", 20) in english_lines(winner)
    assert winner.valid
    assert game.state.totals[0] == winner.total


def test_a_wrong_final_mixmo_costs_20_points_and_play_goes_on() -> None:
    game = new_game(2, seed=6, target=1000)
    at = play_until_bag_is_empty(game, caller=0)
    events = game.apply(a.CallMixmo(seat=1, at=at + 1))  # seat 1 still holds tiles
    rejected = next(e for e in events if isinstance(e, ev.FinalCallRejected))
    assert rejected.penalty == -20
    assert game.phase is Phase.PLAYING and game.round.player(1).out
    lay_out(game, 0, at)
    game.apply(a.CallMixmo(seat=0, at=at + 9))
    claim_first_words(game) if game.phase is Phase.CLAIMING else None
    if game.phase is Phase.VOTING:
        game.apply(a.CloseVoting(seat=1))
    assert game.round.winner == 0
    scored = next(e for e in reversed(game.events) if isinstance(e, ev.RoundScored))
    assert ("final MIXMO with an invalid grid", -20) in english_lines(scored.scores[1])


def test_rounds_option_a_wrong_final_call_puts_the_caller_out_and_costs_a_won_round() -> None:
    game = new_game(3, seed=8, scoring="rounds", target=3)
    at = play_until_bag_is_empty(game, caller=0)
    game.apply(a.CallMixmo(seat=2, at=at + 1))
    assert game.round.player(2).out
    lay_out(game, 0, at)
    game.apply(a.CallMixmo(seat=0, at=at + 9))
    if game.phase is Phase.CLAIMING:
        claim_first_words(game)
    if game.phase is Phase.VOTING:
        game.apply(a.CloseVoting(seat=0))
    assert game.state.rounds_won == (1, 0, -1)
    events = game.apply(a.NextRound(seat=0))
    assert events[0] == ev.RoundStarted(2)
    assert len(game.round.player(2).rack) == 6
    assert game.expected_tiles_per_player() == 40


def test_theme_claims_are_judged_by_majority_and_a_tie_accepts() -> None:
    game = new_game(3, seed=9, target=1000)
    at = play_until_bag_is_empty(game, caller=0)
    if game.round.theme is None:
        pytest.skip("the Bandit came out only in the last draw")
    lay_out(game, 0, at)
    game.apply(a.CallMixmo(seat=0, at=at + 5))
    claim_first_words(game)
    claimed = game.round.player(0).claims
    assert claimed
    with pytest.raises(ClaimError):
        game.apply(a.Vote(seat=0, claimant=0, word=claimed[0], accept=True))
    game.apply(a.Vote(seat=1, claimant=0, word=claimed[0], accept=False))
    game.apply(a.Vote(seat=2, claimant=0, word=claimed[0], accept=True))
    if game.phase is Phase.VOTING:
        game.apply(a.CloseVoting(seat=0))
    judged = next(e for e in game.events if isinstance(e, ev.ClaimJudged) and e.claimant == 0)
    assert (judged.votes_for, judged.votes_against, judged.accepted) == (1, 1, True)


def test_a_rejected_theme_word_makes_the_final_grid_invalid() -> None:
    game = new_game(2, seed=10, target=1000)
    call_final_mixmo(game)
    assert game.phase is Phase.CLAIMING
    claim_first_words(game)
    word = game.round.player(0).claims[0]
    events = game.apply(a.Vote(seat=1, claimant=0, word=word, accept=False))
    rejected = next(e for e in events if isinstance(e, ev.FinalCallRejected))
    assert any("no word claimed on it" in str(reason) for reason in rejected.reasons)
    assert game.phase is Phase.PLAYING and game.round.player(0).out


def test_a_claim_must_be_a_valid_word_of_the_grid() -> None:
    game = new_game(2, seed=10, target=1000)
    call_final_mixmo(game)
    with pytest.raises(ClaimError, match="not a valid word"):
        game.apply(a.ClaimThemeWords(seat=0, words=("NOTINMYGRID",)))


def test_expert_final_sprint_takes_back_one_unfinished_word(english: WordList) -> None:
    game = new_game(2, seed=11, variant="expert", target=1000)
    at = play_until_bag_is_empty(game, caller=0)
    lay_out(game, 1, at)  # seat 1's row of tiles
    rack_before = len(game.round.player(1).rack)
    lay_out(game, 0, at)
    events = game.apply(a.CallMixmo(seat=0, at=at + 5))
    assert kinds(events)[-1] == "SprintStarted" and game.phase is Phase.SPRINT
    with pytest.raises(WrongPhaseError):
        game.apply(a.TakeApart(seat=1))
    game.lexicon = english  # by which seat 1's row of drawn tiles is no word: unfinished
    word = game.round.player(1).grid.words()[0]
    game.apply(a.FinishSprint(seat=1, word_cells=word.cells))
    assert len(game.round.player(1).grid) == 0
    assert len(game.round.player(1).rack) == rack_before + len(word)
    assert game.phase in (Phase.CLAIMING, Phase.SCORED)


# --- the match --------------------------------------------------------------------------


def test_points_option_the_first_to_reach_the_target_wins_the_match() -> None:
    game = new_game(2, seed=12, target=50)
    finish_round(game)
    assert game.phase is Phase.MATCH_OVER
    over = game.events[-1]
    assert isinstance(over, ev.MatchOver) and over.winner == 0 and over.standings[0] == 0


def test_rounds_option_the_first_to_win_n_rounds_wins_the_match() -> None:
    game = new_game(2, seed=13, scoring="rounds", target=2)
    finish_round(game)
    assert game.phase is Phase.SCORED
    first_bag = game.round.bag
    game.apply(a.NextRound(seat=1))
    assert game.round.number == 2 and game.round.bag != first_bag
    finish_round(game)
    assert game.phase is Phase.MATCH_OVER and game.state.winner == 0


def play_rounds(game, winners: list[int]) -> None:
    """Play one round per entry of ``winners``, each won by that seat."""
    for winner in winners:
        if game.phase is Phase.SCORED:
            game.apply(a.NextRound(seat=0))
        finish_round(game, caller=winner)
        assert game.round.winner == winner


def test_rounds_option_french_form_the_most_rounds_won_of_n_rounds_wins_the_match() -> None:
    # "Mettez-vous d'accord sur un nombre de manches à jouer. Le joueur qui aura gagné
    # le maximum de manches remporte la partie." The target plays no part.
    game = new_game(2, seed=13, scoring="rounds", rounds_to_play=3, target=1)
    play_rounds(game, [0, 1])
    assert game.phase is Phase.SCORED, "two rounds of three: the match goes on"
    play_rounds(game, [0])
    assert game.phase is Phase.MATCH_OVER and game.state.winner == 0
    assert game.state.rounds_won == (2, 1)
    assert len(game.state.results) == 3


def test_rounds_option_french_form_a_tie_at_the_top_plays_on_until_one_player_leads() -> None:
    game = new_game(2, seed=13, scoring="rounds", rounds_to_play=2)
    play_rounds(game, [0, 1])
    assert game.phase is Phase.SCORED and game.state.rounds_won == (1, 1)
    play_rounds(game, [1])
    assert game.phase is Phase.MATCH_OVER and game.state.winner == 1


def test_rounds_to_play_is_a_form_of_the_rounds_option_only() -> None:
    with pytest.raises(RoundsToPlayError):
        MatchOptions(players=("Ann", "Bob"), scoring="points", rounds_to_play=3)  # type: ignore[arg-type]


def test_events_reach_subscribers_in_order() -> None:
    game = new_game(3, seed=seed_without_opening_bandit(3))
    seen: list[ev.Event] = []
    game.subscribe(seen.append)
    lay_out(game, 0)
    game.apply(a.CallMixmo(seat=0, at=4.0))
    settle_theme(game)
    assert seen == game.events[-len(seen) :]
    assert Counter(kinds(seen))["TilesDrawn"] == 3


def test_a_wrong_final_mixmo_ends_earlier_hasty_call_locks() -> None:
    game = new_game(3, seed=14, target=1000)
    at = 0.0
    settle_theme(game)
    while len(game.round.bag) > 6:
        lay_out(game, 0, at)
        at += 5.0
        game.apply(a.CallMixmo(seat=0, at=at))
        settle_theme(game)
    game.apply(a.CallMixmo(seat=1, at=at + 5))  # a hasty call that makes the last draw
    settle_theme(game)
    assert not len(game.round.bag) and game.round.player(1).locked
    events = game.apply(a.CallMixmo(seat=2, at=at + 9))  # a wrong final MIXMO
    assert "FinalCallRejected" in kinds(events) and ev.PlayerUnlocked(1) in events
    assert game.round.player(1).may_act and game.phase is Phase.PLAYING


def test_when_nobody_may_act_after_a_wrong_final_the_round_is_scored_without_a_winner() -> None:
    game = new_game(2, seed=15, target=1000, variant="free-spirit")
    at = play_until_bag_is_empty(game, caller=0)
    game.apply(a.CallMixmo(seat=1, at=at + 1))  # wrong: tiles on the rack
    events = game.apply(a.CallMixmo(seat=0, at=at + 2))  # wrong too: the last draw is not placed
    assert next(e for e in events if isinstance(e, ev.RoundScored)).winner is None
    assert game.phase is Phase.SCORED
