"""``@value``: a frozen dataclass with slots, made in one step.

The engine's values (actions, events, states) are frozen dataclasses. The
standard ``@dataclass(frozen=True, slots=True)`` compiles each of its six
methods (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__``, ``__delattr__``) by a separate ``exec``: about a
millisecond a class on the reference machine, and ``mixmo play`` defines
some sixty before its first frame (issue 14). ``@value`` lets
:func:`dataclasses.dataclass` find the fields and make the slots, without
any method, compiles ``__init__`` alone (its parameters are the fields), when
the first value of the class is made, and makes the other methods as
closures over the field names: a quarter of the cost, or a tenth for a class
not yet used, and equality and hashing as fast (``operator.attrgetter``). The result is a dataclass like any other (``fields``, ``replace``,
pattern matching, pydantic, pickling and copies all work on it) and, for
type checkers, a frozen one (:func:`typing.dataclass_transform`).

Supported: fields with a default or a ``field(default_factory=...)``,
``kw_only``, ``__post_init__``. Not supported (not used by the engine):
``field(init=False, repr=False, compare=False, hash=...)``, ``InitVar``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, field
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")


@overload
def value(cls: type[T], /) -> type[T]: ...


@overload
def value(*, kw_only: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def value(
    cls: type[T] | None = None, /, *, kw_only: bool = False
) -> type[T] | Callable[[type[T]], type[T]]:
    """Make ``cls`` a frozen dataclass with slots (``kw_only``: every field a keyword)."""

    def wrap(cls: type[T]) -> type[T]:
        return _make(cls, kw_only)

    return wrap if cls is None else wrap(cls)


def _make(cls: type[T], kw_only: bool) -> type[T]:
    documented = bool(cls.__doc__)
    if not documented:  # (dataclass would read the signature of object.__init__, slowly)
        cls.__doc__ = cls.__name__
    made: Any = dataclasses.dataclass(
        cls, init=False, repr=False, eq=False, slots=True, kw_only=kw_only
    )
    fields = dataclasses.fields(made)
    if not documented:  # as dataclass writes it: the class's signature
        made.__doc__ = f"{made.__name__}({', '.join(f'{f.name}: {f.type}' for f in fields)})"
    for one in fields:
        if not (one.init and one.repr and one.compare and one.hash is None):
            raise TypeError(f"@value does not support field options ({made.__name__}.{one.name})")
    names = tuple(one.name for one in fields)
    made.__init__ = _compile_on_first_call(made, fields)
    for name, method in _methods(made, names).items():
        method.__qualname__ = f"{made.__qualname__}.{name}"
        setattr(made, name, method)
    return made  # type: ignore[no-any-return]


def replace(obj: T, /, **changes: Any) -> T:
    """:func:`dataclasses.replace`, faster on a value: a new value with ``changes``, made
    (and checked) by its ``__init__`` as ever, from its fields read at once rather than
    one by one with their options (the server replaces about four states an action)."""
    method = getattr(type(obj), "__replace__", None)
    if method is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    return method(obj, **changes)  # type: ignore[no-any-return]


def _compile_on_first_call(
    cls: type, fields: tuple[dataclasses.Field[Any], ...]
) -> Callable[..., None]:
    """An ``__init__`` that compiles the real one (:func:`_init`) when the first value of
    ``cls`` is made, puts it in its place and calls it: a class that is never
    instantiated (most events, before a game's first frame) costs no compilation."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        compiled = _init(cls, fields)
        type.__setattr__(cls, "__init__", compiled)
        compiled(self, *args, **kwargs)

    return __init__


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """The ``__init__`` of ``cls``, compiled: the only method whose source depends on the
    fields (its parameters are their names)."""
    scope: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": MISSING}
    positional: list[str] = []
    keywords: list[str] = []
    lines: list[str] = []
    for one in fields:
        name = one.name
        given = name
        if one.default is not MISSING:
            scope[f"_default_{name}"] = one.default
            parameter = f"{name}=_default_{name}"
        elif one.default_factory is not MISSING:
            scope[f"_factory_{name}"] = one.default_factory
            parameter = f"{name}=_MISSING"
            given = f"_factory_{name}() if {name} is _MISSING else {name}"
        else:
            parameter = name
        (keywords if one.kw_only else positional).append(parameter)
        lines.append(f" _set(self, {name!r}, {given})\n")
    if hasattr(cls, "__post_init__"):
        lines.append(" self.__post_init__()\n")
    parameters = ", ".join(["self", *positional, *(["*", *keywords] if keywords else [])])
    made: dict[str, Any] = {}
    exec(f"def __init__({parameters}):\n{''.join(lines) or ' pass'}", scope, made)
    return made["__init__"]  # type: ignore[no-any-return]


def _methods(cls: type, names: tuple[str, ...]) -> dict[str, Callable[..., Any]]:
    """The other methods of a frozen dataclass, as closures over ``cls`` and its field names
    (nothing to compile)."""
    fields_of: Callable[[Any], tuple[Any, ...]]
    if len(names) > 1:
        fields_of = attrgetter(*names)
    elif names:
        fields_of = lambda self: (getattr(self, names[0]),)  # noqa: E731
    else:
        fields_of = lambda _self: ()  # noqa: E731
    frozen = frozenset(names)

    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(fields_of(self) == fields_of(other))
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(fields_of(self))

    def __setattr__(self: Any, name: str, value: object) -> None:
        if type(self) is cls or name in frozen:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        object.__setattr__(self, name, value)  # (a subclass's own attribute)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in frozen:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        object.__delattr__(self, name)

    def __replace__(self: Any, /, **changes: Any) -> Any:
        # Compiled on first use, a dict display of the fields (a third faster than a
        # closure, and the server stamps every action), and put in this one's place.
        scope: dict[str, Any] = {"_cls": cls}
        current = "".join(f"{name!r}: self.{name}, " for name in names)
        made: dict[str, Any] = {}
        source = f"def __replace__(self, /, **changes):\n return _cls(**{{{current}**changes}})"
        exec(source, scope, made)  # (made from the field names, as __init__ is)
        made["__replace__"].__qualname__ = f"{cls.__qualname__}.__replace__"
        cls.__replace__ = made["__replace__"]  # type: ignore[attr-defined]
        return made["__replace__"](self, **changes)

    def __getstate__(self: Any) -> list[Any]:
        return [getattr(self, name) for name in names]

    def __setstate__(self: Any, state: list[Any]) -> None:
        for name, one in zip(names, state, strict=True):
            object.__setattr__(self, name, one)

    return {
        "__repr__": __repr__,
        "__eq__": __eq__,
        "__hash__": __hash__,
        "__setattr__": __setattr__,
        "__delattr__": __delattr__,
        "__replace__": __replace__,
        "__getstate__": __getstate__,
        "__setstate__": __setstate__,
    }
