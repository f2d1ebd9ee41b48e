"""The solver's lexicon index: every word as a letter-count code, and each code bit
as a bit plane over the words.

A word's *code* is a thermometer code of its letter counts: each letter has
an 8-bit field, and a word with ``c`` of that letter sets the field's ``c``
lowest bits. A rack is coded the same way. Then the tiles a word needs
beyond a rack are one AND-NOT and one popcount away::

    missing = word_code & ~rack_code    # one bit per letter lacking
    missing.bit_count()                 # how many tiles are lacking

Words are numbered worthiest first, and a set of words is a Python integer
whose bit n stands for word n. A *plane* is the set of the words whose code
holds one bit ("at least two E"), so "every word lacking at most k tiles of
this rack" is counted for every word at once, plane by plane, with a few
ANDs and ORs of integers (a bit-sliced counter, see :func:`_count`): about a
hundred planes in all, each one AND over 15 KB (English) or 52 KB (French).
A search narrows a pool for a smaller rack by counting only the planes its
rack no longer covers. The codes are built once per word list and kept in a
file the next processes map (:mod:`mixmo.engine.word_index`): reading them
is no per-word work and needs no numpy; a lexicon with no such file (no
cache folder, a list with no known digest) is indexed in memory, once per
process.
"""

from __future__ import annotations

import string
import threading
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from mixmo.engine.lexicon import EMBEDDED_LANGUAGES, Lexicon, WordList, cache_folder, embedded
from mixmo.engine.word_index import (
    IndexData,
    IndexFile,
    build,
    cached,
    source_key,
)

LETTERS = string.ascii_uppercase
MAX_WIDTH = 8
"""Bits per letter field: a count above 8 is coded as 8 (the exact check is the board's)."""
RARE_WEIGHT = 4.0
"""A letter at least this rare (its weight: Q J X Z V W K F in English, W K J X Y Q V H Z F
in French) is one the search watches for dead ends and the crossing proof looks at."""
_WINDOW = 256
"""Bytes of a set read at a time when listing its words in order."""
_ZEROS = bytes(_WINDOW)


class SolverLexiconError(ValueError):
    """A lexicon the solver cannot draw words from (and no embedded list to fall back on)."""


Entry = tuple[str, int, float]
"""One candidate word, its letter-count code and its worth (the sum of its
letters' weights). Plain tuples: the index holds hundreds of thousands."""


@dataclass(frozen=True, slots=True)
class Pool:
    """A set of words that a rack can nearly spell, as the search narrows it.

    ``members`` is the set (bit n: word n, so its words in order are worthiest
    first). ``lacking[j]`` is the set of the words that lack more than ``j``
    tiles of the pool's rack, for ``j`` up to the most the pool was scanned
    for: a narrower pool adds only the planes its rack no longer covers.
    """

    members: int
    lacking: tuple[int, ...]
    counted: int
    """The code bits whose planes ``lacking`` counts (see :func:`_needed`)."""
    size: int
    """How many words ``members`` holds."""


def numbers_in(members: int) -> Iterator[int]:
    """The numbers of a set's words, in order (worthiest first), read a window at a
    time: a search often stops after its first few hundred words."""
    raw = members.to_bytes((members.bit_length() + 7) // 8, "little")
    for start in range(0, len(raw), _WINDOW):
        window = raw[start : start + _WINDOW]
        if window == _ZEROS[: len(window)]:
            continue
        bits = bin(int.from_bytes(window, "little"))[:1:-1]  # lowest bit first
        find = bits.find
        base = 8 * start
        at = find("1")
        while at >= 0:
            yield base + at
            at = find("1", at + 1)


def _count(planes: Iterable[tuple[int, int]], mask: int, lacking: list[int]) -> list[int]:
    """Add the planes of ``mask``'s bits to the counters ``lacking`` (a bit-sliced
    count, saturating at ``len(lacking)``): word n lacks more than j tiles when bit n of
    ``lacking[j]`` is set. Each plane moves its words one counter up."""
    top = len(lacking) - 1
    for bit, plane in planes:
        if mask >> bit & 1:
            for j in range(top, 0, -1):
                lacking[j] |= lacking[j - 1] & plane
            lacking[0] |= plane
    return lacking


def _needed(mask: int, top: int) -> int:
    """The bits of ``mask`` (``full & ~rack_code``) whose planes a count saturating at
    ``top + 1`` needs: per letter, the ``top + 1`` lowest. The planes of a letter are
    nested (a word with at least three E has at least two), so a word in a higher one
    already lacks more than ``top`` tiles of that letter alone: counting it changes
    nothing, and leaving it out halves a count's work."""
    needed = 0
    for shift in range(0, 8 * len(LETTERS), 8):
        field = mask >> shift & 0xFF
        if field:
            lowest = field & -field
            needed |= (field & ((lowest << (top + 1)) - 1)) << shift
    return needed


def without(members: int, drop: int) -> int:
    """``members & ~drop`` with positive integers only (CPython's ``~`` on a number of
    thousands of digits costs twenty times an AND)."""
    return members ^ (members & drop)


class LexiconIndex:
    """The words of a lexicon, coded for rack queries (see :mod:`mixmo.engine.word_index`
    for the sections and their order: words are numbered worthiest first)."""

    def __init__(
        self, words: Iterable[str], lexicon: Lexicon, data: IndexData | None = None
    ) -> None:
        self.lexicon = lexicon
        if data is None:
            data = build(words, "")
        self.data = data
        # One byte per letter, A in the highest: a count c is coded as c low bits set.
        self.offset = {letter: 8 * (25 - i) for i, letter in enumerate(LETTERS)}
        self.bits = 8 * len(LETTERS)
        self.full = (1 << self.bits) - 1
        self.weight: dict[str, float] = data.weight
        """A letter's difficulty: rarer letters are worth placing early."""
        sections = data.sections
        self._codes = memoryview(sections["codes"])
        # The columns in the formats word_index.COLUMNS names (its writer's).
        self.worth_of = memoryview(sections["worth"]).cast("d")
        """Every word's worth, by number (see :meth:`entry`)."""
        self.length_of = memoryview(sections["length"]).cast("H")
        """Every word's length, by number."""
        self.vowels_of = memoryview(sections["vowels"]).cast("H")
        """How many vowels (A E I O U Y) every word holds, by number."""
        self._pos = memoryview(sections["pos"]).cast("I")
        self._blob: str | None = None
        self._counts = {n: count for n, (count, _, _) in data.lengths.items() if count}
        self._planes: list[tuple[int, int]] | None = None
        self._plane_of: dict[int, int] = {}
        self._by_length: dict[int, int] = {}
        self._upto: dict[tuple[int, ...], int] = {}
        self._entries: dict[int, Entry] = {}
        self._numbered: list[Entry] | None = None
        """Every word's tuple, by number, once :meth:`prepare` made them all."""
        self._code_list: list[int] | None = None
        self._making = threading.Lock()

    @property
    def lists_every_word(self) -> bool:
        """True when the index holds every word its lexicon accepts (a word list), so
        that a search through the index that finds nothing proves there is nothing."""
        return isinstance(self.lexicon, WordList)

    @property
    def lengths(self) -> list[int]:
        return sorted(self._counts)

    def count(self, length: int) -> int:
        """How many words of ``length`` letters the index holds."""
        return self._counts.get(length, 0)

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

    def prepare(self, longest: int | None = None) -> LexiconIndex:
        """With no ``longest``: make every word's tuple now (a long-lived process that
        solves many racks: bots, benchmarks), so that a search reads its words from one
        list. With ``longest`` (one solve): nothing, its words are made as the search
        reads them."""
        if longest is None and self._numbered is None:
            with self._making:
                if self._numbered is None:
                    # Made here, not through entry(): its per-word cache would hold every
                    # word a second time.
                    numbers = range(len(self.worth_of))
                    codes = [self.code(number) for number in numbers]
                    words = [self.word(number) for number in numbers]
                    self._numbered = list(zip(words, codes, self.worth_of, strict=True))
                    self._code_list = codes
                    self._entries.clear()
        return self

    # --- the sets -------------------------------------------------------------

    def planes(self) -> list[tuple[int, int]]:
        """Every code bit some word holds, with its plane (read from the file once)."""
        if self._planes is None:
            raw, stride = self.data.sections["planes"], self.data.stride
            self._planes = [
                (bit, int.from_bytes(raw[k * stride : (k + 1) * stride], "little"))
                for k, bit in enumerate(self.data.planes)
            ]
            self._plane_of = dict(self._planes)
        return self._planes

    def plane(self, letter: str) -> int:
        """The words that hold ``letter`` at least once."""
        self.planes()
        return self._plane_of.get(self.offset[letter], 0)

    def of_lengths(self, lengths: Iterable[int]) -> int:
        """The words of the given lengths."""
        key = tuple(sorted(set(lengths)))
        found = self._upto.get(key)
        if found is None:
            found = 0
            for length in key:
                found |= self._length_set(length)
            self._upto[key] = found
        return found

    def _length_set(self, length: int) -> int:
        found = self._by_length.get(length)
        if found is None:
            if length not in self._counts:
                return 0
            k, stride = self.lengths.index(length), self.data.stride
            raw = self.data.sections["by_length"][k * stride : (k + 1) * stride]
            found = self._by_length[length] = int.from_bytes(raw, "little")
        return found

    def scan(
        self, rack_code: int, max_missing: int, lengths: Iterable[int], holding: str | None = None
    ) -> Pool:
        """The words of the given lengths lacking at most ``max_missing`` tiles of the rack
        (with ``holding``: only those that hold that letter)."""
        counted = _needed(self.full & ~rack_code, max_missing)
        lacking = _count(self.planes(), counted, [0] * (max_missing + 1))
        members = without(self.of_lengths(lengths), lacking[max_missing])
        if holding is not None:
            members &= self.plane(holding)
        return Pool(members, tuple(lacking), counted, members.bit_count())

    def narrow(self, pool: Pool, rack_code: int, max_missing: int) -> Pool:
        """The words of ``pool`` lacking at most ``max_missing`` tiles of a rack that is
        ``pool``'s or smaller (at most the tiles it was scanned for)."""
        needed = _needed(self.full & ~rack_code, len(pool.lacking) - 1)
        added = needed & ~pool.counted
        lacking = pool.lacking
        if added:
            lacking = tuple(_count(self.planes(), added, list(lacking)))
        members = without(pool.members, lacking[max_missing])
        return Pool(members, lacking, pool.counted | added, members.bit_count())

    def holding(self, pool: Pool, letter: str) -> Pool:
        """The words of ``pool`` that hold ``letter``."""
        members = pool.members & self.plane(letter)
        return replace(pool, members=members, size=members.bit_count())

    # --- the words ------------------------------------------------------------

    def code(self, number: int) -> int:
        """The code of word ``number``."""
        return int.from_bytes(self._codes[32 * number : 32 * number + 32], "little")

    def code_reader(self) -> Callable[[int], int]:
        """:meth:`code` as a look-up in a list once :meth:`prepare` made every word (the
        ranking of a step reads a code per word it reads)."""
        return self.code if self._code_list is None else self._code_list.__getitem__

    def entry(self, number: int) -> Entry:
        """The word numbered ``number`` with its code and worth (made once, then kept)."""
        if self._numbered is not None:
            return self._numbered[number]
        found = self._entries.get(number)
        if found is None:
            found = self._entries[number] = (
                self.word(number),
                self.code(number),
                self.worth_of[number],
            )
        return found

    def word(self, number: int) -> str:
        """The word numbered ``number``."""
        if self._numbered is not None:
            return self._numbered[number][0]
        blob = self._blob
        if blob is None:
            blob = self._blob = bytes(self.data.sections["blob"]).decode("ascii")
        start = self._pos[number]
        return blob[start : start + self.length_of[number]]

    def entries_of(self, numbers: Iterable[int]) -> list[Entry]:
        """The words of ``numbers`` with their codes and worths, in their order."""
        return list(map(self.entry, numbers))

    def words_of(self, numbers: Iterable[int]) -> list[str]:
        """The words of ``numbers`` alone, in their order."""
        if self._numbered is not None:
            return [self._numbered[number][0] for number in numbers]
        return list(map(self.word, numbers))

    def shortest_first(self, pool: Pool) -> Iterator[str]:
        """The words of ``pool``, shortest first and then worthiest first (a stable sort
        of the pool by length), made as they are read: proofs stop early."""
        for length in self.lengths:
            yield from map(self.word, numbers_in(pool.members & self._length_set(length)))

    def entries(self, length: int) -> list[Entry]:
        """Every word of ``length`` letters with its code, worthiest first (then alphabetical)."""
        return self.entries_of(numbers_in(self._length_set(length)))

    def spellable(
        self,
        rack_code: int,
        max_missing: int,
        lengths: Sequence[int],
        holding: str | None = None,
    ) -> list[Entry]:
        """Words of the given lengths lacking at most ``max_missing`` tiles, worthiest first
        (with ``holding``: only those that hold that letter)."""
        pool = self.scan(rack_code, max_missing, lengths, holding)
        return self.entries_of(numbers_in(pool.members))

    def spellable_words(
        self,
        rack_code: int,
        max_missing: int,
        lengths: Sequence[int],
        holding: str | None = None,
    ) -> list[str]:
        """The words of :meth:`spellable` alone (no codes made: most callers need none)."""
        pool = self.scan(rack_code, max_missing, lengths, holding)
        return self.words_of(numbers_in(pool.members))


_INDEXES: weakref.WeakKeyDictionary[object, LexiconIndex] = weakref.WeakKeyDictionary()
_BY_ID: dict[int, LexiconIndex] = {}
_BUILDING = threading.Lock()


def _from_file(lexicon: Lexicon) -> LexiconIndex | None:
    """The index of a word list mapped from (or first written to) the cache folder,
    when there is one and the list knows its digest; else None."""
    folder = cache_folder()
    key = source_key(lexicon)
    if folder is None or key is None:
        return None
    found = cached(folder, key, lambda: _source_words(lexicon))
    return LexiconIndex((), lexicon, found.data() if isinstance(found, IndexFile) else found)


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
    with _BUILDING:  # bots search in worker threads: one build per lexicon
        return _index_for(lexicon)


def _index_for(lexicon: Lexicon) -> LexiconIndex:
    try:
        cached = _INDEXES.get(lexicon)
    except TypeError:
        cached = _BY_ID.get(id(lexicon))
    if cached is not None:
        return cached
    index = _from_file(lexicon) or LexiconIndex(_source_words(lexicon), lexicon)
    try:
        _INDEXES[lexicon] = index
    except TypeError:
        _BY_ID[id(lexicon)] = index
    return index
