"""Enchant/Hunspell dictionaries of the system as lexicons, and spelling suggestions.

Look-ups are always lower-case: Hunspell accepts the ALL-CAPS form of proper
nouns and initialisms (PARIS, NASA). Tiles carry no accents, so a folded word
such as ``ETE`` is tried in its accented spellings (*été*, *êté*...) until the
dictionary accepts one; past a cap, Enchant's suggestions are folded instead.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from mixmo.engine.lexicon import (
    ENUMERATION_LIMIT,
    LexiconError,
    combinations,
    fold,
    is_tile_word,
    match_by_enumeration,
)
from mixmo.engine.messages import Kind, Listing

ACCENTED = {
    "a": "aàâä",
    "c": "cç",
    "e": "eéèêë",
    "i": "iîï",
    "n": "nñ",
    "o": "oôö",
    "u": "uùûü",
    "y": "yÿ",
}
"""The accented letters a folded tile letter may stand for."""

LIGATURES = {"oe": "œ", "ae": "æ"}

PREFERRED_REGIONS = {"en": "en_US", "fr": "fr_FR"}
"""The dictionary a bare language tag asks for first."""

VARIANT_LIMIT = 4096
"""Accent spellings tried per word before falling back to suggestions."""

INSTALL_HINT = Kind(
    "enchant-install-hint",
    "install the Enchant C library and a Hunspell dictionary "
    "(Debian/Ubuntu: apt-get install libenchant-2-2 hunspell-en-us hunspell-fr)",
)
NO_ENCHANT = Kind("no-enchant", "Enchant is not available ({error}): {hint}")
NONE = Kind("none", "none")
NO_ENCHANT_DICTIONARY = Kind(
    "no-enchant-dictionary",
    "no Enchant dictionary for {tag!r} (available: {shown}): "
    "install one, e.g. apt-get install hunspell-{language}",
)
TOO_MANY_SPELLINGS = Kind(
    "too-many-spellings",
    "{lexicon} cannot match a pattern with {count} spellings; "
    "use a word list for grids with this many jokers in one word",
)


def _import_enchant() -> Any:
    try:
        import enchant
    except ImportError as error:
        raise LexiconError(NO_ENCHANT(error=str(error), hint=INSTALL_HINT())) from None
    return enchant


def accent_spellings(word: str) -> list[str]:
    """The lower-case spellings a folded word may stand for, plain one first."""
    lower = word.lower()
    pieces: list[list[str]] = []
    i = 0
    while i < len(lower):
        pair = lower[i : i + 2]
        if pair in LIGATURES:
            first = list(ACCENTED.get(pair[0], pair[0]))
            pieces.append([f + pair[1] for f in first] + [LIGATURES[pair]])
            i += 2
            continue
        pieces.append(list(ACCENTED.get(lower[i], lower[i])))
        i += 1
    if math.prod(len(piece) for piece in pieces) > VARIANT_LIMIT:
        return [lower]
    return ["".join(parts) for parts in itertools.product(*pieces)]


class EnchantLexicon:
    """A lexicon backed by an Enchant dictionary (Hunspell first, then Aspell)."""

    def __init__(self, dictionary: Any, *, tag: str) -> None:
        self._dictionary = dictionary
        self.name = f"enchant:{tag}"
        self.language: str | None = tag.split("_")[0]
        self._known: dict[str, list[str]] = {}

    @classmethod
    def open(cls, tag: str) -> EnchantLexicon:
        """Open the Enchant dictionary for ``tag`` (``en``, ``fr_FR``...)."""
        enchant = _import_enchant()
        broker = enchant.Broker()
        broker.set_ordering("*", "hunspell,aspell")
        available = sorted({name for name, _ in broker.list_dicts()})
        language = tag.split("_")[0]
        # A bare language ("en") may exist only through Aspell: prefer a regional Hunspell one.
        candidates = [tag]
        if "_" not in tag:
            regional = [name for name in available if name.startswith(f"{language}_")]
            preferred = PREFERRED_REGIONS.get(language, f"{language}_{language.upper()}")
            candidates = [preferred, *regional, tag]
        for candidate in dict.fromkeys(candidates):
            try:
                return cls(broker.request_dict(candidate), tag=tag)
            except enchant.errors.DictNotFoundError:
                continue
        shown = Listing(tuple(available)) if available else NONE()
        raise LexiconError(NO_ENCHANT_DICTIONARY(tag=tag, shown=shown, language=language.lower()))

    def forms(self, word: str) -> list[str]:
        """The accepted spellings of the folded ``word`` (empty when none)."""
        if not is_tile_word(word):
            return []
        if word in self._known:
            return self._known[word]
        check = self._dictionary.check
        found = [spelling for spelling in accent_spellings(word) if check(spelling)]
        if not found and len(word) > 1:
            found = [
                s for s in self._dictionary.suggest(word.lower()) if fold(s) == word and check(s)
            ]
        found = [s for s in found if s.islower()]
        self._known[word] = found
        return found

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and bool(self.forms(word))

    def matching(self, slots: Sequence[str]) -> set[str]:
        if combinations(slots) > ENUMERATION_LIMIT:
            raise LexiconError(TOO_MANY_SPELLINGS(lexicon=self.name, count=combinations(slots)))
        return match_by_enumeration(self, slots)


@cache
def suggester(language: str) -> Any | None:
    """An Enchant dictionary to suggest corrections in ``language``, or None without Enchant."""
    try:
        return EnchantLexicon.open(language)._dictionary
    except LexiconError:
        return None


def suggestions(word: str, language: str | None, limit: int = 5) -> list[str]:
    """Corrections Enchant proposes for a rejected word, as tile words; [] without Enchant."""
    dictionary = suggester(language) if language else None
    if dictionary is None:
        return []
    found: list[str] = []
    for suggestion in dictionary.suggest(word.lower()):
        folded = fold(suggestion)
        if suggestion.islower() and is_tile_word(folded) and folded not in found and folded != word:
            found.append(folded)
    return found[:limit]
