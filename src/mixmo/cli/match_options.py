"""The options that set up a match, shared by `mixmo play` and `mixmo join --new`.

One decorator adds them in one order with one wording, so the two commands
cannot drift apart: the language, Expert, Free Spirit, the goal (rounds won or
points) and the seed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from mixmo.cli.options import expert_option, lang_option
from mixmo.i18n import N_

F = TypeVar("F", bound=Callable[..., object])

free_spirit_option = click.option(
    "--free-spirit", is_flag=True, help=N_("Free Spirit: no theme when the Bandit is drawn.")
)
rounds_option = click.option(
    "--rounds", type=click.IntRange(1, 99), help=N_("Play to N rounds won (option 1).")
)
points_option = click.option(
    "--points",
    type=click.IntRange(1, 100_000),
    help=N_("Play to N points (option 2) [default: 200]."),
)
rounds_to_play_option = click.option(
    "--rounds-to-play",
    type=click.IntRange(1, 99),
    metavar="N",
    help=N_(
        "Play N rounds: the most rounds won wins the match, and a tie at the top plays "
        "on until one player leads (option 1 as the French rulebook has it)."
    ),
)
MAX_SEED = 2**63 - 1
"""The largest seed: a server's room holds no larger one (net.protocol.RoomSettings), and
a saved game must always load back (engine.save reads numbers of up to 40 digits)."""
seed_option = click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    help=N_("Shuffle the bag from this seed (the same seed deals the same tiles)."),
)


def match_options(command: F) -> F:
    """``--lang``, ``--expert``, ``--free-spirit``, ``--rounds``, ``--points`` and ``--seed``."""
    for option in reversed(
        (lang_option, expert_option, free_spirit_option, rounds_option, points_option, seed_option)
    ):
        command = option(command)
    return command
