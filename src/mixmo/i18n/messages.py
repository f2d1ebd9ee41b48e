"""The engine's messages in the player's language: the one place they are translated.

The engine says everything as a code and typed fields with an English template
(:mod:`mixmo.engine.messages`); the edges (the terminal, the command line, a
network client) show it through :func:`say`, which reads each template, and each
field that is itself words of the interface, through the catalogue (the English
template is the msgid, so the French catalogue translates it).
"""

from __future__ import annotations

from mixmo.engine.messages import CodedError, Listing, Message, Wording, render
from mixmo.i18n import _, ngettext


class _Catalogue(Wording):
    def template(self, text: str) -> str:
        return _(text) if text else text

    def plural(self, singular: str, plural: str, count: int) -> str:
        return ngettext(singular, plural, count)


_CATALOGUE = _Catalogue()


def say(said: object) -> str:
    """``said`` in the interface language: an engine message, a coded error, a listing;
    anything else as its ``str()``."""
    if isinstance(said, CodedError):
        return render(said.message, _CATALOGUE)
    if isinstance(said, Message | Listing):
        return render(said, _CATALOGUE)
    return str(said)
