"""The end of a round: judging theme claims and scoring every grid."""

from __future__ import annotations

from mixmo.engine import events as ev
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.scoring import ScoreLine, score
from mixmo.engine.state import RoundState
from mixmo.engine.themes import builtin_themes
from mixmo.engine.validation import validate
from mixmo.engine.variants import Variant

WRONG_FINAL_PENALTY = -20


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
    """Every player's score sheet (points option); a sitting-out player scores nothing.

    ``penalty`` is what a wrong final MIXMO costs (0 with the rounds option,
    where the caller pays by sitting out instead).
    """
    sheets = []
    for seat, player in enumerate(round_.players):
        if not player.in_round:
            sheets.append(ev.PlayerScore(seat, (("sat this round out", 0),), 0, False))
            continue
        report = validate(
            player.grid,
            lexicon,
            variant,
            theme=round_.theme if variant.themes else None,
            theme_words=round_.accepted.get(seat, ()),
        )
        result = score(report, unplaced=len(player.rack), winner=seat == winner)
        lines = list(result.lines)
        if seat in round_.final_penalties and penalty:
            lines.append(ScoreLine("final MIXMO with an invalid grid", penalty))
        sheets.append(
            ev.PlayerScore(
                seat,
                tuple((line.label, line.points) for line in lines),
                sum(line.points for line in lines),
                report.valid,
            )
        )
    return sheets
