"""Text from outside the program (names, themes, claimed words, a server's messages, records
fields, command-line words) made harmless to show on a terminal.

A terminal obeys what it is sent: ``ESC ] 0 ; ... BEL`` retitles it, ``ESC [ 2 J`` clears
it, a right-to-left override turns the rest of the line around. Every such character
(Unicode's "other" categories: controls, format characters such as the bidirectional
overrides, surrogates, private-use and unassigned code points) is what :func:`has_control`
finds, which is also what makes a player's name refused (``net.wire.clean_name``); what
:func:`harmless` shows in its place is inert: the control's picture (``␛`` for escape, ``␇``
for the bell) or ``�``.

No dependencies: the engine's edges, the network, the interface and the command line all
share this one definition.
"""

from __future__ import annotations

import unicodedata

REPLACEMENT = "\ufffd"
"""Shown for a hidden character that has no control picture (a bidirectional override)."""
_PICTURES = {code: chr(0x2400 + code) for code in range(0x20)} | {0x7F: "\u2421"}
"""The C0 controls and DEL as their pictures (U+2400...U+2421), one column each."""


def is_control(char: str) -> bool:
    """Whether a character acts on the terminal or the line rather than being shown."""
    return unicodedata.category(char)[0] == "C"


def has_control(text: str) -> bool:
    """Whether ``text`` holds any character :func:`is_control` finds."""
    return not text.isprintable() and any(is_control(char) for char in text)


def harmless(text: str, *, marks: bool = True) -> str:
    """``text`` with each control shown as its picture (or ``�``); ``marks=False`` leaves
    them out instead, for a place that must keep the text's width in columns (a control
    takes none, a picture one)."""
    if text.isprintable():  # the usual case, at C speed (spaces other than " " fall through)
        return text
    return "".join(
        (_PICTURES.get(ord(char), REPLACEMENT) if marks else "") if is_control(char) else char
        for char in text
    )
