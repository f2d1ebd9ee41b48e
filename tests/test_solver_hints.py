"""Hints: a word, then a hard letter's place, then a full grid; every proposal is valid."""

from __future__ import annotations

import pytest

from mixmo.engine.bag import Bag
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import WordList
from mixmo.engine.solver import hint
from mixmo.engine.validation import validate
from mixmo.engine.variants import Expert, Variant

HOUSE = Grid.parse("HOUSE\nA...A\nTIGER\n")


def test_level_1_is_one_word_from_the_rack(english: WordList) -> None:
    result = hint("QIEXTAN", english, level=1)
    assert result.word is not None and result.word in english
    assert result.grid is not None and validate(result.grid, english).valid
    assert str(result.message) == f"try {result.word}"


def test_level_1_on_a_grid_says_where_the_word_crosses(english: WordList) -> None:
    result = hint("QIEXT", english, grid=HOUSE, level=1)
    assert result.grid is not None and validate(result.grid, english).valid
    assert result.word is not None and "row" in str(result.message)
    assert all(result.grid.get(cell) == tile for cell, tile in HOUSE.items())


def test_level_2_places_the_hardest_letter(english: WordList) -> None:
    result = hint("QIEXT", english, grid=HOUSE, level=2)
    assert result.letter in {"Q", "X"}
    assert result.word is not None and result.letter in result.word
    assert result.grid is not None and validate(result.grid, english).valid
    placed = [result.grid[cell].letter for cell in result.cells]
    assert result.letter in placed


def test_level_3_is_a_full_grid(english: WordList) -> None:
    result = hint("QIEXTAN", english, level=3)
    assert result.solved and result.grid is not None
    assert validate(result.grid, english).valid


def test_a_bad_level_is_refused(english: WordList) -> None:
    with pytest.raises(ValueError, match="hint level"):
        hint("CAT", english, level=4)


@pytest.mark.parametrize("variant", [Variant(), Expert()], ids=["classic", "expert"])
def test_hints_on_seeded_racks_are_valid(english: WordList, variant: Variant) -> None:
    for seed in range(60):
        rack, _ = Bag.shuffled(seed).draw(8)
        for level in (1, 2):
            result = hint(rack, english, variant, level=level, seed=seed)
            if result.grid is not None:
                assert validate(result.grid, english, variant).valid, result.grid.to_text()
