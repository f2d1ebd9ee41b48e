"""`mixmo word`: settle a dispute over words."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mixmo.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    fail,
    load_lexicon,
    read_source,
    writes_colours,
)
from mixmo.cli.plain import made_on_first_use
from mixmo.engine.lexicon import fold, is_tile_word, lexicon_label
from mixmo.i18n import N_, _
from mixmo.report_text import INVALID_MARK, VALID_MARK

STDIN_LIMIT = 64_000_000
"""The most bytes of words read from standard input (every French word is 5 MB)."""

GREEN, RED, RESET = "\x1b[32m", "\x1b[31m", "\x1b[0m"

if TYPE_CHECKING:
    import click

    word: click.Command

WORD_HELP = N_(
    """Settle a dispute: is each WORD valid? (- reads words from standard input.)

    Accents do not matter: ETE, ete and été are the same tiles. In French the
    accented forms a word stands for are shown.
    Exit status: 0 when every word is valid, 1 otherwise, 2 on bad usage.
    """
)
"""``mixmo word --help``'s text (a msgid of the catalogues: keep it as written)."""

PLAIN_DEFAULTS: dict[str, Any] = {"lang": "en", "dict_spec": None, "as_json": False, "why": False}
"""The options' values when none is given, as click parses ``mixmo word WORD...`` (a
test holds them equal): what :mod:`mixmo.cli.plain` calls :func:`run_word` with."""


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

        import click

        click.echo(json.dumps(results, ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(text_view(results, lexicon.name))
        sys.stdout.flush()
    sys.exit(EXIT_OK if all(r["valid"] for r in results) else EXIT_INVALID)


def _make_command() -> click.Command:
    import click

    from mixmo.cli.options import TranslatedCommand, dict_option, json_option, lang_option

    @click.command(
        cls=TranslatedCommand,
        name="word",
        short_help=N_("Settle a dispute: is each word in the dictionary?"),
        help=WORD_HELP,
    )
    @click.argument("words", nargs=-1, required=True)
    @lang_option
    @dict_option
    @json_option
    @click.option("--why", is_flag=True, help=N_("Say which rule and sources decided each word."))
    def word(
        words: Sequence[str], lang: str, dict_spec: str | None, as_json: bool, why: bool
    ) -> None:
        """`mixmo word`: each word's verdict (its help text is above, translated)."""
        run_word(words, lang, dict_spec, as_json, why)

    return word


def text_view(results: Sequence[dict[str, Any]], lexicon_name: str) -> str:
    """One line per word: a mark, the word, its forms or why it is refused.

    Plain strings joined once, coloured only where Rich would colour: 200,000
    words print in a fraction of a second (Rich, line by line, took 17 s), and
    Rich is not even imported.
    """
    colour = writes_colours(sys.stdout)
    lines = []
    for result in results:
        if result["valid"]:
            mark, detail, tint = VALID_MARK, ", ".join(result["forms"]), GREEN
        else:
            reason = result.get("reason") or _("not in {lexicon}").format(
                lexicon=lexicon_label(lexicon_name)
            )
            mark, detail, tint = INVALID_MARK, reason, RED
        head = f"{mark} {result['word']}"
        lines.append(f"{tint}{head}{RESET}  {detail}" if colour else f"{head}  {detail}")
        if "why" in result:
            lines.append(f"    {result['why']['text']}")
    return "\n".join(lines) + "\n"


# ``word``, the click command, made on first use: :func:`run_word` runs without click
# when ``mixmo word WORD...`` has nothing else to parse.
__getattr__ = made_on_first_use(__name__, "word", _make_command)
