"""The last check before the terminal: no line of the screen carries a control character.

Names, themes, claimed words and a server's texts come from other people (another seat, a
save file, a server) and reach many widgets; this line filter (Textual's
:class:`~textual.filter.LineFilter`, which every widget's lines pass through) leaves their
controls out at the one place they all meet, so no widget can forget to. Controls take no
column, so leaving them out keeps each line's width (a picture, as
:func:`mixmo.i18n.outside.harmless` shows on the command line, would take one).
"""

from __future__ import annotations

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from mixmo.i18n.outside import harmless


class HarmlessText(LineFilter):
    """Leaves every control character, escape and bidirectional override out of a line."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if all(segment.control or segment.text.isprintable() for segment in segments):
            return segments
        cleaned = []
        for segment in segments:
            if segment.control or segment.text.isprintable():
                cleaned.append(segment)
            elif text := harmless(segment.text, marks=False):
                cleaned.append(Segment(text, segment.style, segment.control))
        return cleaned


HARMLESS = HarmlessText()
"""One filter for every app (its strips are cached per filter)."""
