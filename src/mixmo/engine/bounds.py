"""Bounds of a value's fields, checked here and by pydantic alike.

Actions and options are plain frozen dataclasses, so that a local game never
imports pydantic (a tenth of a second before ``mixmo play``'s first frame).
A field's bounds are written once, in its annotation::

    seat: Annotated[int, SEAT]          # SEAT = Bounds(ge=0)

and serve twice: the value's ``__post_init__`` checks them with
:meth:`Bounds.check` (a value built in this process), and pydantic reads them
through ``__get_pydantic_core_schema__`` when it validates untrusted input (a
saved game, a network message), so a bad value there is refused with
pydantic's own message and location, as when these were pydantic models.
"""

from __future__ import annotations

from typing import Any

from mixmo.engine.messages import CodedError, Kind, Message, Plural

AT_LEAST = Kind("at-least", "{name} must be at least {bound} (not {value})")
LESS_THAN = Kind("less-than", "{name} must be less than {bound} (not {value})")
AT_LEAST_CHARACTERS = Plural(
    "at-least-characters",
    "{name} must have at least {count} character (it has {size})",
    "{name} must have at least {count} characters (it has {size})",
)
AT_MOST_CHARACTERS = Plural(
    "at-most-characters",
    "{name} must have at most {count} character (it has {size})",
    "{name} must have at most {count} characters (it has {size})",
)
AT_LEAST_ITEMS = Plural(
    "at-least-items",
    "{name} must have at least {count} item (it has {size})",
    "{name} must have at least {count} items (it has {size})",
)
AT_MOST_ITEMS = Plural(
    "at-most-items",
    "{name} must have at most {count} item (it has {size})",
    "{name} must have at most {count} items (it has {size})",
)


class OutOfBoundsError(CodedError):
    """A field's value outside its bounds: a negative seat, a symbol of two characters..."""


class Bounds:
    """Lower and upper bounds of a number (``ge``, ``lt``) or of a length (``min_length``,
    ``max_length``), as pydantic names them."""

    __slots__ = ("ge", "lt", "max_length", "min_length")

    def __init__(
        self,
        *,
        ge: float | None = None,
        lt: float | None = None,
        min_length: int | None = None,
        max_length: int | None = None,
    ) -> None:
        self.ge = ge
        self.lt = lt
        self.min_length = min_length
        self.max_length = max_length

    def check(self, name: str, value: object) -> None:
        """Raise :class:`OutOfBoundsError` naming ``name`` if ``value`` is out of bounds
        (a number, or anything with a length)."""
        if isinstance(value, (int, float)):  # (a tuple of types: faster than int | float)
            if self.ge is not None and not value >= self.ge:  # (also refuses NaN)
                raise OutOfBoundsError(AT_LEAST(name=name, bound=self.ge, value=value))
            if self.lt is not None and not value < self.lt:
                raise OutOfBoundsError(LESS_THAN(name=name, bound=self.lt, value=value))
            return
        size = len(value)  # type: ignore[arg-type]
        if self.min_length is not None and size < self.min_length:
            raise OutOfBoundsError(_length_message(name, value, "least", self.min_length))
        if self.max_length is not None and size > self.max_length:
            raise OutOfBoundsError(_length_message(name, value, "most", self.max_length))

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        """The schema of the annotated type with these bounds (pydantic's hook for metadata)."""
        schema = dict(handler(source))
        for key in self.__slots__:
            bound = getattr(self, key)
            if bound is not None:
                schema[key] = bound
        return schema

    def __repr__(self) -> str:
        set_ = (f"{key}={getattr(self, key)!r}" for key in self.__slots__)
        return f"Bounds({', '.join(s for s in set_ if not s.endswith('=None'))})"


def _length_message(name: str, value: object, bound: str, count: int) -> Message:
    """``symbol must have at most 1 character (it has 2)``, ``cells ... at least 1 item``."""
    if isinstance(value, str):
        kind = AT_LEAST_CHARACTERS if bound == "least" else AT_MOST_CHARACTERS
    else:
        kind = AT_LEAST_ITEMS if bound == "least" else AT_MOST_ITEMS
    return kind(name=name, count=count, size=len(value))  # type: ignore[arg-type]
