"""The solver's word index as a file: built once per word list, then mapped.

Building the index (every word's letter-count code, worth, length and vowel
count, in the order the solver scans them, and each code bit as a bit plane
over the words) is per-word work: about a second in English and three in
French. So it is built once per word list, with numpy's vectorised steps,
written to the cache folder the command line gives (the same one as the
compiled lists, :mod:`mixmo.engine.compiled_lexicon`) and every later process
maps the file: no per-word Python work, no numpy, and the pages are shared
between processes.

Layout (the machine's byte order, named in the header), a stated format of
our own::

    8 bytes   b"MXIX" + format number (4 ASCII digits)
    4 bytes   header length H (unsigned, little-endian)
    H bytes   header, JSON: key, order (sys.byteorder), weight (26 floats),
              lengths {n: [count, blob start, blob end]}, planes (the code
              bits that some word holds, in the order of their planes),
              stride (bytes per plane), sections {name: [offset, bytes,
              dtype, crc32]}
    ...       sections, each at an offset that is a multiple of 8:
              codes   u1, N x 32  each word's code, a 256-bit little-endian number
              planes  bits, P x stride  per bit of ``planes``, the words whose code
                                  holds it (bit n of a plane: word n)
              by_length bits, L x stride  per length (ascending), its words
              worth   f8, N      each word's worth
              length  u2, N      each word's length
              vowels  u2, N      how many of A E I O U Y it holds
              pos     u4, N      where its text starts in blob
              blob    ASCII       the words grouped by length, alphabetical,
                                  each followed by a newline

Words are numbered in scan order: worthiest first, ties shorter first, then
alphabetical. The file is named after the SHA-256 of its word list (the
digest the list shipped with, or that of a ``--dict`` file's bytes): a changed
list gets a new file, never a stale one. The header repeats the key, and each
section carries its CRC-32, checked when it is first read: a damaged or
truncated file is rebuilt, never trusted, and so is one written on a machine
of the other byte order. Files are written to a temporary name and renamed
into place, and the list's files of older formats are then removed.

Reading needs no numpy: the solver reads the planes as Python integers and
the columns through ``memoryview.cast``; only building imports it.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import string
import struct
import sys
import zlib
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from mixmo.engine.grid import MAX_COLUMNS
from mixmo.engine.lexicon import cache_folder, is_tile_word

if TYPE_CHECKING:
    import mmap

FORMAT = 3
"""Bumped when the layout changes: an older file has another name and is ignored."""
MAGIC = b"MXIX%04d" % FORMAT
LETTERS = string.ascii_uppercase
SECTIONS = ("codes", "planes", "by_length", "worth", "length", "vowels", "pos", "blob")
COLUMNS = {"worth": "d", "length": "H", "vowels": "H", "pos": "I"}
"""The per-word sections and their ``memoryview.cast`` formats (native, as written)."""
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
    """The index's sections and header, built in memory or mapped from a file."""

    def __init__(
        self,
        key: str,
        weight: dict[str, float],
        lengths: dict[int, tuple[int, int, int]],
        sections: dict[str, Any],
        planes: list[int],
        stride: int,
    ) -> None:
        self.key = key
        self.weight = weight
        self.lengths = lengths
        """Per word length: how many words, and where they are in ``blob``."""
        self.sections = sections
        """Each section's bytes (a ``bytes`` or a ``memoryview`` of the mapped file)."""
        self.planes = planes
        """The code bits that some word holds, in the order of the ``planes`` section."""
        self.stride = stride
        """Bytes per bit plane (the words' count rounded up to 8 bytes)."""

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
        parts["codes"].append(codes)
        parts["worth"].append(worth)
        parts["length"].append(np.full(len(bucket), length, dtype=np.uint16))
        parts["vowels"].append(vowel[letters].sum(axis=1, dtype=np.uint16))
        parts["pos"].append(start + rows.astype(np.uint32) * (length + 1))
        parts["blob"].append(text)
        lengths[length] = (len(bucket), start, start + len(text))
        start += len(text)
    if not lengths:
        return _empty(key, weight)
    worth = np.concatenate(parts["worth"])
    order = np.argsort(-worth, kind="stable")  # worthiest first, ties shorter then alphabetical
    codes = np.concatenate(parts["codes"])[order]
    length = np.concatenate(parts["length"])[order]
    stride = -(-len(order) // 64) * 8
    planes, holding = _planes(np, codes, stride)
    length_planes = b"".join(_bits(np, length == n, stride) for n in sorted(lengths))
    sections = {
        "codes": codes.tobytes(),
        "planes": planes,
        "by_length": length_planes,
        "worth": worth[order].tobytes(),
        "length": length.tobytes(),
        "vowels": np.concatenate(parts["vowels"])[order].tobytes(),
        "pos": np.concatenate(parts["pos"]).astype(np.uint32)[order].tobytes(),
        "blob": b"".join(parts["blob"]),
    }
    return IndexData(key, weight, lengths, sections, holding, stride)


def _bits(np: Any, column: Any, stride: int) -> bytes:
    """A column of booleans as a bit plane of ``stride`` bytes (word n: bit n)."""
    packed: bytes = np.packbits(column, bitorder="little").tobytes()
    return packed + bytes(stride - len(packed))


def _planes(np: Any, codes: Any, stride: int) -> tuple[bytes, list[int]]:
    """The bit planes of the codes that some word holds, and which bits they are."""
    planes: list[bytes] = []
    holding: list[int] = []
    for byte, column in enumerate(np.ascontiguousarray(codes.T)):  # a letter's byte of each word
        for bit in range(8):
            held = ((column >> bit) & 1).astype(bool)
            if not held.any():
                break  # a thermometer byte: no word holds a higher bit either
            planes.append(_bits(np, held, stride))
            holding.append(8 * byte + bit)
    return b"".join(planes), holding


def _empty(key: str, weight: dict[str, float]) -> IndexData:
    sections = dict.fromkeys(SECTIONS, b"")
    return IndexData(key, weight, {}, sections, [], 0)


def index_path(folder: str, key: str, format_number: int = FORMAT) -> str:
    """Where the index of the word list whose SHA-256 is ``key`` lives in ``folder``."""
    return os.path.join(folder, f"words-{key[:32]}.v{format_number}.mxix")


def _remove_older_formats(folder: str, key: str) -> None:
    """Remove this list's index files of older formats (no version reads them again:
    the French one was 23 MB), once the current one is written."""
    for older in range(1, FORMAT):
        with contextlib.suppress(OSError):
            os.unlink(index_path(folder, key, older))


def write(data: IndexData, target: str) -> None:
    """Write ``data`` to ``target`` atomically (a temporary name, then a rename)."""
    import contextlib
    import tempfile

    chunks: list[bytes] = []
    table: dict[str, list[Any]] = {}
    offset = 0
    for name in SECTIONS:
        raw = bytes(data.sections[name])
        table[name] = [offset, len(raw), COLUMNS.get(name, "B"), zlib.crc32(raw)]
        chunks.append(raw + b"\0" * (-len(raw) % 8))
        offset += len(chunks[-1])
    header = json.dumps(
        {
            "key": data.key,
            "order": sys.byteorder,
            "weight": [data.weight[c] for c in LETTERS],
            "lengths": {str(n): list(v) for n, v in data.lengths.items()},
            "planes": data.planes,
            "stride": data.stride,
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
            if header["order"] != sys.byteorder:
                raise DamagedIndexError(f"{path}: written on a {header['order']}-endian machine")
            self.planes = [int(bit) for bit in header["planes"]]
            self.stride = int(header["stride"])
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
        """Every section over the mapped pages (each checked first)."""
        sections = {name: self.raw(name) for name in SECTIONS}
        return IndexData(self.key, self.weight, self.lengths, sections, self.planes, self.stride)


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
        _remove_older_formats(folder, key)
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
