"""The index's vectorised scan answers exactly what the letter-count test says, in worth order."""

from __future__ import annotations

from collections import Counter

import pytest

from mixmo.engine.bag import Bag
from mixmo.engine.solver import index_for
from mixmo.engine.solver.index import narrow


def _by_comprehension(index, rack_code: int, missing: int, lengths: list[int]) -> list:
    """The scan as one line of Python: every word lacking at most ``missing`` tiles,
    worthiest first, ties in length order (the order the search reads words in)."""
    not_rack = index.full & ~rack_code
    found = [
        e for n in lengths for e in index.entries(n) if (e[1] & not_rack).bit_count() <= missing
    ]
    found.sort(key=lambda e: e[2], reverse=True)
    return found


@pytest.mark.parametrize("size", [6, 21, 60])
def test_the_numpy_scan_finds_the_words_a_rack_can_spell_in_worth_order(english, size) -> None:
    index = index_for(english).prepare()
    for seed in range(8):
        rack, _ = Bag.shuffled(f"{size}-{seed}").draw(size)
        code = index.rack_code(Counter(t.letter for t in rack if t.letter))
        lengths = [n for n in index.lengths if 2 <= n <= size + 1]
        for missing in (0, 1, 3):
            expected = _by_comprehension(index, code, missing, lengths)
            assert index.spellable(code, missing, lengths) == expected
            with_q = index.spellable(code, missing, lengths, holding="Q")
            assert with_q == [e for e in expected if "Q" in e[0]]


def test_a_pool_narrowed_for_a_smaller_rack_keeps_its_order(english) -> None:
    index = index_for(english).prepare()
    big = index.rack_code(Counter("RETAINSQUIZ"))
    small = index.rack_code(Counter("RETAIN"))
    lengths = [n for n in index.lengths if n <= 12]
    ids, lanes = index.spellable_ids(big, 1, lengths)
    kept, kept_lanes = narrow(ids, lanes, small, index.full, 1)
    assert index.entries_of(kept) == _by_comprehension(index, small, 1, lengths)
    assert kept_lanes.shape == (4, len(kept))
    assert "RETAIN" in [e[0] for e in index.entries_of(kept)]


def test_threads_asking_for_the_index_at_once_share_one_with_every_word_once(english) -> None:
    """Bots search in worker threads: two of them indexing one lexicon at once used to
    number some words twice, and a pool then read the wrong words (a flaky scan)."""
    import threading

    from mixmo.engine.lexicon import WordList

    fresh = WordList(english, name="fresh", language="en")
    start = threading.Barrier(4)
    found = []

    def build() -> None:
        start.wait()
        found.append(index_for(fresh))

    threads = [threading.Thread(target=build) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    index = found[0]
    assert all(other is index for other in found)
    assert sum(len(index.entries(n)) for n in index.lengths) == len(fresh)
    for length in index.lengths:
        ids, _ = index.spellable_ids(index.full, 0, [length])
        assert index.entries_of(ids) == index.entries(length)


@pytest.mark.parametrize(
    "lengths",
    [
        [2, 3, 4, 5, 6, 7],  # few words: length by length
        list(range(2, 12)),  # most words: the whole scan, up to 11 letters
        list(range(3, 46)),  # the whole scan, from 3 letters
        [n for n in range(2, 46) if n not in (4, 11)],  # the whole scan, two lengths left out
        [3, 5, 9],
        [],
    ],
)
def test_a_scan_of_some_lengths_finds_the_words_a_loop_finds(english, lengths) -> None:
    """A scan reads every word in worth order and keeps the lengths asked: the words
    a loop over each length's words finds, in the same order."""
    index = index_for(english).prepare()
    for seed in range(4):
        rack, _ = Bag.shuffled(f"60-{seed}").draw(60)
        code = index.rack_code(Counter(t.letter for t in rack if t.letter))
        for missing, holding in ((0, None), (1, None), (2, "E")):
            ids, lanes = index.spellable_ids(code, missing, lengths, holding)
            assert (lanes == index._all_lanes[:, ids]).all()
            expected = _by_comprehension(index, code, missing, lengths)
            if holding is not None:
                expected = [e for e in expected if holding in e[0]]
            assert index.entries_of(ids) == expected
