"""`mixmo word`: settle a dispute over words."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from mixmo.cli.check_report import INVALID_MARK, VALID_MARK
from mixmo.cli.common import EXIT_INVALID, EXIT_OK, console_for, fail, load_lexicon, read_source
from mixmo.cli.options import TranslatedCommand, dict_option, json_option, lang_option
from mixmo.engine.lexicon import fold, is_tile_word, lexicon_label
from mixmo.i18n import N_, _
from mixmo.i18n.messages import say
from mixmo.i18n.outside import harmless

STDIN_LIMIT = 64_000_000
"""The most bytes of words read from standard input (every French word is 5 MB)."""

WORD_HELP = N_(
    """Settle a dispute: is each WORD valid? (- reads words from standard input.)

    Accents do not matter: ETE, ete and été are the same tiles. In French the
    accented forms a word stands for are shown.
    Exit status: 0 when every word is valid, 1 otherwise, 2 on bad usage.
    """
)
"""``mixmo word --help``'s text (a msgid of the catalogues: keep it as written)."""


def run_word(
    words: Sequence[str], lang: str, dict_spec: str | None, as_json: bool, why: bool = False
) -> None:
    """`mixmo word`: each word's verdict, printed; exits 0 when all are valid, else 1."""
    queries: list[str] = []
    for argument in words:
        if argument == "-":
            queries += read_source("-", max_bytes=STDIN_LIMIT, what=N_("a list of words"))[
                0
            ].split()
        elif not argument.strip():  # `mixmo word ""`: a usage error, not an empty verdict
            fail(_("a blank word cannot be looked up: give a word, or - to read a list"))
        else:
            queries.append(argument)
    if not queries:
        fail(_("no word to look up"))
    lexicon = load_lexicon(dict_spec, lang)
    results: list[dict[str, Any]] = []
    for query in queries:
        tiles = query.upper() if query.isascii() else fold(query)  # ASCII: nothing to fold
        if not is_tile_word(tiles):
            results.append(
                {
                    "word": query,
                    "valid": False,
                    "forms": [],
                    "reason": _("not spelt with letters A-Z only"),
                }
            )
            continue
        forms = lexicon.forms(tiles) if tiles in lexicon else []
        results.append({"word": tiles, "valid": bool(forms) or tiles in lexicon, "forms": forms})
        if why:
            from mixmo.cli.word_why import explain

            results[-1]["why"] = explain(lexicon, tiles, results[-1]["valid"])
    if as_json:
        import json

        click.echo(json.dumps(results, ensure_ascii=False, indent=2))
    else:
        show_verdicts(results, lexicon.name)
    sys.exit(EXIT_OK if all(r["valid"] for r in results) else EXIT_INVALID)


@click.command(
    cls=TranslatedCommand,
    name="word",
    short_help=N_("Settle a dispute: is each word in the dictionary?"),
    help=WORD_HELP,
)
@click.argument("words", nargs=-1, required=True, metavar=N_("WORDS..."))
@lang_option
@dict_option
@json_option
@click.option("--why", is_flag=True, help=N_("Say which rule and sources decided each word."))
def word(words: Sequence[str], lang: str, dict_spec: str | None, as_json: bool, why: bool) -> None:
    """`mixmo word`: each word's verdict (its help text is above, translated)."""
    run_word(words, lang, dict_spec, as_json, why)


def show_verdicts(results: Sequence[dict[str, Any]], lexicon_name: str) -> None:
    """The verdicts on standard output: drawn by Rich where it writes styles, else
    (a pipe, a file) written as they are, at once: Rich lays out a line in about
    30 microseconds, seconds for the 200,000 words a script may pipe in."""
    console = console_for()
    lines = verdict_lines(results, lexicon_name)
    if console.color_system is None:
        console.file.write("".join(f"{head}  {detail}\n" for head, _tint, detail in lines))
        return
    from rich.text import Text

    text = Text()
    for index, (head, tint, detail) in enumerate(lines):
        text.append(f"{chr(10) if index else ''}{head}", style=tint)
        text.append(f"  {detail}")
    console.print(text)


def verdict_lines(
    results: Sequence[dict[str, Any]], lexicon_name: str
) -> list[tuple[str, str, str]]:
    """One line per word: a mark and the word (green, or red when refused), then its
    forms or why it is refused, as (head, its colour, detail)."""
    not_in = _("not in {lexicon}").format(lexicon=say(lexicon_label(lexicon_name)))
    lines = []
    for result in results:
        if result["valid"]:
            mark, detail, tint = VALID_MARK, ", ".join(result["forms"]), "green"
        else:
            mark, detail, tint = INVALID_MARK, result.get("reason") or not_in, "red"
        word = harmless(result["word"])  # a word argument may hold any characters
        if "why" in result:  # `--why`: the rule and sources, on a line of their own
            detail += f"\n    {result['why']['text']}"
        lines.append((f"{mark} {word}", tint, detail))
    return lines
