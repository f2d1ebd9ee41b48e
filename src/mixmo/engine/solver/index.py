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

import functools
import math
import operator
import string
import threading
import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from mixmo.engine.lexicon import EMBEDDED_LANGUAGES, Lexicon, WordList, embedded, is_tile_word

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
WHOLE_SCAN = 0.8
"""A scan for words of lengths that hold at least this share of the words built reads
every word, in worth order (no merge, no sort); a scan for fewer goes length by length."""
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
        self._lanes: dict[int, Lanes] = {}
        self._worths: dict[int, npt.NDArray[np.float64]] = {}
        self._ids: dict[int, Ids] = {}
        self._numbered: list[Entry] = []
        self.worth_of: npt.NDArray[np.float64] | None = None
        """Every numbered word's worth, by number (see :meth:`entry`), for ranking in numpy."""
        self.length_of: npt.NDArray[np.int64] | None = None
        """Every numbered word's length, by number."""
        self.vowels_of: npt.NDArray[np.int64] | None = None
        """How many vowels (A E I O U Y) every numbered word holds, by number."""
        self._ordered: tuple[tuple[int, ...], Ids, Lanes, npt.NDArray[np.int64]] | None = None
        """Every word built so far in scan order (see :meth:`_worth_order`)."""
        # Bots search in worker threads: building a length's lanes numbers its words
        # from the end of ``_numbered``, which two threads must not do at once.
        self._building = threading.Lock()

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
        """Build the codes of every word (up to ``longest`` letters) now, not on first use,
        and the order a scan of most words reads them in (:meth:`_worth_order`)."""
        for length in self.lengths:
            if longest is None or length <= longest:
                self.lanes(length)
        self._worth_order()
        return self

    def missing_letters(self, missing: int) -> list[str]:
        """The letters of the bits of ``word_code & ~rack_code``, one per lacking tile."""
        letters = []
        while missing:
            low = missing & -missing
            letters.append(LETTERS[25 - (low.bit_length() - 1) // 8])
            missing ^= low
        return letters

    def lanes(self, length: int) -> Lanes:
        """The codes of :meth:`entries` as a (4, n) array of 64-bit lanes (lane 0 the
        lowest bits of every code), built on first use: what :meth:`spellable` scans.
        Each word also gets a number of its own, for :meth:`entry`."""
        cached = self._lanes.get(length)
        if cached is not None:
            return cached
        with self._building:
            return self._build_lanes(length)

    def _build_lanes(self, length: int) -> Lanes:
        cached = self._lanes.get(length)  # another thread may have built it meanwhile
        if cached is None:
            import numpy as np  # only the solver's scans need it (it takes 0.15 s to import)

            entries = self.entries(length)
            raw = b"".join(e[1].to_bytes(8 * LANES, "little") for e in entries)
            flat = np.frombuffer(raw, dtype="<u8").reshape(len(entries), LANES)
            cached = np.ascontiguousarray(flat.T, dtype=np.uint64)
            self._worths[length] = np.fromiter(
                map(_WORTH, entries), dtype=np.float64, count=len(entries)
            )
            first = len(self._numbered)
            self._ids[length] = np.arange(first, first + len(entries), dtype=np.int64)
            self._numbered += entries
            # By number: a longer array replaces the old one whole, so a reader in another
            # thread sees every word it can hold a number of.
            spelt = b"".join(e[0].encode("ascii") for e in entries)
            letters = np.frombuffer(spelt, dtype=np.uint8).reshape(len(entries), length)
            vowels = _vowel_bytes()[letters].sum(axis=1, dtype=np.int64)
            self.vowels_of = _extended(self.vowels_of, vowels)
            self.length_of = _extended(self.length_of, np.full(len(entries), length, np.int64))
            self.worth_of = _extended(self.worth_of, self._worths[length])
            self._lanes[length] = cached  # last: a reader that finds it finds the rest
        return cached

    def entry(self, number: int) -> Entry:
        """The word numbered ``number`` by :meth:`lanes` (pools hold numbers, not words)."""
        return self._numbered[number]

    def entries_of(self, numbers: Ids) -> list[Entry]:
        """The words of ``numbers``, in their order."""
        return list(map(self._numbered.__getitem__, numbers.tolist()))

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
        order (:meth:`_worth_order`: no merge of lengths, no sort), and the pool
        is only numbers until a search reads its words, best first, as far as
        it needs.
        """
        import numpy as np  # only the solver's scans need it (it takes 0.15 s to import)

        wanted = {n for n in lengths if self.lanes(n).shape[1]}
        order = self._ordered
        if (
            order is None
            or not wanted.issubset(order[0])
            or sum(self._lanes[n].shape[1] for n in wanted) < WHOLE_SCAN * len(order[1])
        ):
            return self._scan_lengths(rack_code, max_missing, sorted(wanted), holding)
        built, ids, lanes, word_lengths = order
        keep = lacking(lanes, lane_masks(self.full & ~rack_code)) <= max_missing
        if not wanted.issuperset(built):
            low, high = min(wanted), max(wanted)
            if all((low <= n <= high) == (n in wanted) for n in built):
                if low > built[0]:
                    keep &= word_lengths >= low
                if high < built[-1]:
                    keep &= word_lengths <= high
            else:
                table = np.zeros(built[-1] + 1, dtype=bool)
                table[[n for n in wanted if n <= built[-1]]] = True
                keep &= table[word_lengths]
        if holding is not None:
            keep &= holding_mask(lanes, self.offset[holding])
        where = np.flatnonzero(keep)
        return ids[where], lanes[:, where]

    def _scan_lengths(
        self, rack_code: int, max_missing: int, lengths: Sequence[int], holding: str | None
    ) -> tuple[Ids, Lanes]:
        """:meth:`spellable_ids` length by length, merged by worth (a stable sort, the
        lengths in increasing order): for a few lengths, cheaper than the whole scan."""
        import numpy as np

        masks = lane_masks(self.full & ~rack_code)
        ids: list[Ids] = []
        parts: list[Lanes] = []
        worth_parts: list[npt.NDArray[np.float64]] = []
        for length in lengths:
            lanes = self.lanes(length)
            if not lanes.shape[1]:
                continue
            keep = lacking(lanes, masks) <= max_missing
            if holding is not None:
                keep &= holding_mask(lanes, self.offset[holding])
            where = np.flatnonzero(keep)
            ids.append(self._ids[length][where])
            parts.append(lanes[:, where])
            worth_parts.append(self._worths[length][where])
        if not ids:
            return np.zeros(0, dtype=np.int64), np.zeros((LANES, 0), dtype=np.uint64)
        # Worthiest first, ties in length order (a stable sort: as list.sort(reverse=True)).
        order = np.argsort(-np.concatenate(worth_parts), kind="stable")
        return np.concatenate(ids)[order], np.concatenate(parts, axis=1)[:, order]

    def _worth_order(self) -> tuple[tuple[int, ...], Ids, Lanes, npt.NDArray[np.int64]]:
        """Every word of the lengths built so far in the order a scan returns them:
        worthiest first, ties shorter first, then in their length's order (see
        :meth:`entries`). The lengths built, the words' numbers, lanes and lengths.

        Built by :meth:`prepare` (again when it added a length: a solve prepares
        before its budget starts, so never during a search); a scan of most words
        is then one pass over one array, with no merge of lengths and no sort.
        Its cost, CPU: 15 ms in English, 56 ms in French for every word; the
        rebuilds of a process whose racks grow from 6 to 60 tiles, 0.15 and 0.38 s
        in all, against 0.9 and 2.6 s for the lanes themselves.
        """
        cached = self._ordered
        if cached is not None and len(cached[1]) == len(self._numbered):
            return cached
        import numpy as np

        with self._building:
            cached = self._ordered  # another thread may have built it meanwhile
            if cached is not None and len(cached[1]) == len(self._numbered):
                return cached
            built = tuple(sorted(self._lanes))
            if not built:
                empty = np.zeros(0, dtype=np.int64)
                return (), empty, np.zeros((LANES, 0), dtype=np.uint64), empty
            worths = np.concatenate([self._worths[n] for n in built])
            order = np.argsort(-worths, kind="stable")
            ids = np.concatenate([self._ids[n] for n in built])[order]
            lanes = np.ascontiguousarray(
                np.concatenate([self._lanes[n] for n in built], axis=1)[:, order]
            )
            assert self.length_of is not None
            ordered = (built, ids, lanes, self.length_of[ids])
            self._ordered = ordered
        return ordered


def _extended(array: npt.NDArray[Any] | None, more: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """``array`` followed by ``more`` (a new array: the old one is never changed)."""
    import numpy as np

    return more.copy() if array is None else np.concatenate([array, more])


@functools.cache
def _vowel_bytes() -> npt.NDArray[np.bool_]:
    """A table by byte: True for the vowels A E I O U Y (built on first use, with numpy)."""
    import numpy as np

    table = np.zeros(256, dtype=bool)
    table[list(b"AEIOUY")] = True
    return table


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
