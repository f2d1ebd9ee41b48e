"""The French build of ``build.py``: Dicollecte's Hunspell dictionary, expanded.

The stems of ``hunspell-fr-comprehensive`` are expanded with ``spylls``, every
form is checked with real Hunspell (``pyenchant``), welded 1990-reform
spellings and unlisted prefixed units are left out, and ``fr-common.txt.gz`` is
drawn from ``wordfreq``'s French data.  A build tool, not part of mixmo.
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import evidence
import lexicon_rule
from build_common import (
    HERE,
    Result,
    finish,
    fold,
    is_playable_form,
    is_short_for_review,
    read_gzip_lines,
    write_gzip_lines,
)

if TYPE_CHECKING:  # heavy optional imports, only needed for fr
    import enchant
    from spylls.hunspell.data.aff import Prefix, Suffix  # type: ignore[import-untyped]

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

#: Acronyms said as words, which the French rulebook admits as a class: "Les
#: acronymes (UNICEF) : sigles prononcés comme un mot".  Dicollecte writes them
#: as capitalised entries, like the initialisms (sigles) the book refuses, and
#: tags both alike (``po:nom``, not a proper-noun tag), so the class is drawn
#: by review: every capitalised letters-only ``po:nom`` entry (353 in capitals,
#: 940 with a capital initial, most of these place names) was read, and those
#: French speakers say as a word are kept, as the dictionary spells them (Otan,
#: ZUP).  Spelt letter by letter (SNCF, CNRS, HLM, ONU, URSS), place names,
#: abbreviations and units stay out, and so do entries whose reading is
#: uncertain.  The build checks each one is still such an entry of the source.
FR_ACRONYMS_SAID_AS_WORDS = frozenset(
    str.split(
        """
    Afnor Aful Benelux Capes Cimade Cirad Cnam Cned Consuel Covid Ehpad Gestapo
    Ifremer Ined Inria Insee Inserm Macif Medef Nasa Opep Otan Oxfam Samu Smic
    Stasi Unesco Unicef Urssaf
    ASCII BIOS CAC CAF CAN CERN CNES CNIL DAB DEUG DOM EFREI ENA ENSAM EPROM ESA
    ESTACA GAFAM GIEC GIGN IBAN IMAP INPI INRA IRA LED MOOC ONEMA ONERA PACA RAM
    RENATER RIB ROM SCOT SEPA SRAS VIP ZAD ZEP ZNIEFF ZUP
    """
    )
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


def expand_fr_candidates() -> tuple[Iterator[tuple[str, str]], dict[str, int]]:
    """Expand the Hunspell stems of the French dictionary into candidate forms.

    The Dicollecte dictionary uses long flags, NEEDAFFIX ``()`` on most stems
    (verbs are stored as a stem + conjugation suffix class, the bare stem is
    not a word), and prefix classes for units with metric prefixes: e.g.
    ``gramme/Um()`` where ``PFX Um 0 kilo/S.() .`` means "kilo" + stem, which
    itself still needs a suffix of class ``S.`` (singular ``0`` or plural
    ``s``).  Suffix continuation classes only hold elision prefixes (l', d'...),
    which yield apostrophe forms and are ignored.

    The expansion over-generates a little on purpose; every candidate is
    checked with real Hunspell afterwards.  Returns the candidates (iterator of
    (form, entry) pairs, may repeat; ``entry`` is the stem and its ``po:`` tags,
    for the lexicon rule) and counters of skipped entries.
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
    acronyms_seen: set[str] = set()

    def generate() -> Iterator[tuple[str, str]]:
        for word in dictionary.dic.words:
            stem, flags = word.stem, word.flags
            tags = set(word.data.get("po", ()))
            entry = f"{stem}\t{' '.join(sorted(tags))}\t{entry_lemma(stem, word.data)}"
            if stem in welded or stem in FR_SPACE_WELDED_STEMS:
                skipped["1990-reform welded compounds (fairepart, donjuan)"] += 1
            elif stem in FR_ACRONYMS_SAID_AS_WORDS and tags == {"nom"} and stem.isalpha():
                acronyms_seen.add(stem)
                skipped["capitalised but kept: acronyms said as words (Otan, ZUP)"] += 1
                yield ACRONYM_MARK + stem, entry  # checked capitalised, as the source spells it
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
                        yield form, entry
        missing = FR_ACRONYMS_SAID_AS_WORDS - acronyms_seen
        if missing:
            sys.exit(f"FR_ACRONYMS_SAID_AS_WORDS not common-noun entries: {sorted(missing)}")

    return generate(), skipped


def entry_lemma(stem: str, data: dict[str, list[str]]) -> str:
    """The lemma a Dicollecte entry inflects: its ``st:`` field (arcs-en-ciel:
    arc-en-ciel), the singular of an entry Dicollecte files apart as a plural
    (``is:pl``: atonals, the plural in -s of atonal beside atonaux), else the
    stem itself."""
    if data.get("st"):
        return data["st"][0]
    if "pl" in data.get("is", ()) and stem.endswith("s"):
        return stem[:-1]
    return stem


ACRONYM_MARK = "="
"""Marks an acronym among the generated candidates: Hunspell checks it as the
dictionary spells it (Otan), the word list takes it in lower case (otan)."""


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
    classic = classic_stems()
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


#: What the French build needs beyond the Debian packages, and how to get it.
FR_BUILD_TOOLS = {
    "spylls": "pip install spylls==0.1.7",
    "enchant": "apt-get install libenchant-2-2 && pip install pyenchant==3.3.0",
    "wordfreq": "pip install wordfreq==3.1.1",
}


def check_fr_build_tools() -> None:
    """Exit with the install command of the first missing build tool."""
    import importlib.util

    for module, how in FR_BUILD_TOOLS.items():
        try:
            found = importlib.util.find_spec(module) is not None
        except ImportError:  # pyenchant without the C library
            found = False
        if not found:
            sys.exit(f"the French build needs {module}: {how}")
    if not HUNSPELL_FR.with_suffix(".dic").exists():
        sys.exit(f"missing {HUNSPELL_FR}.dic: apt-get install hunspell-fr-comprehensive")


def accept_inflections_fr(
    decisions: dict[str, tuple[set[str], lexicon_rule.Decision]],
) -> None:
    """Rule 5: an entry rule 3 refuses that inflects the lemma of an accepted
    entry of the same part of speech is accepted with all its forms: a form
    Dicollecte files apart with its lemma (``st:``: trollesse, of troll) or as
    a plural of its own (atonals, of atonal), or the 1990 spelling of an
    accepted word, an entry the classic dictionary lacks that differs from it
    by accents only (réquiem, plural réquiems, is requiem; bucheur is
    bûcheur).  Words that only fold together stay apart: the classic
    dictionary has both élastique and élastiqué, both armure and armuré, and
    a final é makes another word (sénestré is senestré, not senestre)."""
    classic = classic_stems()
    accepted: dict[str, list[tuple[str, set[str], lexicon_rule.Decision]]] = {}
    for entry, (_, decision) in decisions.items():
        if decision.accepted:
            stem, tags, _ = entry.split("\t")
            accepted.setdefault(variant_key(stem), []).append(
                (stem, parts_of_speech(tags), decision)
            )
    for entry, (spellings, decision) in decisions.items():
        if decision.rule != lexicon_rule.ONE_RARE_SOURCE:
            continue
        stem, tags, lemma = entry.split("\t")
        if lemma == stem and stem in classic:
            continue
        pos = parts_of_speech(tags)
        found = next(
            (
                (base, base_decision)
                for base, base_pos, base_decision in accepted.get(variant_key(lemma), ())
                if pos & base_pos and (lemma == stem or base == lemma)
            ),
            None,
        )
        if found is not None:
            decisions[entry] = spellings, lexicon_rule.inflection_of(*found, decision)


def variant_key(stem: str) -> str:
    """What spellings of one word share: the folded stem, and a final é."""
    return fold(stem).upper() + ("É" if stem.endswith("é") else "")


def classic_stems() -> set[str]:
    """The stems of the classic flavour of Dicollecte (no 1990 spellings)."""
    lines = FR_CLASSICAL_DIC.read_text(encoding="utf-8").splitlines()[1:]
    return {line.split("/", 1)[0].split()[0] for line in lines if line.strip()}


def parts_of_speech(tags: str) -> set[str]:
    """The coarse parts of speech of Dicollecte ``po:`` tags: ``v1__t___zz``
    -> ``v1``, ``adj`` -> ``adj``."""
    return {tag.split("_", 1)[0] for tag in tags.split()}


def apply_rule_fr(
    entries: dict[str, set[str]], checked: set[str], trace: list[str]
) -> tuple[set[str], dict[str, str], int]:
    """The lexicon rule on each Dicollecte entry (a lemma with its inflections).

    Returns the accepted lower-case spellings, the why-table lines of the folded
    words refused (a word another accepted entry also spells is dropped from
    them by the caller; the words accepted by rule 2 only are kept) and the
    number of entries refused; appends every
    entry's decision to ``trace`` (``stem<TAB>rule<TAB>sources<TAB>forms``)."""
    seconds = (
        ("GUTenberg list (wfrench)", evidence.wfrench_forms()),
        ("Lexique 3.83", evidence.lexique_forms()),
    )
    listed = seconds[0][1] | seconds[1][1]
    use = evidence.zipf_table("fr")
    accepted: set[str] = set()
    why: dict[str, str] = {}
    firm: set[str] = set()  # folded words an entry of two dictionaries spells
    use_only: dict[str, str] = {}
    refused = 0
    decisions: dict[str, tuple[set[str], lexicon_rule.Decision]] = {}
    for entry, generated in sorted(entries.items()):
        spellings = {
            f.removeprefix(ACRONYM_MARK).lower() if f.startswith(ACRONYM_MARK) else f
            for f in generated & checked
        }
        if not spellings:
            continue
        stem = entry.split("\t", 1)[0]
        second = next(
            (f"{name}: {min(spellings & forms)}" for name, forms in seconds if spellings & forms),
            None,
        )
        if second is None and stem == stem.lower():
            derivation = evidence.french_derivation(stem, listed)
            second = derivation and f"derived: {derivation}"
        decision = lexicon_rule.decide_fr(stem, second, max(use.get(s, 0.0) for s in spellings))
        decisions[entry] = spellings, decision
    accept_inflections_fr(decisions)
    for entry, (spellings, decision) in decisions.items():
        stem = entry.split("\t", 1)[0]
        trace.append(f"{stem}\t{decision.rule}\t{decision.sources}\t{' '.join(sorted(spellings))}")
        if decision.accepted:
            accepted |= spellings
            for spelling in spellings:
                folded = fold(spelling).upper()
                if decision.rule == lexicon_rule.TWO_DICTIONARIES:
                    firm.add(folded)
                else:
                    use_only.setdefault(folded, f"{decision.rule}\t{decision.sources}")
            continue
        refused += 1
        for spelling in spellings:
            if is_short_for_review(fold(spelling).upper()):  # reviewed by hand: kept
                accepted.add(spelling)
            else:
                why.setdefault(fold(spelling).upper(), f"{decision.rule}\t{decision.sources}")
    for folded, line in use_only.items():
        if folded not in firm:
            why[folded] = line  # accepted by rule 2: it wins over a refusal
    return accepted, why, refused


def build_fr(review: bool, trace: Path | None = None) -> Result:
    """French: expanded Hunspell forms, checked, folded to A-Z."""
    check_fr_build_tools()
    start = time.perf_counter()
    checker = open_enchant_fr()
    generated, skipped = expand_fr_candidates()
    entries: dict[str, set[str]] = defaultdict(set)
    for form, entry in generated:
        entries[entry].add(form)
    forms_seen = set().union(*entries.values())
    checked = {form for form in forms_seen if checker.check(form.removeprefix(ACRONYM_MARK))}
    rejected = len(forms_seen) - len(checked)
    decisions: list[str] = []
    accepted, why, refused_entries = apply_rule_fr(entries, checked, decisions)
    if trace is not None:
        (trace / "fr-decisions.tsv").write_text("\n".join(decisions) + "\n", encoding="utf-8")
    forms: dict[str, set[str]] = defaultdict(set)
    for form in accepted:
        forms[fold(form).upper()].add(form)
    inverted = drop_inverted_je_forms(forms)
    why = {
        word: line
        for word, line in why.items()
        if (word in forms)
        == line.startswith((lexicon_rule.DICTIONARY_AND_USE, lexicon_rule.INFLECTION_OF_ACCEPTED))
    }
    result = finish("fr", set(forms), forms, review, why)
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
        f"{len(forms_seen)} distinct generated forms, {len(checked)} accepted by Hunspell, "
        f"{rejected} rejected"
    )
    notes.append(
        f"lexicon rule: {refused_entries} of {len(entries)} entries refused (one rare source): "
        f"{sum(1 for line in why.values() if line.startswith(lexicon_rule.ONE_RARE_SOURCE))} "
        "folded words"
    )
    result.notes[:0] = notes
    result.seconds = time.perf_counter() - start
    return result
