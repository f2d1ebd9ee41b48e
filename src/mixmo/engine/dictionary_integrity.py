"""The shipped word lists are the ones built: each is checked against its SHA-256.

``dictionaries/build.py`` writes ``SHA256SUMS`` (``sha256sum`` format) beside the
lists it builds, and the wheel ships it with them. A list is checked whenever its
bytes are read: parsed at each start, or compiled into the cache folder, whose
files are named after the expected digest, so a start that finds its compiled
file reads no list and hashes nothing (see :mod:`mixmo.engine.compiled_lexicon`).
A damaged list (truncated, emptied, replaced, not gzip at all) is then refused in
one sentence instead of a decompression traceback or a list that takes no word.
"""

from __future__ import annotations

import os
from functools import cache

from mixmo.engine.lexicon_errors import (
    DICTIONARY_CHANGED,
    DICTIONARY_UNLISTED,
    DamagedDictionaryError,
)

MANIFEST = "SHA256SUMS"


@cache
def shipped_digests(manifest: str) -> dict[str, str]:
    """File name -> expected SHA-256 (hex), from the manifest file at path ``manifest``."""
    digests: dict[str, str] = {}
    with open(manifest, encoding="utf-8") as handle:
        for line in handle:
            digest, _, name = line.strip().partition("  ")
            if name:
                digests[name] = digest
    return digests


def expected_digest(name: str, manifest: str | None) -> str:
    """The SHA-256 the embedded file ``name`` was built with, as the manifest at path
    ``manifest`` lists it; DamagedDictionaryError when it is missing or does not list it."""
    try:
        digests = shipped_digests(manifest) if manifest is not None else {}
    except (OSError, UnicodeDecodeError):
        digests = {}
    if name not in digests:
        raise DamagedDictionaryError(DICTIONARY_UNLISTED(name=name))
    return digests[name]


def check_shipped(name: str, data: bytes, expected: str) -> None:
    """Raise DamagedDictionaryError unless ``data`` (the file ``name``) has the SHA-256
    ``expected`` (:func:`expected_digest`)."""
    import hashlib  # here: a start that maps compiled lists hashes nothing (hashlib is 3-10 ms)

    if hashlib.sha256(data).hexdigest() != expected:
        raise DamagedDictionaryError(DICTIONARY_CHANGED(name=name))


def file_name(path: str | os.PathLike[str]) -> str:
    """The name under which the manifest lists the file at ``path``."""
    return os.path.basename(os.fspath(path))
