#!/usr/bin/env python3
"""Build the word lists embedded in mixmo.

Usage::

    python dictionaries/build.py [en|fr|all] [--review]

Outputs (in the directory holding this script):

* ``en.txt.gz``        -- English words, upper-case A-Z, one per line.
* ``fr.txt.gz``        -- French words with accents folded, upper-case A-Z.
* ``fr-forms.txt.gz``  -- ``FOLDED<TAB>form form ...`` for every French word that
  stands for something other than its own lower-case spelling (accents,
  ligatures, or several spellings folding together).
* ``short-words-en.txt`` / ``short-words-fr.txt`` -- the kept 2-letter and
  vowel-less words, the record of the hand review of ``deny-*.txt``.

Sources (Debian 12 packages, see README.md):

* English: SCOWL word lists in ``/usr/share/dict/scowl`` (package ``scowl``).
* French: Dicollecte's Hunspell dictionary, "toutes variantes" flavour, in
  ``/usr/share/hunspell/fr.{aff,dic}`` (package ``hunspell-fr-comprehensive``),
  expanded with ``spylls`` and checked form by form with real Hunspell through
  ``pyenchant`` (``libenchant-2-2``).

The output is a pure function of the source packages and the deny-lists:
words are sorted and gzip headers carry no timestamp or file name.
``--review`` additionally prints every 2-letter and vowel-less candidate
(before the deny-list) with its verdict, to help review the deny-lists.
"""

from __future__ import annotations

import argparse
import gzip
import re
import resource
import sys
import time
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # heavy optional imports, only needed for fr
    import enchant
    from spylls.hunspell.data.aff import Prefix, Suffix  # type: ignore[import-untyped]

HERE = Path(__file__).resolve().parent

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

HUNSPELL_FR = Path("/usr/share/hunspell/fr")  # .aff / .dic
ENCHANT_FR_TAG = "fr_FR"  # symlinks to the same fr.aff/fr.dic

#: Morphological tags (``po:``) marking .dic entries that are not playable
#: words on their own: proper nouns (npr: places, brands...; patr: surnames;
#: prn: first names), prefix/suffix fragments (anti-, http, .com), error
#: stems (qu, jusqu), Roman numerals, titles' abbreviations are capitalised
#: anyway, punctuation/signs.
FR_SKIP_TAGS = frozenset({"npr", "patr", "prn", "pfx", "sfx", "err", "nbro", "div", "ponc", "sign"})

#: Entries whose every ``po:`` tag is ``loc.*`` are fragments of multi-word
#: locutions ("statu" quo, a "fortiori", ex "cathedra").  They are skipped,
#: except the following hand-picked ones: French (not Latin) words that
#: general dictionaries give as headwords, even though they only live inside
#: a locution: "d'antan", "en catimini", "à l'envi",
#: "pomme d'api", "à contrepoil"...
FR_LOCUTION_WORDS_KEPT = frozenset(
    {
        "antan",
        "api",
        "arrachepied",
        "berzingue",
        "catimini",
        "clochepied",
        "contrebord",
        "contrehaut",
        "contrepoil",
        "croupetons",
        "daredare",
        "emblée",
        "envi",
        "jeun",
        "perpète",
        "perpette",
        "reculons",
        "tapinois",
        "tâtons",
        "tirelarigot",
        "traviole",
    }
)

#: The same Dicollecte dictionary in its "classique" flavour (without the 1990
#: reform spellings), from the Debian package ``hunspell-fr-classical``, which
#: cannot be installed beside ``hunspell-fr-comprehensive``: extract it with
#: ``apt-get download hunspell-fr-classical && dpkg-deb -x hunspell-fr-classical_*.deb
#: /tmp/fr-classical``.  Only its list of stems is read (see ``reform_welded_stems``).
FR_CLASSICAL_DIC = Path("/tmp/fr-classical/usr/share/hunspell/fr.dic")

#: 1990-reform spellings that weld a locution written with a space in the
#: classic spelling (the rulebook refuses "don juan", and so DONJUAN); the
#: welded forms of hyphenated words are found automatically.
FR_SPACE_WELDED_STEMS = frozenset(
    {
        "apostériori",  # a posteriori
        "apriori",  # a priori
        "cornedbif",  # corned-beef
        "donjuan",  # don juan (the book's own example)
        "donquichotte",  # don Quichotte
        "etcétéra",  # et cetera
        "exæquo",  # ex aequo
        "extrémis",  # in extremis
        "méaculpa",  # mea culpa
        "numérus",  # numerus clausus
        "nuocmam",  # nuoc-mâm
        "opérandi",  # modus operandi
        "parechoc",  # pare-chocs
        "plumpouding",  # plum-pudding
        "porteclé",  # porte-clés
        "postériori",  # a posteriori
        "statuquo",  # statu quo
        "trémens",  # delirium tremens
        "ultrapétita",  # ultra petita
        "vadémécum",  # vade-mecum
        "vanupied",  # va-nu-pieds
    }
)

#: Prefix classes of unit names (``gramme/Um()``, ``hertz/Ui()``): Dicollecte
#: applies all 20 SI prefixes to 45 units (femtoroentgen, yottakatal...).  Only
#: the prefixed units that general French dictionaries list as headwords are kept.
FR_METRIC_PREFIX_FLAGS = frozenset({"Um", "Ui"})
FR_PREFIXED_UNITS_KEPT = frozenset(
    str.split(
        """
    kilogramme hectogramme décagramme décigramme centigramme milligramme
    microgramme nanogramme
    kilomètre hectomètre décamètre décimètre centimètre millimètre micromètre
    nanomètre picomètre
    hectolitre décalitre décilitre centilitre millilitre microlitre
    milliseconde microseconde nanoseconde picoseconde femtoseconde
    kilowatt mégawatt gigawatt térawatt milliwatt microwatt
    kilowattheure mégawattheure gigawattheure térawattheure
    kilovolt mégavolt millivolt microvolt
    kiloampère milliampère microampère
    kilohertz mégahertz gigahertz térahertz
    kilojoule mégajoule
    kilocalorie
    kiloélectronvolt mégaélectronvolt gigaélectronvolt téraélectronvolt
    microfarad nanofarad picofarad
    hectopascal kilopascal mégapascal gigapascal
    millicurie microcurie
    millisievert microsievert
    millimole micromole nanomole
    kilonewton
    mégaflops gigaflops téraflops pétaflops
    kilovoltampère
    centipoise
    """
    )
)

#: Ligatures that NFKD does not decompose.
LIGATURES = {"œ": "oe", "æ": "ae", "ß": "ss", "ĳ": "ij"}

VOWELS = frozenset("AEIOUY")
AZ_UPPER = re.compile(r"[A-Z]+")
AZ_LOWER = re.compile(r"[a-z]+")


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


def fold(word: str) -> str:
    """Remove diacritics and expand ligatures: ``cœur`` -> ``coeur``, ``été`` -> ``ete``."""
    word = "".join(LIGATURES.get(ch, ch) for ch in word)
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def is_short_for_review(word: str) -> bool:
    """True for the words reviewed one by one: 2 or 3 letters, or no vowel."""
    return len(word) <= 3 or not (set(word) & VOWELS)


def read_deny_list(path: Path) -> tuple[set[str], set[str]]:
    """Read a deny-list: one entry per line, ``#`` starts a comment.

    An ASCII entry (any case) denies the whole folded word: ``VS`` removes VS.
    An entry holding accented letters denies only that exact lower-case form
    (French only): ``tél`` drops the abbreviation but keeps TEL for ``tel``.
    Returns (folded words, exact forms).
    """
    words: set[str] = set()
    forms: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        if AZ_UPPER.fullmatch(entry.upper()):
            words.add(entry.upper())
        elif entry == entry.lower() and AZ_LOWER.fullmatch(fold(entry)):
            forms.add(entry)
        else:
            raise ValueError(f"{path.name}: bad entry {entry!r}")
    return words, forms


def read_deny_lists(language: str) -> tuple[set[str], set[str]]:
    """The deny-list and the slur list of ``language``, merged (same format)."""
    words, forms = read_deny_list(HERE / f"deny-{language}.txt")
    slur_words, slur_forms = read_deny_list(HERE / f"slurs-{language}.txt")
    return words | slur_words, forms | slur_forms


def read_allow_list(path: Path) -> set[str]:
    """Read an allow-list: reviewed words added to what the source gives.

    One entry per line, ``#`` starts a comment.  An entry is a lower-case
    spelling (accents allowed, for French: ``tô``) or an ASCII word in any case;
    each must fold to 2+ letters a-z.  Returns the lower-case spellings.
    """
    spellings: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        spelling = entry.lower() if entry.isascii() else entry
        if spelling != spelling.lower() or not is_playable_form(spelling) or len(spelling) < 2:
            raise ValueError(f"{path.name}: bad entry {entry!r}")
        spellings.add(spelling)
    return spellings


def write_gzip_lines(path: Path, lines: Iterable[str]) -> int:
    """Write lines (``\\n``-terminated) gzip-compressed, reproducibly. Returns the size."""
    data = "".join(f"{line}\n" for line in lines).encode("utf-8")
    with (
        open(path, "wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as gz,
    ):
        gz.write(data)
    return path.stat().st_size


def read_gzip_lines(path: Path) -> list[str]:
    """The lines of a list written by ``write_gzip_lines``."""
    return gzip.decompress(path.read_bytes()).decode("utf-8").split()


def write_short_words(path: Path, language: str, words: Iterable[str]) -> None:
    """Record the kept 2-letter and vowel-less words (output of the review)."""
    words = sorted(words)
    two = [w for w in words if len(w) == 2]
    three = [w for w in words if len(w) == 3]
    vowelless = [w for w in words if len(w) > 3 and not (set(w) & VOWELS)]
    lines = [
        f"# Kept short words of {language}.txt.gz, written by build.py.",
        "# Every 2- and 3-letter and every vowel-less (no AEIOUY) candidate was reviewed",
        f"# by hand; the rejected ones are in deny-{language}.txt or slurs-{language}.txt",
        f"# with the reason, the added ones in allow-{language}.txt.",
        f"# 2-letter words ({len(two)}):",
        *two,
        f"# 3-letter words ({len(three)}):",
        *three,
        f"# vowel-less words of 4+ letters ({len(vowelless)}):",
        *vowelless,
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@dataclass
class Result:
    """What a language build produced, for the summary."""

    language: str
    candidates: int
    words: int
    denied: int
    files: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0


def finish(
    language: str, candidates: set[str], forms: dict[str, set[str]] | None, review: bool
) -> Result:
    """Add the allow-list, apply the deny-lists and the length rule, write the
    outputs of one language."""
    deny, deny_forms = read_deny_lists(language)
    result = Result(language, len(candidates), 0, 0)
    allowed = read_allow_list(HERE / f"allow-{language}.txt")
    already = sorted(
        a
        for a in allowed
        if fold(a).upper() in candidates and (forms is None or a in forms.get(fold(a).upper(), ()))
    )
    if already:
        result.notes.append(
            f"allow-{language}.txt entries already in the source list: {' '.join(already)}"
        )
    conflicts = sorted(a for a in allowed if fold(a).upper() in deny or a in deny_forms)
    if conflicts:
        raise ValueError(f"allow-{language}.txt and a deny-list both hold: {conflicts}")
    for spelling in allowed:
        folded = fold(spelling).upper()
        candidates.add(folded)
        if forms is not None:
            forms.setdefault(folded, set()).add(spelling)
    result.notes.append(f"{len(allowed)} allow-{language}.txt entries")
    if deny_forms:
        if forms is None:
            raise ValueError(f"deny-{language}.txt: accented entries need a forms map")
        for form in deny_forms:
            folded = fold(form).upper()
            if form not in forms.get(folded, ()):
                result.notes.append(f"deny-{language}.txt form not in the source list: {form}")
                continue
            forms[folded].discard(form)
            if not forms[folded]:
                del forms[folded]
                candidates.discard(folded)
        result.notes.append(f"{len(deny_forms)} single forms denied")
    stale = sorted(deny - candidates)
    if stale:
        result.notes.append(
            f"deny-{language}.txt entries not in the source list: {' '.join(stale)}"
        )
    if review:
        for word in sorted(w for w in candidates if len(w) > 1 and is_short_for_review(w)):
            verdict = "DENY" if word in deny else "keep"
            extra = f"\t{' '.join(sorted(forms[word]))}" if forms and word in forms else ""
            print(f"review {language}\t{verdict}\t{word}{extra}")
    words = sorted(w for w in candidates if len(w) > 1 and w not in deny)
    result.words = len(words)
    result.denied = len(candidates & deny)
    out = HERE / f"{language}.txt.gz"
    result.files[out.name] = write_gzip_lines(out, words)
    if forms is not None:
        lines = []
        for word in words:
            spellings = forms[word]
            if spellings != {word.lower()}:
                lines.append(f"{word}\t{' '.join(sorted(spellings))}")
        out = HERE / f"{language}-forms.txt.gz"
        result.files[out.name] = write_gzip_lines(out, lines)
        result.notes.append(f"{len(lines)} lines in {out.name}")
    write_short_words(
        HERE / f"short-words-{language}.txt", language, filter(is_short_for_review, words)
    )
    return result


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


def english_common_words(files: Iterable[Path]) -> set[str]:
    """The words of the selected SCOWL files of size <= COMMON_MAX_SIZE, folded."""
    common: set[str] = set()
    for path in files:
        if int(path.suffix[1:]) <= COMMON_MAX_SIZE:
            for line in path.read_text(encoding=SCOWL_ENCODING).splitlines():
                if is_playable_form(line):
                    common.add(fold(line).upper())
    return common


def build_en(review: bool) -> Result:
    """English: union of the selected SCOWL lists, lower-case entries, accents folded."""
    start = time.perf_counter()
    candidates: set[str] = set()
    files = scowl_files()
    for path in files:
        for line in path.read_text(encoding=SCOWL_ENCODING).splitlines():
            # Drops capitalised entries (proper nouns, initialisms), possessives
            # and contractions ('), compounds (-) and abbreviations (.); accented
            # loanwords are folded like French words, since tiles carry no
            # accents (café -> CAFE, piñata -> PINATA).
            if is_playable_form(line):
                candidates.add(fold(line).upper())
    result = finish("en", candidates, None, review)
    common = english_common_words(files)
    denied = read_deny_lists("en")[0]
    kept = {w for w in common & candidates if len(w) >= 2 and w not in denied}
    out = HERE / "en-common.txt.gz"
    result.files[out.name] = write_gzip_lines(out, sorted(kept))
    result.notes.append(
        f"{len(kept)} common words (SCOWL sizes <= {COMMON_MAX_SIZE}) in {out.name}"
    )
    result.notes.insert(0, f"{len(files)} SCOWL files")
    result.seconds = time.perf_counter() - start
    return result


# --------------------------------------------------------------------------
# French
# --------------------------------------------------------------------------


def is_playable_form(form: str) -> bool:
    """Lower-case letters only (accents allowed), folding to a-z.

    Rejects apostrophes, hyphens, dots, digits, capitals and modifier letters
    such as the superscripts of ``Mᵐᵉ`` or ``iiᵉ``.
    """
    return all(unicodedata.category(ch) == "Ll" for ch in form) and bool(
        AZ_LOWER.fullmatch(fold(form))
    )


def expand_fr_candidates() -> tuple[Iterator[str], dict[str, int]]:
    """Expand the Hunspell stems of the French dictionary into candidate forms.

    The Dicollecte dictionary uses long flags, NEEDAFFIX ``()`` on most stems
    (verbs are stored as a stem + conjugation suffix class, the bare stem is
    not a word), and prefix classes for units with metric prefixes: e.g.
    ``gramme/Um()`` where ``PFX Um 0 kilo/S.() .`` means "kilo" + stem, which
    itself still needs a suffix of class ``S.`` (singular ``0`` or plural
    ``s``).  Suffix continuation classes only hold elision prefixes (l', d'...),
    which yield apostrophe forms and are ignored.

    The expansion over-generates a little on purpose; every candidate is
    checked with real Hunspell afterwards.  Returns the candidates (iterator,
    may repeat) and counters of skipped entries.
    """
    from spylls.hunspell import Dictionary  # type: ignore[import-untyped]  # only for fr

    dictionary = Dictionary.from_files(str(HUNSPELL_FR))
    aff = dictionary.aff
    needaffix, forbidden, nosuggest = aff.NEEDAFFIX, aff.FORBIDDENWORD, aff.NOSUGGEST
    onlyincompound = aff.ONLYINCOMPOUND
    assert aff.FULLSTRIP, "the affix logic below assumes FULLSTRIP"
    skipped: dict[str, int] = defaultdict(int)

    def apply_suffix(stem: str, sfx: Suffix) -> str | None:
        if sfx.strip and not stem.endswith(sfx.strip):
            return None
        if not sfx.cond_regexp.search(stem):
            return None
        form: str = stem[: len(stem) - len(sfx.strip)] + sfx.add
        return form

    def apply_prefix(stem: str, pfx: Prefix) -> str | None:
        if pfx.strip and not stem.startswith(pfx.strip):
            return None
        if not pfx.cond_regexp.search(stem):
            return None
        form: str = pfx.add + stem[len(pfx.strip) :]
        return form

    def forms_of(stem: str, flags: set[str]) -> Iterator[str]:
        suffixes = [s for flag in flags for s in aff.SFX.get(flag, ())]
        prefixes = [
            p
            for flag in flags
            for p in aff.PFX.get(flag, ())
            if "'" not in p.add
            and (
                p.flag not in FR_METRIC_PREFIX_FLAGS
                or not p.add  # the bare unit: gramme, hertz
                or p.add + stem in FR_PREFIXED_UNITS_KEPT
            )
        ]
        if needaffix not in flags:
            yield stem
        for sfx in suffixes:
            form = apply_suffix(stem, sfx)
            if form is not None and needaffix not in sfx.flags:
                yield form
        for pfx in prefixes:
            prefixed = apply_prefix(stem, pfx)
            if prefixed is None:
                continue
            # The prefix satisfies the stem's NEEDAFFIX (hertz/Ui() -> kilohertz),
            # unless the prefix needs a further affix itself (kilo/S.()).
            if needaffix not in pfx.flags:
                yield prefixed
            # A prefix combines with the stem's cross-product suffixes and with
            # the suffix classes named in its own continuation flags.
            combinable = [s for s in suffixes if s.crossproduct and pfx.crossproduct]
            combinable += [s for flag in pfx.flags for s in aff.SFX.get(flag, ())]
            for sfx in combinable:
                form = apply_suffix(stem, sfx)
                if form is not None and needaffix not in sfx.flags:
                    both = apply_prefix(form, pfx)
                    if both is not None:
                        yield both

    welded = reform_welded_stems({word.stem for word in dictionary.dic.words})

    def generate() -> Iterator[str]:
        for word in dictionary.dic.words:
            stem, flags = word.stem, word.flags
            tags = set(word.data.get("po", ()))
            if stem in welded or stem in FR_SPACE_WELDED_STEMS:
                skipped["1990-reform welded compounds (fairepart, donjuan)"] += 1
            elif stem != stem.lower():
                skipped["capitalised (proper nouns, initialisms, symbols)"] += 1
            elif forbidden in flags:
                skipped["FORBIDDENWORD"] += 1
            elif nosuggest in flags:
                skipped["NOSUGGEST (symbols, units, abbreviations)"] += 1
            elif onlyincompound and onlyincompound in flags:
                skipped["ONLYINCOMPOUND"] += 1
            elif tags & FR_SKIP_TAGS:
                skipped["proper noun / prefix / error / numeral tags"] += 1
            elif (
                tags
                and all(t.startswith("loc.") for t in tags)
                and stem not in FR_LOCUTION_WORDS_KEPT
            ):
                skipped["locution fragments"] += 1
            else:
                for form in forms_of(stem, flags):
                    if is_playable_form(form):
                        yield form

    return generate(), skipped


def reform_welded_stems(stems: set[str]) -> set[str]:
    """The 1990-reform spellings that weld a hyphenated word: ``fairepart``.

    The rulebooks refuse words written with a hyphen (faire-part) or an
    apostrophe (entr'aimer), and the French book names FAIREPART as refused:
    welding such a word does not make it playable.  Such a stem is in the
    comprehensive dictionary, not in the classic one, and the comprehensive
    one also has its hyphenated (or apostrophe) twin.
    Words the classic spelling already welds (audiovisuel, extraterrestre)
    stay.
    """
    if not FR_CLASSICAL_DIC.exists():
        sys.exit(
            f"missing {FR_CLASSICAL_DIC}: apt-get download hunspell-fr-classical && "
            "dpkg-deb -x hunspell-fr-classical_*.deb /tmp/fr-classical"
        )
    lines = FR_CLASSICAL_DIC.read_text(encoding="utf-8").splitlines()[1:]
    classic = {line.split("/", 1)[0].split()[0] for line in lines if line.strip()}
    joined = {stem.replace("-", "").replace("'", "") for stem in stems if {"-", "'"} & set(stem)}
    return {s for s in stems - classic if "-" not in s and "'" not in s and s in joined}


def french_common_words(words: set[str]) -> tuple[list[str], str]:
    """The French words people use most, as ranked by ``wordfreq``.

    Every spelling wordfreq ranks with a Zipf frequency >= FR_COMMON_MIN_ZIPF
    (about once in 300,000 words of running text: kermesse, copeaux, charabia)
    is folded and kept when it is a word of the final list.  Returns the sorted
    words and a note naming the wordfreq version.
    """
    import wordfreq  # type: ignore[import-untyped]  # build tool, only for fr-common

    kept: set[str] = set()
    for spelling in wordfreq.iter_wordlist("fr", "large"):
        if wordfreq.zipf_frequency(spelling, "fr", "large") < FR_COMMON_MIN_ZIPF:
            break
        folded = fold(spelling).upper()
        if folded in words:
            kept.add(folded)
    from importlib.metadata import version as package_version

    return sorted(kept), f"wordfreq {package_version('wordfreq')}, Zipf >= {FR_COMMON_MIN_ZIPF}"


FR_COMMON_MIN_ZIPF = 2.5
"""The Zipf frequency (log10 of uses per billion words) above which a French word
counts as common for bots: about 41,000 words, like the English common list."""


def open_enchant_fr() -> enchant.Dict:
    """Real Hunspell (via Enchant) on the same fr.aff/fr.dic."""
    import enchant  # needs libenchant-2-2

    broker = enchant.Broker()
    broker.set_ordering("*", "hunspell")  # default ordering prefers aspell for some tags
    checker = broker.request_dict(ENCHANT_FR_TAG)
    if checker.provider.name != "hunspell":
        sys.exit(
            f"Enchant gave provider {checker.provider.name} for {ENCHANT_FR_TAG}, need hunspell"
        )
    return checker


def drop_inverted_je_forms(forms: dict[str, set[str]]) -> int:
    """Drop spellings like "abaissè", which only exist in the hyphenated "abaissè-je".

    Such a spelling ends in "è" and shares its folded word with the ordinary
    form ("abaisse", "abaissé"); real words ending in "è" (koinè, épistémè)
    have no such sibling and stay. The folded word itself stays valid.
    """
    dropped = 0
    for spellings in forms.values():
        inverted = {
            s
            for s in spellings
            if s.endswith("è") and any(o[:-1] == s[:-1] for o in spellings - {s})
        }
        spellings -= inverted
        dropped += len(inverted)
    return dropped


def build_fr(review: bool) -> Result:
    """French: expanded Hunspell forms, checked, folded to A-Z."""
    start = time.perf_counter()
    checker = open_enchant_fr()
    generated, skipped = expand_fr_candidates()
    forms_seen: set[str] = set(generated)
    accepted = {form for form in forms_seen if checker.check(form)}
    forms: dict[str, set[str]] = defaultdict(set)
    for form in accepted:
        forms[fold(form).upper()].add(form)
    inverted = drop_inverted_je_forms(forms)
    result = finish("fr", set(forms), forms, review)
    final = set(read_gzip_lines(HERE / "fr.txt.gz"))
    common, how = french_common_words(final)
    out = HERE / "fr-common.txt.gz"
    result.files[out.name] = write_gzip_lines(out, common)
    result.notes.append(f"{len(common)} common words ({how}) in {out.name}")
    result.notes.append(
        f"{inverted} inverted -è-je verb spellings dropped (they only exist hyphenated)"
    )
    notes = [
        "skipped .dic entries: " + ", ".join(f"{n} {why}" for why, n in sorted(skipped.items()))
    ]
    notes.append(
        f"{len(forms_seen)} distinct generated forms, {len(accepted)} accepted by Hunspell, "
        f"{len(forms_seen) - len(accepted)} rejected"
    )
    result.notes[:0] = notes
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
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = []
    if args.language in ("en", "all"):
        results.append(build_en(args.review))
    if args.language in ("fr", "all"):
        results.append(build_fr(args.review))
    for result in results:
        print(
            f"{result.language}: {result.words} words ({result.candidates} candidates, "
            f"{result.denied} denied, 1-letter words dropped) in {result.seconds:.1f} s"
        )
        for name, size in result.files.items():
            print(f"  {name}: {size} bytes ({size / 1024:.0f} KiB)")
        for note in result.notes:
            print(f"  {note}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"total {time.perf_counter() - start:.1f} s, peak RSS {peak:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
