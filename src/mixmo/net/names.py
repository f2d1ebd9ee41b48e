"""Account names: what a player may be called on a server, and which names look alike.

A seat's name at a friends' table is nearly free (:func:`mixmo.net.wire.clean_name`);
an account's name is its owner's across every match, ranked and remembered, so it is
narrower: 2 to 20 characters of Latin letters (accented ones too), digits, spaces and
``- _ ' .``, beginning and ending with a letter or a digit, never two separators in a
row. That leaves out control, format and bidirectional characters (a name that reads
backwards), and other scripts' letters that look Latin (a Greek or Cyrillic capital A).

Two names with the same :func:`skeleton` are the same name: ``Ann``, ``ANN``, ``Änn``,
``A_nn`` and a Greek-lettered ``Ann`` cannot belong to two people, nor ``Bill`` and ``Bi11``. A refusal
says every problem of the name at once.
"""

from __future__ import annotations

import itertools
import unicodedata

from mixmo.engine.messages import Listing, Message
from mixmo.net import refusals

LEAST, MOST = 2, 20
"""An account name's length, in characters (after NFC normalisation)."""
SEPARATORS = " -_'."
"""The marks a name may hold between its letters and digits."""
LOOK_ALIKE = str.maketrans(
    {"0": "o", "1": "l", "i": "l", "j": "l", "5": "s", "2": "z"}
    # Greek and Cyrillic letters drawn as Latin ones (a guest's seat name may hold them)
    | dict(zip("αβεικμνορτυχ", "abelkmvoptyx", strict=True))
    | dict(zip("аеіјкорсхуԁ", "aellkopcxyd", strict=True))
)
"""Characters read as another in a name at a glance (after casefolding and accents)."""
LOOK_ALIKE_PAIRS = (("rn", "m"), ("vv", "w"), ("cl", "d"))
"""Pairs of letters read as one."""


def _latin_letter(char: str) -> bool:
    return char.isalpha() and unicodedata.name(char, "").startswith("LATIN ")


def _allowed(char: str) -> bool:
    return _latin_letter(char) or char in "0123456789" or char in SEPARATORS


def problems(name: str) -> list[Message]:
    """Every reason ``name`` (already NFC and trimmed) cannot be an account's name."""
    found: list[Message] = []
    if len(name) < LEAST:
        found.append(refusals.ACCOUNT_NAME_SHORT(least=LEAST))
    if len(name) > MOST:
        found.append(refusals.ACCOUNT_NAME_LONG(most=MOST))
    strange = sorted({char for char in name if not _allowed(char)})
    if strange:
        shown = tuple(f"U+{ord(char):04X}" if not char.isprintable() else char for char in strange)
        found.append(refusals.ACCOUNT_NAME_CHARACTERS(characters=Listing(shown)))
    if name and (name[0] in SEPARATORS or name[-1] in SEPARATORS):
        found.append(refusals.ACCOUNT_NAME_EDGES())
    if any(a in SEPARATORS and b in SEPARATORS for a, b in itertools.pairwise(name)):
        found.append(refusals.ACCOUNT_NAME_SPACES())
    return found


def account_name(name: str) -> str:
    """``name`` as an account keeps it (NFC, trimmed); AccountNameError with every
    reason when it cannot be one."""
    kept = unicodedata.normalize("NFC", name).strip()
    found = problems(kept)
    if found:
        raise refusals.AccountNameError(name=kept, reasons=Listing(tuple(found), "semicolon"))
    return kept


def skeleton(name: str) -> str:
    """What ``name`` looks like at a glance: casefolded, without accents or separators,
    look-alike characters and pairs read as one. Two names of one skeleton are one name."""
    bare = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(c for c in bare if not unicodedata.combining(c) and c not in SEPARATORS)
    bare = bare.translate(LOOK_ALIKE)
    for pair, single in LOOK_ALIKE_PAIRS:
        bare = bare.replace(pair, single)
    return bare
