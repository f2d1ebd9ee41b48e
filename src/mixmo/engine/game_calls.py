"""The handlers of the calls of play: MIXMO (normal, simultaneous, hasty, final), "stuck"
and the general deadlock, and the Bandit's theme.
"""

from __future__ import annotations

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.game_base import MIXMO_DRAW, in_phase, why_locked
from mixmo.engine.game_closing import ClosingHandlers
from mixmo.engine.game_errors import (
    CallLockedError,
    MixmoNotNowError,
    NoThemeToChooseError,
    NotPlayingError,
    NotYourThemeError,
    StuckNotNowError,
    ThemeNeedsNameError,
    phase_words,
)
from mixmo.engine.hint_cost import hold_for_a_hint
from mixmo.engine.messages import Kind, Message, Plural
from mixmo.engine.options import ScoringMode
from mixmo.engine.state import MatchState, Phase, PlayerState
from mixmo.engine.themes import find_theme
from mixmo.engine.validation import validate

TILES_NOT_PLACED = Kind("tiles-not-placed", "tiles not placed: {tiles}")
"""A hasty call's first reason, for the caller: the tiles left on their rack."""
TILES_NOT_PLACED_COUNTED = Plural(
    "tiles-not-placed-counted", "{count} tile not placed", "{count} tiles not placed"
)
"""The same reason as the other seats see it: how many, never which (the rack is hidden)."""
GRID_EMPTY = Kind("grid-empty", "the grid is empty")


class CallHandlers(ClosingHandlers):
    """``_on_CallMixmo``, ``_on_SayStuck``, ``_on_ChooseTheme``: a final MIXMO leads on to
    the round's end (:class:`~mixmo.engine.game_closing.ClosingHandlers`)."""

    def _on_CallMixmo(
        self, state: MatchState, action: act.CallMixmo
    ) -> tuple[MatchState, list[ev.Event]]:
        seat = action.seat
        round_ = in_phase(
            state,
            Phase.PLAYING,
            lambda: MixmoNotNowError(phase=phase_words(state.round.phase.value)),
        )
        player = round_.player(seat)
        if not player.may_act:
            raise CallLockedError(player=player.name, why=why_locked(player))
        hold_for_a_hint(player, action.at)
        events: list[ev.Event] = [ev.MixmoCalled(seat, action.at)]
        reasons = self._wrong_call_reasons(player)

        window = self.options.mixmo_window
        if (
            round_.last_draw_at is not None
            and action.at - round_.last_draw_at <= window
            and player.ready_at_draw
        ):
            # Called together with the last MIXMO: the draws do not add up, even
            # when that MIXMO emptied the bag (this call is not the final one).
            grid_reasons = reasons[1:] if player.rack else reasons  # not the rack's reason
            if not grid_reasons:
                events.append(ev.SimultaneousMixmo(seat))
                player = player.with_(ready_at_draw=False)
                return state.with_(round=round_.with_player(seat, player)), events
            return self._lock(state, seat, grid_reasons, events, at=action.at)

        if not self._bag_covers_a_draw(round_):
            return self._final_call(state, seat, reasons, events)

        new_round, drawn = self._draw(round_, MIXMO_DRAW, first_seat=seat, at=action.at)
        events += drawn
        state = state.with_(round=new_round)
        if reasons:
            return self._lock(state, seat, reasons, events, at=action.at)
        return state, events

    def _wrong_call_reasons(self, player: PlayerState) -> list[Message]:
        """Why a MIXMO by ``player`` is wrong now: tiles left on the rack (always first),
        then every problem of the grid by the rules of play; empty when it is right."""
        reasons = []
        if player.rack:
            left = "".join(t.symbol for t in player.rack)
            reasons.append(TILES_NOT_PLACED(tiles=left))
        if len(player.grid):
            reasons += [
                p.message for p in validate(player.grid, self.lexicon, self.variant).problems
            ]
        elif not player.rack:
            reasons.append(GRID_EMPTY())
        return reasons

    def _lock(
        self,
        state: MatchState,
        seat: int,
        reasons: list[Message],
        events: list[ev.Event],
        *,
        at: float,
    ) -> tuple[MatchState, list[ev.Event]]:
        """A hasty call: the caller is locked until the next MIXMO.

        When that leaves nobody who may act (two hasty calls at the same draw), nobody
        could ever call that next MIXMO: the table calls the General Deadlock's special
        one at once (:meth:`_special_mixmo`).
        """
        # A player has one call at a draw: locked, this one is spent too.
        player = state.round.player(seat).with_(locked=True, stuck=False, ready_at_draw=False)
        events += [ev.HastyCall(seat, tuple(reasons)), ev.PlayerLocked(seat)]
        state = state.with_(round=state.round.with_player(seat, player))
        round_ = state.round
        if not any(round_.player(s).may_act for s in round_.active_seats()):
            return self._special_mixmo(state, events, at=at)
        return state, events

    def _special_mixmo(
        self, state: MatchState, events: list[ev.Event], *, at: float
    ) -> tuple[MatchState, list[ev.Event]]:
        """Every player is locked: the special MIXMO the rulebooks let the table agree on.

        Everyone draws 2 from the first seat, which ends every lock. With too few
        tiles left for a draw it draws nothing but is still the "next MIXMO" that ends
        the locks, so the round's final MIXMO can still be called.
        """
        round_ = state.round
        events.append(ev.DeadlockDraw(everyone_locked=True))
        if self._bag_covers_a_draw(round_):
            round_, drawn = self._draw(round_, MIXMO_DRAW, first_seat=0, at=at)
            return state.with_(round=round_), events + drawn
        events += [ev.PlayerUnlocked(s) for s, p in enumerate(round_.players) if p.locked]
        round_ = round_.with_(
            players=tuple(p.with_(locked=False, ready_at_draw=False) for p in round_.players)
        )
        return state.with_(round=round_), events

    def _final_call(
        self, state: MatchState, seat: int, reasons: list[Message], events: list[ev.Event]
    ) -> tuple[MatchState, list[ev.Event]]:
        """The MIXMO that ends the round: refused at once when wrong by the rules of play,
        else on to the sprint (Expert with points), the claims or the verdict."""
        round_ = state.round
        if reasons:
            return self._reject_final(state, seat, reasons, events)
        events.append(ev.FinalMixmo(seat))
        round_ = round_.with_(final_caller=seat)
        state = state.with_(round=round_)
        others = [s for s in round_.active_seats() if s != seat and not round_.player(s).out]
        if self.variant.distinct_words and self.options.scoring is ScoringMode.POINTS and others:
            events.append(ev.SprintStarted())
            return state.with_(round=round_.with_(phase=Phase.SPRINT)), events
        return self._after_sprint(state, events)

    def _on_SayStuck(
        self, state: MatchState, action: act.SayStuck
    ) -> tuple[MatchState, list[ev.Event]]:
        round_ = in_phase(
            state,
            Phase.PLAYING,
            lambda: StuckNotNowError(phase=phase_words(state.round.phase.value)),
        )
        player = round_.player(action.seat)
        if not player.may_act:
            raise NotPlayingError(player=player.name, why=why_locked(player))
        round_ = round_.with_player(action.seat, player.with_(stuck=action.stuck))
        events: list[ev.Event] = [ev.PlayerStuck(action.seat, action.stuck)]
        acting = [s for s in round_.active_seats() if round_.player(s).may_act]
        if not action.stuck or not all(round_.player(s).stuck for s in acting):
            return state.with_(round=round_), events
        if self._bag_covers_a_draw(round_):
            events.append(ev.DeadlockDraw())
            round_, drawn = self._draw(round_, MIXMO_DRAW, first_seat=0, at=action.at)
            return state.with_(round=round_), events + drawn
        # The bag is empty and nobody can finish: the round ends with no winner.
        return self._after_sprint(state.with_(round=round_), events)

    def _on_ChooseTheme(
        self, state: MatchState, action: act.ChooseTheme
    ) -> tuple[MatchState, list[ev.Event]]:
        round_ = in_phase(state, Phase.CHOOSING_THEME, NoThemeToChooseError)
        if action.seat != round_.bandit_seat:
            raise NotYourThemeError(player=self.name(round_.bandit_seat or 0))
        theme = " ".join(action.theme.split())
        if not theme:
            raise ThemeNeedsNameError()
        builtin = find_theme(theme, self.options.language)
        round_ = round_.with_(
            phase=Phase.PLAYING, theme=theme, theme_list=builtin.id if builtin else None
        )
        return state.with_(round=round_), [
            ev.ThemeSet(action.seat, theme, builtin.id if builtin else None)
        ]
