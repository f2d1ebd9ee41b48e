"""`mixmo rules`: the rules of Mixmo, as the program plays them, in the player's language.

The rules ship inside the program (a pip install has no docs/ folder): each section is
a heading and its paragraphs, marked for the catalogue and printed by Rich. F1's help
in a game points here.
"""

from __future__ import annotations

import click

from mixmo.cli.common import console_for
from mixmo.cli.options import TranslatedCommand
from mixmo.i18n import N_, UI_LANGUAGES, _, restore_ui_language, set_ui_language, ui_language

RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        N_("The goal"),
        (
            N_(
                "Each player builds one crossword grid of their own from their tiles, as fast "
                "as they can. The round ends when the bag is empty and a player calls the final "
                "MIXMO with a valid grid holding every tile they drew."
            ),
        ),
    ),
    (
        N_("The tiles"),
        (
            N_(
                "120 tiles: 117 letters, 2 jokers (?) that stand for any letter, and the "
                "Bandit (!) that stands only for K, W, X, Y or Z. Everyone starts with 6."
            ),
        ),
    ),
    (
        N_("A valid grid"),
        (
            N_(
                "All the tiles touch, through their sides, in one group. Words read left to "
                "right and top to bottom, never diagonally; every run of two tiles or more is "
                "a word, and every word must be in the word list (no proper nouns, no "
                "abbreviations). Expert: words of 3 letters or more, none twice."
            ),
        ),
    ),
    (
        N_("MIXMO!"),
        (
            N_(
                "When your rack is empty and your grid is valid, call MIXMO: everyone draws 2 "
                "more tiles, and play goes on. You may rearrange your grid at any time."
            ),
            N_(
                "A hasty call (tiles still on your rack, or an invalid grid) still makes "
                "everyone draw, and locks you until the next MIXMO: you may not touch your grid."
            ),
            N_(
                "Stuck? Say so: when every player is stuck, everyone draws 2. Two MIXMOs at the "
                "same draw count as one."
            ),
        ),
    ),
    (
        N_("The Bandit and the theme"),
        (
            N_(
                "Whoever draws the Bandit names a theme (animals, cooking...). Every final grid "
                "must hold at least one word on it. Free Spirit plays without themes."
            ),
        ),
    ),
    (
        N_("The end of a round"),
        (
            N_(
                "When the bag is empty the next MIXMO is the final one. Each player claims the "
                "theme words of their grid and the others vote on them. Then the caller's grid "
                "is checked: valid, they win the round; invalid, they score -20 (or lose a "
                "round won) and the others play on."
            ),
            N_(
                "Expert: after the final MIXMO, the other players may take back one "
                "unfinished word before the grids are scored."
            ),
        ),
    ),
    (
        N_("Scoring"),
        (
            N_(
                "1 point a tile placed, +20 for the round won, +5 for each K, W, X, Y or Z "
                "letter tile, the length of each word of 8 letters or more, and three times "
                "the length of each accepted theme word. An invalid grid scores 0."
            ),
            N_(
                "The match is played to 200 points, or, with the rounds option, to a number "
                "of rounds won."
            ),
        ),
    ),
    (
        N_("This program's own rules"),
        (
            N_(
                "A hint from the solver costs 30 s: of play at a table (your grid waits), of "
                "your time in practice; one that finds nothing is free. With live checking on, "
                "your pane marks invalid words as you play; off, it says nothing of them."
            ),
        ),
    ),
)
"""The rules by section: a heading, then its paragraphs (one string each, so that they
wrap to the terminal's width)."""


def print_rules() -> None:
    """Every section of :data:`RULES`, in the interface language in use, wrapped to the
    terminal's width."""
    from rich.text import Text

    console = console_for()
    console.print(Text(_("Mixmo: the rules"), style="bold underline"), soft_wrap=False)
    for heading, paragraphs in RULES:
        console.print()
        console.print(Text(_(heading), style="bold"), soft_wrap=False)
        for paragraph in paragraphs:
            console.print(Text(_(paragraph)), soft_wrap=False)


@click.command(
    cls=TranslatedCommand,
    name="rules",
    short_help=N_("The rules of Mixmo, as this program plays them."),
    help=N_("Print the rules of Mixmo, as this program plays them."),
)
@click.option(
    "--lang",
    type=click.Choice(UI_LANGUAGES),
    default=None,
    help=N_("Language of the rules (default: the interface's)."),
)
def rules(lang: str | None) -> None:
    """`mixmo rules`: the rules (its help text is above, translated)."""
    if lang is None or lang == ui_language():
        print_rules()
        return
    saved = set_ui_language(lang)
    try:
        print_rules()
    finally:
        restore_ui_language(saved)
