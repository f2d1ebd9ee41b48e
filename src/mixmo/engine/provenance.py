"""Why an embedded list accepts or refuses a word: the lexicon rule's record.

The build (``dictionaries/lexicon_rule.py``, README "The lexicon rule") decides
each word from several independent sources and ships ``<lang>-why.txt.gz``:
``WORD<TAB>rule<TAB>sources`` for every word decided otherwise than by rule 1
(the main dictionary and a second one both list it).  So a word of the list
without a line was accepted by rule 1, and a word neither in the list nor in the
table is one no source of the build lists.  ``mixmo word --why`` shows this.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache

from mixmo.engine.lexicon import dictionary_path
from mixmo.engine.messages import Kind

TWO_DICTIONARIES = "two-dictionaries"
NOT_IN_SOURCES = "not-in-sources"

RULES: dict[str, Kind] = {
    TWO_DICTIONARIES: Kind(
        "why-two-dictionaries", "the main dictionary and an independent second one both list it"
    ),
    "dictionary-and-use": Kind(
        "why-dictionary-and-use", "the main dictionary lists it and it is in common use"
    ),
    "one-rare-source": Kind(
        "why-one-rare-source", "only the main dictionary lists it, and it is rare"
    ),
    "added-dictionary-and-use": Kind(
        "why-added-dictionary-and-use", "a dictionary lists it and it is in frequent use"
    ),
    "inflection-of-accepted": Kind(
        "why-inflection-of-accepted",
        "the main dictionary gives it as an inflection of an accepted word",
    ),
    "reviewed-short-word": Kind(
        "why-reviewed-short-word", "a short word reviewed by hand against the tournament lists"
    ),
    "allow-list": Kind("why-allow-list", "added by the reviewed allow-list"),
    "deny-list": Kind("why-deny-list", "removed by the reviewed deny-list"),
    NOT_IN_SOURCES: Kind("why-not-in-sources", "no source of the list holds it"),
}
"""Each rule's code -> what it says, in English (the edges translate it)."""

ACCEPTING = frozenset(
    {
        TWO_DICTIONARIES,
        "dictionary-and-use",
        "added-dictionary-and-use",
        "inflection-of-accepted",
        "reviewed-short-word",
        "allow-list",
    }
)

RULE_ONE_SOURCES = {
    "en": "SCOWL (sizes <= 70) and WordNet or GCIDE (the word, its lemma or what it derives from)",
    "fr": "Dicollecte and the GUTenberg list (wfrench) or Lexique 3.83 (a form of the"
    " entry, or the word it derives from)",
}
"""What rule 1 rested on, for the words the table leaves out."""

MAIN_SOURCES = {
    "en": "not a word the build takes from SCOWL: SCOWL lists it only at its largest"
    " sizes (80, 95), or as a name, initialism or abbreviation, or not at all",
    "fr": "not a word the build takes from Dicollecte: a proper noun, initialism,"
    " welded compound or fragment there, or not in it at all",
}


@dataclass(frozen=True)
class Provenance:
    """Which rule of the lexicon rule decided a word, and on which sources."""

    word: str
    accepted: bool
    rule: str
    """A key of :data:`RULES`."""
    sources: str
    """The evidence as the build wrote it: source names, sizes, frequencies."""

    def __str__(self) -> str:
        verdict = "accepted" if self.accepted else "refused"
        return f"{self.word}: {verdict} ({self.rule}: {RULES[self.rule].template}); {self.sources}"


@cache
def record(language: str) -> dict[str, tuple[str, str]] | None:
    """The shipped table of ``language``: word -> (rule, sources), or None."""
    path = dictionary_path(f"{language}-why.txt.gz")
    if path is None or not os.path.isfile(path):
        return None
    import gzip

    table: dict[str, tuple[str, str]] = {}
    for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines():
        word, rule, sources = line.split("\t", 2)
        table[word] = (rule, sources)
    return table


def provenance(language: str, word: str, in_list: bool) -> Provenance | None:
    """Why the embedded ``language`` list holds ``word`` (folded, ``A-Z``) or not;
    ``in_list`` is that list's verdict.  None when no record ships for it."""
    table = record(language)
    if table is None:
        return None
    if word in table:
        rule, sources = table[word]
        if rule not in RULES:
            return None
        return Provenance(word, rule in ACCEPTING, rule, sources)
    if in_list:
        return Provenance(word, True, TWO_DICTIONARIES, RULE_ONE_SOURCES.get(language, ""))
    return Provenance(word, False, NOT_IN_SOURCES, MAIN_SOURCES.get(language, ""))
