"""The standings printed in the terminal once a player leaves the game's screen.

After ctrl+c (or the match's end) the screen is gone and nothing said how the match
stood; `mixmo play` and `mixmo join` now print it, in the player's language.
"""

from __future__ import annotations

import click

from mixmo.engine.options import MatchOptions, ScoringMode
from mixmo.engine.round_end import standings
from mixmo.engine.state import MatchState, Phase
from mixmo.i18n import _, ngettext
from mixmo.i18n.outside import harmless


def standings_lines(options: MatchOptions, state: MatchState) -> list[str]:
    """Where the match stands after its scored rounds (none: nothing to say), best first;
    and who won, once it is over."""
    rounds = len(state.results)
    if not rounds:
        return []
    over = state.round.phase is Phase.MATCH_OVER
    head = (
        ngettext("The match, after {count} round:", "The match, after {count} rounds:", rounds)
        if over
        else ngettext(
            "The match so far, after {count} round:",
            "The match so far, after {count} rounds:",
            rounds,
        )
    ).format(count=rounds)
    lines = [head]
    for place, seat in enumerate(standings(state, options.scoring), start=1):
        points = ngettext("{count} pt", "{count} pts", state.totals[seat]).format(
            count=state.totals[seat]
        )
        won = ngettext("{count} round won", "{count} rounds won", state.rounds_won[seat]).format(
            count=state.rounds_won[seat]
        )
        shown = (points, won) if options.scoring is ScoringMode.POINTS else (won, points)
        lines.append(
            _("{place}. {name}: {first}, {then}").format(
                place=place, name=options.players[seat], first=shown[0], then=shown[1]
            )
        )
    if over and state.winner is not None:
        lines.append(_("{name} wins the match.").format(name=options.players[state.winner]))
    return lines


def print_standings(options: MatchOptions, state: MatchState) -> None:
    """Print :func:`standings_lines` (the names as harmless text: they may be a server's)."""
    for line in standings_lines(options, state):
        click.echo(harmless(line))
