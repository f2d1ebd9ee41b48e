#!/usr/bin/env python3
"""Draw the review samples of README.md ("Measured precision and recall").

    python dictionaries/review/draw.py precision en 20261204   # 300 random accepted words
    python dictionaries/review/draw.py recall fr               # frequent nouns/verbs/adjectives

Precision: ``random.Random(seed).sample(sorted(words), 300)`` over the shipped
list.  Recall candidates: wordfreq's most frequent spellings (3.1.1, "large"),
in order, that WordNet (English) or Dicollecte's tags (French) give as a noun,
verb or adjective; the reviewer keeps the first 300 judged valid words.
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
        from evidence import wordnet

        wn = wordnet()
        content = {w for w, pos in wn.common.items() if pos & {"n", "v", "a"}}
    else:
        content = set()
        for line in Path("/usr/share/hunspell/fr.dic").read_text(encoding="utf-8").splitlines()[1:]:
            fields = line.split()
            if fields and any(t in ("po:nom", "po:adj") or t.startswith("po:v") for t in fields):
                content.add(fields[0].split("/", 1)[0])
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
    else:
        words = recall_candidates(language, 330)
    print("\n".join(words))


if __name__ == "__main__":
    main()
