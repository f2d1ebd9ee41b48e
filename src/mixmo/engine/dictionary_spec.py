"""``open_lexicon``: the dictionary a ``--dict`` option (or a saved game) names.

It sits above both kinds of lexicon (word lists in :mod:`mixmo.engine.lexicon`,
Enchant in :mod:`mixmo.engine.enchant_lexicon`), so neither imports the other
back. Enchant is imported only when a spec asks for it.
"""

from __future__ import annotations

from mixmo.engine.lexicon import AnyWord, Lexicon, WordList, embedded


def open_lexicon(spec: str | None, language: str = "en") -> Lexicon:
    """The lexicon a ``--dict`` option names.

    ``None`` is the embedded list for ``language``; ``enchant:LANG`` an
    Enchant dictionary; ``any`` accepts every word; anything else is a path
    to a word list.
    """
    if spec is None or spec == "":
        return embedded(language)
    if spec.startswith("enchant:"):
        from mixmo.engine.enchant_lexicon import EnchantLexicon

        return EnchantLexicon.open(spec.removeprefix("enchant:") or language)
    if spec == "any":
        return AnyWord(language=language)
    if spec.startswith("embedded:"):
        return embedded(spec.removeprefix("embedded:"))
    return WordList.from_file(spec, language=language)
