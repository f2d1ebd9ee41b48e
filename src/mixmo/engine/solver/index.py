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
once per word list and kept in a file the next processes map
(:mod:`mixmo.engine.word_index`); a lexicon with no such file (no cache
folder, a list with no known digest) is indexed in memory, once per process.
"""

from __future__ import annotations

import string
import threading
import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from mixmo.engine.lexicon import EMBEDDED_LANGUAGES, Lexicon, WordList, cache_folder, embedded
from mixmo.engine.word_index import (
    LONGEST,
    IndexData,
    IndexFile,
    build,
    cached,
    numpy,
    source_key,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Lanes = npt.NDArray[np.uint64]
    Ids = npt.NDArray[np.int64]

LETTERS = string.ascii_uppercase
LANES = 4
"""A code (26 fields of 8 bits) as 64-bit lanes, for the vectorised scan."""
MAX_WIDTH = 8
"""Bits per letter field: a count above 8 is coded as 8 (the exact check is the board's)."""
RARE_WEIGHT = 4.0
"""A letter at least this rare (its weight: Q J X Z V W K F in English, W K J X Y Q V H Z F
in French) is one the search watches for dead ends and the crossing proof looks at."""
WHOLE_SCAN = 0.2
"""A scan for words of lengths that hold fewer than this share of the words goes length by
length (a proof's short words); a scan for more reads every word in one pass."""
_THERMOMETER = bytes(min(255, (1 << count) - 1) for count in range(256))


class SolverLexiconError(ValueError):
    """A lexicon the solver cannot draw words from (and no embedded list to fall back on)."""


Entry = tuple[str, int, float]
"""One candidate word, its letter-count code and its worth (the sum of its
letters' weights). Plain tuples: the index holds hundreds of thousands."""


class LexiconIndex:
    """The words of a lexicon, coded for rack queries (see :mod:`mixmo.engine.word_index`
    for the arrays and their order: words are numbered worthiest first)."""

    def __init__(
        self, words: Iterable[str], lexicon: Lexicon, data: IndexData | None = None
    ) -> None:
        self.lexicon = lexicon
        if data is None:
            data = build(words, "")
        numpy()  # imported with one BLAS thread (see word_index.numpy)
        import numpy as np

        self.data = data
        # One byte per letter, A in the highest: a count c is coded as c low bits set.
        self.offset = {letter: 8 * (25 - i) for i, letter in enumerate(LETTERS)}
        self._count_unit = {letter: 1 << self.offset[letter] for letter in LETTERS}
        self.bits = 8 * len(LETTERS)
        self.full = (1 << self.bits) - 1
        self.weight: dict[str, float] = data.weight
        """A letter's difficulty: rarer letters are worth placing early."""
        sections = data.sections
        self._all_lanes: Lanes = sections["lanes"]
        self.worth_of: npt.NDArray[np.float64] = sections["worth"]
        """Every word's worth, by number (see :meth:`entry`), for ranking in numpy."""
        self.length_of: npt.NDArray[np.uint16] = sections["length"]
        """Every word's length, by number."""
        self.vowels_of: npt.NDArray[np.uint16] = sections["vowels"]
        """How many vowels (A E I O U Y) every word holds, by number."""
        self._pos: npt.NDArray[np.uint32] = sections["pos"]
        self._blob: str | None = None
        self._counts = {n: count for n, (count, _, _) in data.lengths.items() if count}
        self._entries: dict[int, Entry] = {}
        self._words: dict[int, str] = {}
        self._numbered: list[Entry] | None = None
        """Every word's tuple, by number, once :meth:`prepare` made them all."""
        self._all_words: list[str] | None = None
        self._making = threading.Lock()
        self._by_length: dict[int, list[Entry]] = {}
        self._lanes: dict[int, Lanes] = {}
        self._ids: dict[int, Ids] = {}
        self._empty: tuple[Ids, Lanes] = (
            np.zeros(0, dtype=np.int64),
            np.zeros((LANES, 0), dtype=np.uint64),
        )

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

    def prepare(self, longest: int | None = None) -> LexiconIndex:
        """With no ``longest``: make every word's tuple now (a long-lived process that
        solves many racks: bots, benchmarks), so that a search reads its words from one
        list; about 40 ms in English, 150 ms in French, and the tuples' memory. With
        ``longest`` (one solve): nothing, its words are made as the search reads them."""
        if longest is None and self._numbered is None:
            with self._making:
                if self._numbered is None:
                    self._make_every_entry()
        return self

    def _make_every_entry(self) -> None:
        import numpy as np

        alphabetical = bytes(self.data.sections["blob"]).decode("ascii").split()
        starts = np.zeros(LONGEST + 1, dtype=np.int64)
        before = np.zeros(LONGEST + 1, dtype=np.int64)
        total = 0
        for length in self.lengths:
            count, start, _ = self.data.lengths[length]
            starts[length], before[length] = start, total
            total += count
        lengths = self.length_of.astype(np.int64)
        where = (self._pos.astype(np.int64) - starts[lengths]) // (lengths + 1) + before[lengths]
        words = list(map(alphabetical.__getitem__, where.tolist()))
        raw = self._all_lanes.T.tobytes()
        codes = [int.from_bytes(raw[k : k + 32], "little") for k in range(0, len(raw), 32)]
        self._all_words = words
        self._numbered = list(zip(words, codes, self.worth_of.tolist(), strict=True))

    def missing_letters(self, missing: int) -> list[str]:
        """The letters of the bits of ``word_code & ~rack_code``, one per lacking tile."""
        letters = []
        while missing:
            low = missing & -missing
            letters.append(LETTERS[25 - (low.bit_length() - 1) // 8])
            missing ^= low
        return letters

    def ids_of_length(self, length: int) -> Ids:
        """The numbers of the words of ``length`` letters, worthiest first."""
        cached = self._ids.get(length)
        if cached is None:
            import numpy as np

            cached = self._ids[length] = np.flatnonzero(self.length_of == length)
        return cached

    def entries(self, length: int) -> list[Entry]:
        """Every word of ``length`` letters with its code, worthiest first (then alphabetical)."""
        cached = self._by_length.get(length)
        if cached is None:
            cached = self._by_length[length] = self.entries_of(self.ids_of_length(length))
        return cached

    def lanes(self, length: int) -> Lanes:
        """The codes of :meth:`entries` as a (4, n) array of 64-bit lanes (lane 0 the
        lowest bits of every code)."""
        cached = self._lanes.get(length)
        if cached is None:
            cached = self._lanes[length] = self._all_lanes[:, self.ids_of_length(length)]
        return cached

    def entry(self, number: int) -> Entry:
        """The word numbered ``number`` (pools hold numbers, not words)."""
        import numpy as np

        return self.entries_of(np.array([number], dtype=np.int64))[0]

    def entries_of(self, numbers: Ids) -> list[Entry]:
        """The words of ``numbers`` with their codes and worths, in their order (made on
        first use, then kept: a search reads a few thousand words, never all of them)."""
        wanted = numbers.tolist()
        if self._numbered is not None:
            return list(map(self._numbered.__getitem__, wanted))
        try:
            return list(map(self._entries.__getitem__, wanted))
        except KeyError:
            pass
        words = self.words_of(numbers)
        raw = self._all_lanes[:, numbers].T.tobytes()
        codes = [int.from_bytes(raw[k : k + 32], "little") for k in range(0, len(raw), 32)]
        worths = self.worth_of[numbers].tolist()
        found = list(zip(words, codes, worths, strict=True))
        self._entries.update(zip(wanted, found, strict=True))
        return found

    def words_of(self, numbers: Ids) -> list[str]:
        """The words of ``numbers`` alone, in their order (what a search tries on the board)."""
        wanted = numbers.tolist()
        if self._all_words is not None:
            return list(map(self._all_words.__getitem__, wanted))
        try:
            return list(map(self._words.__getitem__, wanted))
        except KeyError:
            pass
        blob = self._blob
        if blob is None:
            blob = self._blob = bytes(self.data.sections["blob"]).decode("ascii")
        starts = self._pos[numbers]
        ends = (starts + self.length_of[numbers]).tolist()
        found = list(map(blob.__getitem__, map(slice, starts.tolist(), ends)))
        self._words.update(zip(wanted, found, strict=True))
        return found

    def spellable(
        self,
        rack_code: int,
        max_missing: int,
        lengths: Sequence[int],
        holding: str | None = None,
    ) -> list[Entry]:
        """Words of the given lengths lacking at most ``max_missing`` tiles, worthiest first
        (with ``holding``: only those that hold that letter)."""
        return self.entries_of(self.spellable_ids(rack_code, max_missing, lengths, holding)[0])

    def spellable_words(
        self,
        rack_code: int,
        max_missing: int,
        lengths: Sequence[int],
        holding: str | None = None,
    ) -> list[str]:
        """The words of :meth:`spellable` alone (no codes made: most callers need none)."""
        return self.words_of(self.spellable_ids(rack_code, max_missing, lengths, holding)[0])

    def spellable_ids(
        self,
        rack_code: int,
        max_missing: int,
        lengths: Sequence[int],
        holding: str | None = None,
    ) -> tuple[Ids, Lanes]:
        """:meth:`spellable` as the words' numbers (see :meth:`entry`) and their codes as
        lanes, in the same order (for :func:`narrow`): no word is looked at one by one.

        The scan is vectorised: the lanes of every code AND-NOT the rack's, a
        popcount per lane, a sum and a comparison (numpy), several times faster
        than a comprehension over the codes, over one array already in worth
        order (no merge of lengths, no sort), and the pool is only numbers until
        a search reads its words, best first, as far as it needs.
        """
        import numpy as np

        wanted = {n for n in lengths if n in self._counts}
        if not wanted:
            return self._empty
        if sum(map(self._counts.__getitem__, wanted)) < WHOLE_SCAN * len(self.worth_of):
            return self._scan_lengths(rack_code, max_missing, sorted(wanted), holding)
        built = self.lengths
        lanes = self._all_lanes
        keep = lacking(lanes, lane_masks(self.full & ~rack_code)) <= max_missing
        if not wanted.issuperset(built):
            low, high = min(wanted), max(wanted)
            if all((low <= n <= high) == (n in wanted) for n in built):
                if low > built[0]:
                    keep &= self.length_of >= low
                if high < built[-1]:
                    keep &= self.length_of <= high
            else:
                table = np.zeros(built[-1] + 1, dtype=bool)
                table[sorted(wanted)] = True
                keep &= table[self.length_of]
        if holding is not None:
            keep &= holding_mask(lanes, self.offset[holding])
        where = np.flatnonzero(keep)
        return where, lanes[:, where]

    def _scan_lengths(
        self, rack_code: int, max_missing: int, lengths: Sequence[int], holding: str | None
    ) -> tuple[Ids, Lanes]:
        """:meth:`spellable_ids` length by length, for lengths that hold few words (the
        short words a proof looks at first): numbers are in worth order, so the
        lengths' answers merge by sorting their numbers."""
        import numpy as np

        masks = lane_masks(self.full & ~rack_code)
        ids: list[Ids] = []
        parts: list[Lanes] = []
        for length in lengths:
            lanes = self.lanes(length)
            keep = lacking(lanes, masks) <= max_missing
            if holding is not None:
                keep &= holding_mask(lanes, self.offset[holding])
            where = np.flatnonzero(keep)
            ids.append(self.ids_of_length(length)[where])
            parts.append(lanes[:, where])
        numbers = np.concatenate(ids)
        order = np.argsort(numbers, kind="stable")
        return numbers[order], np.concatenate(parts, axis=1)[:, order]


def lane_masks(value: int) -> list[np.uint64]:
    """A code as its four 64-bit lanes, lowest first."""
    import numpy as np

    return [np.uint64((value >> (64 * k)) & 0xFFFFFFFFFFFFFFFF) for k in range(LANES)]


def lacking(lanes: Lanes, masks: list[np.uint64]) -> npt.NDArray[np.uint8]:
    """Per code of ``lanes``, how many tiles it lacks: the bits it shares with ``masks``
    (the lanes of ``full & ~rack_code``, see :func:`lane_masks`)."""
    import numpy as np

    missing: npt.NDArray[np.uint8] = np.bitwise_count(lanes[0] & masks[0])
    for k in range(1, LANES):
        missing += np.bitwise_count(lanes[k] & masks[k])
    return missing


def holding_mask(lanes: Lanes, offset: int) -> npt.NDArray[np.bool_]:
    """Which codes of ``lanes`` hold the letter whose field starts at bit ``offset``."""
    import numpy as np

    shifted = lanes[offset // 64] >> np.uint64(offset % 64)
    bits: npt.NDArray[np.bool_] = (shifted & np.uint64(1)).astype(bool)
    return bits


def narrow(
    ids: Ids, lanes: Lanes, rack_code: int, full: int, max_missing: int
) -> tuple[Ids, Lanes]:
    """The words of a pool (numbers ``ids`` and their ``lanes``) that lack at most
    ``max_missing`` tiles of ``rack_code``, in the pool's order (vectorised)."""
    import numpy as np

    where = np.flatnonzero(lacking(lanes, lane_masks(full & ~rack_code)) <= max_missing)
    return ids[where], lanes[:, where]


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
