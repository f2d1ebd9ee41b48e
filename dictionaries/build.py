#!/usr/bin/env python3
"""Build the word lists embedded in mixmo.

Usage::

    python dictionaries/build.py [en|fr|all] [--review]

Outputs (in the directory holding this script):

* ``en.txt.gz``        -- English words, upper-case A-Z, one per line.
* ``en-common.txt.gz`` -- the everyday English words (SCOWL <= 35, Zipf >= 2.5), for bots.
* ``fr.txt.gz``        -- French words with accents folded, upper-case A-Z.
* ``fr-forms.txt.gz``  -- ``FOLDED<TAB>form form ...`` for every French word that
  stands for something other than its own lower-case spelling (accents,
  ligatures, or several spellings folding together).
* ``fr-common.txt.gz`` -- the everyday French words (wordfreq Zipf >= 2.5), for bots.
* ``short-words-en.txt`` / ``short-words-fr.txt`` -- the kept 2- and 3-letter and
  vowel-less words, the record of the hand review.

Inputs: the sources below and the reviewed lists beside this script,
``allow-*.txt`` (words added), ``deny-*.txt`` and ``slurs-*.txt`` (words removed).

Sources and what the build needs (Debian 12 packages and PyPI, see README.md):

* English: SCOWL word lists in ``/usr/share/dict/scowl`` (package ``scowl``).
* French: Dicollecte's Hunspell dictionary, "toutes variantes" flavour, in
  ``/usr/share/hunspell/fr.{aff,dic}`` (package ``hunspell-fr-comprehensive``),
  expanded with ``spylls`` and checked form by form with real Hunspell through
  ``pyenchant`` (``libenchant-2-2``); the "classique" flavour's stem list
  (``hunspell-fr-classical``, extracted to /tmp/fr-classical, see
  ``build_fr.FR_CLASSICAL_DIC``) to spot 1990-reform spellings; ``wordfreq``
  3.1.1 for the French word frequencies.

The output is a pure function of the sources and the reviewed lists: words are
sorted and gzip headers carry no timestamp or file name.  ``--review``
additionally prints every 2-, 3-letter and vowel-less candidate (before the
deny-lists) with its verdict.  The French half lives in ``build_fr.py``, the
shared helpers in ``build_common.py``.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections.abc import Iterable
from pathlib import Path

import evidence
import lexicon_rule
from build_common import (
    HERE,
    Result,
    finish,
    fold,
    is_playable_form,
    is_short_for_review,
    read_deny_lists,
    write_gzip_lines,
    write_manifest,
)
from build_fr import build_fr

# --------------------------------------------------------------------------
# Configuration
# --------------------------------------------------------------------------

SCOWL_DIR = Path("/usr/share/dict/scowl")
#: SCOWL sizes go 10, 20, 35, 40, 50, 55, 60, 70 (large), 80 (huge), 95 (insane).
#: 80 brings junk (fe, zzz), 95 brings initialisms (dna, nasa, ok).
SCOWL_MAX_SIZE = 70
#: Spelling categories merged into one list (any English spelling is fine in a
#: word game).  ``*variant_1`` are the variants SCOWL describes as "considered
#: almost equal" (ameba, almanack, judgement...); ``*variant_2`` the "less
#: accepted" ones, which hold everyday words a word-game player expects (snuck,
#: donut, rainforest, hotspot).  ``variant_3`` (seldom used) is left out, as are
#: the ``upper``, ``proper-names``, ``abbreviations`` and ``contractions``
#: sub-categories: their lower-case entries that are real words (app, maths) come
#: in one by one through the reviewed ``allow-en.txt``.
SCOWL_SPELLINGS: tuple[str, ...] = (
    "english",
    "american",
    "british",
    "british_z",
    "canadian",
    "australian",
    "variant_1",
    "british_variant_1",
    "canadian_variant_1",
    "australian_variant_1",
    "variant_2",
    "british_variant_2",
    "canadian_variant_2",
    "australian_variant_2",
)
#: Debian's SCOWL files are UTF-8 (read as Latin-1, café became "cafÃ©" and was lost).
SCOWL_ENCODING = "utf-8"


# --------------------------------------------------------------------------
# English
# --------------------------------------------------------------------------


def scowl_files() -> list[Path]:
    """The SCOWL ``<spelling>-words.<size>`` files selected by the configuration."""
    files = []
    for spelling in SCOWL_SPELLINGS:
        for path in SCOWL_DIR.glob(f"{spelling}-words.*"):
            if int(path.suffix[1:]) <= SCOWL_MAX_SIZE:
                files.append(path)
    if not files:
        sys.exit(f"no SCOWL lists in {SCOWL_DIR}: apt-get install scowl")
    return sorted(files)


COMMON_MAX_SIZE = 35
"""SCOWL's sizes 10 to 35 hold the words most people know: bots of the lower
levels play from them (en-common.txt.gz)."""
EN_COMMON_MIN_ZIPF = 2.5
"""And wordfreq must find them in common use (the French list's threshold): SCOWL's
size 35 still holds CONGRESSWOMEN and INDESTRUCTIBILITY, which people seldom write."""


def in_common_use(words: Iterable[str]) -> set[str]:
    """Those of ``words`` that wordfreq ranks with a Zipf frequency >= EN_COMMON_MIN_ZIPF."""
    import wordfreq  # type: ignore[import-untyped]  # build tool, only for the common lists

    return {
        w for w in words if wordfreq.zipf_frequency(w.lower(), "en", "large") >= EN_COMMON_MIN_ZIPF
    }


def english_common_words(files: Iterable[Path]) -> set[str]:
    """The words of the selected SCOWL files of size <= COMMON_MAX_SIZE, folded."""
    common: set[str] = set()
    for path in files:
        if int(path.suffix[1:]) <= COMMON_MAX_SIZE:
            for line in path.read_text(encoding=SCOWL_ENCODING).splitlines():
                if is_playable_form(line):
                    common.add(fold(line).upper())
    return common


def scowl_sizes() -> tuple[dict[str, int], set[str]]:
    """Each playable SCOWL spelling (folded) -> the smallest size listing it, over
    the selected spellings at every size (80 and 95 included, for rule 4), and
    the folded words SCOWL also files as names, initialisms, abbreviations,
    contractions or numerals (its other categories, apostrophes and periods
    dropped: "there's" -> THERES)."""
    sizes: dict[str, int] = {}
    elsewhere: set[str] = set()
    for path in sorted(SCOWL_DIR.glob("*.[0-9]*")):
        size = int(path.suffix[1:])
        name = path.name.rsplit(".", 1)[0]
        selected = name.endswith("-words") and name.removesuffix("-words") in SCOWL_SPELLINGS
        for line in path.read_text(encoding=SCOWL_ENCODING).splitlines():
            # Drops capitalised entries (proper nouns, initialisms), possessives
            # and contractions ('), compounds (-) and abbreviations (.); accented
            # loanwords are folded like French words, since tiles carry no
            # accents (café -> CAFE, piñata -> PINATA).
            if selected and is_playable_form(line):
                word = fold(line).upper()
                sizes[word] = min(size, sizes.get(word, size))
            elif not selected:
                plain = line.replace("'", "").replace(".", "").lower()
                if is_playable_form(plain):
                    elsewhere.add(fold(plain).upper())
    return sizes, elsewhere


#: SCOWL's inflections in Hunspell form: the dictionaries the ``scowl``
#: source package builds from SCOWL (size 60) and its inflection database
#: AGID, each lemma with its inflection flags: ``hunspell-en-us`` (installed)
#: and ``hunspell-en-au`` for the -ise spellings (it cannot be installed
#: beside every setup: ``apt-get download hunspell-en-au && dpkg-deb -x
#: hunspell-en-au_*.deb /tmp/en-au``).
SCOWL_HUNSPELL_EN = (
    Path("/usr/share/hunspell/en_US"),
    Path("/tmp/en-au/usr/share/hunspell/en_AU"),
)  # .aff / .dic
#: Their inflection flags: plural and third person (S), superlative (T), and
#: in pairs: past (D) with present participle (G), the two forms of a verb,
#: and -er (R) with T, where it is the comparative.  D alone packs an
#: adjective SCOWL lists on its own (pinhead/D: pinheaded), R alone an agent
#: noun (bloop/R: blooper): derivations, not inflections, whose plurals (Z:
#: bloopers, J: skyjackings) are inflections of the derived word.
SCOWL_INFLECTION_FLAGS = ("S", "T")
SCOWL_PAIRED_FLAGS = (("D", "G"), ("R", "T"))
SCOWL_PLURAL_FLAGS = ("Z", "J")


def scowl_inflections() -> dict[str, set[str]]:
    """Each inflected form SCOWL's Hunspell dictionaries generate (folded,
    upper case) -> the words it inflects: HEPTATHLONS -> {HEPTATHLON},
    SKYJACKINGS -> {SKYJACKING}."""
    from spylls.hunspell import Dictionary  # type: ignore[import-untyped]  # build tool

    bases: dict[str, set[str]] = {}
    for path in SCOWL_HUNSPELL_EN:
        if not path.with_suffix(".dic").exists():
            sys.exit(f"missing {path}.dic: see SCOWL_HUNSPELL_EN in build.py")
        dictionary = Dictionary.from_files(str(path))
        for word in dictionary.dic.words:
            if not is_playable_form(word.stem):
                continue
            flags = [f for f in (*SCOWL_INFLECTION_FLAGS, *SCOWL_PLURAL_FLAGS) if f in word.flags]
            for pair in SCOWL_PAIRED_FLAGS:
                if set(pair) <= word.flags:
                    flags.extend(pair)
            for flag in flags:
                for sfx in dictionary.aff.SFX.get(flag, ()):
                    if sfx.strip and not word.stem.endswith(sfx.strip):
                        continue
                    if not sfx.cond_regexp.search(word.stem):
                        continue
                    form = fold(word.stem[: len(word.stem) - len(sfx.strip)] + sfx.add).upper()
                    if is_playable_form(form.lower()):
                        lemma = form[:-1] if flag in SCOWL_PLURAL_FLAGS else word.stem
                        bases.setdefault(form, set()).add(fold(lemma).upper())
    return bases


def accept_inflections(
    decisions: dict[str, lexicon_rule.Decision], inflections: dict[str, set[str]]
) -> None:
    """Rule 5: a form refused by rule 3 that SCOWL generates as an inflection
    of a word the rule accepts is accepted (HEPTATHLONS, as HEPTATHLON is)."""
    for word, decision in decisions.items():
        if decision.rule != lexicon_rule.ONE_RARE_SOURCE:
            continue
        base = next(
            (
                b
                for b in sorted(inflections.get(word, ()))
                if b != word and decisions.get(b) and decisions[b].accepted
            ),
            None,
        )
        if base is not None:
            decisions[word] = lexicon_rule.inflection_of(base, decisions[base], decision)


def apply_rule_en(
    sizes: dict[str, int], elsewhere: set[str], trace: list[str]
) -> tuple[set[str], dict[str, str]]:
    """The lexicon rule on every SCOWL spelling: the accepted words, and the
    why-table lines of the words it decided against SCOWL's large list; appends
    every decision to ``trace`` (``WORD<TAB>rule<TAB>sources``)."""
    dictionaries = evidence.english_dictionaries()
    use = evidence.zipf_table("en")
    decisions: dict[str, lexicon_rule.Decision] = {}
    for word, size in sizes.items():
        if size > SCOWL_MAX_SIZE and size not in lexicon_rule.SCOWL_ADD_SIZES:
            continue
        lower = word.lower()
        second = dictionaries.listed(lower)
        if second is None and size <= SCOWL_MAX_SIZE:
            derivation = dictionaries.derived(lower)
            second = derivation and f"derived: {derivation}"
        added_ok = word not in elsewhere and bool(
            dictionaries.wordnet.get(lower, frozenset()) & {"n", "v", "a"}
        )
        decision = lexicon_rule.decide_en(size, second, use.get(lower, 0.0), added_ok)
        if not decision.accepted and size <= SCOWL_MAX_SIZE and is_short_for_review(word):
            decision = lexicon_rule.Decision(True, lexicon_rule.REVIEWED_SHORT, decision.sources)
        decisions[word] = decision
    accept_inflections(decisions, scowl_inflections())
    accepted: set[str] = set()
    why: dict[str, str] = {}
    for word, decision in decisions.items():
        size = sizes[word]
        trace.append(f"{word}\t{decision.rule}\t{decision.sources}")
        if decision.accepted:
            accepted.add(word)
        if decision.rule != lexicon_rule.TWO_DICTIONARIES and (
            decision.accepted or size <= SCOWL_MAX_SIZE
        ):
            why[word] = f"{decision.rule}\t{decision.sources}"
    return accepted, why


def build_en(review: bool, trace: Path | None = None) -> Result:
    """English: SCOWL's lower-case entries through the lexicon rule, accents folded."""
    start = time.perf_counter()
    files = scowl_files()
    sizes, elsewhere = scowl_sizes()
    decisions: list[str] = []
    candidates, why = apply_rule_en(sizes, elsewhere, decisions)
    if trace is not None:
        (trace / "en-decisions.tsv").write_text(
            "\n".join(sorted(decisions)) + "\n", encoding="utf-8"
        )
    in_scowl = sum(1 for size in sizes.values() if size <= SCOWL_MAX_SIZE)
    refused = sum(1 for line in why.values() if line.startswith(lexicon_rule.ONE_RARE_SOURCE))
    added = sum(1 for line in why.values() if line.startswith(lexicon_rule.ADDED))
    result = finish("en", candidates, None, review, why)
    common = english_common_words(files)
    denied = read_deny_lists("en")[0]
    kept = in_common_use(w for w in common & candidates if len(w) >= 2 and w not in denied)
    out = HERE / "en-common.txt.gz"
    result.files[out.name] = write_gzip_lines(out, sorted(kept))
    result.notes.append(
        f"{len(kept)} common words (SCOWL sizes <= {COMMON_MAX_SIZE}, Zipf >= "
        f"{EN_COMMON_MIN_ZIPF}) in {out.name}"
    )
    result.notes.insert(
        0,
        f"{len(files)} SCOWL files, {in_scowl} words of sizes <= {SCOWL_MAX_SIZE}; lexicon rule: "
        f"{refused} refused (one rare source), {added} added from sizes 80/95",
    )
    result.seconds = time.perf_counter() - start
    return result


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("language", nargs="?", default="all", choices=("en", "fr", "all"))
    parser.add_argument(
        "--review", action="store_true", help="print short candidates and their verdict"
    )
    parser.add_argument(
        "--trace",
        type=Path,
        metavar="DIR",
        help="write every lexicon-rule decision to DIR/<lang>-decisions.tsv",
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = []
    if args.language in ("en", "all"):
        results.append(build_en(args.review, args.trace))
    if args.language in ("fr", "all"):
        results.append(build_fr(args.review, args.trace))
    for result in results:
        print(
            f"{result.language}: {result.words} words ({result.candidates} candidates, "
            f"{result.denied} denied, 1-letter words dropped) in {result.seconds:.1f} s"
        )
        for name, size in result.files.items():
            print(f"  {name}: {size} bytes ({size / 1024:.0f} KiB)")
        for note in result.notes:
            print(f"  {note}")
    print(f"{write_manifest(HERE).name}: the SHA-256 of every shipped list")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"total {time.perf_counter() - start:.1f} s, peak RSS {peak:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
