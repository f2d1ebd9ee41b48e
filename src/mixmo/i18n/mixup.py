"""MixUp's engine messages and words in the interface language, for its two edges.

The engine (``mixmo.mixup``) speaks English only: a refusal or finding is a code,
typed fields and an English template (``mixmo.mixup.messages``), and a piece, a
side, a colour or a shape says its English words. Here the template and the
words are looked up in the catalogue (the English is the message id) and the
template filled in the player's language. The screen (``mixmo.tui.mixup``) and
the command (``mixmo.cli.mixup``) both say MixUp's messages through this module,
which imports neither Textual nor click.
"""

from __future__ import annotations

from mixmo.i18n import _, ngettext
from mixmo.mixup.board import BoardSyntaxError
from mixmo.mixup.messages import Message, MixUpError, Sentence, Worded
from mixmo.mixup.pieces import Colour, Side


def say(message: Message) -> str:
    """``message`` in the interface language: its template translated, filled with its
    fields translated (a template without fields is said as it is, braces and all)."""
    if isinstance(message, BoardSyntaxError):
        return _board_syntax(message)
    fields = message.fields()
    template = _(message.template)
    if not fields:
        return template
    return template.format(**{name: _value(value) for name, value in fields.items()})


def words(value: Worded) -> str:
    """A piece, a side, a colour or a shape in words: ``lune rouge``, ``couleur``..."""
    return _(value.words())


def title(side: Side) -> str:
    """A side as a heading: ``Colour``, ``Couleur``."""
    return _(side.title())


def initial(colour: Colour) -> str:
    """The colour's initial on the screen, in the interface language: R, G, B in
    English, R, V, B in French (the board text format keeps ``Colour.letter``)."""
    return words(colour)[0].upper()


def _value(value: object) -> object:
    if isinstance(value, (MixUpError, Sentence)):
        return say(value)
    if isinstance(value, Worded):
        return words(value)
    return value


def _board_syntax(error: BoardSyntaxError) -> str:
    """``1:1: une rangée a 7 cases, celle-ci 1 (et 2 de plus)``: where, why, how many more."""
    first = error.problems[0]
    text = f"{first.line}:{first.col}: {say(first.reason)}"
    if error.more:
        text += " " + ngettext("(and {count} more)", "(and {count} more)", error.more).format(
            count=error.more
        )
    return text
