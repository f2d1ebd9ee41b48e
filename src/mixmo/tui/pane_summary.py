"""What a pane says about its player's grid and rack: the words line, the flags, the marks.

Pure functions of the engine's values, so the app only gathers them and pushes
them into the pane; no Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mixmo.engine.grid import Cell
from mixmo.engine.state import MatchState, Phase, PlayerState
from mixmo.engine.validation import ValidationReport
from mixmo.i18n import N_, ngettext


@dataclass(frozen=True, slots=True)
class GridSummary:
    """A grid's verdict as its pane shows it."""

    words: str = ""
    """"3 words, all valid", "1 word, valid" (the verdict only while live checking is on)."""
    valid: bool = False
    bad_cells: frozenset[Cell] = frozenset()
    """The cells of every problem, marked only while live checking is on."""
    letters: dict[Cell, str] = field(default_factory=dict)
    """The letter each joker or Bandit stands for, where the grid decides it."""


def grid_summary(report: ValidationReport | None, *, live_check: bool) -> GridSummary:
    """The words line and marks of a grid (None: an empty grid)."""
    if report is None:
        return GridSummary()
    # A joker shows the letter it stands for only where the grid's words decide it, that
    # is, where they are valid: with checking off that would tell valid grids apart.
    letters = {t.cell: t.letter for t in report.open_tiles if t.letter} if live_check else {}
    count = len(report.words)
    words = ngettext("{count} word", "{count} words", count).format(count=count)
    bad: frozenset[Cell] = frozenset()
    if live_check:
        bad = frozenset(c for p in report.problems for c in p.cells)
        invalid = sum(1 for v in report.words if not v.valid)
        if invalid:
            # an adjective: English has one form, French agrees it ("1 invalide", "2 invalides")
            words += ", " + ngettext("{count} invalid", "{count} invalid", invalid).format(
                count=invalid
            )
        else:
            # agreed with the words: "1 word, valid", "3 words, all valid" (French: "1 mot,
            # valide", "3 mots, tous valides"; it said "1 mot, tous valides")
            words += ", " + ngettext("valid", "all valid", count)
    return GridSummary(words, report.valid, bad, letters)


def pane_status(
    player: PlayerState, rack_size: int, phase: Phase, *, valid: bool, live_check: bool
) -> tuple[str, ...]:
    """The flags under a player's name, as catalogue keys (the pane translates them)."""
    status = []
    if player.out:
        status.append(N_("OUT"))
    if player.locked:
        status.append(N_("LOCKED"))
    if player.stuck:
        status.append(N_("STUCK"))
    if not rack_size and len(player.grid) and phase is Phase.PLAYING:
        # With checking off the flag must not depend on the grid's validity: a "ready"
        # there would tell a risk-free MIXMO apart from a hasty one.
        if not live_check:
            status.append(N_("rack empty"))
        elif valid:
            status.append(N_("ready: MIXMO?"))
    return tuple(status)


@dataclass(frozen=True, slots=True)
class RoundsStanding:
    """Option 1 (playing in rounds): where the match stands in rounds won, as the round's
    dialog shows it; the rulebook's goal is "the first to win N rounds", and a wrong final
    MIXMO costs "a penalty of one round" (a won round taken away: below zero is possible)."""

    won: tuple[int, ...]
    """Each seat's rounds won so far, this round's included."""
    change: tuple[int, ...]
    """What this round changed: +1 for its winner, -1 for a wrong final MIXMO."""
    penalized: frozenset[int]
    """The seats that called a wrong final MIXMO this round."""
    target: int
    rounds_to_play: int = 0
    """The French book's form: the match is this many rounds (0: played to the target)."""


def rounds_standing(state: MatchState, target: int, rounds_to_play: int = 0) -> RoundsStanding:
    """The standings once ``state``'s round is scored (its winner and wrong finals counted
    in ``state.rounds_won``, as the engine's ``rounds_after`` counts them)."""
    round_ = state.round
    penalized = frozenset(round_.final_penalties)
    change = tuple(
        int(seat == round_.winner) - int(seat in penalized) for seat in range(len(state.rounds_won))
    )
    return RoundsStanding(state.rounds_won, change, penalized, target, rounds_to_play)


def rounds_won_text(won: int) -> str:
    """A player's rounds won: "1 round won", or "-1 round" once a penalty took more than
    they had won."""
    if won < 0:
        return ngettext("{count} round", "{count} rounds", -won).format(count=won)
    return ngettext("{count} round won", "{count} rounds won", won).format(count=won)


def rounds_change_text(change: int) -> str:
    """What a round changed: "+1 round" (won it), "-1 round" (the penalty)."""
    return ngettext("{change} round", "{change} rounds", abs(change)).format(change=f"{change:+d}")


def rounds_goal_text(target: int, rounds_to_play: int = 0) -> str:
    """The rounds option's goal, in the rulebook's words (the French book's form when the
    match is a number of rounds to play)."""
    if rounds_to_play:
        return ngettext(
            "{count} round to play, the most won wins",
            "{count} rounds to play, the most won wins",
            rounds_to_play,
        ).format(count=rounds_to_play)
    return ngettext("first to win {target} round", "first to win {target} rounds", target).format(
        target=target
    )
