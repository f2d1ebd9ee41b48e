"""What MixUp says, as data: a stable code, typed fields, and an English template.

Every refusal (``MixUpError``) and every audit finding is a message: its
``code`` names it for good (kebab-case, for programs and tests), its fields
hold the values (a ``Piece``, a ``Side``, a column number...) and its
``template`` is the English sentence they fill, which ``str()`` gives. The
engine never translates: the edges (``mixmo.i18n.mixup``) look the template
up in the catalogue and fill it with the fields in the player's language.

``N_`` only marks an English template or word for the catalogue's extractor
(``python -m mixmo.i18n.catalogues``, which collects every ``N_("...")``): it
returns its argument unchanged and imports no gettext.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar, Protocol, runtime_checkable


def N_(template: str) -> str:  # (the name the catalogue's extractor looks for)
    """``template``, unchanged: marked for the catalogue, translated only at the edges."""
    return template


@runtime_checkable
class Worded(Protocol):
    """A value said in words in a sentence (a piece, a side, a shape, a colour):
    ``words()`` is its English, also its message id in the catalogue."""

    def words(self) -> str: ...


class Message(Protocol):
    """A code, typed fields and an English template: a sentence as data."""

    code: ClassVar[str]
    template: ClassVar[str]

    def fields(self) -> Mapping[str, object]: ...


def english(message: Message) -> str:
    """``message``'s sentence in English: its template filled with its fields' English
    (a template without fields is the sentence as it is, braces and all)."""
    fields = message.fields()
    if not fields:
        return message.template
    return message.template.format(**{k: english_value(v) for k, v in fields.items()})


def english_value(value: object) -> object:
    """A field as an English sentence says it: a nested message as its sentence, a worded
    value (piece, side, shape) in its words, anything else (numbers, text) as it is."""
    if isinstance(value, (MixUpError, Sentence)):
        return str(value)
    if isinstance(value, Worded):
        return value.words()
    return value


class MixUpError(ValueError):
    """Anything a player or a file can get wrong in MixUp: a code, fields, an English ``str()``.

    Subclasses set ``code`` and ``template``, take their fields as ``__init__``
    arguments, keep them as attributes, pass them on to ``super().__init__`` in the
    same order (the ``args`` pickle and copy rebuild the error from), and list them in
    ``fields()``. The sentence is built when asked, from the fields.
    """

    code: ClassVar[str]
    template: ClassVar[str]

    def fields(self) -> Mapping[str, object]:
        """The values the template names, typed (none by default)."""
        return {}

    def __str__(self) -> str:
        return english(self)


class Sentence:
    """A message that is a value, not a refusal (an audit finding, how a game ended):
    subclasses are frozen dataclasses whose fields are the template's."""

    __slots__ = ()
    code: ClassVar[str]
    template: ClassVar[str]

    def fields(self) -> Mapping[str, object]:
        if not dataclasses.is_dataclass(self):
            return {}
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def __str__(self) -> str:
        return english(self)
