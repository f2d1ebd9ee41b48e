"""The searcher: never misses a win or a block, finds forced wins within its depth,
agrees with a plain minimax, and beats a random player."""

from __future__ import annotations

import random

import pytest

from mixmo.mixup import DropPiece, MixUpGame, Piece, Side
from mixmo.mixup.game import MixUpState
from mixmo.mixup.levels import ComputerPlayer, Level, choose_move
from mixmo.mixup.search import WIN, Position, Searcher
from tests.mixup_reference import Reference


def play(moves: str) -> MixUpGame:
    return MixUpGame(DropPiece(Piece.parse(m[:2]), int(m[2:])) for m in moves.split())


def opponent_wins_at_once(state: MixUpState) -> bool:
    wins, _, _ = Searcher(1).triage(state)
    return bool(wins)


def after(state_game: MixUpGame, move: DropPiece) -> MixUpGame:
    game = MixUpGame(state_game.log)
    game.apply(move)
    return game


@pytest.mark.parametrize("level", list(Level))
def test_every_level_takes_a_win_on_the_spot(level: Level) -> None:
    # reds in columns 1-3: a red into column 4 wins
    game = play("Rm1 Gb7 Rb2 Gd7 Rd3 Bb6")
    move = choose_move(game.state, level, random.Random(1))
    game.apply(move)
    assert game.state.outcome.winner is Side.COLOUR


@pytest.mark.parametrize("level", [lv for lv in Level if lv is not Level.BEGINNER])
def test_every_level_but_the_beginner_blocks_a_win_on_the_spot(level: Level) -> None:
    # three bolts across the bottom (columns 2-4): shape wins at 1 or 5 unless colour blocks;
    # column 1 is blocked already, so colour must put a non-bolt into column 5
    game = play("Rd1 Gb2 Rm7 Bb3 Gm7 Rb4")
    assert opponent_wins_at_once(play("Rd1 Gb2 Rm7 Bb3 Gm7 Rb4 Rm6").state)
    move = choose_move(game.state, level, random.Random(2))
    game.apply(move)
    assert not game.state.over
    assert not opponent_wins_at_once(game.state), f"{level.value} played {move} and lost"


def test_the_searcher_plays_a_forced_win_two_moves_ahead() -> None:
    # bottom row . . R R . . G: a red into column 5 threatens columns 2 and 6 at once
    game = play("Rm3 Gb7 Rb4 Gd7")
    result = Searcher(3).search(game.state)
    assert result.forced_win, result
    game.apply(result.move)
    for reply in game.state.legal_moves():
        answered = after(game, reply)
        if answered.state.over:
            assert answered.state.outcome.winner is Side.COLOUR  # shape completed a red line
            continue
        assert Searcher(1).triage(answered.state)[0], f"no win for colour after {reply}"


def test_the_searcher_sees_a_forced_loss_coming() -> None:
    # shape to move against the same double threat: every move loses
    game = play("Rm3 Gb7 Rb4 Gd7 Rd5")
    result = Searcher(2).search(game.state)
    assert result.forced_loss


def _positions(count: int, plies: range, seed: int) -> list[MixUpGame]:
    rng = random.Random(seed)
    found: list[MixUpGame] = []
    while len(found) < count:
        game, ref = MixUpGame(), Reference()
        for _ in range(rng.choice(plies)):
            piece, column = rng.choice(ref.moves())
            game.apply(DropPiece(piece, column))
            ref.play(piece, column)
            if game.state.over:
                break
        if not game.state.over:
            found.append(game)
    return found


def _reference(game: MixUpGame) -> Reference:
    ref = Reference()
    for move in game.state.moves:
        ref.play(move.piece, move.column)
    return ref


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


@pytest.mark.parametrize(
    ("depth", "count", "seed"),
    [(2, 12, 1), (3, 1, 2), pytest.param(3, 12, 3, marks=pytest.mark.slow)],
)
def test_the_search_agrees_with_a_plain_minimax(depth: int, count: int, seed: int) -> None:
    """Win, loss or neither within ``depth`` plies: the pruned search and the plain one agree."""
    seen = set()
    for game in _positions(count, range(10, 26), seed):
        expected = _reference(game).value(depth)
        value = Searcher(depth).negamax(Position(game.state), depth, -2 * WIN, 2 * WIN, 0)
        assert _sign(value) == expected, game.state.board.format()
        seen.add(expected)
    if count >= 10:
        assert len(seen) >= 2, "the positions should not all be quiet"


def _against_random(seed: int, bot: Side, level: Level) -> Side | None:
    """A game between ``level`` on side ``bot`` and a player who picks any legal move."""
    rng = random.Random(seed)
    computer = ComputerPlayer(level, seed)
    game = MixUpGame()
    while not game.state.over:
        if game.state.to_move is bot:
            game.apply(computer.choose(game.state))
        else:
            game.apply(rng.choice(game.state.legal_moves()))
    return game.state.outcome.winner


@pytest.mark.parametrize("side", list(Side))
def test_the_searcher_beats_a_random_player_every_time_in_a_few_games(side: Side) -> None:
    """The always-run sample of the test below."""
    assert all(_against_random(seed, side, Level.SEARCHER) is side for seed in range(1000, 1002))


@pytest.mark.slow
@pytest.mark.parametrize("side", list(Side))
def test_the_searcher_beats_a_random_player_99_times_in_100(side: Side) -> None:
    """About 0.5 s of CPU a move, some 450 moves a side: minutes, hence slow."""
    wins = sum(_against_random(seed, side, Level.SEARCHER) is side for seed in range(100))
    assert wins >= 99


@pytest.mark.parametrize("depth", [4, 5])
def test_skipping_quiet_moves_near_the_horizon_changes_no_result(depth: int) -> None:
    """The searcher with and without its quiet-move pruning: the same value in every window
    (full, around 0, and the null windows either side), on positions from random games."""
    for game in _positions(15, range(8, 24), depth):
        for low, high in ((-2 * WIN, 2 * WIN), (-1, 1), (0, 1), (-1, 0)):
            values = []
            for prune in (True, False):
                searcher = Searcher(depth)
                searcher.prune_quiet = prune
                value = searcher.negamax(Position(game.state), depth, low, high, 0)
                values.append(min(max(value, low), high))
            assert values[0] == values[1], (low, high, game.state.board.format())


def test_a_search_out_of_budget_still_plays_a_legal_move() -> None:
    """A tiny position budget stops the deepening early: the move comes from the last
    depth finished, and the position searched is left as it was."""
    game = play("Rm3 Gb7 Rb4 Gd7 Bd3 Gm4 Rd5")
    for limit in (1, 5, 50, 500):
        result = Searcher(8, node_limit=limit).search(game.state)
        assert result.move in game.state.legal_moves()
        assert not result.complete or result.nodes <= limit
    # colour to move has safe moves, but every one loses within 4 plies: the search
    # then looks for the longest resistance, which may run out of budget too
    losing = play("Gm7 Gb1 Rb7 Rb1 Gd3 Rd4 Gd7 Rd3 Gb7 Bm3")
    assert Searcher(4).search(losing.state).forced_loss
    for limit in (1, 10, 30, 60, 100):
        result = Searcher(4, node_limit=limit).search(losing.state)
        assert result.move in losing.state.legal_moves()
