"""Helpers shared by the English and French builds of ``build.py``.

Folding, reading the reviewed lists (allow, deny, slurs), writing reproducible
gzip files, and ``finish()``, which applies the reviewed lists and writes a
language's outputs.  A build tool, not part of the mixmo package.
"""

from __future__ import annotations

import gzip
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: Ligatures that NFKD does not decompose.
LIGATURES = {"œ": "oe", "æ": "ae", "ß": "ss", "ĳ": "ij"}

VOWELS = frozenset("AEIOUY")
AZ_UPPER = re.compile(r"[A-Z]+")
AZ_LOWER = re.compile(r"[a-z]+")


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


SHIPPED = ("en.txt.gz", "en-common.txt.gz", "fr.txt.gz", "fr-common.txt.gz", "fr-forms.txt.gz")
"""The lists the wheel ships (pyproject.toml's force-include), listed in SHA256SUMS."""


def write_manifest(folder: Path) -> Path:
    """Write ``SHA256SUMS`` (``sha256sum`` format) for the shipped lists: mixmo checks
    each list against it when it reads or compiles one (``sha256sum -c`` works too)."""
    import hashlib

    lines = [f"{hashlib.sha256((folder / name).read_bytes()).hexdigest()}  {name}\n"
             for name in SHIPPED]  # fmt: skip
    manifest = folder / "SHA256SUMS"
    manifest.write_text("".join(lines), encoding="ascii")
    return manifest


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


def reviewed_reasons(path: Path) -> dict[str, str]:
    """Each entry of a reviewed list -> its reason: the comment on its line, or
    else the heading (``# --- ... ---``, with its continuation lines) of its group."""
    reasons: dict[str, str] = {}
    heading, in_heading = path.name, False
    for line in path.read_text(encoding="utf-8").splitlines():
        entry, _, comment = line.partition("#")
        entry, comment = entry.strip(), comment.strip()
        if not entry:
            if comment.startswith("---"):
                heading, in_heading = comment.strip("- "), True
            elif in_heading and comment:
                heading = f"{heading} {comment.strip('- ')}"
            else:
                in_heading = False
            continue
        in_heading = False
        key = entry.upper() if entry.isascii() else entry
        reasons[key] = f"{path.name}: {comment or heading}"
    return reasons


def write_why_table(
    language: str, rule_why: dict[str, str], allowed: set[str], removed: set[str]
) -> int:
    """Write ``<language>-why.txt.gz``: ``WORD<TAB>rule<TAB>detail`` for every word
    the lexicon rule or a reviewed list decided against the main dictionary."""
    reasons: dict[str, str] = {}
    for name in (f"allow-{language}.txt", f"deny-{language}.txt", f"slurs-{language}.txt"):
        reasons.update(reviewed_reasons(HERE / name))
    lines = dict(rule_why)
    for spelling in allowed:
        word = fold(spelling).upper()
        reason = reasons.get(spelling.upper() if spelling.isascii() else spelling, "")
        lines[word] = f"allow-list\t{reason}"
    for word in removed:
        lines[word] = f"deny-list\t{reasons.get(word, '')}"
    return write_gzip_lines(
        HERE / f"{language}-why.txt.gz", (f"{w}\t{lines[w]}" for w in sorted(lines))
    )


def finish(
    language: str,
    candidates: set[str],
    forms: dict[str, set[str]] | None,
    review: bool,
    rule_why: dict[str, str] | None = None,
) -> Result:
    """Add the allow-list, apply the deny-lists and the length rule, write the
    outputs of one language (and its why table, see ``lexicon_rule``)."""
    deny, deny_forms = read_deny_lists(language)
    source_words = set(candidates)
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
    kept = set(words)
    added = {a for a in allowed if fold(a).upper() not in source_words}
    why = write_why_table(
        language,
        rule_why or {},
        added,
        source_words - kept - {w for w in source_words if len(w) < 2},
    )
    result.files[f"{language}-why.txt.gz"] = why
    return result


def is_playable_form(form: str) -> bool:
    """Lower-case letters only (accents allowed), folding to a-z.

    Rejects apostrophes, hyphens, dots, digits, capitals and modifier letters
    such as the superscripts of ``Mᵐᵉ`` or ``iiᵉ``.
    """
    return all(unicodedata.category(ch) == "Ll" for ch in form) and bool(
        AZ_LOWER.fullmatch(fold(form))
    )
