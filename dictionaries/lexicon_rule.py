"""The lexicon rule: accept a word on more than one independent source.

Written out in README.md ("The lexicon rule"); applied by ``build.py``.  For
each language a word has a main dictionary (SCOWL / Dicollecte), a second
dictionary made independently (WordNet / the GUTenberg list of ``wfrench``) and
a measure of use (``wordfreq``).  The rule, in order:

1. ``two-dictionaries``: the main and the second dictionary both list it: accepted.
2. ``dictionary-and-use``: the main dictionary lists it and it is in common use
   (Zipf >= USE_MIN_ZIPF), or, English, SCOWL ranks it among its common words
   (size <= SCOWL_COMMON_SIZE): accepted.
3. ``one-rare-source``: only the main dictionary lists it, at a rare level (SCOWL
   size > SCOWL_COMMON_SIZE; any Dicollecte entry), and it is not in common use:
   refused.
4. ``added-dictionary-and-use``: the main dictionary's larger levels (SCOWL 80 and
   95) list it in lower case and nowhere else (not as a name, initialism,
   abbreviation, contraction or numeral), WordNet has this very spelling as a
   common noun, verb or adjective, and it is frequent (Zipf >= ADD_MIN_ZIPF):
   accepted.

English "second dictionary" means WordNet, reached from the spelling by
WordNet's own morphology (plurals, tenses, comparatives), or by one productive
English prefix or suffix (un-, non-, re-...; -ly, -ness, -less, -ment...), since
WordNet leaves out most regular derivatives.

Words of 2 or 3 letters and vowel-less words are outside rule 3: every one of
them was reviewed by hand against the tournament lists (README.md, "Short
words"), the stronger second source; they keep the main dictionary's verdict
(``reviewed-short-word``).  The reviewed lists (allow, deny, slurs) come after
the rule and override it,
each entry with its reason.  French decides per dictionary entry (a lemma with
all its inflections), English per spelling (SCOWL has no lemmas).

``why`` tables: the build writes ``<lang>-why.txt.gz`` with one line
``WORD<TAB>rule<TAB>detail`` for every word the rule or a reviewed list decided
against what the main dictionary alone says (refused by rule 3, added by rule 4,
added by the allow-list, removed by a deny-list).  A word of the list with no line
was accepted by rule 1 or 2; ``mixmo word --why`` reads it.  A build tool.
"""

from __future__ import annotations

from dataclasses import dataclass

USE_MIN_ZIPF = 1.0
"""Common use: wordfreq meets the spelling at least 10 times per billion words."""
ADD_MIN_ZIPF = 3.0
"""Frequent: once per million words, for words the main list files at its largest sizes."""
SCOWL_COMMON_SIZE = 50
"""SCOWL's sizes 10 to 50 are its common words (size 50 is "medium")."""
SCOWL_ADD_SIZES = (80, 95)

TWO_DICTIONARIES = "two-dictionaries"
DICTIONARY_AND_USE = "dictionary-and-use"
ONE_RARE_SOURCE = "one-rare-source"
ADDED = "added-dictionary-and-use"
REVIEWED_SHORT = "reviewed-short-word"
ALLOW_LIST = "allow-list"
DENY_LIST = "deny-list"


POS = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}


@dataclass(frozen=True)
class Decision:
    """The rule's verdict on one word, and the evidence it rested on."""

    accepted: bool
    rule: str
    detail: str


def decide_en(
    word: str,
    scowl_size: int,
    wordnet_lemmas: dict[str, frozenset[str]],
    derived_from: str | None,
    zipf: float,
    elsewhere: bool,
) -> Decision:
    """Rules 1 to 4 for an English lower-case spelling SCOWL lists at ``scowl_size``.

    ``wordnet_lemmas``: the WordNet lemmas it is a form of (with their parts of
    speech); ``derived_from``: the WordNet lemma it derives from by a productive
    affix; ``elsewhere``: SCOWL also files it as a name, initialism,
    abbreviation, contraction or numeral."""
    pos = ", ".join(
        f"{lemma} ({'/'.join(POS[p] for p in sorted(p))})"
        for lemma, p in sorted(wordnet_lemmas.items())
    )
    evidence = f"SCOWL size {scowl_size}; wordfreq Zipf {zipf:.1f}"
    if scowl_size in SCOWL_ADD_SIZES:
        ok = (
            bool(wordnet_lemmas.get(word, frozenset()) & {"n", "v", "a"})
            and zipf >= ADD_MIN_ZIPF
            and not elsewhere
        )
        return Decision(ok, ADDED if ok else ONE_RARE_SOURCE, f"{evidence}; WordNet: {pos or '-'}")
    if wordnet_lemmas:
        return Decision(True, TWO_DICTIONARIES, f"{evidence}; WordNet: {pos}")
    if derived_from:
        return Decision(True, TWO_DICTIONARIES, f"{evidence}; WordNet by derivation: {derived_from}")
    if scowl_size <= SCOWL_COMMON_SIZE or zipf >= USE_MIN_ZIPF:
        return Decision(True, DICTIONARY_AND_USE, f"{evidence}; not in WordNet")
    return Decision(False, ONE_RARE_SOURCE, f"{evidence}; not in WordNet")


def decide_fr(stem: str, tags: str, in_wfrench: bool, zipf: float) -> Decision:
    """Rules 1 to 3 for a Dicollecte entry (``zipf``: its most frequent form)."""
    evidence = f"Dicollecte {stem} ({tags or 'no tag'}); wordfreq Zipf {zipf:.1f}"
    if in_wfrench:
        return Decision(True, TWO_DICTIONARIES, f"{evidence}; GUTenberg list")
    if zipf >= USE_MIN_ZIPF:
        return Decision(True, DICTIONARY_AND_USE, f"{evidence}; not in the GUTenberg list")
    return Decision(False, ONE_RARE_SOURCE, f"{evidence}; not in the GUTenberg list")
