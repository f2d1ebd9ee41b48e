"""The crossing proof: a rare letter's tiles need words that would share too many tiles.

Every tile of a complete grid is in a word. Take a rare letter the rack holds
``k`` times (two Q, three V) and, for each of its tiles, one word of the grid
through it; drop the words the others make redundant. What is left is a set
of at most ``k`` words (each holds a tile of the letter that the others do
not) that together hold the letter ``k`` times or more. Those words are
spelt with the rack's tiles, where a tile stands in two of them only at a
crossing: an across word and a down word cross at one tile at most, and two
across (or two down) words never share one, so ``m`` words share at most
``m * m // 4`` tiles (``a * b`` crossings with ``a + b = m``). So the letters
of the set, added up, exceed the rack's by at most that many tiles, plus
one per joker or Bandit (each may stand for any letter here).

When no set of words the rack can spell passes that test, no grid exists.
In Expert the words of a set are different words (no word twice); in the
classic game one word may stand twice (QI and QI). Example, French Expert:
two Q, one C, one O, no U, A, N, B, F or joker: the Q words are COQ and
COQS, which need two C and two O between them, two tiles more than the one
tile two words can share.

Sound only for a lexicon whose every word the index lists (the caller
checks :attr:`~.index.LexiconIndex.lists_every_word`); like any cheap proof
it is not complete: a rack it passes may still have no grid.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import overload

from mixmo.engine.messages import Kind, Message
from mixmo.engine.solver.index import RARE_WEIGHT, LexiconIndex
from mixmo.engine.variants import Variant

CROSSING_PROOF = Kind(
    "crossing-proof",
    "no grid holds every tile: the {count} {letter} tiles need words that "
    "share more tiles than words can (an across and a down word cross at one "
    "tile at most), whichever of the {words} words with {letter} these tiles "
    "can spell they are",
)

CROSSING_STEPS = 20_000
"""Sets of words tried before the proof gives up (it then proves nothing)."""


class _GaveUp(Exception):
    """The proof tried :data:`CROSSING_STEPS` sets without settling."""


def crossing_proof(
    letters: Counter[str], blanks: int, size: int, index: LexiconIndex, variant: Variant
) -> Message | None:
    """Why no grid holds the rack's tiles, by the crossing argument, or None.

    ``letters`` are the rack's letter tiles, ``blanks`` its jokers and Bandit,
    ``size`` its number of tiles (the longest word it can make).
    """
    if not index.lists_every_word:
        return None
    rack_code = index.rack_code(letters)
    lengths = [n for n in index.lengths if variant.min_word_length <= n <= size]
    for letter, copies in sorted(letters.items()):
        if copies < 2 or index.weight[letter] < RARE_WEIGHT:
            continue
        # Shortest first: short words combine, so a rack with a grid passes in a few sets.
        # (Every word of the index is a word of the lexicon: it lists its words.)
        holding = index.scan(rack_code, blanks, lengths, letter)
        words = _WordsAsRead(index.shortest_first(holding), holding.size)
        try:
            if _some_set_holds(letter, copies, words, letters, blanks, variant.distinct_words):
                continue
        except _GaveUp:
            continue
        return CROSSING_PROOF(count=copies, letter=letter, words=len(words))
    return None


def _some_set_holds(
    letter: str,
    copies: int,
    words: Sequence[str],
    rack: Counter[str],
    blanks: int,
    distinct: bool,
) -> bool:
    """Whether some set of at most ``copies`` of ``words`` passes the crossing test."""
    items: dict[int, tuple[list[tuple[str, int]], int]] = {}
    totals: Counter[str] = Counter()
    worst = copies * copies // 4 + blanks
    steps = 0

    def extend(first: int, count: int, held: int, excess: int) -> bool:
        nonlocal steps
        if held >= copies and excess <= count * count // 4 + blanks:
            return True
        if count == copies:
            return False
        for i in range(first, len(words)):
            steps += 1
            if steps > CROSSING_STEPS:
                raise _GaveUp
            item = items.get(i)
            if item is None:  # made on first use: most racks pass with the first words
                word = words[i]
                item = items[i] = (list(Counter(word).items()), word.count(letter))
            pairs, holds = item
            more = 0
            for ch, n in pairs:
                before = totals[ch] - rack[ch]
                more += max(0, before + n) - max(0, before)
            if excess + more > worst:
                continue
            for ch, n in pairs:
                totals[ch] += n
            found = extend(i + 1 if distinct else i, count + 1, held + holds, excess + more)
            for ch, n in pairs:
                totals[ch] -= n
            if found:
                return True
        return False

    return extend(0, 0, 0, 0)


class _WordsAsRead(Sequence[str]):
    """A pool's words, shortest first, made as far as they are read (most racks pass
    the crossing test with their first few words of tens of thousands)."""

    def __init__(self, words: Iterator[str], count: int) -> None:
        self._source = words
        self._made: list[str] = []
        self._count = count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, at: int) -> str: ...
    @overload
    def __getitem__(self, at: slice) -> Sequence[str]: ...
    def __getitem__(self, at: int | slice) -> str | Sequence[str]:
        if isinstance(at, slice):
            return [self[i] for i in range(*at.indices(self._count))]
        made = self._made
        while len(made) <= at:
            made.append(next(self._source))
        return made[at]


FORCED_WORDS = 40
"""The most words with the letter for which :func:`forced_crossings` looks at pairs."""
FORCED_STARTS = 6
"""The most starting grids :func:`forced_crossings` gives."""


def forced_crossings(
    letters: Counter[str], blanks: int, size: int, index: LexiconIndex, variant: Variant
) -> list[tuple[str, str, int, int]]:
    """Pairs of words that must cross, where the crossing proof leaves no slack.

    For a rare letter the rack holds twice (and no joker or Bandit), when every
    pair of words holding it needs exactly one tile more than the rack has,
    and no single word holds it twice, a grid (if any) has two such words
    crossing at that tile. Returns (across word, down word, position of the
    crossing in each... as ``(w1, w2, i, j)``: ``w1[i] == w2[j]`` is the shared
    tile), for the search to start from: French Expert ``ISDJOQEQMIARTSVEANNEI``
    has two Q and one T, and every word with Q holds a T (QAT and QATS cross
    at it). Empty when nothing is forced.
    """
    if blanks or not index.lists_every_word:
        return []
    rack_code = index.rack_code(letters)
    lengths = [n for n in index.lengths if variant.min_word_length <= n <= size]
    starts: list[tuple[str, str, int, int]] = []
    for letter, copies in sorted(letters.items()):
        if copies != 2 or index.weight[letter] < RARE_WEIGHT:
            continue
        holding = index.scan(rack_code, 0, lengths, letter)
        if holding.size > FORCED_WORDS:
            continue
        words = list(index.shortest_first(holding))
        if any(w.count(letter) > 1 for w in words):
            continue
        forced: list[tuple[str, str, str]] = []
        free = False
        for a, first in enumerate(words):
            for second in words[a + 1 if variant.distinct_words else a :]:
                need = Counter(first) + Counter(second)
                over = [ch for ch, n in need.items() if n > letters[ch]]
                excess = sum(need[ch] - letters[ch] for ch in over)
                if excess == 0:
                    free = True
                elif excess == 1:
                    forced.append((first, second, over[0]))
        if free:
            continue
        for first, second, shared in forced:
            for i, ch in enumerate(first):
                for j, other in enumerate(second):
                    if ch == shared == other:
                        starts.append((first, second, i, j))
    return starts[:FORCED_STARTS]
