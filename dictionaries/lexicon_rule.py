"""The lexicon rule: accept a word on more than one independent source.

Written out in README.md ("The lexicon rule"); applied by ``build.py``.  Each
language has a main dictionary (English: SCOWL; French: Dicollecte), second
dictionaries made independently of it (English: WordNet 3.0 and GCIDE;
French: the GUTenberg list of ``wfrench`` and Lexique 3.83) and a measure of
use (``wordfreq``'s Zipf frequency).  In order:

1. ``two-dictionaries``: the main dictionary and a second one list it (or its
   lemma, or the word it derives from by a productive prefix or suffix):
   accepted.
2. ``dictionary-and-use``: the main dictionary lists it and it is in common use
   (Zipf >= USE_MIN_ZIPF; English also: SCOWL counts it among its common words,
   size <= SCOWL_COMMON_SIZE): accepted.
3. ``one-rare-source``: only the main dictionary lists it (English: at a rare
   size, 55 to 70) and it is not in common use: refused.
4. ``added-dictionary-and-use`` (English): SCOWL lists it in lower case only at
   its largest sizes (80, 95) and nowhere as a name, initialism, abbreviation,
   contraction or numeral, WordNet has this very spelling as a common noun,
   verb or adjective, and it is frequent (Zipf >= ADD_MIN_ZIPF): accepted.
5. ``inflection-of-accepted``: a word rule 3 refuses that the main dictionary
   itself generates as an inflection of a word the rule accepts (English: a
   plural, third person, past, participle, comparative or superlative SCOWL's
   Hunspell dictionary derives from the lemma; French: a form of a Dicollecte
   entry whose lemma is the lemma of an accepted entry): accepted.  A player
   who may lay HEPTATHLON may lay HEPTATHLONS.  Words that merely end like an
   inflection are not concerned.

Words of 2 or 3 letters and vowel-less words are outside rule 3: each was
reviewed by hand against the tournament lists (README.md, "Short words"), a
stronger second source, and keeps the main dictionary's verdict
(``reviewed-short-word``).  The reviewed lists (allow, deny, slurs) come
after the rule and override it, each entry with its reason.  French decides
per dictionary entry (a lemma with all its inflections), English per spelling
(SCOWL has no lemmas).

The build writes ``<lang>-why.txt.gz``: ``WORD<TAB>rule<TAB>sources`` for every
word decided otherwise than by rule 1 (accepted by rule 2, refused by rule 3,
added by rule 4, accepted by rule 5, by the allow-list, removed by a deny-list): a word of the list
without a line was accepted by rule 1.  ``mixmo word --why`` reads it
(``mixmo.engine.provenance``).  A build tool, not part of the mixmo package.
"""

from __future__ import annotations

from dataclasses import dataclass

USE_MIN_ZIPF = 1.0
"""Common use: wordfreq meets the spelling at least 10 times per billion words."""
ADD_MIN_ZIPF = 3.0
"""Frequent: once per million words, for words SCOWL only files at its largest sizes."""
SCOWL_COMMON_SIZE = 50
"""SCOWL's sizes 10 to 50 are its common words (50 is "medium")."""
SCOWL_RARE_SIZES = (55, 60, 70)
SCOWL_ADD_SIZES = (80, 95)

TWO_DICTIONARIES = "two-dictionaries"
DICTIONARY_AND_USE = "dictionary-and-use"
ONE_RARE_SOURCE = "one-rare-source"
ADDED = "added-dictionary-and-use"
INFLECTION_OF_ACCEPTED = "inflection-of-accepted"
REVIEWED_SHORT = "reviewed-short-word"
NOT_TAKEN = "scowl-large-sizes-only"
"""Not a verdict against SCOWL: words only SCOWL's sizes 80/95 hold stay out
unless rule 4 takes them (they are in no why table)."""


@dataclass(frozen=True)
class Decision:
    """The rule's verdict on one word, and the evidence it rested on."""

    accepted: bool
    rule: str
    sources: str


def decide_en(
    scowl_size: int,
    second: str | None,
    zipf: float,
    added_ok: bool,
) -> Decision:
    """Rules 1 to 4 for an English spelling SCOWL lists at ``scowl_size``.

    ``second``: which second dictionary lists it (or its lemma, or the words it
    derives from), None if none; ``added_ok``: for sizes 80/95, WordNet has the
    spelling itself as a noun, verb or adjective and SCOWL files it nowhere as
    a name, initialism, abbreviation, contraction or numeral.
    """
    evidence = f"SCOWL size {scowl_size}; {second or 'no second dictionary'}; Zipf {zipf:.1f}"
    if scowl_size in SCOWL_ADD_SIZES:
        if added_ok and zipf >= ADD_MIN_ZIPF:
            return Decision(True, ADDED, evidence)
        return Decision(False, NOT_TAKEN, evidence)
    if second:
        return Decision(True, TWO_DICTIONARIES, evidence)
    if scowl_size <= SCOWL_COMMON_SIZE or zipf >= USE_MIN_ZIPF:
        return Decision(True, DICTIONARY_AND_USE, evidence)
    return Decision(False, ONE_RARE_SOURCE, evidence)


def decide_fr(stem: str, second: str | None, zipf: float) -> Decision:
    """Rules 1 to 3 for a Dicollecte entry: ``second`` names the second
    dictionary holding one of its forms; ``zipf`` is its most frequent form's."""
    evidence = f"Dicollecte {stem}; {second or 'no second dictionary'}; Zipf {zipf:.1f}"
    if second:
        return Decision(True, TWO_DICTIONARIES, evidence)
    if zipf >= USE_MIN_ZIPF:
        return Decision(True, DICTIONARY_AND_USE, evidence)
    return Decision(False, ONE_RARE_SOURCE, evidence)


def inflection_of(base: str, base_decision: Decision, refused: Decision) -> Decision:
    """Rule 5: the verdict on a word rule 3 refused (``refused``) that the main
    dictionary generates as an inflection of ``base``, which the rule accepted
    (``base_decision``)."""
    return Decision(
        True,
        INFLECTION_OF_ACCEPTED,
        f"inflection of {base.lower()} ({base_decision.rule}); {refused.sources}",
    )
