"""`mixmo play`'s click command: its options and help; the game is in
:mod:`mixmo.cli.play_game`."""

from __future__ import annotations

from typing import Any

import click

from mixmo.cli.match_options import match_options, rounds_to_play_option
from mixmo.cli.options import TranslatedCommand, dict_option, follow_game_language, light_option
from mixmo.cli.play_game import PlayRequest, run_play
from mixmo.engine.levels import Level
from mixmo.i18n import N_


@click.command(
    cls=TranslatedCommand,
    name="play",
    short_help=N_("Play Mixmo: 2 to 6 players at one keyboard."),
    help=N_(
        """Play Mixmo in this terminal: one pane per player, at one keyboard.

    \b
    Type letters to place tiles, F5 to call MIXMO, 1-6 or Tab to switch
    players, ctrl+z to undo, F1 for every key. The game is saved after every
    move: if the terminal closes, `mixmo play --resume` picks it up, and a
    new game asks before it replaces an unfinished one.

    \b
    --players counts every seat; --bots N gives the last N of them to bots,
    so `--players 4 --bots 2` is two people and two bots. At least one seat
    is a person's, unless --headless (bots only, no screen).
    """
    ),
)
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    default=None,
    help=N_(
        "Seats at the table, people and bots together (2-6) [default: 2, or one more "
        "than --bots so that a person plays; with --headless, one per bot]."
    ),
)
@click.option(
    "--names",
    metavar="A,B,...",
    help=N_(
        "The players' names, comma-separated, in seat order: every seat's, or with "
        "--bots only the people's (the bots keep their own names)."
    ),
)
@match_options
@rounds_to_play_option
@dict_option
@click.option(
    "--live-check", is_flag=True, help=N_("Start with live word checking on (F4 toggles).")
)
@click.option("--resume", is_flag=True, help=N_("Continue the last game, saved after every move."))
@light_option
@click.option(
    "--bots",
    "bots_spec",
    metavar=N_("N|LEVELS"),
    default="0",
    help=N_(
        "Bots take the last seats: how many (at --level), or their levels in seat order "
        "(--bots hard,normal)."
    ),
)
@click.option(
    "--level",
    type=click.Choice([level.value for level in Level]),
    default="normal",
    show_default=True,
    help=N_("The bots' strength and speed, for a count of --bots."),
)
@click.option(
    "--bot-pace",
    type=click.FloatRange(0.25, 10),
    default=1.0,
    show_default=True,
    metavar=N_("FACTOR"),
    help=N_("Multiplies the time bots take for each tile and decision (2: twice as slow)."),
)
@click.option(
    "--relay",
    "relay_spec",
    metavar=N_("SECONDS"),
    help=N_(
        "Hot-seat relay: the keyboard passes to the next person by itself after "
        "SECONDS (10-600), with a short hand-over pause; each player's time is shown."
    ),
)
@click.option(
    "--big",
    is_flag=True,
    help=N_("Big tiles (full width), for a table watching one screen from a distance."),
)
@click.option(
    "--headless",
    is_flag=True,
    help=N_("No screen: bots play a whole match and the result is printed."),
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help=N_("With --headless: print the result as one JSON object (winner, standings, seed)."),
)
def play(**params: Any) -> None:
    """`mixmo play`: a game at one keyboard (its help text is above, translated)."""
    follow_game_language(params["lang"])
    run_play(PlayRequest(**params, seat_options=seat_options_given()))


SEAT_OPTIONS = ("players", "names", "bots_spec", "level")
"""The options that say who sits at the table: a resumed game keeps its own."""


def seat_options_given() -> tuple[str, ...]:
    """The seat options given on the command line (not left at their defaults), as typed."""
    context = click.get_current_context()
    return tuple(
        "--" + name.removesuffix("_spec")
        for name in SEAT_OPTIONS
        if context.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
    )
