"""The index's scan by bit planes answers exactly what the letter-count test says, in worth order."""

from __future__ import annotations

from collections import Counter

import pytest

from mixmo.engine.bag import Bag
from mixmo.engine.solver import index_for
from mixmo.engine.solver.index import numbers_in


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
def test_the_scan_finds_the_words_a_rack_can_spell_in_worth_order(english, size) -> None:
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
    pool = index.scan(big, 1, lengths)
    kept = index.narrow(pool, small, 1)
    words = index.entries_of(numbers_in(kept.members))
    assert words == _by_comprehension(index, small, 1, lengths)
    assert kept.size == len(words)
    assert "RETAIN" in [e[0] for e in words]
    # Fewer tiles allowed missing, from the same counts: what a fresh scan finds.
    tighter = index.narrow(pool, small, 0)
    assert tighter.members == index.scan(small, 0, lengths).members


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
        everything = index.scan(index.full, 0, [length]).members
        assert index.entries_of(numbers_in(everything)) == index.entries(length)
        assert [e[0] for e in index.entries(length)] == sorted(
            (w for w in fresh if len(w) == length),
            key=lambda w: (-index.worth(w), w),
        )


@pytest.mark.parametrize(
    "lengths",
    [
        [2, 3, 4, 5, 6, 7],  # the short words a proof looks at first
        list(range(2, 12)),  # most words, up to 11 letters
        list(range(3, 46)),  # from 3 letters
        [n for n in range(2, 46) if n not in (4, 11)],  # two lengths left out
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
            pool = index.scan(code, missing, lengths, holding)
            expected = _by_comprehension(index, code, missing, lengths)
            if holding is not None:
                expected = [e for e in expected if holding in e[0]]
            assert index.entries_of(numbers_in(pool.members)) == expected
            assert pool.size == len(expected)
