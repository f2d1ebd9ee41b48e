"""The end of a round, rule by rule (rulebook: End of the Game, Special Cases, Option 1,
Option 2, Expert's Final Sprint; docs/rules.md for the readings chosen)."""

from __future__ import annotations

import pytest

from mixmo.engine import actions as a
from mixmo.engine import events as ev
from mixmo.engine.game import Game, NoTileThereError
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import WordList
from mixmo.engine.state import Phase, PlayerState
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


def last_scores(game: Game) -> ev.RoundScored:
    return next(e for e in reversed(game.events) if isinstance(e, ev.RoundScored))


def lay_out_all_but(game: Game, seat: int, keep: int, at: float) -> None:
    """Lay out the rack of ``seat`` in a row, keeping ``keep`` tiles on the rack."""
    player = game.round.player(seat)
    col = max((c for (r, c) in player.grid if r == 0), default=-1) + 1
    for tile in player.rack[: len(player.rack) - keep]:
        game.apply(a.PlaceTile(seat=seat, row=0, col=col, symbol=tile.symbol, at=at))
        col += 1


def end_claims(game: Game) -> None:
    if game.phase is Phase.CLAIMING:
        claim_first_words(game)
    if game.phase is Phase.VOTING:
        game.apply(a.CloseVoting(seat=0))


# --- 1. a wrong final MIXMO: -20 and nothing else --------------------------------------------


def test_a_final_mixmo_with_an_invalid_grid_scores_minus_20_and_nothing_else() -> None:
    game = new_game(2, seed=6, target=1000)
    at = play_until_bag_is_empty(game, caller=0)
    lay_out_all_but(game, 1, keep=1, at=at)  # a long row of words, one tile still on the rack
    assert len(game.round.player(1).grid) > 40
    game.apply(a.CallMixmo(seat=1, at=at + 1))
    assert game.round.player(1).out
    lay_out(game, 0, at)
    game.apply(a.CallMixmo(seat=0, at=at + 9))
    end_claims(game)
    sheet = last_scores(game).scores[1]
    assert english_lines(sheet) == [("final MIXMO with an invalid grid", -20)]
    assert sheet.total == -20 and not sheet.valid
    assert game.state.totals[1] == -20


def test_a_caller_whose_theme_word_is_voted_down_scores_minus_20_and_no_theme_bonus() -> None:
    game = new_game(2, seed=10, target=1000)
    at = play_until_bag_is_empty(game, caller=0)
    assert game.round.theme is not None
    lay_out(game, 0, at)
    game.apply(a.CallMixmo(seat=0, at=at + 5))
    claim_first_words(game)
    word = game.round.player(0).claims[0]
    game.apply(a.Vote(seat=1, claimant=0, word=word, accept=False))
    assert game.phase is Phase.PLAYING and game.round.player(0).out
    lay_out(game, 1, at)
    game.apply(a.CallMixmo(seat=1, at=at + 20))
    end_claims(game)  # seat 0 claims again; this time nobody votes the word down
    scores = last_scores(game)
    assert scores.winner == 1
    assert english_lines(scores.scores[0]) == [("final MIXMO with an invalid grid", -20)]
    assert game.state.totals[0] == -20


# --- 2. simultaneous MIXMO on the draw that empties the bag -----------------------------------


def test_simultaneous_mixmo_on_the_draw_that_empties_the_bag() -> None:
    game = new_game(2, seed=21, target=1000, mixmo_window=1.0)
    at = 0.0
    settle_theme(game)
    while len(game.round.bag) > 4:  # the next draw (2 tiles each) empties the bag
        lay_out(game, 0, at)
        lay_out(game, 1, at)
        at += 5.0
        game.apply(a.CallMixmo(seat=0, at=at))
        settle_theme(game)
    lay_out(game, 0, at)
    lay_out(game, 1, at)
    game.apply(a.CallMixmo(seat=0, at=at + 5))
    settle_theme(game)
    assert not len(game.round.bag)
    events = game.apply(a.CallMixmo(seat=1, at=at + 5.5))
    assert kinds(events) == ["MixmoCalled", "SimultaneousMixmo"]
    assert game.phase is Phase.PLAYING
    assert not any(p.out for p in game.round.players)
    assert not game.round.final_penalties
    # The next MIXMO is the final one, and seat 1 may still win it.
    lay_out(game, 1, at)
    events = game.apply(a.CallMixmo(seat=1, at=at + 9))
    assert "FinalMixmo" in kinds(events)
    end_claims(game)
    assert game.round.winner == 1


def test_when_every_player_is_locked_on_the_empty_bag_the_locks_end_and_play_goes_on() -> None:
    # The same at the draw that empties the bag: Ann's hasty call draws the last tiles,
    # Bob's simultaneous call is hasty too. The special MIXMO has nothing to draw but
    # ends the locks, so the final MIXMO can still be called.
    game = new_game(2, seed=21, target=1000, mixmo_window=1.0)
    at = 0.0
    settle_theme(game)
    while len(game.round.bag) > 4:  # the next draw (2 tiles each) empties the bag
        lay_out(game, 0, at)
        at += 5.0
        game.apply(a.CallMixmo(seat=0, at=at))
        settle_theme(game)
    lay_out_all_but(game, 0, keep=1, at=at)
    bob = game.round.player(1).rack
    for i, tile in enumerate(bob):  # a gap after the third tile: two groups, invalid
        game.apply(a.PlaceTile(seat=1, row=0, col=i + (i >= 3), symbol=tile.symbol, at=at))
    game.apply(a.CallMixmo(seat=0, at=at + 5))
    settle_theme(game)
    assert not len(game.round.bag) and game.round.player(0).locked
    events = game.apply(a.CallMixmo(seat=1, at=at + 5.5))
    assert "HastyCall" in kinds(events) and "TilesDrawn" not in kinds(events)
    assert all(p.may_act for p in game.round.players)
    assert not any(p.ready_at_draw for p in game.round.players)  # the special MIXMO is new
    lay_out(game, 0, at)
    events = game.apply(a.CallMixmo(seat=0, at=at + 9))
    assert "FinalMixmo" in kinds(events)
    end_claims(game)
    assert game.round.winner == 0


# --- 3. rounds option: one won round taken away, at every table size ---------------------------


@pytest.mark.parametrize("players", [2, 3, 6])
def test_rounds_option_a_wrong_final_mixmo_costs_one_round_at_every_table_size(
    players: int,
) -> None:
    game = new_game(players, seed=8, scoring="rounds", target=3)
    at = play_until_bag_is_empty(game, caller=0)
    game.apply(a.CallMixmo(seat=1, at=at + 1))  # tiles still on the rack: a wrong final MIXMO
    assert game.round.player(1).out
    lay_out(game, 0, at)
    game.apply(a.CallMixmo(seat=0, at=at + 9))
    end_claims(game)
    assert game.state.rounds_won == (1, -1) + (0,) * (players - 2)
    sheet = last_scores(game).scores[1]
    assert english_lines(sheet) == [
        ("final MIXMO with an invalid grid: one round won taken away", 0)
    ]
    events = game.apply(a.NextRound(seat=0))
    assert events[0] == ev.RoundStarted(2)
    # Nobody sits out: the round taken is the whole penalty, the caller plays the next one.
    assert all(len(p.rack) == 6 and p.may_act for p in game.round.players)


# --- 5. Expert's final sprint: any tiles of one word, nothing outside it -----------------------


@pytest.fixture()
def sprint_game(english: WordList) -> Game:
    """An Expert match at its final sprint: seat 0 has called a valid final MIXMO. From
    here the English list judges, so that HOUSEB is an unfinished word, not any word."""
    game = new_game(2, seed=11, variant="expert", target=1000)
    call_final_mixmo(game)
    assert game.phase is Phase.SPRINT
    game.lexicon = english
    return game


def with_grid(game: Game, seat: int, text: str) -> Grid:
    """Give ``seat`` the grid ``text`` (its tiles are not checked against the rack: the
    sprint's rule is about which cells may go, whatever tiles they hold)."""
    grid = Grid.parse(text)
    round_ = game.state.round
    player: PlayerState = round_.player(seat).with_(grid=grid)
    game.state = game.state.with_(round=round_.with_player(seat, player))
    return grid


@pytest.fixture()
def english_game(english: WordList) -> Game:
    """A classic match with the English word list, at the theme claims after a final MIXMO."""
    game = new_game(2, seed=10, target=1000)
    call_final_mixmo(game)
    assert game.phase is Phase.CLAIMING
    game.lexicon = english
    return game


HOUSEB = "HOUSEB\n....A.\n....T."  # HOUSEB across, EAT down from its E


def test_final_sprint_removes_just_the_unfinished_part_of_a_word(sprint_game: Game) -> None:
    with_grid(sprint_game, 1, HOUSEB)
    rack = len(sprint_game.round.player(1).rack)
    sprint_game.apply(a.FinishSprint(seat=1, word_cells=((0, 5),)))  # the B of HOUSEB
    player = sprint_game.round.player(1)
    assert player.grid.to_text().strip() == "HOUSE\n....A\n....T"
    assert len(player.rack) == rack + 1 and player.rack[-1].letter == "B"


def test_final_sprint_removes_any_tiles_of_one_word_but_keeps_its_crossings(
    sprint_game: Game,
) -> None:
    with_grid(sprint_game, 1, HOUSEB)
    sprint_game.apply(a.FinishSprint(seat=1, word_cells=((0, 2), (0, 3), (0, 4), (0, 5))))
    # The E stays: EAT uses it.
    assert sprint_game.round.player(1).grid.to_text().strip() == "HO..E\n....A\n....T"


def test_final_sprint_removes_nothing_outside_one_word(sprint_game: Game) -> None:
    with_grid(sprint_game, 1, HOUSEB)
    before = sprint_game.state
    with pytest.raises(NoTileThereError, match="one word"):
        sprint_game.apply(a.FinishSprint(seat=1, word_cells=((0, 5), (1, 4))))  # B and A
    with pytest.raises(NoTileThereError):
        sprint_game.apply(a.FinishSprint(seat=1, word_cells=((5, 5),)))  # an empty cell
    assert sprint_game.state == before


def test_final_sprint_still_removes_a_whole_word(sprint_game: Game) -> None:
    with_grid(sprint_game, 1, HOUSEB)
    word = next(w for w in sprint_game.round.player(1).grid.words() if w.pattern == "HOUSEB")
    sprint_game.apply(a.FinishSprint(seat=1, word_cells=word.cells))
    assert sprint_game.round.player(1).grid.to_text().strip() == "E\nA\nT"


HOUSEB_O = "HOUSEB\n.....O"  # BOAT on its way down from a B laid after HOUSE
HOUSE_BO = "HOUSE\n...BO"  # BO laid flush under HOUSE: SB and EO run down


@pytest.mark.parametrize(
    ("text", "named", "left"),
    [
        (HOUSEB_O, ((0, 5), (1, 5)), "HOUSE"),  # B and O: the whole of BO
        (HOUSEB_O, ((0, 5),), "HOUSE.\n.....O"),  # the B alone: HOUSEB's unfinished end
        (HOUSE_BO, ((1, 3), (1, 4)), "HOUSE"),  # B and O, though they also make SB and EO
    ],
)
def test_final_sprint_removes_an_unfinished_word_whose_tiles_also_make_accidental_runs(
    sprint_game: Game, text: str, named: tuple, left: str
) -> None:
    with_grid(sprint_game, 1, text)
    sprint_game.apply(a.FinishSprint(seat=1, word_cells=named))
    assert sprint_game.round.player(1).grid.to_text().strip() == left


def test_final_sprint_removes_a_whole_word_or_its_end_not_tiles_from_its_middle(
    sprint_game: Game,
) -> None:
    with_grid(sprint_game, 1, HOUSEB_O)
    before = sprint_game.state
    with pytest.raises(NoTileThereError, match="one word"):
        sprint_game.apply(a.FinishSprint(seat=1, word_cells=((0, 2), (0, 3))))  # U and S
    assert sprint_game.state == before


def test_final_sprint_takes_back_only_an_unfinished_word(sprint_game: Game) -> None:
    # EAT is finished: its E may not go, though HOUSEB is unfinished.
    with_grid(sprint_game, 1, HOUSEB)
    with pytest.raises(NoTileThereError):
        sprint_game.apply(a.FinishSprint(seat=1, word_cells=((0, 4), (1, 4), (2, 4))))
    with pytest.raises(NoTileThereError):
        sprint_game.apply(a.FinishSprint(seat=1, word_cells=((0, 4),)))
    assert not sprint_game.round.player(1).sprint_done


def test_final_sprint_that_would_remove_nothing_is_refused_and_the_sprint_kept(
    sprint_game: Game,
) -> None:
    # TT runs down between CAT and TOE: both its tiles belong to finished words and stay,
    # so naming it takes back nothing; the refusal leaves the player their sprint.
    with_grid(sprint_game, 1, "CAT..\n..TOE")
    before = sprint_game.state
    with pytest.raises(NoTileThereError):
        sprint_game.apply(a.FinishSprint(seat=1, word_cells=((0, 2), (1, 2))))
    assert sprint_game.state == before


# --- theme claims with jokers ------------------------------------------------------------------


def test_a_claim_may_name_the_word_a_joker_spells_when_claimed(english_game: Game) -> None:
    game = english_game
    with_grid(game, 0, "C?T\nA..\nT..")  # CAT down; the joker may make COT across
    game.apply(a.ClaimThemeWords(seat=0, words=("COT",)))
    assert game.round.player(0).claims == ("COT",)
