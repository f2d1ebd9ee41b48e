"""Lexicons: which strings of tiles are words.

Words are looked up as upper-case ``A``-``Z`` strings, the letters on the
tiles. Accents are folded (``ETE`` stands for *été*, ``COEUR`` for *cœur*),
so every lexicon compares folded forms. Three kinds exist:

* the embedded lists (``en``, ``fr``) shipped in the package;
* a plain word list, one word per line (``--dict PATH``);
* an Enchant/Hunspell dictionary of the system (``--dict enchant:LANG``,
  see :mod:`mixmo.engine.enchant_lexicon`).
"""

from __future__ import annotations

import itertools
import math
import os
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:  # paths are strings on the way to a word list: pathlib is 7 ms of every start
    from pathlib import Path

from mixmo.engine.lexicon_errors import (
    DICTIONARY_CHANGED as DICTIONARY_CHANGED,
)
from mixmo.engine.lexicon_errors import (
    DICTIONARY_UNLISTED as DICTIONARY_UNLISTED,
)
from mixmo.engine.lexicon_errors import DamagedDictionaryError as DamagedDictionaryError
from mixmo.engine.lexicon_errors import LexiconError as LexiconError
from mixmo.engine.messages import Kind, Message

LIST_LABELS = {
    # A player reads "the English word list", never the save's internal "embedded en".
    "embedded en": Kind("english-word-list", "the English word list"),
    "embedded fr": Kind("french-word-list", "the French word list"),
    "common en": Kind("common-english-word-list", "the list of common English words"),
    "common fr": Kind("common-french-word-list", "the list of common French words"),
}
LIST_NAMED = Kind("list-named", "{name}")
"""A word list by its file's name or path (not translated: the name is the file's)."""
NO_SUCH_LIST = Kind("no-such-word-list", "{path}: no such word list")
LIST_IS_FOLDER = Kind("word-list-is-folder", "{path}: is a folder, not a word list")
LIST_UNREADABLE = Kind("word-list-unreadable", "{path}: cannot read the word list ({reason})")
LIST_NOT_UTF8 = Kind("word-list-not-utf8", "{path}: a word list must be UTF-8 text ({reason})")
LIST_EMPTY = Kind(
    "word-list-empty", "{path}: the word list is empty (a word list holds one word per line)"
)
LIST_HOLDS_NO_WORD = Kind(
    "word-list-holds-no-word",
    "{path}:{line}:1: {entry!r} is not a word, nor is any other line: "
    "a word list holds one word per line",
)
EMBEDDED_MISSING = Kind(
    "embedded-list-missing", "the embedded dictionary {name} is missing from this installation"
)
NO_EMBEDDED = Kind(
    "no-embedded-list", "no embedded dictionary for {language!r}: choose one of {choices}"
)

EMBEDDED_LANGUAGES = ("en", "fr")

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss"})

ENUMERATION_LIMIT = 20_000
"""Above this many letter combinations, a pattern is matched by scanning the words of its length."""

_cache_folder: str | None = None


def use_cache_folder(folder: str | os.PathLike[str] | None) -> None:
    """Where the embedded lists are kept compiled (None: parse the gzip text every time).

    The engine never chooses a folder of the user's: the command line passes
    the user cache folder before the first :func:`embedded` call. See
    :mod:`mixmo.engine.compiled_lexicon`.
    """
    global _cache_folder
    _cache_folder = None if folder is None else os.fspath(folder)


def cache_folder() -> str | None:
    """The folder :func:`use_cache_folder` set (the solver keeps its word index there)."""
    return _cache_folder


class _Forms(Protocol):
    def get(self, key: str, /) -> str | None: ...


class _CompiledForms:
    """The accented forms in a memory-mapped trie, read like the dict they replace."""

    def __init__(self, trie: Any) -> None:
        self._trie = trie

    def get(self, key: str, /) -> str | None:
        values = self._trie.get(key)
        return values[0].decode("utf-8") if values else None


def lexicon_label(name: str) -> Message:
    """A dictionary's name for people, in the interface language: ``embedded fr``
    (the name a save keeps) is shown as "the French word list"."""
    label = LIST_LABELS.get(name)
    return label() if label is not None else LIST_NAMED(name=name)


MAX_WORD_LIST = 32 * 1024 * 1024
"""Bytes of text a ``--dict`` word list may hold, decompressed: 7 times the French
list (4.7 MB); a gzip bomb of a few hundred kilobytes is refused there, not after
filling the memory."""


class WordListTooLargeError(LexiconError):
    """A ``--dict`` word list (or what its gzip stream unpacks to) is over :data:`MAX_WORD_LIST`."""

    kind = Kind("word-list-too-large", "{path}: a word list holds at most {mib} MiB of text")
    path: str
    mib: int


def fold(word: str) -> str:
    """The tile spelling of ``word``: accents and ligatures folded, upper case.

    >>> fold("été"), fold("cœur"), fold("Garçon")
    ('ETE', 'COEUR', 'GARCON')
    """
    decomposed = unicodedata.normalize("NFKD", word.translate(_LIGATURES))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper()


def is_tile_word(word: str) -> bool:
    """True when ``word`` is spelt with the letters A-Z only."""
    return word.isascii() and word.isalpha() and word.isupper()


@runtime_checkable
class Lexicon(Protocol):
    """What the validator needs from a word list."""

    name: str
    language: str | None

    def __contains__(self, word: object) -> bool:
        """True when the upper-case, accent-folded ``word`` is a word."""
        ...

    def matching(self, slots: Sequence[str]) -> set[str]:
        """Every word whose i-th letter is one of ``slots[i]``."""
        ...

    def forms(self, word: str) -> list[str]:
        """The written form(s) a tile word stands for (accented in French), or ``[]``."""
        ...


def match_by_enumeration(lexicon: Lexicon, slots: Sequence[str]) -> set[str]:
    """Try every combination of the slots' letters (fine for a few open tiles)."""
    return {word for letters in itertools.product(*slots) if (word := "".join(letters)) in lexicon}


def combinations(slots: Sequence[str]) -> int:
    """How many words :func:`match_by_enumeration` would look up."""
    return math.prod(len(slot) for slot in slots)


class WordList:
    """A lexicon held as a set of folded words, from a file or any iterable."""

    def __init__(
        self,
        words: Iterable[str],
        *,
        name: str = "word list",
        language: str | None = None,
        accented_forms: dict[str, str] | None = None,
    ) -> None:
        self.name = name
        self.language = language
        self._words: frozenset[str] | Any = frozenset(words)
        self._trie: Any = None
        self._listing: Callable[[], list[str]] | None = None
        self._by_length: dict[int, list[str]] | None = None
        self._accented_forms: _Forms | None = accented_forms
        self.source_digest: str | None = None
        """The SHA-256 of the file the words came from, when known: it names the
        solver's index file of this list (:mod:`mixmo.engine.word_index`)."""

    @classmethod
    def compiled(
        cls, trie: Any, *, listing: Callable[[], list[str]], name: str, language: str | None
    ) -> WordList:
        """A word list over a memory-mapped ``marisa_trie.Trie`` (loads in a millisecond).

        Look-ups and patterns go to the trie; iterating (the solver's index)
        calls ``listing``, which reads the source text: walking the trie's
        420,000 keys one by one is several times slower than that.
        """
        lexicon = cls((), name=name, language=language)
        lexicon._words = trie
        lexicon._trie = trie
        lexicon._listing = listing
        return lexicon

    @classmethod
    def from_lines(
        cls, lines: Iterable[str], *, name: str, language: str | None = None
    ) -> WordList:
        """Words from lines of a word list; blank lines, ``#`` comments and
        entries that no tiles can spell (``o.k.``, ``faire-part``) are skipped."""
        words = set()
        for line in lines:
            entry = line.strip()
            if not entry or entry.startswith("#"):
                continue
            folded = fold(entry)
            if is_tile_word(folded):
                words.add(folded)
        return cls(words, name=name, language=language)

    @classmethod
    def from_file(cls, path: str | Path, *, language: str | None = None) -> WordList:
        """A plain word list, one word per line (UTF-8, optionally gzip'd)."""
        import zlib
        from pathlib import Path

        path = Path(path)
        try:
            with path.open("rb") as handle:  # a pipe or a huge file: no more than the limit
                raw = handle.read(MAX_WORD_LIST + 1)
            if raw[:2] == b"\x1f\x8b":
                raw = _gunzip(raw, limit=MAX_WORD_LIST + 1)
            if len(raw) > MAX_WORD_LIST:
                raise WordListTooLargeError(path=str(path), mib=MAX_WORD_LIST // 2**20)
            text = raw.decode("utf-8")
        except FileNotFoundError:
            raise LexiconError(NO_SUCH_LIST(path=str(path))) from None
        except IsADirectoryError:
            raise LexiconError(LIST_IS_FOLDER(path=str(path))) from None
        except (OSError, EOFError, zlib.error) as error:  # zlib: a corrupt gzip stream
            message = LIST_UNREADABLE(path=str(path), reason=str(error))
            raise LexiconError(message) from None
        except UnicodeDecodeError as error:
            message = LIST_NOT_UTF8(path=str(path), reason=error.reason)
            raise LexiconError(message) from None
        import hashlib

        lines = text.splitlines()
        lexicon = cls.from_lines(lines, name=str(path), language=language)
        if not lexicon:
            raise LexiconError(_why_no_word(str(path), lines))
        lexicon.source_digest = hashlib.sha256(raw).hexdigest()
        return lexicon

    def __contains__(self, word: object) -> bool:
        return word in self._words

    def __len__(self) -> int:
        return len(self._words)

    def __iter__(self) -> Iterator[str]:
        if self._listing is not None:
            return iter(self._listing())
        return iter(self._words)

    def words_of_length(self, length: int) -> list[str]:
        if self._by_length is None:
            by_length: dict[int, list[str]] = {}
            for word in self:
                by_length.setdefault(len(word), []).append(word)
            self._by_length = by_length
        return self._by_length.get(length, [])

    def matching(self, slots: Sequence[str]) -> set[str]:
        if combinations(slots) <= ENUMERATION_LIMIT:
            return match_by_enumeration(self, slots)
        if self._trie is not None:
            return _match_by_prefixes(self._trie, slots)
        sets = [frozenset(slot) for slot in slots]
        return {
            word
            for word in self.words_of_length(len(slots))
            if all(letter in allowed for letter, allowed in zip(word, sets, strict=True))
        }

    def forms(self, word: str) -> list[str]:
        if word not in self._words:
            return []
        if self._accented_forms is None and self.language in EMBEDDED_LANGUAGES:
            self._accented_forms = _load_accented_forms(self.language)
        forms = self._accented_forms.get(word) if self._accented_forms is not None else None
        if forms:
            return forms.split()
        return [word.lower()]


def _why_no_word(path: str, lines: list[str]) -> Message:
    """Why a word list took no word: it is empty, or its first entry is not one (a file
    that is no word list at all: a configuration, a grid, a binary read as text)."""
    for number, line in enumerate(lines, start=1):
        entry = line.strip()
        if entry and not entry.startswith("#"):
            shown = entry if len(entry) <= 40 else entry[:39] + "…"
            return LIST_HOLDS_NO_WORD(path=path, line=number, entry=shown)
    return LIST_EMPTY(path=path)


def _match_by_prefixes(trie: Any, slots: Sequence[str]) -> set[str]:
    """Every word of ``trie`` matching ``slots``, extending only prefixes that begin a word."""
    prefixes = [""]
    for slot in slots[:-1]:
        prefixes = [p + ch for p in prefixes for ch in slot if _begins_a_word(trie, p + ch)]
    return {word for p in prefixes for ch in slots[-1] if (word := p + ch) in trie}


def _begins_a_word(trie: Any, prefix: str) -> bool:
    return next(trie.iterkeys(prefix), None) is not None


def dictionary_path(*parts: str) -> Path | None:
    """An embedded data file or folder (``"en.txt.gz"``, ``"themes", "fr"``), or None.

    Installed, the data is ``mixmo/dictionaries/`` inside the package; in a
    source checkout run in place, it is the repository's ``dictionaries/``.
    (A plain path beside this module, not ``importlib.resources``: that import
    alone costs more than loading a compiled list.)
    """
    from pathlib import Path

    found = _data_path(*parts)
    return None if found is None else Path(found)


def _data_path(*parts: str) -> str | None:
    """:func:`dictionary_path` as a string, without importing ``pathlib``."""
    here = os.path.dirname(os.path.realpath(__file__))  # .../mixmo/engine
    package = os.path.dirname(here)
    for root in (package, os.path.dirname(os.path.dirname(package))):
        candidate = os.path.join(root, "dictionaries", *parts)
        if os.path.exists(candidate):
            return candidate
    return None


class AnyWord:
    """A lexicon that takes every string of letters as a word, but those it is told to refuse.

    ``--dict any``: the players judge the words themselves and the software
    checks only the rest (one group, the set's counts, the variant's rules).
    It also lets simulations and tests reach any moment of a game.
    """

    def __init__(self, refuse: Iterable[str] = (), *, language: str | None = None) -> None:
        self.name = "any word"
        self.language = language
        self._refuse = frozenset(refuse)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and is_tile_word(word) and word not in self._refuse

    def matching(self, slots: Sequence[str]) -> set[str]:
        """Every spelling when there are few; past the enumeration limit, a
        sample (one per letter of each slot), since every spelling is a word."""
        if combinations(slots) <= ENUMERATION_LIMIT:
            return match_by_enumeration(self, slots)
        width = max(len(slot) for slot in slots)
        return {
            word
            for i in range(width)
            if (word := "".join(slot[i % len(slot)] for slot in slots)) in self
        }

    def forms(self, word: str) -> list[str]:
        return [word.lower()] if word in self else []


def _gunzip(data: bytes, limit: int | None = None) -> bytes:
    """``gzip.decompress``, imported when a list is parsed (compiled lists never are);
    with a ``limit``, what follows its first ``limit`` bytes is never unpacked (a gzip
    bomb): check the length of the result."""
    if limit is None:
        import gzip

        return gzip.decompress(data)
    import zlib

    unpacked = bytearray()
    stream, pending = zlib.decompressobj(wbits=31), data  # 31: a gzip member, CRC checked
    while len(unpacked) < limit:
        unpacked += stream.decompress(pending, limit - len(unpacked))
        if stream.eof:  # members follow one another (cat a.gz b.gz)
            if not (pending := stream.unused_data):
                break
            stream = zlib.decompressobj(wbits=31)
        elif not (pending := stream.unconsumed_tail) and len(unpacked) < limit:
            raise EOFError("the gzip stream ends before its end (a truncated file?)")
    return bytes(unpacked)


def _dictionary_file(name: str) -> bytes:
    """The bytes of an embedded dictionary file."""
    path = _data_path(name)
    if path is None or not os.path.isfile(path):
        raise LexiconError(EMBEDDED_MISSING(name=name))
    with open(path, "rb") as handle:
        data = handle.read()
    from mixmo.engine.dictionary_integrity import check_shipped

    check_shipped(name, data, _shipped_digest(path))  # damaged: one sentence, no traceback
    return data


def _shipped_digest(source: str) -> str:
    """The SHA-256 the embedded file at ``source`` was built with (names its compiled file)."""
    from mixmo.engine.dictionary_integrity import MANIFEST, expected_digest, file_name

    return expected_digest(file_name(source), _data_path(MANIFEST))


def _load_accented_forms(language: str) -> _Forms:
    """Folded word -> its written forms, space-separated (split only when asked for:
    175k small lists would cost half a second to build and slow every garbage collection).
    Compiled into the cache folder when there is one (a millisecond instead of 300 ms)."""
    source = _data_path(f"{language}-forms.txt.gz")
    if _cache_folder is not None and source is not None and os.path.isfile(source):
        from mixmo.engine.compiled_lexicon import compiled_forms

        trie = compiled_forms(source, _cache_folder, _shipped_digest(source))
        if trie is not None:
            return _CompiledForms(trie)
    try:
        text = _gunzip(_dictionary_file(f"{language}-forms.txt.gz")).decode("utf-8")
    except DamagedDictionaryError:
        raise
    except LexiconError:
        return {}
    return dict(line.split("\t", 1) for line in text.splitlines() if "\t" in line)


@cache
def embedded(language: str) -> WordList:
    """The word list shipped for ``language`` (``en`` or ``fr``), loaded once."""
    if language not in EMBEDDED_LANGUAGES:
        raise LexiconError(NO_EMBEDDED(language=language, choices=", ".join(EMBEDDED_LANGUAGES)))
    name = f"{language}.txt.gz"

    def listing() -> list[str]:
        return _gunzip(_dictionary_file(name)).decode("ascii").split()

    source = _data_path(name)
    if _cache_folder is not None and source is not None and os.path.isfile(source):
        from mixmo.engine.compiled_lexicon import compiled_words

        trie = compiled_words(source, _cache_folder, _shipped_digest(source))
        if trie is not None:
            lexicon = WordList.compiled(
                trie, listing=listing, name=f"embedded {language}", language=language
            )
            lexicon.source_digest = _shipped_digest(source)
            _check_companions(language, lexicon)
            return lexicon
    lexicon = WordList(listing(), name=f"embedded {language}", language=language)
    if source is not None:
        lexicon.source_digest = _shipped_digest(source)
    _check_companions(language, None)
    return lexicon


def _check_companions(language: str, compiled: WordList | None) -> None:
    """Check the language's other shipped lists now, so that a damaged one is refused
    at start and not in the middle of a game: the accented forms and the everyday
    words. Beside a ``compiled`` list they are mapped from the cache too, where they
    were checked once (a start then imports no ``hashlib``: 10 ms); else hashed
    (1 MB in a millisecond)."""
    for name in (f"{language}-forms.txt.gz", f"{language}-common.txt.gz"):
        source = _data_path(name)
        if source is None:
            continue
        if compiled is None or _cache_folder is None:
            _dictionary_file(name)
        elif name.endswith("-forms.txt.gz"):
            compiled._accented_forms = _load_accented_forms(language)
        else:
            from mixmo.engine.compiled_lexicon import compiled_words

            compiled_words(source, _cache_folder, _shipped_digest(source))


@cache
def common_words(language: str) -> WordList | None:
    """The everyday words of ``language`` (a subset of the embedded list), if the
    project ships them: bots of the lower levels play from them (the words both
    a dictionary and wordfreq's frequencies count as common, dictionaries/README.md)."""
    try:
        data = _gunzip(_dictionary_file(f"{language}-common.txt.gz"))
    except DamagedDictionaryError:
        raise
    except LexiconError:
        return None
    lexicon = WordList(data.decode("ascii").split(), name=f"common {language}", language=language)
    source = _data_path(f"{language}-common.txt.gz")
    if source is not None:  # the bots' index of these words is kept like the full list's
        lexicon.source_digest = _shipped_digest(source)
    return lexicon
