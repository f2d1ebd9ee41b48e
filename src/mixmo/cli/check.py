"""`mixmo check`: check a grid file against the rules."""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import click

from mixmo.cli.common import EXIT_INVALID, EXIT_OK, console_for, fail, load_lexicon, read_source
from mixmo.cli.options import (
    TranslatedCommand,
    dict_option,
    expert_option,
    json_option,
    lang_option,
)
from mixmo.engine.grid import MAX_TEXT_CHARS, Grid, GridSyntaxError
from mixmo.engine.lexicon import Lexicon, LexiconError, fold, is_tile_word
from mixmo.engine.scoring import Score, score
from mixmo.engine.validation import ProblemKind, ValidationReport, validate
from mixmo.engine.variants import variant_for
from mixmo.i18n import N_, _
from mixmo.i18n.messages import say

SUGGESTED_WORDS = 3
"""Rejected words that may get spelling suggestions."""
SUGGESTED_LENGTH = 15
"""Longer rejected words get none (a long string of letters is no misspelling)."""
SUGGESTION_SECONDS = 0.25
"""No further word is sent to Enchant once suggestions have taken this long:
one costs 0.05-0.2 s in English and up to 0.65 s in French (longer words cost
more), so a grid of wrong words is still checked in a moment."""


def suggestions_for(
    report: ValidationReport, lexicon: Lexicon, language: str
) -> dict[str, list[str]]:
    """Corrections for the first rejected words (always the first one; more
    while Enchant answers quickly)."""
    rejected = [
        verdict.text
        for verdict in report.words
        if verdict.problem is ProblemKind.NOT_A_WORD
        and not verdict.word.has_open_tiles
        and len(verdict.text) <= SUGGESTED_LENGTH
    ]
    first = list(dict.fromkeys(rejected))[:SUGGESTED_WORDS]
    if not first:
        return {}
    from mixmo.engine.enchant_lexicon import suggestions as enchant_suggestions  # only if needed

    found: dict[str, list[str]] = {}
    start = time.perf_counter()
    for word in first:
        if found and time.perf_counter() - start > SUGGESTION_SECONDS:
            break
        found[word] = [s for s in enchant_suggestions(word, language) if s in lexicon]
    return found


CHECK_HELP = N_(
    """Check a grid file (GRID, or - for standard input) against the rules.

    \b
    Grid format: one row per line; A-Z letters, ? an open joker,
    a-z a joker declared as that letter, ! the Bandit, . or space empty,
    lines starting with # are comments.
    Exit status: 0 valid, 1 invalid, 2 unreadable file or bad usage.
    """
)
"""``mixmo check --help``'s text (a msgid of the catalogues: keep it as written)."""


@dataclass(frozen=True, slots=True)
class CheckRequest:
    """What `mixmo check` was asked for: its options as click parsed them."""

    grid_file: str
    lang: str
    dict_spec: str | None
    expert: bool
    players: int | None
    theme: str | None
    theme_words: tuple[str, ...]
    winner: bool
    as_json: bool


def run_check(request: CheckRequest) -> None:
    """`mixmo check`: the verdict on one grid, printed; exits 0 valid, 1 invalid."""
    text, name = read_source(request.grid_file, max_bytes=MAX_TEXT_CHARS, what=N_("a grid file"))
    try:
        grid = Grid.parse(text)
    except GridSyntaxError as error:
        fail(f"{name}:{say(error)}")
    for word in request.theme_words:
        if not is_tile_word(fold(word)):
            message = _("--theme-word {word!r}: a theme word is spelt with letters only")
            fail(message.format(word=word))
    lexicon = load_lexicon(request.dict_spec, request.lang)
    try:
        report = validate(
            grid,
            lexicon,
            variant_for(expert=request.expert),
            players=request.players,
            theme=request.theme,
            theme_words=request.theme_words,
        )
    except LexiconError as error:
        fail(f"{name}: {say(error)}")
    result = score(report, winner=request.winner)
    language = lexicon.language or request.lang
    rejected = suggestions_for(report, lexicon, language)
    if request.as_json:
        import json

        from mixmo.cli.check_report import report_json

        click.echo(json.dumps(report_json(report, result, rejected), ensure_ascii=False, indent=2))
    else:
        show_report(report, result, source=name, suggestions=rejected)
    sys.exit(EXIT_OK if report.valid else EXIT_INVALID)


@click.command(
    cls=TranslatedCommand,
    name="check",
    short_help=N_("Check a grid: its words, jokers, problems and score."),
    help=CHECK_HELP,
)
@click.argument("grid_file", metavar=N_("GRID"), type=str)
@lang_option
@dict_option
@expert_option
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    help=N_("Table size: the grid must hold exactly one player's share of tiles (2:60 ... 6:20)."),
)
@click.option(
    "--theme", metavar=N_("NAME"), help=N_("The Bandit's theme: the grid must hold a theme word.")
)
@click.option(
    "--theme-word",
    "theme_words",
    multiple=True,
    metavar=N_("WORD"),
    help=N_("A word of the grid claimed on the theme (repeatable); it scores triple."),
)
@click.option("--winner", is_flag=True, help=N_("Score the grid as the round's winner (+20)."))
@json_option
def check(**params: Any) -> None:
    """`mixmo check`: the verdict on one grid (its help text is above, translated)."""
    run_check(CheckRequest(**params))


def show_report(
    report: ValidationReport,
    result: Score,
    *,
    source: str,
    suggestions: Mapping[str, Sequence[str]],
) -> None:
    """The report on standard output, drawn by Rich."""
    from mixmo.cli.check_report import report_view  # (Rich: only when a report is drawn)

    console_for().print(report_view(report, result, source=source, suggestions=suggestions))
