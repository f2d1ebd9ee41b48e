"""What the engine says: a stable code and typed fields, with an English ``str()``.

The engine never translates: it has no catalogue. A refusal, a problem of a
grid, the reason of a hasty call or a score line is a :class:`Message`: a
:class:`Kind` (its stable kebab-case code and English template, the catalogue's
msgid) and the fields that fill it. ``str()`` gives the English sentence; the
edges (the terminal, the command line, a network client) translate the same
code and fields through the catalogue (:mod:`mixmo.i18n.messages`). A field
that is itself words of the interface (a phase, the name of a tile) is a nested
message, so it is translated too.

On the wire a message is ``{"code": ..., "fields": {...}}`` (:meth:`Message.to_data`);
every kind registers its code when its module is imported, so a client rebuilds
a message from its code and fields alone (:func:`message_from_data`).

Strings given to :class:`Kind` and :class:`Plural` are extracted into the
catalogue (``python -m mixmo.i18n.catalogues``) like ``_()``'s.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias

Scalar: TypeAlias = str | int | float | bool | None
Field: TypeAlias = "Scalar | Message | Listing"
"""A message's field: a plain value, a message to translate, or a list of fields."""

KINDS: dict[str, Kind] = {}
"""Every kind of message by its code (filled as the engine's modules are imported)."""


@dataclass(frozen=True, slots=True)
class Kind:
    """One sentence the engine can say: a stable code and its English template."""

    code: str
    template: str
    plural: str | None = None
    """The plural template (:class:`Plural`), chosen by the field ``count``."""

    def __post_init__(self) -> None:
        known = KINDS.setdefault(self.code, self)
        if known != self:
            raise ValueError(f"two messages with the code {self.code!r}")

    def __call__(self, **fields: Field) -> Message:
        return Message(self, fields)


def Plural(code: str, singular: str, plural: str) -> Kind:
    """A sentence with a singular and a plural form, chosen by its field ``count``."""
    return Kind(code, singular, plural)


def english(template: str) -> str:
    """Marks an English template kept outside a :class:`Kind`, for the catalogue."""
    return template


SEPARATORS = {
    "comma": english(", "),
    "and": english(" and "),
    "semicolon": english("; "),
    "or": english(" or "),
    "none": "",
}
"""How a :class:`Listing`'s items are joined, by its ``joined`` name."""


@dataclass(frozen=True, slots=True)
class Listing:
    """Fields shown one after the other (cells, tiles, words), joined by ``joined``."""

    items: tuple[Field, ...]
    joined: Literal["comma", "and", "semicolon", "or", "none"] = "comma"

    def __str__(self) -> str:
        return render(self, _english)


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence of the engine: its kind and the fields that fill its template."""

    kind: Kind
    fields: Mapping[str, Field]

    @property
    def code(self) -> str:
        return self.kind.code

    def __str__(self) -> str:
        return render(self, _english)

    def to_data(self) -> dict[str, Any]:
        """The message as JSON data: its code and fields, never a sentence."""
        return {"code": self.code, "fields": {k: _field_data(v) for k, v in self.fields.items()}}

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_plain_validator_function(
            message_from_data,
            serialization=core_schema.plain_serializer_function_ser_schema(Message.to_data),
        )


def _message_hash(message: Message) -> int:
    return hash((message.kind, tuple(sorted(message.fields.items(), key=lambda i: i[0]))))


Message.__hash__ = _message_hash  # type: ignore[assignment,method-assign]
"""(Its fields are a mapping: hashed as their sorted items.)"""


class Wording:
    """How a template is worded: in English here, the words it is written in (an edge
    words it in its player's language, :mod:`mixmo.i18n.messages`)."""

    def template(self, text: str) -> str:
        return text

    def plural(self, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural


_english = Wording()


def render(field: Field, wording: Wording) -> str:
    """``field`` as words, its templates worded by ``wording``."""
    if isinstance(field, Message):
        kind = field.kind
        if kind.plural is None:
            template = wording.template(kind.template)
        else:
            count = field.fields.get("count")
            number = count if isinstance(count, int) else 0
            template = wording.plural(kind.template, kind.plural, number)
        said = {name: _said(value, wording) for name, value in field.fields.items()}
        return template.format(**said)
    if isinstance(field, Listing):
        separator = wording.template(SEPARATORS[field.joined])
        return separator.join(render(item, wording) for item in field.items)
    return str(field)


def _said(value: Field, wording: Wording) -> object:
    """A field as its template formats it: numbers stay numbers (``{count:,}``, ``{x!r}``)."""
    if isinstance(value, Message | Listing):
        return render(value, wording)
    return value


def _field_data(value: Field) -> Any:
    if isinstance(value, Message):
        return value.to_data()
    if isinstance(value, Listing):
        return {"items": [_field_data(item) for item in value.items], "joined": value.joined}
    return value


class MessageDataError(ValueError):
    """Data that is not a message of this engine (an unknown code, fields that do not fit)."""


def message_from_data(data: object) -> Message:
    """The message ``data`` (from :meth:`Message.to_data`) describes; MessageDataError if none."""
    if isinstance(data, Message):
        return data
    try:
        return _message_from_data(data)
    except RecursionError:
        raise MessageDataError("a message nested too deeply") from None


def _message_from_data(data: object) -> Message:
    if not isinstance(data, dict) or not isinstance(data.get("code"), str):
        raise MessageDataError("a message is an object with a code and fields")
    kind = KINDS.get(data["code"])
    fields = data.get("fields", {})
    if kind is None or not isinstance(fields, dict):
        raise MessageDataError(f"no message with the code {data['code']!r}")
    message = Message(kind, {str(k): _field_from_data(v) for k, v in fields.items()})
    try:
        str(message)
    except (KeyError, IndexError, ValueError, TypeError) as error:
        raise MessageDataError(f"the fields of {kind.code!r} do not fit it ({error})") from None
    return message


def _field_from_data(data: object) -> Field:
    if isinstance(data, dict) and "items" in data:
        items = data["items"]
        joined = data.get("joined", "comma")
        if not isinstance(items, list) or joined not in SEPARATORS:
            raise MessageDataError("a listing is a list of items and how they are joined")
        return Listing(tuple(_field_from_data(item) for item in items), joined)
    if isinstance(data, dict):
        return _message_from_data(data)
    if data is None or isinstance(data, str | int | float | bool):
        return data
    raise MessageDataError(f"{data!r} is not a message's field")


SAID = Kind("said", "{text}")
"""A sentence an edge has already said in its player's language (an edge may raise an
engine error of its own, e.g. a saved game's file that cannot be read)."""
AT_PATH = Kind("at-path", "{path}: {error}")
"""An error about a file, prefixed with the file's path."""


class CodedError(ValueError):
    """An error the engine raises for a player or a user: a code, typed fields, English.

    A subclass with one sentence names it in ``kind`` and is raised with its fields
    as keywords (declared as annotations, checked here); a family of sentences is
    raised with a :class:`Message` (an edge may give a sentence it has said already).
    """

    kind: ClassVar[Kind | None] = None

    def __init__(self, message: Message | str | None = None, /, **fields: Field) -> None:
        if isinstance(message, str):
            message = SAID(text=message)
        if message is None:
            if self.kind is None:
                raise TypeError(f"{type(self).__name__} needs a message")
            expected = set(_annotations(type(self)))
            if set(fields) != expected:
                raise TypeError(f"{type(self).__name__} takes {sorted(expected)}")
            message = self.kind(**fields)
            for name, field in fields.items():
                setattr(self, name, field)
        super().__init__(message)
        self.message = message

    @property
    def code(self) -> str:
        return self.message.code

    def __str__(self) -> str:
        return str(self.message)


def _annotations(cls: type) -> dict[str, Any]:
    """The typed fields a coded error declares (its own and its bases' up to CodedError)."""
    found: dict[str, Any] = {}
    for base in reversed(cls.__mro__):
        if issubclass(base, CodedError) and base is not CodedError:
            declared = inspect.get_annotations(base)
            found.update({k: v for k, v in declared.items() if "ClassVar" not in str(v)})
    return found
