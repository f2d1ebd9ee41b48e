"""The handlers of a round's end: the final sprint, theme claims, votes, the verdict on
the final caller's grid, the scores and standings, and the next round.

A wrong final MIXMO (:meth:`ClosingHandlers._reject_final`) is judged here too:
it is the verdict's other outcome, whether the grid fails at the call or after
the claims and votes.
"""

from __future__ import annotations

from types import MappingProxyType

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.game_base import GameBase, in_phase, take_back
from mixmo.engine.game_errors import (
    MatchNotStuckError,
    NoClaimNowError,
    NoSprintError,
    NotAtScoresError,
    NotClaimedError,
    NotClaimingError,
    NotInGridError,
    NotOneWordError,
    NoVoteError,
    OwnClaimVoteError,
    RoundNotScoredError,
    SprintNotOnError,
    UnknownSeatError,
)
from mixmo.engine.lexicon import fold
from mixmo.engine.messages import Listing, Message
from mixmo.engine.options import ScoringMode
from mixmo.engine.round_end import (
    WRONG_FINAL_PENALTY,
    judge_claims,
    rounds_after,
    score_round,
    sprint_take_back,
    standings,
)
from mixmo.engine.state import MatchState, Phase, RoundResult, RoundState
from mixmo.engine.stuck import lone_leader, match_stuck
from mixmo.engine.validation import validate


class ClosingHandlers(GameBase):
    """``_on_FinishSprint``, ``_on_ClaimThemeWords``, ``_on_Vote``, ``_on_CloseVoting``,
    ``_on_NextRound``, ``_on_EndStuckMatch``, and the verdict and scores they lead to."""

    def _reject_final(
        self, state: MatchState, seat: int, reasons: list[Message], events: list[ev.Event]
    ) -> tuple[MatchState, list[ev.Event]]:
        """A wrong final MIXMO: the caller pays, is out of the round, and the others play on."""
        round_ = state.round
        penalty = WRONG_FINAL_PENALTY if self.options.scoring is ScoringMode.POINTS else 0
        events.append(ev.FinalCallRejected(seat, tuple(reasons), penalty))
        player = round_.player(seat).with_(out=True, stuck=False)
        round_ = round_.with_player(seat, player).with_(
            final_caller=None,
            final_penalties=(*round_.final_penalties, seat),
            phase=Phase.PLAYING,
            votes=MappingProxyType({}),
            accepted=MappingProxyType({}),
        )
        # A wrong final MIXMO is still a MIXMO: it ends the locks of earlier hasty calls.
        events += [ev.PlayerUnlocked(s) for s, p in enumerate(round_.players) if p.locked]
        round_ = round_.with_(
            players=tuple(
                p.with_(claims=None, sprint_done=False, locked=False) for p in round_.players
            )
        )
        state = state.with_(round=round_)
        if not any(round_.player(s).may_act for s in round_.active_seats()):
            return self._after_sprint(state, events)  # nobody left to win: score as it stands
        return state, events

    def _on_FinishSprint(
        self, state: MatchState, action: act.FinishSprint
    ) -> tuple[MatchState, list[ev.Event]]:
        round_ = in_phase(state, Phase.SPRINT, SprintNotOnError)
        player = round_.player(action.seat)
        if action.seat == round_.final_caller or player.out or player.sprint_done:
            raise NoSprintError(player=player.name)
        events: list[ev.Event] = []
        if action.word_cells:
            verdicts = validate(player.grid, self.lexicon, self.variant).words
            own = sprint_take_back(player.grid, tuple(action.word_cells), verdicts)
            if own is None:
                raise NotOneWordError()
            player = take_back(player, own)
            events.append(ev.GridChanged(action.seat, tuple(sorted(own))))
        round_ = round_.with_player(action.seat, player.with_(sprint_done=True))
        state = state.with_(round=round_)
        waiting = [
            s
            for s in round_.active_seats()
            if s != round_.final_caller
            and not round_.player(s).out
            and not round_.player(s).sprint_done
        ]
        if waiting:
            return state, events
        return self._after_sprint(state, events)

    def _after_sprint(
        self, state: MatchState, events: list[ev.Event]
    ) -> tuple[MatchState, list[ev.Event]]:
        """Theme claims when a theme is in play; otherwise straight to the verdict."""
        round_ = state.round
        if round_.theme and self.variant.themes:
            return state.with_(round=round_.with_(phase=Phase.CLAIMING)), events
        return self._finish_round(state, events)

    def _on_ClaimThemeWords(
        self, state: MatchState, action: act.ClaimThemeWords
    ) -> tuple[MatchState, list[ev.Event]]:
        round_ = in_phase(state, Phase.CLAIMING, NotClaimingError)
        player = round_.player(action.seat)
        if player.claims is not None:
            raise NoClaimNowError(player=player.name)
        words = tuple(dict.fromkeys(fold(word) for word in action.words))
        # Checked as the verdict will read the grid: its jokers spell the claimed words if they can.
        checked = validate(player.grid, self.lexicon, self.variant, theme_words=words)
        in_grid = {v.text for v in checked.words if v.valid}
        missing = [word for word in words if word not in in_grid]
        if missing:
            raise NotInGridError(words=Listing(tuple(missing)), player=player.name)
        round_ = round_.with_player(action.seat, player.with_(claims=words))
        events: list[ev.Event] = [ev.ThemeClaimed(action.seat, words)]
        if any(round_.player(s).claims is None for s in round_.active_seats()):
            return state.with_(round=round_), events
        state = state.with_(round=round_.with_(phase=Phase.VOTING))
        if self._all_votes_in(state.round):
            return self._close_voting(state, events)
        return state, events

    def _on_Vote(self, state: MatchState, action: act.Vote) -> tuple[MatchState, list[ev.Event]]:
        round_ = in_phase(state, Phase.VOTING, NoVoteError)
        if action.claimant == action.seat:
            raise OwnClaimVoteError()
        if not 0 <= action.claimant < len(round_.players):
            raise UnknownSeatError(seat=action.claimant)
        word = fold(action.word)
        claims = round_.player(action.claimant).claims or ()
        if word not in claims:
            raise NotClaimedError(player=self.name(action.claimant), word=word)
        votes = dict(round_.votes)
        ballot = dict(votes.get((action.claimant, word), {}))
        ballot[action.seat] = action.accept
        votes[(action.claimant, word)] = MappingProxyType(ballot)
        state = state.with_(round=round_.with_(votes=MappingProxyType(votes)))
        events: list[ev.Event] = [ev.ThemeVote(action.seat, action.claimant, word, action.accept)]
        if self._all_votes_in(state.round):
            return self._close_voting(state, events)
        return state, events

    def _on_CloseVoting(
        self, state: MatchState, action: act.CloseVoting
    ) -> tuple[MatchState, list[ev.Event]]:
        if state.round.phase is not Phase.VOTING:
            raise NoVoteError()
        return self._close_voting(state, [])

    def _all_votes_in(self, round_: RoundState) -> bool:
        """True when every player has voted on every claim of the others."""
        seats = round_.active_seats()
        return all(
            set(round_.votes.get((claimant, word), {})) >= set(seats) - {claimant}
            for claimant in seats
            for word in round_.player(claimant).claims or ()
        )

    def _close_voting(
        self, state: MatchState, events: list[ev.Event]
    ) -> tuple[MatchState, list[ev.Event]]:
        """Judge every claim by the votes cast (the list, or "accept", for the votes not cast),
        then the verdict."""
        accepted, judged = judge_claims(state.round, self.options.language)
        events = events + judged
        state = state.with_(round=state.round.with_(accepted=MappingProxyType(accepted)))
        return self._finish_round(state, events)

    def _finish_round(
        self, state: MatchState, events: list[ev.Event]
    ) -> tuple[MatchState, list[ev.Event]]:
        """Check the final caller's grid by every rule; score the round, or play on."""
        round_ = state.round
        caller = round_.final_caller
        if caller is not None:
            report = validate(
                round_.player(caller).grid,
                self.lexicon,
                self.variant,
                players=len(round_.active_seats()),
                theme=round_.theme if self.variant.themes else None,
                theme_words=round_.accepted.get(caller, ()),
            )
            if not report.valid:
                return self._reject_final(
                    state, caller, [p.message for p in report.problems], events
                )
        penalty = WRONG_FINAL_PENALTY if self.options.scoring is ScoringMode.POINTS else 0
        sheets = score_round(round_, self.lexicon, self.variant, winner=caller, penalty=penalty)
        points = tuple(sheet.total for sheet in sheets)
        rounds_penalties = round_.final_penalties if not penalty else ()
        won = rounds_after(state.rounds_won, caller, rounds_penalties)
        totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
        state = state.with_(
            round=round_.with_(phase=Phase.SCORED, winner=caller, scores=tuple(sheets)),
            totals=totals,
            rounds_won=won,
            results=(*state.results, RoundResult(round_.number, caller, points)),
        )
        events = [*events, ev.RoundScored(round_.number, caller, tuple(sheets))]
        standings = self._standings(state)
        leader = standings[0]
        target = self.options.target
        if self.options.scoring is ScoringMode.POINTS:
            over = max(totals) >= target
        elif self.options.rounds_to_play:  # the French book's form: the most won of N rounds
            played = len(state.results) >= self.options.rounds_to_play
            over = played and won.count(max(won)) == 1
        else:
            over = max(won) >= target
        if over:
            state = state.with_(round=state.round.with_(phase=Phase.MATCH_OVER), winner=leader)
            events.append(ev.MatchOver(leader, tuple(standings)))
        return state, events

    def _standings(self, state: MatchState) -> list[int]:
        """Seats best first: by points then rounds won (points option), or the reverse."""
        return standings(state, self.options.scoring)

    def _on_NextRound(
        self, state: MatchState, action: act.NextRound
    ) -> tuple[MatchState, list[ev.Event]]:
        if state.round.phase is not Phase.SCORED:
            raise RoundNotScoredError()
        round_, events = self._new_round(state.round.number + 1)
        return state.with_(round=round_), events

    def _on_EndStuckMatch(
        self, state: MatchState, action: act.EndStuckMatch
    ) -> tuple[MatchState, list[ev.Event]]:
        """The match ends here, with the standings as they are: a lone leader wins it,
        a tie at the top leaves it with no winner (nobody reached the target)."""
        if state.round.phase is not Phase.SCORED:
            raise NotAtScoresError()
        scoring = self.options.scoring
        if not match_stuck(state, scoring):
            raise MatchNotStuckError()
        standings = self._standings(state)
        winner = lone_leader(standings, state, scoring)
        state = state.with_(round=state.round.with_(phase=Phase.MATCH_OVER), winner=winner)
        return state, [ev.MatchOver(winner, tuple(standings))]
