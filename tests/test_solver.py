"""The solver: every grid it returns is valid, it places every tile when it can,
it proves the cheap impossible cases, and it is deterministic."""

from __future__ import annotations

from collections import Counter

import pytest

from mixmo.engine.bag import Bag
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import WordList
from mixmo.engine.solver import SolveResult, parse_rack, solve
from mixmo.engine.tiles import Tile
from mixmo.engine.validation import validate
from mixmo.engine.variants import Expert, Variant


class TickClock:
    """A fake clock: each reading is a millisecond later (replays are exact)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def keys(tiles: list[Tile] | tuple[Tile, ...]) -> Counter[str]:
    return Counter(tile.set_key for tile in tiles)


def check(result: SolveResult, rack: list[Tile], lexicon: WordList, variant: Variant) -> None:
    """The result's grid is valid and holds exactly the rack's tiles less those left."""
    if len(result.grid):
        assert validate(result.grid, lexicon, variant).valid, result.grid.to_text()
    assert keys(result.grid.tiles()) + keys(result.tiles_left) == keys(rack)
    assert result.solved == (not result.tiles_left)


def test_a_small_rack_makes_one_word(english: WordList) -> None:
    result = solve("TAC", english)
    assert result.solved
    assert result.grid.to_text().strip() in {"CAT", "ACT"}
    check(result, parse_rack("TAC"), english, Variant())


def test_jokers_are_written_declared_and_the_bandit_open(english: WordList) -> None:
    rack = parse_rack("QUI?!EZ")
    result = solve(rack, english, budget=2.0)
    assert result.solved
    check(result, rack, english, Variant())
    symbols = result.grid.to_text()
    assert "!" in symbols and "?" not in symbols  # the joker is declared: a-z


@pytest.mark.parametrize(
    ("rack", "why"),
    [
        ("Q", "cannot make a word"),
        ("QQ", "holds Q"),
        ("BCDFG", "holds"),
        ("", "no tiles"),
        ("ZZ", "the set has only 1"),
    ],
)
def test_cheap_proofs_that_no_grid_exists(english: WordList, rack: str, why: str) -> None:
    result = solve(rack, english)
    assert result.proven_impossible and not result.solved
    assert why in str(result.explanation)
    assert not len(result.grid)


def test_expert_needs_three_letter_words_and_no_repeats(english: WordList) -> None:
    rack, _ = Bag.shuffled(3).draw(21)
    result = solve(rack, english, Expert(), budget=3.0)
    check(result, list(rack), english, Expert())
    assert result.solved
    words = [verdict.text for verdict in validate(result.grid, english, Expert()).words]
    assert all(len(word) >= 3 for word in words) and len(words) == len(set(words))


def test_a_fake_clock_makes_the_search_replay_exactly(english: WordList) -> None:
    rack, _ = Bag.shuffled(11).draw(30)
    first = solve(rack, english, budget=5.0, seed=4, clock=TickClock())
    again = solve(rack, english, budget=5.0, seed=4, clock=TickClock())
    assert first == again


def test_out_of_time_gives_the_best_valid_partial_grid(english: WordList) -> None:
    rack, _ = Bag.shuffled(5).draw(60)
    result = solve(rack, english, budget=0.0005)
    check(result, list(rack), english, Variant())


def test_two_more_tiles_attach_to_the_grid(english: WordList) -> None:
    grid = Grid.parse("HOUSE\nA...A\nTIGER\n")
    rack = parse_rack("ST")
    result = solve(rack, english, grid=grid)
    assert result.solved
    check(result, rack + grid.tiles(), english, Variant())
    assert all(result.grid.get(cell) == tile for cell, tile in grid.items())


def test_a_grid_is_taken_apart_when_the_tiles_cannot_attach(english: WordList) -> None:
    grid = Grid.parse("QI\n")  # no tile to cross for a word with V and W ...
    rack = parse_rack("VOWEL")
    result = solve(rack, english, grid=grid, budget=2.0)
    assert result.solved
    check(result, rack + grid.tiles(), english, Variant())


@pytest.mark.parametrize("size", [6, 8, 10])
def test_hundreds_of_small_seeded_racks_give_only_valid_grids(english: WordList, size: int) -> None:
    solved = 0
    for seed in range(300):
        rack, _ = Bag.shuffled(seed).draw(size)
        result = solve(rack, english, budget=0.3, seed=seed)
        check(result, list(rack), english, Variant())
        solved += result.solved or result.proven_impossible
    # Small racks often have no grid at all; most of those are proven so.
    assert solved >= {6: 270, 8: 275, 10: 280}[size]


@pytest.mark.parametrize("variant", [Variant(), Expert()], ids=["classic", "expert"])
def test_seeded_21_tile_racks_are_solved(english: WordList, variant: Variant) -> None:
    solved = 0
    for seed in range(40):
        rack, _ = Bag.shuffled(1000 + seed).draw(21)
        result = solve(rack, english, variant, budget=1.0, seed=seed)
        check(result, list(rack), english, variant)
        solved += result.solved or result.proven_impossible
    assert solved >= 38


def test_french_racks(french: WordList) -> None:
    for seed in range(20):
        rack, _ = Bag.shuffled(seed).draw(21)
        result = solve(rack, french, budget=1.5, seed=seed)
        check(result, list(rack), french, Variant())
        assert result.solved or result.proven_impossible


def test_a_lexicon_that_cannot_list_its_words_draws_on_the_embedded_list() -> None:
    from mixmo.engine.lexicon import AnyWord

    lexicon = AnyWord(refuse={"QUIZ"})
    rack = parse_rack("QUIZTAE")
    result = solve(rack, lexicon, budget=2.0)
    assert result.solved
    assert validate(result.grid, lexicon).valid
    assert "QUIZ" not in {v.text for v in validate(result.grid, lexicon).words}


def test_the_command_line_request_and_its_json() -> None:
    from mixmo.engine.solver import result_as_dict, solve_request

    result, lexicon, variant = solve_request("ST", grid_text="HOUSE\nA...A\nTIGER\n", seconds=2.0)
    payload = result_as_dict(result, lexicon, variant)
    assert payload["solved"] and payload["tiles_left"] == ""
    assert payload["grid"].startswith("HOUSE\nA...A\nTIGER\n")
    # An invalid grid is mended, not refused: its faulty tiles are laid again with the rack.
    mended, lexicon, variant = solve_request("ST", grid_text="HXUSE\n", seconds=2.0)
    payload = result_as_dict(mended, lexicon, variant)
    assert payload["solved"] and payload["tiles_left"] == ""
    assert sorted(payload["grid"].replace(".", "").replace("\n", "")) == sorted("HXUSEST")
