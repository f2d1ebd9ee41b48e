"""Variants: the grid rules that change from one way of playing to another.

Each variant is a small class registered by name. The rulebook has two
variants on top of the classic game, and they combine: Free Spirit (no theme,
the Bandit stays a K/W/X/Y/Z joker) and Expert (words of three letters or
more, no word twice).
"""

from __future__ import annotations

from typing import ClassVar

from mixmo.engine.messages import CodedError, Kind, Message

NO_VARIANT = Kind("no-variant", "no variant {name!r}: choose one of {choices}")

VARIANTS: dict[str, type[Variant]] = {}
"""Every variant by its registry name."""


class UnknownVariantError(CodedError):
    """A variant name that is not in the registry."""


class Variant:
    """The classic rules; subclasses change the class attributes."""

    name: ClassVar[str] = "classic"
    title: ClassVar[str] = "Classic"
    min_word_length: ClassVar[int] = 2
    """The shortest word a grid may hold."""
    distinct_words: ClassVar[bool] = False
    """True when no word may appear twice in a grid."""
    themes: ClassVar[bool] = True
    """True when the Bandit's drawer announces a theme that every grid must hold."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        VARIANTS[cls.name] = cls
        Kind(f"variant-{cls.name}", cls.title)

    @classmethod
    def title_message(cls) -> Message:
        """The variant's title, to be said in the player's language."""
        return Kind(f"variant-{cls.name}", cls.title)()

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)

    def __hash__(self) -> int:
        return hash(self.name)


VARIANTS[Variant.name] = Variant
Kind(f"variant-{Variant.name}", Variant.title)


class FreeSpirit(Variant):
    """Variant 1: no theme is announced when the Bandit is drawn."""

    name = "free-spirit"
    title = "Free Spirit"
    themes = False


class Expert(Variant):
    """Variant 2: every word has at least 3 letters and none appears twice."""

    name = "expert"
    title = "Expert"
    min_word_length = 3
    distinct_words = True


class ExpertFreeSpirit(Expert):
    """Expert's grid rules, played without a theme."""

    name = "expert-free-spirit"
    title = "Expert, Free Spirit"
    themes = False


def variant_named(name: str) -> Variant:
    """The registered variant called ``name``."""
    try:
        return VARIANTS[name]()
    except KeyError:
        known = ", ".join(sorted(VARIANTS))
        raise UnknownVariantError(NO_VARIANT(name=name, choices=known)) from None


def variant_for(*, expert: bool = False, free_spirit: bool = False) -> Variant:
    """The variant for the ``--expert`` and ``--free-spirit`` switches."""
    if expert:
        return ExpertFreeSpirit() if free_spirit else Expert()
    return FreeSpirit() if free_spirit else Variant()
