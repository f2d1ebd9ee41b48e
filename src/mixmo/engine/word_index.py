"""The solver's word index as a file: built once per word list, then mapped.

Building the index (every word's letter-count code, worth, length and vowel
count, in the order the solver scans them) is per-word work: about a second
in English and three in French. So it is built once per word list, with
numpy's vectorised steps, written to the cache folder the command line gives
(the same one as the compiled lists, :mod:`mixmo.engine.compiled_lexicon`) and
every later process maps the file: no per-word Python work, and the pages are
shared between processes.

Layout (all little-endian), a stated format of our own::

    8 bytes   b"MXIX" + format number (4 ASCII digits)
    4 bytes   header length H (unsigned)
    H bytes   header, JSON: key, words, weight (26 floats), lengths
              {n: [count, blob start, blob end]}, sections {name: [offset,
              bytes, dtype, crc32]}
    ...       sections, each at an offset that is a multiple of 8:
              lanes   <u8, 4 x N  the codes as four 64-bit lanes, lane-major
              worth   <f8, N      each word's worth
              length  <u2, N      each word's length
              vowels  <u2, N      how many of A E I O U Y it holds
              pos     <u4, N      where its text starts in blob
              blob    ASCII       the words grouped by length, alphabetical,
                                  each followed by a newline

Words are numbered in scan order: worthiest first, ties shorter first, then
alphabetical. The file is named after the SHA-256 of its word list (the
digest the list shipped with, or that of a ``--dict`` file's bytes): a changed
list gets a new file, never a stale one. The header repeats the key, and each
section carries its CRC-32, checked when it is first read: a damaged or
truncated file is rebuilt, never trusted. Files are written to a temporary
name and renamed into place.

Reading the header and the word text needs no numpy (joker resolution in
``mixmo check`` uses them); only building and the solver's scans import it.
"""

from __future__ import annotations

import json
import math
import os
import re
import string
import struct
import zlib
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from mixmo.engine.grid import MAX_COLUMNS
from mixmo.engine.lexicon import cache_folder, is_tile_word

if TYPE_CHECKING:
    import mmap

FORMAT = 2
"""Bumped when the layout changes: an older file has another name and is ignored."""
MAGIC = b"MXIX%04d" % FORMAT
LETTERS = string.ascii_uppercase
SECTIONS = ("lanes", "worth", "length", "vowels", "pos", "blob")
LONGEST = MAX_COLUMNS
"""The longest word indexed: no grid holds a longer one (the grid format's limit)."""
_LETTER_SET = frozenset(LETTERS)
_THERMOMETER = bytes(min(255, (1 << count) - 1) for count in range(256))


class DamagedIndexError(ValueError):
    """An index file that does not hold what its header says (rebuilt, never used)."""


def numpy() -> Any:
    """numpy, imported with one BLAS thread: the index never multiplies matrices, and
    OpenBLAS starting a thread per core cost 0.3 s of CPU at every import."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import numpy as np

    return np


def weights(words_by_length: dict[int, list[str]]) -> dict[str, float]:
    """Each letter's difficulty: rarer letters are worth placing early (from a sample
    of the words of up to 9 letters, every 16th of each length, alphabetical)."""
    freq: Counter[str] = Counter()
    for length, bucket in words_by_length.items():
        if length <= 9:
            for word in bucket[::16]:
                freq.update(word)
    total = sum(freq.values()) or 1
    return {
        letter: 1.0 + max(0.0, math.log2(total / (freq[letter] + 1)) - 3.0) for letter in LETTERS
    }


class IndexData:
    """The index's arrays and text, built in memory or mapped from a file."""

    def __init__(
        self,
        key: str,
        weight: dict[str, float],
        lengths: dict[int, tuple[int, int, int]],
        sections: dict[str, Any],
    ) -> None:
        self.key = key
        self.weight = weight
        self.lengths = lengths
        """Per word length: how many words, and where they are in ``blob``."""
        self.sections = sections
        """Each section as numpy array (``blob``: bytes-like)."""

    @property
    def words(self) -> int:
        return sum(count for count, _, _ in self.lengths.values())


def build(words: Iterable[str], key: str) -> IndexData:
    """The index of ``words`` (those of 2 letters or more that tiles can spell)."""
    np = numpy()
    by_length: dict[int, list[str]] = {}
    for word in words:
        if 2 <= len(word) <= LONGEST and is_tile_word(word):
            by_length.setdefault(len(word), []).append(word)
    for bucket in by_length.values():
        bucket.sort()
    weight = weights(by_length)
    weight_of = np.zeros(256, dtype=np.float64)
    weight_of[[ord(c) for c in LETTERS]] = [weight[c] for c in LETTERS]
    vowel = np.zeros(256, dtype=np.uint8)
    vowel[list(b"AEIOUY")] = 1
    thermometer = np.frombuffer(_THERMOMETER, dtype=np.uint8)
    parts: dict[str, list[Any]] = {name: [] for name in SECTIONS}
    lengths: dict[int, tuple[int, int, int]] = {}
    start = 0
    for length in sorted(by_length):
        bucket = by_length[length]
        text = ("\n".join(bucket) + "\n").encode("ascii")
        letters = np.frombuffer(text, dtype=np.uint8).reshape(len(bucket), length + 1)[:, :length]
        counts = np.zeros((len(bucket), 26), dtype=np.uint16)
        rows = np.arange(len(bucket))
        worth = np.zeros(len(bucket), dtype=np.float64)
        for column in range(length):  # letter by letter: the same sums as word by word
            counts[rows, letters[:, column] - 65] += 1
            worth = worth + weight_of[letters[:, column]]
        codes = np.zeros((len(bucket), 32), dtype=np.uint8)  # A in the highest byte
        codes[:, :26] = thermometer[np.minimum(counts, 255)][:, ::-1]
        parts["lanes"].append(codes.view("<u8"))
        parts["worth"].append(worth)
        parts["length"].append(np.full(len(bucket), length, dtype="<u2"))
        parts["vowels"].append(vowel[letters].sum(axis=1, dtype="<u2"))
        parts["pos"].append(start + rows.astype(np.uint32) * (length + 1))
        parts["blob"].append(text)
        lengths[length] = (len(bucket), start, start + len(text))
        start += len(text)
    if not lengths:
        return _empty(key, weight)
    worth = np.concatenate(parts["worth"])
    order = np.argsort(-worth, kind="stable")  # worthiest first, ties shorter then alphabetical
    sections = {
        "lanes": np.ascontiguousarray(np.concatenate(parts["lanes"])[order].T),
        "worth": worth[order],
        "length": np.concatenate(parts["length"])[order],
        "vowels": np.concatenate(parts["vowels"])[order],
        "pos": np.concatenate(parts["pos"]).astype("<u4")[order],
        "blob": b"".join(parts["blob"]),
    }
    return IndexData(key, weight, lengths, sections)


def _empty(key: str, weight: dict[str, float]) -> IndexData:
    np = numpy()
    sections = {
        "lanes": np.zeros((4, 0), dtype="<u8"),
        "worth": np.zeros(0, dtype="<f8"),
        "length": np.zeros(0, dtype="<u2"),
        "vowels": np.zeros(0, dtype="<u2"),
        "pos": np.zeros(0, dtype="<u4"),
        "blob": b"",
    }
    return IndexData(key, weight, {}, sections)


def index_path(folder: str, key: str) -> str:
    """Where the index of the word list whose SHA-256 is ``key`` lives in ``folder``."""
    return os.path.join(folder, f"words-{key[:32]}.v{FORMAT}.mxix")


def write(data: IndexData, target: str) -> None:
    """Write ``data`` to ``target`` atomically (a temporary name, then a rename)."""
    import contextlib
    import tempfile

    chunks: list[bytes] = []
    table: dict[str, list[Any]] = {}
    offset = 0
    for name in SECTIONS:
        value = data.sections[name]
        raw = bytes(value) if name == "blob" else value.tobytes()
        dtype = "S1" if name == "blob" else value.dtype.str
        table[name] = [offset, len(raw), dtype, zlib.crc32(raw)]
        chunks.append(raw + b"\0" * (-len(raw) % 8))
        offset += len(chunks[-1])
    header = json.dumps(
        {
            "key": data.key,
            "weight": [data.weight[c] for c in LETTERS],
            "lengths": {str(n): list(v) for n, v in data.lengths.items()},
            "sections": table,
        }
    ).encode("ascii")
    header += b" " * (-(len(header) + 12) % 8)
    folder, name = os.path.split(target)
    os.makedirs(folder, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=name, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(MAGIC + struct.pack("<I", len(header)) + header)
            for chunk in chunks:
                out.write(chunk)
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


class IndexFile:
    """A mapped index file: its header at once, each section checked on first read."""

    def __init__(self, path: str, key: str) -> None:
        import mmap

        with open(path, "rb") as handle:
            try:
                self._map: mmap.mmap = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
            except ValueError as error:  # an empty file
                raise DamagedIndexError(f"{path}: {error}") from None
        try:
            if self._map[:8] != MAGIC:
                raise DamagedIndexError(f"{path}: not an index file of format {FORMAT}")
            (size,) = struct.unpack("<I", self._map[8:12])
            header = json.loads(self._map[12 : 12 + size])
            self._base = 12 + size
            if header["key"] != key:
                raise DamagedIndexError(f"{path}: the index of another word list")
            self.weight = dict(zip(LETTERS, map(float, header["weight"]), strict=True))
            self.lengths = {
                int(n): (int(v[0]), int(v[1]), int(v[2])) for n, v in header["lengths"].items()
            }
            self._sections = {name: header["sections"][name] for name in SECTIONS}
            for offset, nbytes, _, _ in self._sections.values():
                if self._base + offset + nbytes > len(self._map):
                    raise DamagedIndexError(f"{path}: truncated")
        except (KeyError, TypeError, ValueError, struct.error) as error:
            raise DamagedIndexError(f"{path}: {error}") from None
        self.path = path
        self.key = key
        self._checked: set[str] = set()

    def raw(self, name: str) -> memoryview:
        """A section's bytes, checked against its CRC-32 the first time."""
        offset, nbytes, _, crc = self._sections[name]
        view = memoryview(self._map)[self._base + offset : self._base + offset + nbytes]
        if name not in self._checked:
            if zlib.crc32(view) != crc:
                raise DamagedIndexError(f"{self.path}: section {name} is damaged")
            self._checked.add(name)
        return view

    def count(self, length: int) -> int:
        """How many words of ``length`` letters the list holds."""
        return self.lengths.get(length, (0, 0, 0))[0]

    def words_of_length(self, length: int) -> list[str]:
        """The words of ``length`` letters, alphabetical (no numpy: a split of the text)."""
        count, start, end = self.lengths.get(length, (0, 0, 0))
        if not count:
            return []
        return bytes(self.raw("blob")[start:end]).decode("ascii").split()

    def matching(self, slots: Sequence[str]) -> set[str]:
        """The words whose letters are in ``slots`` (one string of letters per position),
        found by one regular expression over the text of that length (no numpy)."""
        count, start, end = self.lengths.get(len(slots), (0, 0, 0))
        if not count:
            return set()
        text = bytes(self.raw("blob")[start:end]).decode("ascii")
        classes = "".join("[" + "".join(sorted(set(slot) & _LETTER_SET)) + "]" for slot in slots)
        return set(re.findall(f"^{classes}$", text, re.MULTILINE))

    def data(self) -> IndexData:
        """Every section as a numpy array over the mapped pages (checked first)."""
        np = numpy()
        sections: dict[str, Any] = {}
        for name in SECTIONS:
            raw = self.raw(name)
            if name == "blob":
                sections[name] = raw
                continue
            array = np.frombuffer(raw, dtype=self._sections[name][2])
            sections[name] = array.reshape(4, -1) if name == "lanes" else array
        return IndexData(self.key, self.weight, self.lengths, sections)


def cached(
    folder: str, key: str, words: Any, check: tuple[str, ...] = SECTIONS
) -> IndexFile | IndexData:
    """The index file of the word list ``key`` in ``folder``: mapped if it is there and
    its sections ``check`` are whole, else built from ``words()`` and written first.
    When the folder cannot hold it (unwritable, full), the index just built, in memory."""
    target = index_path(folder, key)
    try:
        found = IndexFile(target, key)
        for name in check:
            found.raw(name)
        return found
    except (OSError, DamagedIndexError):
        pass
    data = build(words(), key)
    try:
        write(data, target)
        return IndexFile(target, key)
    except (OSError, DamagedIndexError):
        return data


_LISTINGS: dict[tuple[str, str], IndexFile | None] = {}


def listing_for(lexicon: Any) -> IndexFile | None:
    """The index file of a word list, for its words by length (joker resolution): only
    its header and text are read, without numpy; built first if it is not there yet.
    None for a lexicon with no known digest or no cache folder."""
    folder = cache_folder()
    key = source_key(lexicon)
    if folder is None or key is None:
        return None
    if (folder, key) not in _LISTINGS:
        found = cached(folder, key, lambda: iter(lexicon), check=("blob",))
        _LISTINGS[folder, key] = found if isinstance(found, IndexFile) else None
    return _LISTINGS[folder, key]


def source_key(lexicon: object) -> str | None:
    """The SHA-256 naming a word list's index, when the list knows it."""
    key = getattr(lexicon, "source_digest", None)
    return key if isinstance(key, str) else None
