"""The embedded word lists in a form that needs no parsing at start.

The shipped lists are gzip'd text, one folded word per line (built by
``dictionaries/build.py``): reading one means decompressing it and building a
set of up to 420,000 strings, 40 ms in English and 130-190 ms in French, on
every start of every command. Instead, each list is compiled once into a
`marisa-trie <https://pypi.org/project/marisa-trie/>`_ file in a cache folder
the caller chooses (the command line gives the user cache folder), and every
later start maps that file into memory: under a millisecond, and the pages
are shared by every process that has it open.

A compiled file is named after the SHA-256 its source was built with (from
the installation's ``SHA256SUMS``, :mod:`mixmo.engine.dictionary_integrity`),
and the source is checked against it when it is compiled: a damaged list is
refused (``DamagedDictionaryError``) and never compiled, and a start that finds
its compiled file reads neither the list nor its digest. A list with no
digest (tests, tools) is named after its *fingerprint* instead: the file size
and the gzip trailer (CRC-32 and length of the uncompressed text), read in one
8-byte seek. A changed list has a new name, so it is compiled afresh and the
old file is never read again: the cache cannot go stale. Files are
written to a temporary name and renamed into place, so a reader never sees
half a file. Any failure (no marisa-trie, an unwritable folder, a damaged
file) returns ``None``: the caller then parses the gzip text as before.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

StrPath = str | os.PathLike[str]
"""A file or folder, as a string or a ``Path`` (strings on the commands' path:
``pathlib`` and what it imports cost more than mapping a list)."""

FORMAT = 1
"""Bumped when the compiled layout changes, so that old caches are ignored."""


def fingerprint(source: StrPath) -> str:
    """The source file's size, CRC-32 and uncompressed length, as a short name part."""
    size = os.stat(source).st_size
    with open(source, "rb") as handle:
        handle.seek(max(0, size - 8))
        trailer = handle.read(8)
    return f"v{FORMAT}-{size:x}-{trailer.hex()}"


def compiled_path(source: StrPath, folder: StrPath, kind: str, sha256: str | None = None) -> Path:
    """Where the compiled form of ``source`` lives in ``folder``."""
    from pathlib import Path

    return Path(_compiled_file(source, folder, kind, sha256))


def _compiled_file(source: StrPath, folder: StrPath, kind: str, sha256: str | None) -> str:
    name = os.path.basename(os.fspath(source))
    stem = name.removesuffix(".gz").removesuffix(".txt")
    key = f"v{FORMAT}-sha256-{sha256[:32]}" if sha256 is not None else fingerprint(source)
    return os.path.join(folder, f"{stem}-{key}.{kind}.marisa")


def _marisa() -> Any:
    import marisa_trie

    return marisa_trie


def _write_atomically(trie: Any, target: str) -> None:
    import contextlib
    import tempfile  # here, not at the top: only the first start after a change writes

    folder, name = os.path.split(target)
    os.makedirs(folder, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=name, suffix=".tmp")
    os.close(handle)
    try:
        trie.save(temporary)
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def _open(
    kind: str, source: StrPath, folder: StrPath, build: Any, sha256: str | None
) -> Any | None:
    from mixmo.engine.lexicon_errors import DamagedDictionaryError

    try:
        marisa = _marisa()
        target = _compiled_file(source, folder, kind, sha256)
        empty = marisa.Trie() if kind == "words" else marisa.BytesTrie()
        if os.path.isfile(target):
            try:
                trie = empty.mmap(target)
                if len(trie):
                    return trie
            except Exception:  # a damaged cache file: compile it again
                pass
        import gzip  # only a start that compiles needs it

        with open(source, "rb") as handle:
            raw = handle.read()
        if sha256 is not None:
            from mixmo.engine.dictionary_integrity import check_shipped

            check_shipped(os.path.basename(os.fspath(source)), raw, sha256)
        _write_atomically(build(marisa, gzip.decompress(raw)), target)
        return empty.mmap(target)
    except DamagedDictionaryError:
        raise
    except Exception:  # no marisa-trie, no space, unwritable folder: parse the text instead
        return None


def compiled_words(source: StrPath, folder: StrPath, sha256: str | None = None) -> Any | None:
    """A memory-mapped ``marisa_trie.Trie`` of the words of the list ``source``, or None.

    ``source`` is a gzip'd list of folded words, one a line (the embedded lists);
    ``sha256``, the digest it must have (DamagedDictionaryError otherwise).
    """

    def build(marisa: Any, data: bytes) -> Any:
        return marisa.Trie(data.decode("ascii").split())

    return _open("words", source, folder, build, sha256)


def compiled_forms(source: StrPath, folder: StrPath, sha256: str | None = None) -> Any | None:
    """A memory-mapped ``marisa_trie.BytesTrie``: folded word -> its written forms
    (UTF-8, space-separated), from a gzip'd ``FOLDED<TAB>forms`` list; or None."""

    def build(marisa: Any, data: bytes) -> Any:
        pairs = (
            (folded, forms.encode("utf-8"))
            for line in data.decode("utf-8").splitlines()
            if "\t" in line
            for folded, forms in [line.split("\t", 1)]
        )
        return marisa.BytesTrie(pairs)

    return _open("forms", source, folder, build, sha256)
