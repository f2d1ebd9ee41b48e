"""Footer labels in the interface language.

Textual reads a class's ``BINDINGS`` when the class is defined, before the
language is chosen, so their labels are marked with ``N_`` (or written as
plain English). A class that takes :class:`TranslatedBindings` is made, when
an instance is asked for, as a subclass of itself for the language in use
(one per class and language, kept): its ``BINDINGS`` are every binding the
class would have, with their labels translated, plus the keys the class
chooses for that language (:meth:`TranslatedBindings.language_bindings`).
Textual then builds its bindings from them the way it does for any class.
An instance's class is that subclass: ask ``isinstance``, not ``type(x) is``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from typing import Any, ClassVar, cast

from textual.binding import Binding, BindingType
from textual.dom import DOMNode

from mixmo.i18n import N_, _, ui_language

KEY_NAMES = {
    "shift": N_("shift"),
    "alt": N_("alt"),
    "esc": N_("esc"),
    "space": N_("space"),
    "del": N_("del"),
    "home": N_("home"),
    "end": N_("end"),
    "pgup": N_("pgup"),
    "pgdn": N_("pgdn"),
    "ins": N_("ins"),
}
"""The names Textual shows for keys and modifiers (its ``format_key``), which the
interface language names otherwise (French "maj+tab", as the help writes it)."""


def translated_key_display(shown: str) -> str:
    """A key as Textual displays it (``shift+tab``, ``^z``), in the interface language."""
    if shown == "+":
        return shown
    return "+".join(_(KEY_NAMES[part]) if part in KEY_NAMES else part for part in shown.split("+"))


class TranslatedBindings:
    """A Textual class whose footer labels (and answer keys) are the interface language's.

    Put it first among the bases of an App, a Screen or a Widget."""

    _mixmo_inherits_bindings: ClassVar[bool] = True
    _mixmo_language: ClassVar[str | None] = None
    """The language a class made by :func:`in_language` is for (None: not made so)."""

    def __init_subclass__(cls, inherit_bindings: bool = True, **kwargs: Any) -> None:
        # Textual keeps this flag to itself: noted here to merge the bindings as it does
        # (its DOMNode takes the keyword, which object's signature does not show).
        super().__init_subclass__(inherit_bindings=inherit_bindings, **kwargs)  # type: ignore[call-arg]
        cls._mixmo_inherits_bindings = inherit_bindings

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        made = (
            cls if cls._mixmo_language is not None else in_language(cast(type, cls), ui_language())
        )
        return super().__new__(made)

    def get_key_display(self, binding: Binding) -> str:
        """Textual's display of a bound key (the footer's, a key panel's), its names in
        the interface language: Textual's documented override for an App."""
        shown: str = super().get_key_display(binding)  # type: ignore[misc]
        return translated_key_display(shown)

    @classmethod
    def language_bindings(cls) -> list[Binding]:
        """Bindings whose keys depend on the interface language (in use as this is
        called), after the class's own; none unless a class says otherwise."""
        return []


def declared_bindings(cls: type) -> list[Binding]:
    """Every binding ``cls`` has, from the ``BINDINGS`` of it and its bases, merged as
    Textual merges them (a class that does not inherit its bases' bindings starts anew)."""
    keys: dict[str, list[Binding]] = {}
    for base in reversed(cls.__mro__):
        if not issubclass(base, DOMNode):
            continue
        if not base.__dict__.get("_mixmo_inherits_bindings", True):
            keys.clear()
        own: dict[str, list[Binding]] = {}
        for binding in Binding.make_bindings(base.__dict__.get("BINDINGS", [])):
            own.setdefault(binding.key, []).append(binding)
        keys.update(own)  # a class's bindings of a key replace its bases' (Textual's rule)
    return [binding for listed in keys.values() for binding in listed]


@cache
def in_language(cls: type, language: str) -> type:
    """``cls`` with its footer labels in ``language`` (the one in use as it is called)."""

    def translated(binding: Binding) -> Binding:
        return (
            replace(binding, description=_(binding.description)) if binding.description else binding
        )

    own: list[BindingType] = [translated(binding) for binding in declared_bindings(cls)]
    own.extend(cls.language_bindings())  # type: ignore[attr-defined]
    namespace = {
        "BINDINGS": own,
        "_mixmo_language": language,
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__,
        "__doc__": cls.__doc__,
    }
    return type(cls)(cls.__name__, (cls,), namespace, inherit_bindings=False)


def label_key(label: str) -> str:
    """The key a button's label names in its last brackets ("... (B)" -> "b").

    The key is written in the label, and translated with it, so that each language
    picks the letter of its own word (French "robots": R, "sans": S, "oui": O)."""
    match = re.search(r"\((\w)\)\s*$", label)
    if match is None:
        raise ValueError(f"{label!r} names no key in brackets at its end")
    return match.group(1).lower()
