#!/usr/bin/env python3
"""Write the review tables of README.md ("Measured precision and recall").

    python dictionaries/review/verdicts.py

Reads the drawn samples (``precision-<lang>-<seed>.txt``, ``recall-<lang>.txt``,
``refused-<lang>-<seed>.txt``, written by ``draw.py``) and the reviewer's
verdicts below, and writes ``<sample>.tsv``: each word, the reviewer's verdict,
the rule that decided it (from the shipped why tables) and the note; then
prints the figures.  Verdicts: ``ok`` (a word of the language a comprehensive
dictionary lists, or an inflection of one: rare, technical, regional and slang
words included), ``wrong`` (not a word by the rules: proper noun or trade name,
abbreviation, fragment, foreign word not in use, welded phrase, misspelling,
spoken spelling).  ``strict`` also counts wrong the ok words the reviewer
could not place in a general dictionary he knows.  Words not listed below
were judged ``ok``.
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
    "en-20261209": {
        "PERMALLOY": ("wrong", "a trade name (Permalloy)"),
    },
    "en-20261210": {},
    "fr-20261209": {},
    "fr-20261210": {},
}

#: Words judged ok that the reviewer could not place in a general dictionary he
#: knows (Merriam-Webster, Collins; Larousse, Robert, the ODS word-game list):
#: regular technical derivatives, recent anglicisms, regional or slang verbs
#: that a comprehensive dictionary (Dicollecte, Webster's 1913...) lists.  The
#: strict figure counts them wrong.
STRICT: dict[str, set[str]] = {
    "en-20261209": set(),
    "en-20261210": {"LINERLESS"},
    "fr-20261209": {
        "RESEQUENCAMES",
        "COCREERAI",
        "DEMETHANISERAIENT",
        "INVISIBILISASSE",
        "RESPIRITUALISIEZ",
    },
    "fr-20261210": {"SEXTAPES", "BLACKLISTERAIENT", "INGES"},
}

#: Refused samples (words rule 3 refused): those the reviewer judged NOT to be
#: words (misspellings, welded phrases, names, junk) or could not place; the
#: others are real, rare words (the cost of rule 3).
REFUSED_NOT_WORDS: dict[str, set[str]] = {
    "en-20261208": {"NIELSBOHRIUM", "CROSSPOLLINATE", "TWOHANDED"},
    "fr-20261208": {
        "NOBSCURITAIS",
        "MOINSSOIERAIT",
        "VULGANISANT",
        "UNUNHEXIUM",
        "ORDINOSAURE",
        "APATAMAIS",
        "CHARIBOTAIS",
        "CAPAHUTAIS",
        "PESTELLERAS",
        "CHAMEAUSE",
        "DITON",
        "NEGUERENT",
        "NEGUERAS",
        "ARNACHERENT",
    },
}


#: Recall candidates the reviewer judged not valid (skipped; the first 300 valid
#: count).  None: every candidate of both lists is a word.
RECALL_NOT_VALID: dict[str, set[str]] = {"en": set(), "fr": set()}


def why_table(language: str) -> dict[str, str]:
    lines = gzip.decompress((LISTS / f"{language}-why.txt.gz").read_bytes()).decode()
    return {w: rule for w, rule, _ in (line.split("\t", 2) for line in lines.splitlines())}


def main() -> None:
    for name, exceptions in PRECISION.items():
        language = name.split("-")[0]
        why = why_table(language)
        words = (HERE / f"precision-{name}.txt").read_text(encoding="utf-8").split()
        rows = ["word\tverdict\tstrict\trule\tnote"]
        for word in words:
            verdict, note = exceptions.get(word, ("ok", ""))
            strict = "not placed" if word in STRICT[name] else verdict
            rule = why.get(word, "two-dictionaries")
            rows.append(f"{word}\t{verdict}\t{strict}\t{rule}\t{note}")
        (HERE / f"precision-{name}.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        assert STRICT[name] <= set(words), STRICT[name] - set(words)
        bad = sum(1 for w in words if w in exceptions)
        strict_bad = bad + len(STRICT[name])
        print(
            f"precision {name}: {len(words) - bad}/{len(words)} = "
            f"{100 * (len(words) - bad) / len(words):.2f}%; strict "
            f"{len(words) - strict_bad}/{len(words)} = "
            f"{100 * (len(words) - strict_bad) / len(words):.2f}%"
        )
    for name, not_words in REFUSED_NOT_WORDS.items():
        words = (HERE / f"refused-{name}.txt").read_text(encoding="utf-8").split()
        rows = ["word\tverdict"]
        assert not_words <= set(words), not_words - set(words)
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
