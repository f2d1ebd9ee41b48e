"""What a player's name must show: at least one character a reader can see.

A name made only of characters that draw nothing is accepted by the blank and
control-character checks, yet shows as an empty seat in every list and table:
the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0; "ㅤ" is a favourite of
impersonators), the blank Braille pattern (U+2800), the Mongolian vowel
separator and Khmer's invisible vowels, and combining marks with nothing to
sit on. Python has no "visible" property, so the test is by Unicode category
plus that short list.
"""

from __future__ import annotations

import unicodedata

BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
"""Letters and symbols (by category) that draw nothing."""

INVISIBLE_NAME = "a player's name needs a visible character"
"""The English refusal; the edges translate it."""


def is_visible(character: str) -> bool:
    """True when ``character`` draws something by itself."""
    category = unicodedata.category(character)
    return (
        category[0] not in "CZ"  # controls, formats, unassigned; spaces and separators
        and category not in ("Mn", "Me")  # marks that need a letter to sit on
        and character not in BLANK_LOOKING
    )


def has_visible_character(name: str) -> bool:
    """True when ``name`` shows at least one character (``"ㅤ"`` and ``"⠀"`` do not)."""
    return any(is_visible(character) for character in name)


def same_name_key(name: str) -> str:
    """What two names share when one table cannot seat both: a name trimmed, with its
    case set aside ("Ann" and "ann " are one player)."""
    return name.strip().casefold()
