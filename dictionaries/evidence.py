"""The second sources the lexicon rule weighs against the main word lists.

* WordNet 3.0 (Debian ``wordnet-base``, /usr/share/wordnet): English lemmas
  with their part of speech and their case, read from the ``data.*`` files, and
  WordNet's own morphology (``morphy``: the detachment rules and the ``*.exc``
  exception lists its documentation gives) to reach a lemma from an inflected
  form.  WordNet writes proper nouns capitalised (Paris) and multi-word
  lemmas with underscores (vice_versa, ad_hoc).
* The French word list of Debian ``wfrench`` (/usr/share/dict/french): the
  French GUTenberg dictionary of Christophe Pythoud (1999), every inflected
  form, made independently of Dicollecte.  GPL-2+: a build input only, used to
  corroborate Dicollecte's words, never copied into the shipped lists.
* ``wordfreq`` 3.1.1: how often a spelling is met in today's text (Zipf scale).

A build tool, not part of the mixmo package.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

WORDNET_DIR = Path("/usr/share/wordnet")
WFRENCH = Path("/usr/share/dict/french")

_WN_FILES = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
#: WordNet's morphy detachment rules (wndb(5), morphy(7)), per part of speech.
_MORPHY_RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "v": (
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
#: Productive English affixes, for words WordNet leaves out because they derive
#: regularly from one of its lemmas (it lists few -ly adverbs and -ness nouns).
_PREFIXES = (
    "un", "non", "re", "dis", "mis", "pre", "over", "under", "anti", "counter",
    "inter", "multi", "out", "semi", "sub", "super", "self", "co", "de",
)
_SUFFIXES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("", ("",)),
    ("ly", ("", "le", "e")),
    ("ily", ("y",)),
    ("ally", ("al", "")),
    ("ness", ("",)),
    ("iness", ("y",)),
    ("nesses", ("",)),
    ("less", ("",)),
    ("ment", ("",)),
    ("ments", ("",)),
    ("able", ("", "e")),
    ("ably", ("", "e")),
    ("er", ("", "e")),
    ("ers", ("", "e")),
    ("ism", ("",)),
    ("isms", ("",)),
    ("ist", ("",)),
    ("ists", ("",)),
    ("ity", ("", "e")),
    ("ize", ("", "e")),
    ("ise", ("", "e")),
    ("ization", ("", "e")),
    ("isation", ("", "e")),
)
POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}


@dataclass(frozen=True)
class WordNet:
    """What WordNet says about lower-case spellings."""

    common: dict[str, frozenset[str]]
    """Lemma -> parts of speech, for lemmas WordNet writes in lower case (common words)."""
    proper: frozenset[str]
    """Lower-cased lemmas WordNet only writes capitalised (names: paris, hong)."""
    in_phrases: frozenset[str]
    """Words met inside multi-word lemmas (versa from vice_versa, hoc from ad_hoc)."""
    exceptions: dict[str, dict[str, frozenset[str]]]
    """Part of speech -> irregular form -> lemmas (oxen -> ox)."""

    def lemmas(self, word: str) -> dict[str, frozenset[str]]:
        """The common lemmas ``word`` is a form of, with their parts of speech."""
        found: dict[str, set[str]] = {}
        for pos, rules in _MORPHY_RULES.items():
            bases = {word} | set(self.exceptions[pos].get(word, ()))
            bases |= {
                word[: len(word) - len(suffix)] + ending
                for suffix, ending in rules
                if word.endswith(suffix) and len(word) > len(suffix)
            }
            for base in bases:
                if pos in self.common.get(base, ()):
                    found.setdefault(base, set()).add(pos)
        return {lemma: frozenset(pos) for lemma, pos in found.items()}

    def derived(self, word: str) -> str | None:
        """How ``word`` derives from WordNet lemmas, or None: by one productive
        English prefix and/or suffix (un+kind+ly, argumentative+ness), or as a
        closed compound of two of them (house+mistress)."""
        for prefix in ("",) + _PREFIXES:
            if not word.startswith(prefix):
                continue
            rest = word[len(prefix) :]
            for suffix, endings in _SUFFIXES:
                if suffix and not rest.endswith(suffix):
                    continue
                stem = rest[: len(rest) - len(suffix)] if suffix else rest
                for ending in endings:
                    base = stem + ending
                    if len(base) >= 3 and (prefix or suffix) and self.lemmas(base):
                        return f"{prefix}{'+' if prefix else ''}{base}{'+' if suffix else ''}{suffix}"
        for cut in range(3, len(word) - 2):  # closed compounds: house+mistress, bow+shot
            if word[:cut] in self.common and self.lemmas(word[cut:]):
                return f"{word[:cut]}+{word[cut:]}"
        return None


@cache
def wordnet() -> WordNet:
    """Read WordNet's data and exception files."""
    if not (WORDNET_DIR / "data.noun").exists():
        sys.exit(f"missing WordNet in {WORDNET_DIR}: apt-get install wordnet-base")
    common: dict[str, set[str]] = {}
    capitalised: set[str] = set()
    in_phrases: set[str] = set()
    exceptions: dict[str, dict[str, frozenset[str]]] = {}
    for name, pos in _WN_FILES.items():
        for line in (WORDNET_DIR / f"data.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):  # the licence header
                continue
            fields = line.split(" ")
            count = int(fields[3], 16)
            for i in range(count):
                lemma = fields[4 + 2 * i].split("(", 1)[0]  # adjective markers: galore(ip)
                if "_" in lemma or "-" in lemma:
                    in_phrases.update(p.lower() for p in lemma.replace("-", "_").split("_"))
                elif lemma == lemma.lower():
                    common.setdefault(lemma, set()).add(pos)
                else:
                    capitalised.add(lemma.lower())
        table: dict[str, set[str]] = {}
        for line in (WORDNET_DIR / f"{name}.exc").read_text(encoding="latin-1").splitlines():
            form, *bases = line.split()
            table.setdefault(form, set()).update(bases)
        exceptions[pos] = {form: frozenset(bases) for form, bases in table.items()}
    return WordNet(
        common={lemma: frozenset(pos) for lemma, pos in common.items()},
        proper=frozenset(capitalised - set(common)),
        in_phrases=frozenset(in_phrases - set(common) - capitalised),
        exceptions=exceptions,
    )


@cache
def wfrench_forms() -> frozenset[str]:
    """The lower-case spellings of Debian's ``wfrench`` list (accents kept)."""
    if not WFRENCH.exists():
        sys.exit(
            f"missing {WFRENCH}: apt-get download wfrench && dpkg-deb -x wfrench_*.deb "
            "/tmp/wfrench && set WFRENCH, or apt-get install wfrench"
        )
    words = WFRENCH.read_text(encoding="utf-8").split()
    return frozenset(w for w in words if w == w.lower())


@cache
def zipf_table(language: str) -> dict[str, float]:
    """wordfreq's Zipf frequencies ("large" lists) of every spelling it ranks.

    The same figures as ``wordfreq.zipf_frequency(word, language, "large")`` for a
    single lower-case word, read once (a dictionary look-up per word instead of a
    tokenising call).  A spelling absent from the table has Zipf 0.
    """
    import math

    import wordfreq  # type: ignore[import-untyped]  # build tool

    return {
        word: round(math.log10(freq) + 9, 2)
        for word, freq in wordfreq.get_frequency_dict(language, "large").items()
        if freq > 0
    }
