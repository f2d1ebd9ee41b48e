"""How long the embedded word lists take to load, how much memory they take, how fast look-ups are.

Each run is a fresh ``python`` process (the lists are cached per process by
``embedded()``), so every load is a cold load from the gzip'd file in
``dictionaries/``. Only the ``embedded(lang)`` call is timed: the interpreter
start and the import of ``mixmo.engine.lexicon`` are not. Memory is the
process's resident set size (``VmRSS`` of /proc/self/status) just before and
just after the call, and the peak (``ru_maxrss``) growth across it. Then,
in the same process: one full ``gc.collect()`` (what every full garbage
collection costs once the list is loaded), look-ups, and the first
``forms()`` call, which loads the accented forms (French only).

Look-ups are ``word in lexicon`` on the loaded list: a batch of words that are
in it (hits) and a batch of the same words with their last letter changed
(mostly misses), timed in the same child process after the load.

Two forms of each list are timed: ``text`` parses the gzip'd list (what a
library caller gets by default), ``compiled`` maps the marisa-trie file that
the command line keeps in the user cache folder
(:mod:`mixmo.engine.compiled_lexicon`; compiled once, untimed, before the
runs).

    python benchmarks/lexicon_load.py [--runs 9] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from typing import Any

from _common import child_env, emit_json, ms, summary, table

CHILD = r"""
import json, random, resource, sys, time

def rss_kib():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

from pathlib import Path
from mixmo.engine.lexicon import embedded, use_cache_folder

import gc
lang = sys.argv[1]
if sys.argv[2] != "-":
    use_cache_folder(Path(sys.argv[2]))
gc.collect()
start = time.perf_counter()
gc.collect()
gc_before_load = time.perf_counter() - start
rss_before = rss_kib()
peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
lexicon = embedded(lang)
load = time.perf_counter() - start
rss_after = rss_kib()
peak_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

# A full garbage collection walks every container the collector tracks; a
# frozenset of strings is one such container.
import gc
start = time.perf_counter()
gc.collect()
gc_after_load = time.perf_counter() - start

rng = random.Random(1)
hits = rng.sample(sorted(lexicon), 100_000)
misses = [w[:-1] + ("Q" if w[-1] != "Q" else "J") for w in hits]
def rate(batch):
    best = None
    for _ in range(5):
        t = time.perf_counter()
        for word in batch:
            word in lexicon
        elapsed = time.perf_counter() - t
        best = elapsed if best is None else min(best, elapsed)
    return len(batch) / best

hits_rate, misses_rate = rate(hits), rate(misses)
# One open tile in a 5-letter word: the look-ups a joker costs (26 per pattern).
patterns = [w[:2] + "?" + w[3:] for w in hits if len(w) == 5][:2000]
t = time.perf_counter()
for p in patterns:
    lexicon.matching([c if c != "?" else "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for c in p])
pattern_rate = len(patterns) / (time.perf_counter() - t)

# French accented forms (mixmo word shows them) load on the first forms() call.
probe = hits[0]
misses_found = sum(w in lexicon for w in misses)
del hits, misses, patterns
gc.collect()
rss_before_forms = rss_kib()
t = time.perf_counter()
lexicon.forms(probe)
forms = time.perf_counter() - t
rss_forms = rss_kib()
start = time.perf_counter()
gc.collect()
gc_after_forms = time.perf_counter() - start

print(json.dumps({
    "words": len(lexicon), "load": load,
    "rss_before_kib": rss_before, "rss_after_kib": rss_after,
    "peak_before_kib": peak_before, "peak_after_kib": peak_after,
    "hits_per_s": hits_rate, "misses_per_s": misses_rate,
    "misses_found": misses_found,
    "patterns_per_s": pattern_rate, "forms_first_call": forms, "rss_forms_kib": rss_forms,
    "rss_before_forms_kib": rss_before_forms,
    "gc_before_load": gc_before_load, "gc_after_load": gc_after_load, "gc_after_forms": gc_after_forms,
}))
"""


def run_child(lang: str, cache: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, lang, cache],
        env=child_env(),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="fresh processes per language (>= 7)")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    args = parser.parse_args()

    results = {lang: figures(runs) for lang, runs in measure(args.runs).items()}
    if args.json:
        emit_json({"benchmark": "lexicon_load", "runs": args.runs, "results": results})
        return
    print_tables(results, args.runs)


def measure(count: int) -> dict[str, list[dict[str, float]]]:
    """Each language's and mode's figures, one per fresh process."""
    # In rounds (en then fr, count times), so that a change of load on the
    # machine touches both languages alike.
    by_lang: dict[str, list[dict[str, float]]] = {
        f"{lang} {mode}": [] for lang in ("en", "fr") for mode in ("text", "compiled")
    }
    with tempfile.TemporaryDirectory() as cache:
        for lang in ("en", "fr"):
            run_child(lang, cache)  # compiles the list and its forms, untimed
        for _ in range(count):
            for key, runs in by_lang.items():
                lang, mode = key.split()
                runs.append(run_child(lang, cache if mode == "compiled" else "-"))
    return by_lang


def figures(runs: list[dict[str, float]]) -> dict[str, Any]:
    """One language's and mode's runs summed up: medians, and spreads of the times."""

    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    return {
        "words": runs[0]["words"],
        "load_s": summary([r["load"] for r in runs]),
        "rss_extra_kib": med("rss_after_kib") - med("rss_before_kib"),
        "rss_after_kib": med("rss_after_kib"),
        "peak_extra_kib": statistics.median(
            r["peak_after_kib"] - r["peak_before_kib"] for r in runs
        ),
        "hits_per_s": med("hits_per_s"),
        "misses_per_s": med("misses_per_s"),
        "patterns_per_s": med("patterns_per_s"),
        "forms_first_call_s": summary([r["forms_first_call"] for r in runs]),
        "rss_extra_forms_kib": statistics.median(
            r["rss_forms_kib"] - r["rss_before_forms_kib"] for r in runs
        ),
        "misses_found": runs[0]["misses_found"],
        "gc_before_load_s": summary([r["gc_before_load"] for r in runs]),
        "gc_after_load_s": summary([r["gc_after_load"] for r in runs]),
        "gc_after_forms_s": summary([r["gc_after_forms"] for r in runs]),
    }


def print_tables(results: dict[str, dict[str, Any]], runs: int) -> None:
    """The figures as tables: the load, the first forms() call, a full collection."""
    rows = [
        [
            lang,
            f"{r['words']:,}",
            ms(r["load_s"]["median"]),
            ms(r["load_s"]["min"]),
            ms(r["load_s"]["max"]),
            f"{r['rss_extra_kib'] / 1024:.1f}",
            f"{r['peak_extra_kib'] / 1024:.1f}",
            f"{r['hits_per_s'] / 1e6:.1f}",
            f"{r['misses_per_s'] / 1e6:.1f}",
            f"{r['patterns_per_s']:,.0f}",
        ]
        for lang, r in results.items()
    ]
    print(f"embedded(lang) in a fresh process, {runs} runs per language (times in ms)\n")
    headers = ["lang", "words", "median", "min", "max", "+RSS MiB", "+peak MiB"]
    print(table([*headers, "hits M/s", "misses M/s", "1-joker patterns/s"], rows))
    print(
        "\nmisses: the hit words with their last letter changed; "
        + ", ".join(
            f"{lang}: {r['misses_found']:,} of 100,000 were still words"
            for lang, r in results.items()
        )
    )
    print("\nfirst lexicon.forms() call (loads the accented forms, French only; ms)\n")
    print(
        table(
            ["lang", "first forms() median ms", "max ms", "+RSS MiB"],
            [
                [
                    lang,
                    ms(r["forms_first_call_s"]["median"]),
                    ms(r["forms_first_call_s"]["max"]),
                    f"{r['rss_extra_forms_kib'] / 1024:.1f}",
                ]
                for lang, r in results.items()
            ],
        )
    )
    print("\none full gc.collect() in the same process (ms, median)\n")
    print(
        table(
            ["lang", "before the load", "after the load", "after forms() too"],
            [
                [
                    lang,
                    ms(r["gc_before_load_s"]["median"]),
                    ms(r["gc_after_load_s"]["median"]),
                    ms(r["gc_after_forms_s"]["median"]),
                ]
                for lang, r in results.items()
            ],
        )
    )


if __name__ == "__main__":
    main()
