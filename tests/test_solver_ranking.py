"""The search ranks a step's words from its sets exactly as a loop word by word does.

The loop below is the ranking as it was first written, over every word of the pool:
the same batches, in the same order, with the same noise drawn, so the
search visits the same boards and no rack it solved is lost.
"""

from __future__ import annotations

import random

import pytest

from mixmo.engine.bag import Bag
from mixmo.engine.solver import index_for
from mixmo.engine.solver.board import Board, Words
from mixmo.engine.solver.index import numbers_in
from mixmo.engine.solver.search import (
    BANDIT_GAIN,
    BATCH,
    JOKER_COST,
    LEAVE_WEIGHT,
    VOWELS,
    Search,
)
from mixmo.engine.variants import Variant


def _ranked_word_by_word(search: Search, entries: list, crossing: bool, rng: random.Random):
    """Every batch of fitting words, each sorted by its score: one word at a time."""
    board = search.board
    blanks = board.jokers + board.bandits
    cross = 1 if crossing else 0
    not_rack = search.index.full & ~search.index.rack_code(board.rack)
    vowels_left = sum(board.rack[v] for v in VOWELS)
    left = board.rack_size
    batches, batch = [], []
    for entry in entries:
        lack = (entry[1] & not_rack).bit_count()
        if lack > blanks + cross:
            continue
        word = entry[0]
        used = len(word) - cross
        if used > left:
            continue
        blanks_used = lack - cross if lack > cross else 0
        score = entry[2] - JOKER_COST * blanks_used
        if board.bandits and blanks_used and not set("KWXYZ").isdisjoint(word):
            score += BANDIT_GAIN
        vowels = sum(ch in "AEIOUY" for ch in word) - cross
        score -= LEAVE_WEIGHT * abs((vowels_left - vowels) - 0.4 * (left - used))
        if search.noise:
            score += search.noise * rng.random()
        batch.append((score, entry))
        if len(batch) >= BATCH:
            batch.sort(key=lambda pair: pair[0], reverse=True)
            batches.append([e for _, e in batch])
            batch = []
    if batch:
        batch.sort(key=lambda pair: pair[0], reverse=True)
        batches.append([e for _, e in batch])
    return batches


@pytest.mark.parametrize("size", [6, 21, 60])
@pytest.mark.parametrize("noise", [0.0, 5.0])
def test_the_ranking_of_a_step_is_the_word_by_word_ranking(english, size, noise) -> None:
    index = index_for(english).prepare(size + 1)
    for seed in range(6):  # the bag's racks hold jokers and the Bandit as often as a game
        rack, _ = Bag.shuffled(f"{size}-{seed}").draw(size)
        for crossing in (False, True):
            board = Board(Words(english), Variant())
            board.add_to_rack(rack)
            search = Search(board, index, seed=seed, deadline=float("inf"), clock=lambda: 0.0)
            search.noise = noise
            pool = search.root_pool()
            expected = _ranked_word_by_word(
                search, index.entries_of(numbers_in(pool.members)), crossing, random.Random(seed)
            )
            assert list(search.ranked(pool, crossing)) == [[e[0] for e in b] for b in expected]


def _tile_moves_one_by_one(board: Board, letters: list[str]) -> list:
    """Every letter on every free cell next to the grid, each tried as a whole move: the
    run it makes across (or down, when it has no neighbour across) written as a word."""
    moves = []
    for cell in board.frontier():
        for letter in letters:
            for step in ((0, 1), (1, 0)):
                run, start, _, _ = board.run(cell, step, letter)
                if len(run) >= 2:
                    move = board.try_word(run, start, step)
                    if move is not None:
                        moves.append(move)
                    break
    return moves


@pytest.mark.parametrize("size", [10, 21])
def test_single_tile_moves_are_every_tile_that_keeps_the_grid_valid(english, size) -> None:
    index = index_for(english).prepare(size + 1)
    checked = 0
    for seed in range(8):
        rack, _ = Bag.shuffled(f"{size}-{seed}").draw(size)
        board = Board(Words(english), Variant())
        board.add_to_rack(rack)
        search = Search(board, index, seed=seed, deadline=float("inf"), clock=lambda: 0.0)
        for _ in range(3):  # a first word, then words across it: grids with runs both ways
            pool = search.root_pool()
            moves = (search.word_moves if board.letters else search.first_moves)(pool, 1)
            if not moves:
                break
            board.apply(moves[0])
            letters = sorted(letter for letter, n in board.rack.items() if n > 0)
            if board.bandits:
                letters = sorted(set(letters) | set("KWXYZ"))
            if board.jokers:
                letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
            expected = _tile_moves_one_by_one(board, letters)
            found = search.tile_moves()
            assert sorted(found, key=repr) == sorted(expected, key=repr)
            checked += len(found)
    assert checked > 50  # the grids had room for many single tiles
