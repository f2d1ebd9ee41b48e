"""`mixmo word`: settle a dispute over words."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click
from rich.text import Text

from mixmo.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    console_for,
    dict_option,
    fail,
    json_option,
    lang_option,
    load_lexicon,
)
from mixmo.engine.lexicon import fold, is_tile_word
from mixmo.report_view import INVALID_MARK, VALID_MARK


@click.command(name="word", short_help="Settle a dispute: is each word in the dictionary?")
@click.argument("words", nargs=-1, required=True)
@lang_option
@dict_option
@json_option
def word(words: Sequence[str], lang: str, dict_spec: str | None, as_json: bool) -> None:
    """Settle a dispute: is each WORD valid? (- reads words from standard input.)

    Accents do not matter: ETE, ete and été are the same tiles. In French the
    accented forms a word stands for are shown.
    Exit status: 0 when every word is valid, 1 otherwise, 2 on bad usage.
    """
    queries: list[str] = []
    for argument in words:
        if argument == "-":
            queries += sys.stdin.read().split()
        else:
            queries.append(argument)
    if not queries:
        fail("no word to look up")
    lexicon = load_lexicon(dict_spec, lang)
    results: list[dict[str, Any]] = []
    for query in queries:
        tiles = fold(query)
        if not is_tile_word(tiles):
            results.append(
                {
                    "word": query,
                    "valid": False,
                    "forms": [],
                    "reason": "not spelt with letters A-Z only",
                }
            )
            continue
        forms = lexicon.forms(tiles) if tiles in lexicon else []
        results.append({"word": tiles, "valid": bool(forms) or tiles in lexicon, "forms": forms})
    if as_json:
        import json

        click.echo(json.dumps(results, ensure_ascii=False, indent=2))
    else:
        console = console_for()
        for result in results:
            if result["valid"]:
                line = Text(f"{VALID_MARK} {result['word']}", style="green")
                line.append(f"  {', '.join(result['forms'])}", style="")
            else:
                reason = result.get("reason") or f"not in {lexicon.name}"
                line = Text(f"{INVALID_MARK} {result['word']}", style="red")
                line.append(f"  {reason}", style="")
            console.print(line)
    sys.exit(EXIT_OK if all(r["valid"] for r in results) else EXIT_INVALID)
