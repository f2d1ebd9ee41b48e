"""The end of a round: judging theme claims and scoring every grid."""

from __future__ import annotations

from collections.abc import Sequence

from mixmo.engine import events as ev
from mixmo.engine.grid import Cell, Grid
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.messages import Kind
from mixmo.engine.options import ScoringMode
from mixmo.engine.scoring import WRONG_FINAL, score
from mixmo.engine.state import MatchState, RoundState
from mixmo.engine.themes import builtin_themes
from mixmo.engine.validation import WordVerdict, validate
from mixmo.engine.variants import Variant

WRONG_FINAL_PENALTY = -20
"""What a final MIXMO called with an invalid grid costs with the points option."""
WRONG_FINAL_ROUND = Kind(
    "wrong-final-round-line", "final MIXMO with an invalid grid: one round won taken away"
)


def judge_claims(
    round_: RoundState, language: str
) -> tuple[dict[int, tuple[str, ...]], list[ev.Event]]:
    """Each claim is accepted by a majority of the other players; a tie accepts.

    A player who did not vote follows the built-in list when the theme has
    one, and accepts otherwise: the list judges, the players can overrule it.
    """
    theme_list = builtin_themes(language).get(round_.theme_list or "")
    accepted: dict[int, tuple[str, ...]] = {}
    events: list[ev.Event] = []
    seats = round_.active_seats()
    for claimant in seats:
        kept = []
        for word in round_.player(claimant).claims or ():
            by_list = theme_list.judge(word) if theme_list else None
            ballot = round_.votes.get((claimant, word), {})
            default = by_list if by_list is not None else True
            votes = [ballot.get(voter, default) for voter in seats if voter != claimant]
            votes_for = sum(votes)
            votes_against = len(votes) - votes_for
            ok = votes_for >= votes_against
            events.append(ev.ClaimJudged(claimant, word, ok, votes_for, votes_against, by_list))
            if ok:
                kept.append(word)
        accepted[claimant] = tuple(kept)
    return accepted, events


def score_round(
    round_: RoundState,
    lexicon: Lexicon,
    variant: Variant,
    *,
    winner: int | None,
    penalty: int = WRONG_FINAL_PENALTY,
) -> list[ev.PlayerScore]:
    """Every player's score sheet (points option).

    A player who called a wrong final MIXMO this round scores the penalty and
    nothing else, whatever their grid holds by the end of the round: the
    rulebook's "an invalid grid earns no points" and "costs a 20-point
    penalty". ``penalty`` is 0 with the rounds option, where the caller pays
    with one won round instead (:func:`rounds_after`).
    """
    sheets = []
    for seat, player in enumerate(round_.players):
        if seat in round_.final_penalties:
            label = (WRONG_FINAL if penalty else WRONG_FINAL_ROUND)()
            sheets.append(ev.PlayerScore(seat, ((label, penalty),), penalty, False))
            continue
        report = validate(
            player.grid,
            lexicon,
            variant,
            theme=round_.theme if variant.themes else None,
            theme_words=round_.accepted.get(seat, ()),
        )
        result = score(report, unplaced=len(player.rack), winner=seat == winner)
        sheets.append(
            ev.PlayerScore(
                seat,
                tuple((line.label, line.points) for line in result.lines),
                result.total,
                report.valid,
            )
        )
    return sheets


def rounds_after(
    rounds_won: tuple[int, ...], winner: int | None, wrong_finals: tuple[int, ...]
) -> tuple[int, ...]:
    """Rounds won once a round is over: +1 for its winner, -1 for each wrong final caller.

    The rounds option's "penalty of one round" is one won round taken away, at
    every table size (docs/rules.md): it costs the same at two players as at
    six, and it is the Expert section's "one round or 20 points". A player with
    no round won goes below zero and must win one more.
    """
    won = list(rounds_won)
    if winner is not None:
        won[winner] += 1
    for seat in set(wrong_finals):
        won[seat] -= 1
    return tuple(won)


def sprint_take_back(
    grid: Grid, cells: tuple[Cell, ...], words: Sequence[WordVerdict]
) -> set[Cell] | None:
    """The cells Expert's final sprint takes back, or None when ``cells`` break its rule.

    The sprint removes an unfinished word (one the rules of play refuse): the
    whole word, or only its unfinished end (the B of HOUSEB on the way to
    HOUSEBOAT), so the tiles named must be such a word or a run at one of its
    ends. ``words`` are the grid's words with their verdicts
    (:func:`~mixmo.engine.validation.validate`). A named tile that a valid word
    crosses stays, as it belongs to that finished word too; one shared only with
    invalid runs (the accidental HOUSEB that the B of BOAT makes) goes. None too
    when nothing would go: the refusal leaves the player their sprint.
    """
    named = set(cells)
    if not named or not named <= set(grid):
        return None
    finished = {cell for verdict in words if verdict.valid for cell in verdict.word.cells}
    unfinished = [v.word.cells for v in words if not v.valid]
    if not any(_whole_or_an_end(word, named) for word in unfinished):
        return None
    return (named - finished) or None


def _whole_or_an_end(word: tuple[Cell, ...], named: set[Cell]) -> bool:
    """True when ``named`` is all of ``word`` or a run of it from its first or last cell."""
    count = len(named)
    return count <= len(word) and named in (set(word[:count]), set(word[-count:]))


def standings(state: MatchState, scoring: ScoringMode) -> list[int]:
    """Seats best first: by points then rounds won (points option), or the reverse; a tie
    keeps seat order."""
    seats = range(len(state.totals))
    if scoring is ScoringMode.POINTS:
        return sorted(seats, key=lambda s: (-state.totals[s], -state.rounds_won[s], s))
    return sorted(seats, key=lambda s: (-state.rounds_won[s], -state.totals[s], s))
