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


def expected_digest(name: str) -> str:
    """The SHA-256 the embedded file ``name`` was built with; DamagedDictionaryError
    when the manifest is missing or does not list it."""
    from mixmo.engine.lexicon import DamagedDictionaryError, _data_path

    manifest = _data_path(MANIFEST)
    try:
        digests = shipped_digests(manifest) if manifest is not None else {}
    except (OSError, UnicodeDecodeError):
        digests = {}
    if name not in digests:
        raise DamagedDictionaryError(name, "unlisted")
    return digests[name]


def check_shipped(name: str, data: bytes, expected: str | None = None) -> None:
    """Raise DamagedDictionaryError unless ``data`` are the bytes ``name`` was built with."""
    import hashlib  # here: a start that maps compiled lists hashes nothing (hashlib is 3-10 ms)

    from mixmo.engine.lexicon import DamagedDictionaryError

    wanted = expected if expected is not None else expected_digest(name)
    if hashlib.sha256(data).hexdigest() != wanted:
        raise DamagedDictionaryError(name, "changed")


def file_name(path: str | os.PathLike[str]) -> str:
    """The name under which the manifest lists the file at ``path``."""
    return os.path.basename(os.fspath(path))
