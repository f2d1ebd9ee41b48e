#!/usr/bin/env python3
"""Write the review tables of README.md ("Measured precision and recall").

    python dictionaries/review/verdicts.py

Reads the drawn samples (``precision-<lang>-<seed>.txt``, ``recall-<lang>.txt``,
``refused-<lang>-<seed>.txt``, written by ``draw.py``) and the reviewer's
verdicts below, and writes ``<sample>.tsv``: each word, the reviewer's verdict,
the rule that decided it (from the shipped why tables) and the note; then
prints the figures.  Verdicts: ``ok`` (a word of a standard dictionary of the
language, or an inflection of one), ``doubtful`` (the reviewer could not
confirm it in a standard dictionary: counted as wrong in the figures),
``wrong`` (not a word by the rules: fragment, name, abbreviation, welded
phrase, foreign word not in use).  Words not listed below were judged ``ok``.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
LISTS = HERE.parent
sys.path.insert(0, str(LISTS))

from build_common import fold  # noqa: E402  (the build's folding, beside this folder)

#: Precision samples: the words not judged ok, with the reason.
PRECISION: dict[str, dict[str, tuple[str, str]]] = {
    "en-20261206": {
        "WATERLILY": ("doubtful", "dictionaries write 'water lily' in two words"),
    },
    "en-20261207": {
        "BOARDGAMES": ("doubtful", "dictionaries write 'board game' in two words"),
    },
    "fr-20261206": {
        "DEMOUSCAILLASSE": (
            "doubtful",
            "démouscailler: both sources list it, no general dictionary found",
        ),
    },
    "fr-20261207": {
        "GHOSTERONS": ("doubtful", "ghoster: recent anglicism, not confirmed in a dictionary"),
    },
}

#: Refused samples (words rule 3 refused): those the reviewer judged NOT to be
#: words of a standard dictionary; the others are real, rare words (the cost).
REFUSED_NOT_WORDS: dict[str, set[str]] = {
    "en-20261208": {"OVERCOMPETETIVE", "BLOODYMINDEDNESS", "DYSTOPI", "CYATHUS"},
    "fr-20261208": {
        "MOINSSOYASSENT",
        "INDAGUA",
        "COKSIEZ",
        "DJIBSAS",
        "PESTELLATES",
        "PIOGERONT",
        "DESAFFLEURONS",
        "MIJOLIONS",
        "DAMPMARTOISES",
        "VULGANISERAIT",
        "GRIGRISANT",
        "USITATISSIMUM",
        "CHALUTATES",
        "NOMINETTE",
        "ANDROLATRE",
        "CABOCHEE",
        "GLETTER",
        "APATAMAT",
        "SONRAIS",
        "SUPPUTATIF",
    },
}


#: Recall candidates the reviewer judged not valid (skipped; the first 300 valid count).
RECALL_NOT_VALID: dict[str, set[str]] = {"en": set(), "fr": set()}


def why_table(language: str) -> dict[str, str]:
    lines = gzip.decompress((LISTS / f"{language}-why.txt.gz").read_bytes()).decode()
    return {w: rule for w, rule, _ in (line.split("\t", 2) for line in lines.splitlines())}


def main() -> None:
    for name, exceptions in PRECISION.items():
        language = name.split("-")[0]
        why = why_table(language)
        words = (HERE / f"precision-{name}.txt").read_text(encoding="utf-8").split()
        rows = ["word\tverdict\trule\tnote"]
        for word in words:
            verdict, note = exceptions.get(word, ("ok", ""))
            rows.append(f"{word}\t{verdict}\t{why.get(word, 'two-dictionaries')}\t{note}")
        (HERE / f"precision-{name}.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        bad = sum(1 for w in words if w in exceptions)
        share = 100 * (len(words) - bad) / len(words)
        print(
            f"precision {name}: {len(words) - bad}/{len(words)} = {share:.2f}% (doubtful = wrong)"
        )
    for name, not_words in REFUSED_NOT_WORDS.items():
        words = (HERE / f"refused-{name}.txt").read_text(encoding="utf-8").split()
        rows = ["word\tverdict"]
        rows += [f"{w}\t{'not a word' if w in not_words else 'real word'}" for w in words]
        (HERE / f"refused-{name}.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        print(f"refused {name}: {len(words) - len(not_words)}/{len(words)} are real words")
    for language in ("en", "fr"):
        listed = set(gzip.decompress((LISTS / f"{language}.txt.gz").read_bytes()).decode().split())
        candidates = (HERE / f"recall-{language}.txt").read_text(encoding="utf-8").split()
        valid = [w for w in candidates if w not in RECALL_NOT_VALID[language]][:300]
        rows = ["rank\tword\tjudged valid\taccepted"]
        for rank, word in enumerate(candidates, 1):
            judged = word not in RECALL_NOT_VALID[language]
            accepted = fold(word).upper() in listed
            rows.append(
                f"{rank}\t{word}\t{'yes' if judged else 'no'}\t{'yes' if accepted else 'no'}"
            )
        (HERE / f"recall-{language}.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        missing = [w for w in valid if fold(w).upper() not in listed]
        print(f"recall {language}: {300 - len(missing)}/300 accepted; missing: {missing}")


if __name__ == "__main__":
    main()
