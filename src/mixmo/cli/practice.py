"""`mixmo practice`: one player's share against the clock."""

from __future__ import annotations

import sys

import click

from mixmo.cli.common import fail, load_lexicon, random_seed
from mixmo.cli.match_options import MAX_SEED
from mixmo.cli.options import (
    TranslatedCommand,
    dict_option,
    expert_option,
    follow_game_language,
    lang_option,
    light_option,
)
from mixmo.i18n import N_, _


@click.command(
    cls=TranslatedCommand,
    name="practice",
    short_help=N_("Practice alone against the clock, with hints."),
    help=N_(
        """Race the clock with one player's share of the tiles: MIXMO after MIXMO
    until the bag is done. Words are checked as you type; F3 gives a hint
    (+30 s); F6 when stuck draws 2 more. Your time goes into `mixmo stats`.
    """
    ),
)
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    default=2,
    show_default=True,
    help=N_("Practise one player's share of this table size (2: 60 tiles ... 6: 20)."),
)
@lang_option
@dict_option
@expert_option
@click.option("--seed", type=click.IntRange(0, MAX_SEED),
              help=N_("Deal from this seed (the same seed, the same tiles)."))  # fmt: skip
@click.option(
    "--daily", is_flag=True, help=N_("Today's challenge: the same deal for everyone today.")
)
@light_option
def practice(
    players: int,
    lang: str,
    dict_spec: str | None,
    expert: bool,
    seed: int | None,
    daily: bool,
    light: bool,
) -> None:
    """`mixmo practice`: one player's race (its help text is above, translated)."""
    from datetime import date

    from mixmo.tui.practice import PracticeApp, daily_seed, practice_game

    follow_game_language(lang)
    if daily and seed is not None:
        fail(_("choose --daily or --seed, not both"))
    if sys.stdin is None or sys.stdin.closed:
        fail(_("standard input is closed: mixmo practice needs a terminal to read keys from"))
    today = date.today().isoformat() if daily else None
    deal: int | str = (
        daily_seed(today, players, lang) if today else (seed if seed is not None else random_seed())
    )
    lexicon = load_lexicon(dict_spec, lang)
    game = practice_game(players, lexicon, seed=deal, language=lang, expert=expert)
    from mixmo.cli.terminal import require_terminal

    require_terminal("mixmo practice")  # last: option errors are said first
    app = PracticeApp(game, daily=today, light=light)
    app.run()
    if app.return_code:  # a crash inside the interface: never exit 0
        raise SystemExit(app.return_code)
