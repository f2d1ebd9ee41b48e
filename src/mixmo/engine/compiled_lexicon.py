"""The embedded word lists in a form that needs no parsing at start.

The shipped lists are gzip'd text, one folded word per line (built by
``dictionaries/build.py``): reading one means decompressing it and building a
set of up to 420,000 strings, 40 ms in English and 130-190 ms in French, on
every start of every command. Instead, each list is compiled once into a
`marisa-trie <https://pypi.org/project/marisa-trie/>`_ file in a cache folder
the caller chooses (the command line gives the user cache folder), and every
later start maps that file into memory: under a millisecond, and the pages
are shared by every process that has it open.

A compiled file is named after its source's *fingerprint*: the file size and
the gzip trailer (CRC-32 and length of the uncompressed text), read in one
8-byte seek. A changed list has a new fingerprint, so it is compiled afresh
and the old file is never read again: the cache cannot go stale. Files are
written to a temporary name and renamed into place, so a reader never sees
half a file. Any failure (no marisa-trie, an unwritable folder, a damaged
file) returns ``None``: the caller then parses the gzip text as before.
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path
from typing import Any

FORMAT = 1
"""Bumped when the compiled layout changes, so that old caches are ignored."""


def fingerprint(source: Path) -> str:
    """The source file's size, CRC-32 and uncompressed length, as a short name part."""
    size = source.stat().st_size
    with source.open("rb") as handle:
        handle.seek(max(0, size - 8))
        trailer = handle.read(8)
    return f"v{FORMAT}-{size:x}-{trailer.hex()}"


def compiled_path(source: Path, folder: Path, kind: str) -> Path:
    """Where the compiled form of ``source`` lives in ``folder``."""
    stem = source.name.removesuffix(".gz").removesuffix(".txt")
    return folder / f"{stem}-{fingerprint(source)}.{kind}.marisa"


def _marisa() -> Any:
    import marisa_trie

    return marisa_trie


def _write_atomically(trie: Any, target: Path) -> None:
    import contextlib
    import tempfile  # here, not at the top: only the first start after a change writes

    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
    os.close(handle)
    try:
        trie.save(temporary)
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def _open(kind: str, source: Path, folder: Path, build: Any) -> Any | None:
    try:
        marisa = _marisa()
        target = compiled_path(source, folder, kind)
        empty = marisa.Trie() if kind == "words" else marisa.BytesTrie()
        if target.is_file():
            try:
                trie = empty.mmap(str(target))
                if len(trie):
                    return trie
            except Exception:  # a damaged cache file: compile it again
                pass
        _write_atomically(build(marisa, gzip.decompress(source.read_bytes())), target)
        return empty.mmap(str(target))
    except Exception:  # no marisa-trie, no space, unwritable folder: parse the text instead
        return None


def compiled_words(source: Path, folder: Path) -> Any | None:
    """A memory-mapped ``marisa_trie.Trie`` of the words of the list ``source``, or None.

    ``source`` is a gzip'd list of folded words, one a line (the embedded lists).
    """

    def build(marisa: Any, data: bytes) -> Any:
        return marisa.Trie(data.decode("ascii").split())

    return _open("words", source, folder, build)


def compiled_forms(source: Path, folder: Path) -> Any | None:
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

    return _open("forms", source, folder, build)
