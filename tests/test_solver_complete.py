"""The complete search for small racks: a grid, or a proof that none exists, never both wrong."""

from __future__ import annotations

import time

import pytest

from mixmo.engine.bag import Bag
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import AnyWord, WordList
from mixmo.engine.solver import index_for, solve
from mixmo.engine.solver.board import Words, make_tile
from mixmo.engine.solver.exhaustive import SearchAbandoned, _Search, complete_search, settle
from mixmo.engine.solver.index import LexiconIndex
from mixmo.engine.tiles import Tile
from mixmo.engine.validation import validate
from mixmo.engine.variants import Expert, Variant

TILES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _grid(snapshot: dict) -> Grid:
    return Grid({cell: make_tile(letter, kind) for cell, (letter, kind) in snapshot.items()})


def _settle(rack: str, lexicon, variant=None):
    index = index_for(lexicon).prepare()
    tiles = [Tile.from_symbol(ch) for ch in rack]
    return settle(
        tiles,
        index,
        Words(lexicon),
        variant or Variant(),
        deadline=time.perf_counter() + 60,
        clock=time.perf_counter,
    )


def test_words_side_by_side_are_found_by_the_complete_search() -> None:
    # AT over TO: four runs, all words; the only grid of these tiles.
    lexicon = WordList(["AT", "TO"], language="en")
    found, proof, _ = _settle("AOTT", lexicon)
    assert proof is None and found is not None
    grid = _grid(found)
    assert validate(grid, lexicon).valid
    assert sorted(grid.normalized().to_text().split()) == ["AT", "TO"]


def test_solve_finds_the_grid_the_heuristic_search_misses() -> None:
    lexicon = WordList(["AT", "TO"], language="en")
    result = solve("AOTT", lexicon, budget=5.0)
    assert result.solved
    assert validate(result.grid, lexicon).valid


def test_a_rack_no_counting_rules_out_is_proven_by_the_complete_search(english) -> None:
    # Counting alone allows it (some words hold each tile once or twice), and
    # every letter is in a word these tiles spell: only laying them out shows
    # that no grid works.
    result = solve("UZUOKUOE", english, budget=30.0)
    assert not result.solved
    assert result.proven_impossible
    assert "exhaustive search" in str(result.explanation)


def test_a_rack_whose_words_cannot_hold_each_tile_is_proven_by_counting(english) -> None:
    # (solve() proves this one sooner, by the crossing proof: the counting argument alone.)
    found, proof, _ = _settle("VEMVPE", english)
    assert found is None and proof is not None
    assert "no set of the 7 words these tiles can spell" in str(proof)


def test_the_proof_counts_the_candidate_words_and_partial_grids(english) -> None:
    found, proof, steps = _settle("UZUOKUOE", english)
    assert found is None and proof is not None
    assert f"({steps} partial grids)" in str(proof)


def test_expert_rules_bind_the_complete_search_too() -> None:
    lexicon = WordList(["AT", "TO", "CAT", "COT"], language="en")
    assert _settle("ATOT", lexicon, Expert())[1] is not None  # two-letter words only
    found, proof, _ = _settle("CATO", lexicon, Expert())
    assert proof is not None and found is None  # CAT crossing COT takes five tiles
    found, proof, _ = _settle("CAOTT", lexicon, Expert())
    assert found is not None and validate(_grid(found), lexicon, Expert()).valid


def test_jokers_and_the_bandit_take_letters_in_the_complete_search() -> None:
    lexicon = WordList(["OX", "OXO", "BOX"], language="en")
    found, _, _ = _settle("O!O", lexicon)
    assert found is not None
    grid = _grid(found)
    assert validate(grid, lexicon).valid and "!" in grid.to_text()
    found, _, _ = _settle("B?X", lexicon)
    assert found is not None and validate(_grid(found), lexicon).valid


def test_a_lexicon_that_cannot_list_its_words_gets_no_proof(english) -> None:
    anything = AnyWord(language="en")
    index = index_for(anything)
    assert not index.lists_every_word
    assert isinstance(index_for(english), LexiconIndex) and index_for(english).lists_every_word
    _found, proof, _ = _settle("QQQQ", anything)
    assert proof is None


def test_the_search_gives_up_at_its_deadline_without_a_proof(english) -> None:
    tiles = [Tile.from_symbol(ch) for ch in "NQLONCVDIM"]
    index = index_for(english).prepare()
    with pytest.raises(SearchAbandoned):
        complete_search(tiles, index, Words(english), Variant(), deadline=0.0, clock=lambda: 1.0)
    with pytest.raises(SearchAbandoned):
        complete_search(
            tiles, index, Words(english), Variant(), deadline=1e9, clock=lambda: 0.0, step_limit=5
        )


@pytest.mark.parametrize("variant", [Variant(), Expert()], ids=["classic", "expert"])
def test_no_rack_the_heuristic_solves_is_ever_proven_impossible(english, variant) -> None:
    """Soundness, on seeded racks from the set: a rack with a grid is never "proven" to have none,
    and whenever the complete search finishes it agrees with what was found."""
    index = index_for(english).prepare()
    for seed in range(12):
        rack, _ = Bag.shuffled(f"complete-{seed}").draw(6)
        heuristic = solve(rack, english, variant, budget=2.0, seed=seed)
        found, proof, _ = settle(
            rack,
            index,
            Words(english),
            variant,
            deadline=time.perf_counter() + 60,
            clock=time.perf_counter,
        )
        assert (found is None) == (proof is not None)
        if heuristic.solved:
            assert found is not None
        if found is not None:
            assert validate(_grid(found), english, variant).valid
            assert sorted(t.set_key for t in _grid(found).tiles()) == sorted(
                t.set_key for t in rack
            )


def test_jokers_and_the_bandit_count_as_any_letter_in_the_counting_proof(english) -> None:
    result = solve("NNU!V", english, budget=30.0)
    assert result.proven_impossible
    assert "no set of the" in str(result.explanation)


def test_the_counting_argument_never_rules_out_a_rack_that_has_a_grid(english) -> None:
    """The same racks, with and without the counting argument's pruning: same verdicts."""
    index = index_for(english).prepare(13)
    checked = 0
    for seed in range(40):
        rack, _ = Bag.shuffled(f"counting-{seed}").draw(5)
        if seed % 2 and all(t.letter is not None for t in rack):
            continue
        verdicts = []
        for counting in (True, False):
            search = _Search(
                rack,
                index,
                Words(english),
                Variant(),
                deadline=time.perf_counter() + 60,
                clock=time.perf_counter,
                step_limit=None,
            )
            if not counting:
                search._rest_can_be_covered = lambda: True  # type: ignore[method-assign]
                search.words_cannot_cover = lambda: False  # type: ignore[method-assign]
            verdicts.append(not search.words_cannot_cover() and search.run() is not None)
        assert verdicts[0] == verdicts[1], rack
        checked += 1
    assert checked >= 20
