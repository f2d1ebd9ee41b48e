"""Random legal and illegal MixUp moves, checked against the plain reference.

A hypothesis state machine drops random pieces into random columns (0 and 8
included, pieces already used up, the forbidden first shape), takes moves
back, and after every step compares the engine with ``tests/mixup_reference``:
the pool, every cell (gravity), whose turn it is and who won. A refused move
must leave the engine's state exactly as it was.
"""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from mixmo.mixup import ALL_PIECES, DropPiece, MixUpGame, MixUpRuleError, Outcome, Side
from mixmo.mixup.board import COLUMNS, ROWS
from mixmo.mixup.search import H, has_four
from tests.mixup_reference import Reference


class MixUpAgainstReference(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game = MixUpGame()
        self.ref = Reference()
        self.columns_played: list[int] = []

    @rule(piece=st.sampled_from(ALL_PIECES), column=st.integers(0, COLUMNS + 1))
    def drop(self, piece: object, column: int) -> None:
        assert piece in ALL_PIECES
        move = DropPiece(piece, column)  # type: ignore[arg-type]
        before = self.game.state
        legal = self.ref.legal(move.piece, column)
        try:
            self.game.apply(move)
        except MixUpRuleError as error:
            assert not legal, f"the engine refused a legal move {move}: {error}"
            assert str(error), "a refusal says why"
            assert self.game.state is before
            return
        assert legal, f"the engine accepted an illegal move {move}"
        row = self.ref.play(move.piece, column)
        assert self.game.state.moves[-1].row == row
        self.columns_played.append(column)

    @rule(pieces=st.integers(1, 40), seed=st.integers(0, 10**6))
    def many_legal_moves(self, pieces: int, seed: int) -> None:
        """Long games too: the reference's legal moves, chosen at random."""
        import random

        rng = random.Random(seed)
        for _ in range(pieces):
            moves = self.ref.moves()
            if not moves:
                return
            piece, column = rng.choice(moves)
            self.game.apply(DropPiece(piece, column))
            self.ref.play(piece, column)
            self.columns_played.append(column)

    @rule()
    def take_back(self) -> None:
        if not self.columns_played:
            try:
                self.game.take_back()
            except MixUpRuleError:
                return
            raise AssertionError("took back a move that was never played")
        self.game.take_back()
        self.ref.undo(self.columns_played.pop())

    @invariant()
    def same_pool(self) -> None:
        pool = self.game.state.pool
        assert all(pool.count(p) == self.ref.pool[p] for p in ALL_PIECES)

    @invariant()
    def same_cells(self) -> None:
        board = self.game.state.board
        for column in range(1, COLUMNS + 1):
            for row in range(1, ROWS + 1):
                assert board.at(column, row) == self.ref.at(column - 1, row - 1)

    @invariant()
    def same_turn_and_result(self) -> None:
        state = self.game.state
        assert state.to_move is self.ref.to_move
        expected = (
            Outcome.won_by(self.ref.winner)
            if self.ref.winner
            else Outcome.DRAW
            if self.ref.full
            else Outcome.PLAYING
        )
        assert state.outcome is expected
        if state.line:
            winner = state.outcome.winner
            assert winner is not None
            pieces = [state.board.at(c, r) for c, r in state.line]
            assert len({p.attribute(winner) for p in pieces if p}) == 1 and all(pieces)

    @invariant()
    def bitboards_see_the_same_lines(self) -> None:
        """The searcher's bitboard test for a line agrees with the board's own."""
        board = self.game.state.board
        for side in Side:
            values = {p.attribute(side) for _, p in board.pieces()}
            for value in values:
                bits = sum(
                    1 << ((c - 1) * H + r - 1)
                    for (c, r), p in board.pieces()
                    if p.attribute(side) == value
                )
                has = any(
                    all(
                        (board.at(c, r) is not None and board.at(c, r).attribute(side) == value)  # type: ignore[union-attr]
                        for c, r in w
                    )
                    for w in board.winning_lines(side)
                )
                assert has_four(bits) == has


TestMixUpAgainstReference = MixUpAgainstReference.TestCase
TestMixUpAgainstReference.settings = settings(
    max_examples=30, stateful_step_count=30, deadline=None
)
