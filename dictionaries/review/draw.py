#!/usr/bin/env python3
"""Draw the review samples of README.md ("Measured precision and recall").

    python dictionaries/review/draw.py precision en 20261204   # 300 random accepted words
    python dictionaries/review/draw.py recall fr               # frequent nouns/verbs/adjectives
    python dictionaries/review/draw.py refused fr 20261208     # 100 words rule 3 refused

Precision: ``random.Random(seed).sample(sorted(words), 300)`` over the shipped
list.  Recall candidates: wordfreq's most frequent spellings (3.1.1, "large"), in
order, that are a lemma WordNet (English) or Lexique 3.83 (French) tags as a
noun, verb or adjective (sources independent of SCOWL and Dicollecte); the
reviewer keeps the first 300 judged valid words.
Prints one word per line.
"""

from __future__ import annotations

import gzip
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))


def shipped(language: str) -> list[str]:
    return gzip.decompress((HERE / f"{language}.txt.gz").read_bytes()).decode().split()


def recall_candidates(language: str, count: int) -> list[str]:
    import wordfreq  # type: ignore[import-untyped]

    if language == "en":
        from evidence import english_dictionaries

        wordnet = english_dictionaries().wordnet
        content = {w for w, pos in wordnet.items() if pos & {"n", "v", "a"}}
    else:  # Lexique 3.83's lemmas tagged noun, adjective or verb (not Dicollecte: no bias)
        from evidence import LEXIQUE

        content = set()
        for line in LEXIQUE.read_text(encoding="latin-1").splitlines()[1:]:
            ortho, _phon, lemma, cgram = line.split("\t", 4)[:4]
            if ortho == lemma and cgram in ("NOM", "ADJ", "VER"):
                content.add(ortho)
    out = []
    for spelling in wordfreq.iter_wordlist(language, "large"):
        if spelling.isalpha() and len(spelling) > 1 and spelling in content:
            out.append(spelling)
            if len(out) == count:
                break
    return out


def main() -> None:
    kind, language = sys.argv[1], sys.argv[2]
    if kind == "precision":
        words = random.Random(int(sys.argv[3])).sample(sorted(shipped(language)), 300)
    elif kind == "refused":  # words rule 3 refused, from the why table
        table = gzip.decompress((HERE / f"{language}-why.txt.gz").read_bytes()).decode()
        refused = sorted(
            line.split("\t", 1)[0]
            for line in table.splitlines()
            if line.split("\t")[1] == "one-rare-source"
        )
        words = random.Random(int(sys.argv[3])).sample(refused, 100)
    else:
        words = recall_candidates(language, 330)
    print("\n".join(words))


if __name__ == "__main__":
    main()
