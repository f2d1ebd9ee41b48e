#!/usr/bin/env python3
"""Check the built-in theme lists in ``dictionaries/themes/LANG/ID.txt``.

Each list must have a ``# title: ...`` first line, at least one more ``#``
comment line saying what belongs, then at least :data:`MIN_ENTRIES` words, one
per line: lower case, letters only (accents allowed, no space, hyphen or
apostrophe), in NFC, each a word of the game's lexicon once folded, in the
lexicon's own spelling (French accents), sorted by :func:`sort_key`, no
duplicates (not even two spellings with the same tiles).  Every language
folder must hold the same theme ids.

Run it from the repository (``PYTHONPATH=src`` or an installed mixmo; from a
checkout, ``src/`` is found on its own)::

    python dictionaries/themes/check_themes.py            # every list
    python dictionaries/themes/check_themes.py fr/food.txt

It prints one line per file (entries and problem counts by kind), then each
problem, and exits 1 when there is any problem.  Tests can call
:func:`check_theme_file` or :func:`check_all`.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass
from pathlib import Path

try:
    from mixmo.engine.lexicon import EMBEDDED_LANGUAGES, Lexicon, embedded, fold, is_tile_word
except ImportError:  # a source checkout run without PYTHONPATH=src
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
    from mixmo.engine.lexicon import EMBEDDED_LANGUAGES, Lexicon, embedded, fold, is_tile_word

THEMES_DIR = Path(__file__).resolve().parent
"""The folder holding one sub-folder of theme lists per language."""

MIN_ENTRIES = 300
"""The fewest words a theme list may hold."""

THEME_ID = re.compile(r"[a-z][a-z0-9-]*")
"""What a theme id (the file name without ``.txt``) looks like."""

KINDS = ("header", "characters", "lexicon", "spelling", "duplicate", "order", "count")
"""The kinds of problem, in report order."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a theme file: its kind, its line (0: the whole file), a message."""

    kind: str
    line: int
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        return f"{where}{self.message}"


def sort_key(word: str) -> tuple[str, str]:
    """The order of a list: by tiles (accents ignored), then by spelling.

    >>> sorted(["zèbre", "élan", "ours"], key=sort_key)
    ['élan', 'ours', 'zèbre']
    """
    return fold(word), word


def bad_characters(entry: str) -> str | None:
    """Why ``entry`` cannot be a list entry because of its characters, or ``None``."""
    if entry != unicodedata.normalize("NFC", entry):
        return "is not in NFC (accents must be precomposed)"
    if not entry.isalpha():
        odd = sorted({c for c in entry if not c.isalpha()})
        return f"holds characters that are not letters: {' '.join(repr(c) for c in odd)}"
    if entry != entry.lower():
        return "is not lower case"
    if not is_tile_word(fold(entry)):
        return f"does not fold to the letters A-Z ({fold(entry)!r})"
    return None


def find_problems(text: str, lexicon: Container[str]) -> tuple[list[str], list[Problem]]:
    """The entries of a theme file's ``text`` and its problems against ``lexicon``.

    When ``lexicon`` is a :class:`~mixmo.engine.lexicon.Lexicon`, an entry must
    also be one of the written forms it knows for the folded word (this
    catches a missing or wrong accent in French).
    """
    problems: list[Problem] = []
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# title: ") or not lines[0][9:].strip():
        problems.append(Problem("header", 1, "the first line must be '# title: <display name>'"))
    header_end = 0
    while header_end < len(lines) and lines[header_end].startswith("#"):
        header_end += 1
    if header_end < 2:
        problems.append(Problem("header", 0, "no '# ' comment line saying what belongs"))

    entries: list[str] = []
    seen: dict[str, tuple[int, str]] = {}
    previous: str | None = None
    for number, line in enumerate(lines[header_end:], start=header_end + 1):
        if line.startswith("#"):
            problems.append(Problem("header", number, "comments belong before the first word"))
            continue
        if not line.strip():
            problems.append(Problem("characters", number, "blank line"))
            continue
        entry = line
        if entry != entry.strip():
            problems.append(Problem("characters", number, f"{entry!r} has spaces around it"))
            entry = entry.strip()
        entries.append(entry)
        why = bad_characters(entry)
        if why:
            problems.append(Problem("characters", number, f"{entry!r} {why}"))
            continue
        folded = fold(entry)
        if folded in seen:
            first_line, first = seen[folded]
            same = "a duplicate" if first == entry else f"the same tiles as {first!r}"
            problems.append(
                Problem("duplicate", number, f"{entry!r} is {same} (line {first_line})")
            )
        else:
            seen[folded] = (number, entry)
        if previous is not None and sort_key(entry) < sort_key(previous):
            problems.append(Problem("order", number, f"{entry!r} comes before {previous!r}"))
        previous = entry
        if folded not in lexicon:
            problems.append(
                Problem("lexicon", number, f"{entry!r} is not in the lexicon ({folded})")
            )
        elif isinstance(lexicon, Lexicon):
            forms = lexicon.forms(folded)
            if forms and entry not in forms:
                problems.append(
                    Problem(
                        "spelling", number, f"{entry!r}: the lexicon spells it {' or '.join(forms)}"
                    )
                )
    if len(entries) < MIN_ENTRIES:
        problems.append(
            Problem("count", 0, f"{len(entries)} entries, fewer than the {MIN_ENTRIES} required")
        )
    return entries, problems


def check_theme_file(path: str | Path, lexicon: Container[str]) -> list[str]:
    """The problems of the theme file at ``path`` against ``lexicon`` (empty: it is fine).

    Each problem reads ``line N: message`` (or just ``message`` for the whole file).
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return [f"cannot read the file: {error}"]
    _, problems = find_problems(text, lexicon)
    return [str(problem) for problem in problems]


def language_of(path: Path) -> str:
    """The language of a theme file: the name of its folder (``en``, ``fr``)."""
    return path.resolve().parent.name


def check_ids(root: Path) -> list[str]:
    """Problems with the set of lists: odd ids, or a theme one language lacks."""
    problems = []
    ids: dict[str, set[str]] = {}
    for language in EMBEDDED_LANGUAGES:
        folder = root / language
        if not folder.is_dir():
            problems.append(f"{language}/: no theme lists for this language")
            continue
        ids[language] = {path.stem for path in folder.glob("*.txt")}
        for theme_id in sorted(ids[language]):
            if not THEME_ID.fullmatch(theme_id):
                problems.append(
                    f"{language}/{theme_id}.txt: a theme id is lower-case a-z, 0-9, '-'"
                )
    every = set().union(*ids.values()) if ids else set()
    for language, have in ids.items():
        for theme_id in sorted(every - have):
            problems.append(f"{language}/: no {theme_id}.txt (other languages have it)")
    return problems


def report(paths: Sequence[Path], root: Path) -> int:
    """Check ``paths``, print one summary line per file and every problem; the exit status."""
    failed = False
    for path in paths:
        language = language_of(path)
        shown = path.relative_to(root) if path.is_relative_to(root) else path
        if language not in EMBEDDED_LANGUAGES:
            print(f"{shown}: not in a language folder ({', '.join(EMBEDDED_LANGUAGES)})")
            failed = True
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            print(f"{shown}: cannot read the file: {error}")
            failed = True
            continue
        entries, problems = find_problems(text, embedded(language))
        counts = Counter(problem.kind for problem in problems)
        summary = ", ".join(f"{counts[kind]} {kind}" for kind in KINDS if counts[kind])
        print(f"{shown}: {len(entries)} entries, {summary or 'OK'}")
        for problem in problems:
            print(f"  {problem.kind}: {problem}")
        failed = failed or bool(problems)
    return 1 if failed else 0


def check_all(root: Path = THEMES_DIR) -> list[str]:
    """Every problem of every list under ``root`` (and of the set of ids), for tests."""
    problems = check_ids(root)
    for language in EMBEDDED_LANGUAGES:
        for path in sorted((root / language).glob("*.txt")):
            for problem in check_theme_file(path, embedded(language)):
                problems.append(f"{language}/{path.name}: {problem}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """Check the lists named on the command line, or all of them."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "files",
        nargs="*",
        type=Path,
        help="theme files (LANG/ID.txt, relative to this folder or not); default: all",
    )
    args = parser.parse_args(argv)
    root = THEMES_DIR
    if args.files:
        paths = []
        for given in args.files:
            path = given if given.exists() or given.is_absolute() else root / given
            paths.append(path.resolve())
        return report(paths, root)
    id_problems = check_ids(root)
    for problem in id_problems:
        print(problem)
    paths = [
        path for language in EMBEDDED_LANGUAGES for path in sorted((root / language).glob("*.txt"))
    ]
    status = report(paths, root)
    return 1 if id_problems else status


if __name__ == "__main__":
    sys.exit(main())
