"""The solver's lexicon index: every word as a letter-count code, by length.

A word's *code* is a thermometer code of its letter counts: each letter has
an 8-bit field, and a word with ``c`` of that letter sets the field's ``c``
lowest bits (built with C-speed steps: a sum of per-letter powers of 256
gives the counts as bytes, ``bytes.translate`` turns each count into its
thermometer byte). A rack is coded the same way. Then the tiles a word needs
beyond a rack are one AND-NOT and one popcount away::

    missing = word_code & ~rack_code    # one bit per letter lacking
    missing.bit_count()                 # how many tiles are lacking

which makes "every word spellable from this rack, with up to k jokers or
crossings" a fast scan, with no sub-rack enumeration. The codes are built
once per lexicon, lazily, one word length at a time, and cached with the
lexicon (see docs/solver.md for the measured cost).
"""

from __future__ import annotations

import math
import operator
import string
import weakref
from collections import Counter
from collections.abc import Iterable, Sequence

from mixmo.engine.lexicon import EMBEDDED_LANGUAGES, Lexicon, WordList, embedded, is_tile_word

LETTERS = string.ascii_uppercase
MAX_WIDTH = 8
"""Bits per letter field: a count above 8 is coded as 8 (the exact check is the board's)."""
_THERMOMETER = bytes(min(255, (1 << count) - 1) for count in range(256))


class SolverLexiconError(ValueError):
    """A lexicon the solver cannot draw words from (and no embedded list to fall back on)."""


Entry = tuple[str, int, float]
"""One candidate word, its letter-count code and its worth (the sum of its
letters' weights). Plain tuples: the index holds hundreds of thousands."""


class LexiconIndex:
    """The words of a lexicon, coded for rack queries, grouped by length."""

    def __init__(self, words: Iterable[str], lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        by_length: dict[int, list[str]] = {}
        for word in words:
            if len(word) >= 2 and is_tile_word(word):
                by_length.setdefault(len(word), []).append(word)
        freq: Counter[str] = Counter()
        for length, bucket in by_length.items():
            bucket.sort()
            if length <= 9:
                for word in bucket[::16]:  # a sample is enough for frequencies
                    freq.update(word)
        self._by_length = by_length
        # One byte per letter, A in the highest: a count c is coded as c low bits set.
        self.offset = {letter: 8 * (25 - i) for i, letter in enumerate(LETTERS)}
        self._count_unit = {letter: 1 << self.offset[letter] for letter in LETTERS}
        self.bits = 8 * len(LETTERS)
        self.full = (1 << self.bits) - 1
        total = sum(freq.values()) or 1
        # A letter's difficulty: rarer letters are worth placing early.
        self.weight: dict[str, float] = {
            letter: 1.0 + max(0.0, math.log2(total / (freq[letter] + 1)) - 3.0)
            for letter in LETTERS
        }
        self._codes: dict[int, list[Entry]] = {}

    @property
    def lists_every_word(self) -> bool:
        """True when the index holds every word its lexicon accepts (a word list), so
        that a search through the index that finds nothing proves there is nothing."""
        return isinstance(self.lexicon, WordList)

    @property
    def lengths(self) -> list[int]:
        return sorted(self._by_length)

    def code(self, word: str) -> int:
        """The thermometer code of a word's letters (a count above 8 counts as 8)."""
        counts = sum(map(self._count_unit.__getitem__, word)).to_bytes(len(LETTERS))
        return int.from_bytes(counts.translate(_THERMOMETER))

    def rack_code(self, counts: Counter[str] | dict[str, int]) -> int:
        """The code of a rack's letter counts (a count above 8 counts as 8: no word needs more)."""
        code = 0
        for letter, count in counts.items():
            if count > 0:
                code |= ((1 << min(count, MAX_WIDTH)) - 1) << self.offset[letter]
        return code

    def worth(self, word: str) -> float:
        """The sum of the word's letter weights."""
        return sum(map(self.weight.__getitem__, word))

    def entries(self, length: int) -> list[Entry]:
        """Every word of ``length`` letters with its code (built on first use), worthiest
        first (then alphabetical), so that a query's final sort by worth only merges runs."""
        cached = self._codes.get(length)
        if cached is None:
            words = self._by_length.get(length, [])
            worth = self.weight.__getitem__
            worths = [sum(map(worth, word)) for word in words]
            # Sorted before the codes and tuples are made: a scan then walks memory in
            # order (sorting the tuples afterwards made every scan 70 % slower).
            order = sorted(range(len(words)), key=worths.__getitem__, reverse=True)
            words = [words[i] for i in order]
            worths = [worths[i] for i in order]
            cached = list(zip(words, map(self.code, words), worths, strict=True))
            self._codes[length] = cached
        return cached

    def prepare(self, longest: int | None = None) -> LexiconIndex:
        """Build the codes of every word (up to ``longest`` letters) now, not on first use."""
        for length in self.lengths:
            if longest is None or length <= longest:
                self.entries(length)
        return self

    def missing_letters(self, missing: int) -> list[str]:
        """The letters of the bits of ``word_code & ~rack_code``, one per lacking tile."""
        letters = []
        while missing:
            low = missing & -missing
            letters.append(LETTERS[25 - (low.bit_length() - 1) // 8])
            missing ^= low
        return letters

    def spellable(self, rack_code: int, max_missing: int, lengths: Sequence[int]) -> list[Entry]:
        """Words of the given lengths lacking at most ``max_missing`` tiles, worthiest first."""
        not_rack = self.full & ~rack_code
        found: list[Entry] = []
        for length in lengths:
            # (A comprehension: faster here than map/compress chains, measured on 3.11.)
            found += [
                e for e in self.entries(length) if (e[1] & not_rack).bit_count() <= max_missing
            ]
        found.sort(key=_WORTH, reverse=True)  # merges the lengths' sorted runs
        return found


_WORTH = operator.itemgetter(2)
_INDEXES: weakref.WeakKeyDictionary[object, LexiconIndex] = weakref.WeakKeyDictionary()
_BY_ID: dict[int, LexiconIndex] = {}


def _source_words(lexicon: Lexicon) -> Iterable[str]:
    """The words to generate from: the lexicon's own, or its language's embedded list."""
    if isinstance(lexicon, WordList):
        return lexicon
    language = lexicon.language or "en"
    if language not in EMBEDDED_LANGUAGES:
        raise SolverLexiconError(
            f"{lexicon.name} cannot list its words and there is no embedded list for "
            f"{language!r} to draw candidates from"
        )
    return embedded(language)


def index_for(lexicon: Lexicon) -> LexiconIndex:
    """The index of ``lexicon``, built on first use and kept as long as the lexicon lives.

    A lexicon that cannot list its words (Enchant, ``any``) is indexed from the
    embedded list of its language; every word the solver places is still
    checked against the lexicon itself.
    """
    try:
        cached = _INDEXES.get(lexicon)
    except TypeError:  # not weak-referenceable
        cached = _BY_ID.get(id(lexicon))
    if cached is not None:
        return cached
    index = LexiconIndex(_source_words(lexicon), lexicon)
    try:
        _INDEXES[lexicon] = index
    except TypeError:
        _BY_ID[id(lexicon)] = index
    return index
