"""A whole match of Mixmo as an event-driven state machine.

Humans (through the TUI) and bots drive the same :class:`Game` with the same
actions (:mod:`mixmo.engine.actions`); every change comes back as events
(:mod:`mixmo.engine.events`), in order, to every subscriber. An action that
breaks a rule raises a :class:`GameRuleError` and changes nothing: each
handler builds a new state and the game swaps it in only on success.

Time is an argument (``action.at``, seconds of game time); randomness is the
seeded bag of each round. The same options and action log replay to the
same state (:mod:`mixmo.engine.save`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from types import MappingProxyType

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.bag import Bag
from mixmo.engine.dictionary_spec import open_lexicon
from mixmo.engine.grid import Cell, Grid
from mixmo.engine.lexicon import Lexicon, fold
from mixmo.engine.options import MatchOptions, ScoringMode
from mixmo.engine.round_end import (
    WRONG_FINAL_PENALTY,
    judge_claims,
    rounds_after,
    score_round,
    sprint_take_back,
)
from mixmo.engine.state import MatchState, Phase, PlayerState, RoundResult, RoundState
from mixmo.engine.themes import find_theme
from mixmo.engine.tiles import BANDIT, JOKER, Tile, TileError, TileKind, tiles_per_player
from mixmo.engine.undo import EditHistory, NothingToUndoError, regrid
from mixmo.engine.validation import ValidationReport, validate
from mixmo.i18n import _

OPENING_DRAW = 6
MIXMO_DRAW = 2


Subscriber = Callable[[ev.Event], None]


class GameRuleError(ValueError):
    """An action the rules do not allow now; the game is unchanged."""


class UnknownSeatError(GameRuleError):
    """No player sits at that seat."""


class WrongPhaseError(GameRuleError):
    """The action does not belong to this moment of the round."""


class PlayerLockedError(GameRuleError):
    """The player may not act: locked after a hasty call, or out of the round."""


class TileNotInRackError(GameRuleError):
    """The rack holds no such tile."""


class CellTakenError(GameRuleError):
    """The target cell already holds a tile."""


class NoTileThereError(GameRuleError):
    """A named cell of the grid is empty."""


class UndoError(GameRuleError):
    """Undo or redo with no grid edit of this round to take back or make again."""


class ClaimError(GameRuleError):
    """A theme claim or vote that does not stand."""


class Game:
    """One match: options, lexicon, current state, action log and event history."""

    def __init__(self, options: MatchOptions, lexicon: Lexicon | None = None) -> None:
        self.options = options
        self.lexicon = lexicon or open_lexicon(options.dictionary, options.language)
        self.variant = options.rules
        self.log: list[act.Action] = []
        self.events: list[ev.Event] = []
        self._subscribers: list[Subscriber] = []
        self.history = EditHistory()
        """Each player's grid edits this round, for Undo and Redo (rebuilt by replaying the log)."""
        round_state, events = self._new_round(1)
        count = len(options.players)
        self.state = MatchState(round=round_state, totals=(0,) * count, rounds_won=(0,) * count)
        self.events.extend(events)

    # --- subscribers and the action entry point ------------------------------

    def subscribe(self, subscriber: Subscriber) -> None:
        """Deliver every later event to ``subscriber``, in order."""
        self._subscribers.append(subscriber)

    def apply(self, action: act.Action) -> list[ev.Event]:
        """Carry out ``action``; the events it caused. Raises GameRuleError, changing nothing."""
        if not 0 <= action.seat < len(self.options.players):
            raise UnknownSeatError(_("no player at seat {seat}").format(seat=action.seat))
        handler: Callable[[MatchState, act.Action], tuple[MatchState, list[ev.Event]]]
        handler = getattr(self, f"_on_{type(action).__name__}")
        state, events = handler(self.state, action)
        self.history.record(action, self.state, state)
        self.state = state
        self.log.append(action)
        self.events.extend(events)
        for event in events:
            for subscriber in list(self._subscribers):
                subscriber(event)
        return events

    @property
    def round(self) -> RoundState:
        return self.state.round

    @property
    def phase(self) -> Phase:
        return self.state.round.phase

    def name(self, seat: int) -> str:
        return self.options.players[seat]

    def check_grid(self, seat: int) -> ValidationReport:
        """The grid of ``seat`` checked by the rules of play (no theme, no tile count)."""
        return validate(self.round.player(seat).grid, self.lexicon, self.variant)

    # --- rounds and draws ------------------------------------------------------

    def _new_round(self, number: int) -> tuple[RoundState, list[ev.Event]]:
        players = tuple(PlayerState(name=name) for name in self.options.players)
        state = RoundState(
            number=number, bag=Bag.shuffled(f"{self.options.seed}:{number}"), players=players
        )
        events: list[ev.Event] = [ev.RoundStarted(number)]
        state, drawn = self._draw(state, OPENING_DRAW, first_seat=0)
        return state, events + drawn

    def _draw(
        self, state: RoundState, count: int, *, first_seat: int, at: float | None = None
    ) -> tuple[RoundState, list[ev.Event]]:
        """Every player of the round draws ``count``, in seat order from ``first_seat``.

        A draw ends every hasty-call lock and every "stuck".
        """
        events: list[ev.Event] = []
        seats = state.active_seats()
        order = sorted(seats, key=lambda seat: (seat - first_seat) % len(state.players))
        bag = state.bag
        for seat in order:
            tiles, bag = bag.draw(count)
            player = state.player(seat)
            if player.locked:
                events.append(ev.PlayerUnlocked(seat))
            state = state.with_player(
                seat,
                player.with_(
                    rack=player.rack + tiles,
                    last_drawn=tiles,
                    ready_at_draw=not player.rack,
                    locked=False,
                    stuck=False,
                ),
            )
            events.append(ev.TilesDrawn(seat, tiles, len(bag)))
            if BANDIT in tiles:
                events.append(ev.BanditDrawn(seat))
                if self.variant.themes:
                    state = state.with_(phase=Phase.CHOOSING_THEME, bandit_seat=seat)
        return state.with_(bag=bag, last_draw_at=at), events

    def _bag_covers_a_draw(self, state: RoundState) -> bool:
        return len(state.bag) >= MIXMO_DRAW * len(state.active_seats())

    # --- grid editing ------------------------------------------------------------

    def _editor(self, state: MatchState, seat: int) -> PlayerState:
        """The player at ``seat``, if they may edit their grid now."""
        if state.round.phase is not Phase.PLAYING:
            raise WrongPhaseError(
                _("grids cannot change now ({phase})").format(phase=state.round.phase.value)
            )
        player = state.round.player(seat)
        if not player.may_act:
            raise PlayerLockedError(
                _("{player} may not act on their grid {why}").format(
                    player=player.name, why=_why_locked(player)
                )
            )
        return player

    def _edited(
        self, state: MatchState, seat: int, player: PlayerState, cells: Iterable[Cell]
    ) -> tuple[MatchState, list[ev.Event]]:
        events: list[ev.Event] = [ev.GridChanged(seat, tuple(cells))]
        if state.round.player(seat).stuck:
            player = player.with_(stuck=False)
            events.append(ev.PlayerStuck(seat, False))
        return state.with_(round=state.round.with_player(seat, player)), events

    def _on_PlaceTile(
        self, state: MatchState, action: act.PlaceTile
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        try:
            placed = Tile.from_symbol(action.symbol)
        except TileError as error:
            raise TileNotInRackError(str(error)) from None
        from_rack = JOKER if placed.kind is TileKind.JOKER else placed
        rack = list(player.rack)
        if from_rack not in rack:
            raise TileNotInRackError(
                _("{player} has no {tile} on their rack").format(
                    player=player.name, tile=_tile_name(from_rack)
                )
            )
        cell = (action.row, action.col)
        if cell in player.grid:
            raise CellTakenError(
                _("row {row}, column {col} already holds a tile").format(
                    row=action.row, col=action.col
                )
            )
        rack.remove(from_rack)
        player = player.with_(rack=tuple(rack), grid=player.grid.place(cell, placed))
        return self._edited(state, action.seat, player, [cell])

    def _on_MoveTiles(
        self, state: MatchState, action: act.MoveTiles
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        cells = set(action.cells)
        _require_tiles(player.grid, cells)
        moved = {(r + action.drow, c + action.dcol): player.grid[(r, c)] for r, c in cells}
        kept = {cell: tile for cell, tile in player.grid.items() if cell not in cells}
        clash = sorted(set(moved) & set(kept))
        if clash:
            row, col = clash[0]
            raise CellTakenError(
                _("the tiles cannot move there: row {row}, column {col} is taken").format(
                    row=row, col=col
                )
            )
        player = player.with_(grid=Grid({**kept, **moved}))
        return self._edited(state, action.seat, player, sorted(cells | set(moved)))

    def _on_TakeBack(
        self, state: MatchState, action: act.TakeBack
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        cells = set(action.cells)
        _require_tiles(player.grid, cells)
        player = _take_back(player, cells)
        return self._edited(state, action.seat, player, sorted(cells))

    def _on_TakeApart(
        self, state: MatchState, action: act.TakeApart
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        cells = set(player.grid)
        return self._edited(state, action.seat, _take_back(player, cells), sorted(cells))

    def _on_Undo(self, state: MatchState, action: act.Undo) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        try:
            edit = self.history.to_undo(action.seat, player.grid)
            changed = regrid(player, edit.before)
        except NothingToUndoError as error:
            raise UndoError(f"{player.name}: {error}") from None
        return self._edited(state, action.seat, changed, edit.cells())

    def _on_Redo(self, state: MatchState, action: act.Redo) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        try:
            edit = self.history.to_redo(action.seat, player.grid)
            changed = regrid(player, edit.after)
        except NothingToUndoError as error:
            raise UndoError(f"{player.name}: {error}") from None
        return self._edited(state, action.seat, changed, edit.cells())

    # --- MIXMO, stuck, theme -------------------------------------------------------

    def _on_CallMixmo(
        self, state: MatchState, action: act.CallMixmo
    ) -> tuple[MatchState, list[ev.Event]]:
        seat = action.seat
        round_ = _in_phase(
            state,
            Phase.PLAYING,
            _("MIXMO cannot be called now ({phase})").format(phase=state.round.phase.value),
        )
        player = round_.player(seat)
        if not player.may_act:
            raise PlayerLockedError(
                _("{player} cannot call MIXMO {why}").format(
                    player=player.name, why=_why_locked(player)
                )
            )
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
            return self._lock(state, seat, grid_reasons, events)

        if not self._bag_covers_a_draw(round_):
            return self._final_call(state, seat, reasons, events)

        new_round, drawn = self._draw(round_, MIXMO_DRAW, first_seat=seat, at=action.at)
        events += drawn
        state = state.with_(round=new_round)
        if reasons:
            return self._lock(state, seat, reasons, events)
        return state, events

    def _wrong_call_reasons(self, player: PlayerState) -> list[str]:
        reasons = []
        if player.rack:
            left = "".join(t.symbol for t in player.rack)
            reasons.append(_("tiles not placed: {tiles}").format(tiles=left))
        if len(player.grid):
            reasons += [
                p.message for p in validate(player.grid, self.lexicon, self.variant).problems
            ]
        elif not player.rack:
            reasons.append(_("the grid is empty"))
        return reasons

    def _lock(
        self, state: MatchState, seat: int, reasons: list[str], events: list[ev.Event]
    ) -> tuple[MatchState, list[ev.Event]]:
        player = state.round.player(seat).with_(locked=True, stuck=False)
        events += [ev.HastyCall(seat, tuple(reasons)), ev.PlayerLocked(seat)]
        return state.with_(round=state.round.with_player(seat, player)), events

    def _final_call(
        self, state: MatchState, seat: int, reasons: list[str], events: list[ev.Event]
    ) -> tuple[MatchState, list[ev.Event]]:
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

    def _reject_final(
        self, state: MatchState, seat: int, reasons: list[str], events: list[ev.Event]
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

    def _on_SayStuck(
        self, state: MatchState, action: act.SayStuck
    ) -> tuple[MatchState, list[ev.Event]]:
        round_ = _in_phase(
            state,
            Phase.PLAYING,
            _("no one can be stuck now ({phase})").format(phase=state.round.phase.value),
        )
        player = round_.player(action.seat)
        if not player.may_act:
            raise PlayerLockedError(
                _("{player} is not playing now {why}").format(
                    player=player.name, why=_why_locked(player)
                )
            )
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
        round_ = _in_phase(state, Phase.CHOOSING_THEME, _("no theme is waiting to be chosen"))
        if action.seat != round_.bandit_seat:
            raise WrongPhaseError(
                _("the theme is {player}'s to choose: they drew the Bandit").format(
                    player=self.name(round_.bandit_seat or 0)
                )
            )
        theme = " ".join(action.theme.split())
        if not theme:
            raise ClaimError(_("a theme needs a name"))
        builtin = find_theme(theme, self.options.language)
        round_ = round_.with_(
            phase=Phase.PLAYING, theme=theme, theme_list=builtin.id if builtin else None
        )
        return state.with_(round=round_), [
            ev.ThemeSet(action.seat, theme, builtin.id if builtin else None)
        ]

    # --- the end of a round: sprint, claims, votes, scores ----------------------------

    def _on_FinishSprint(
        self, state: MatchState, action: act.FinishSprint
    ) -> tuple[MatchState, list[ev.Event]]:
        round_ = _in_phase(state, Phase.SPRINT, _("the final sprint is not on"))
        player = round_.player(action.seat)
        if action.seat == round_.final_caller or player.out or player.sprint_done:
            raise PlayerLockedError(
                _("{player} has no sprint to finish").format(player=player.name)
            )
        events: list[ev.Event] = []
        if action.word_cells:
            own = sprint_take_back(player.grid, tuple(action.word_cells))
            if own is None:
                raise NoTileThereError(
                    _("the sprint takes back tiles of one word of the grid only")
                )
            player = _take_back(player, own)
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
        round_ = _in_phase(
            state, Phase.CLAIMING, _("theme words are claimed at the end of a round")
        )
        player = round_.player(action.seat)
        if player.claims is not None:
            raise ClaimError(_("{player} has no claim to make now").format(player=player.name))
        words = tuple(dict.fromkeys(fold(word) for word in action.words))
        # Checked as the verdict will read the grid: its jokers spell the claimed words if they can.
        checked = validate(player.grid, self.lexicon, self.variant, theme_words=words)
        in_grid = {v.text for v in checked.words if v.valid}
        missing = [word for word in words if word not in in_grid]
        if missing:
            raise ClaimError(
                _("{words}: not a valid word of {player}'s grid").format(
                    words=", ".join(missing), player=player.name
                )
            )
        round_ = round_.with_player(action.seat, player.with_(claims=words))
        events: list[ev.Event] = [ev.ThemeClaimed(action.seat, words)]
        if any(round_.player(s).claims is None for s in round_.active_seats()):
            return state.with_(round=round_), events
        state = state.with_(round=round_.with_(phase=Phase.VOTING))
        if self._all_votes_in(state.round):
            return self._close_voting(state, events)
        return state, events

    def _on_Vote(self, state: MatchState, action: act.Vote) -> tuple[MatchState, list[ev.Event]]:
        round_ = _in_phase(state, Phase.VOTING, _("there is no vote on now"))
        if action.claimant == action.seat:
            raise ClaimError(_("players do not vote on their own claims"))
        if not 0 <= action.claimant < len(round_.players):
            raise UnknownSeatError(_("no player at seat {seat}").format(seat=action.claimant))
        word = fold(action.word)
        claims = round_.player(action.claimant).claims or ()
        if word not in claims:
            raise ClaimError(
                _("{player} did not claim {word}").format(
                    player=self.name(action.claimant), word=word
                )
            )
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
            raise WrongPhaseError(_("there is no vote on now"))
        return self._close_voting(state, [])

    def _all_votes_in(self, round_: RoundState) -> bool:
        seats = round_.active_seats()
        return all(
            set(round_.votes.get((claimant, word), {})) >= set(seats) - {claimant}
            for claimant in seats
            for word in round_.player(claimant).claims or ()
        )

    def _close_voting(
        self, state: MatchState, events: list[ev.Event]
    ) -> tuple[MatchState, list[ev.Event]]:
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
            round=round_.with_(phase=Phase.SCORED, winner=caller),
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
        else:
            over = max(won) >= target
        if over:
            state = state.with_(round=state.round.with_(phase=Phase.MATCH_OVER), winner=leader)
            events.append(ev.MatchOver(leader, tuple(standings)))
        return state, events

    def _standings(self, state: MatchState) -> list[int]:
        seats = range(len(self.options.players))
        if self.options.scoring is ScoringMode.POINTS:
            return sorted(seats, key=lambda s: (-state.totals[s], -state.rounds_won[s], s))
        return sorted(seats, key=lambda s: (-state.rounds_won[s], -state.totals[s], s))

    def _on_NextRound(
        self, state: MatchState, action: act.NextRound
    ) -> tuple[MatchState, list[ev.Event]]:
        if state.round.phase is not Phase.SCORED:
            raise WrongPhaseError(_("the next round starts once this one is scored"))
        round_, events = self._new_round(state.round.number + 1)
        return state.with_(round=round_), events

    # --- checks ---------------------------------------------------------------------

    def tile_counts_ok(self) -> bool:
        """Bag, racks and grids together hold exactly the 120-tile set."""
        from mixmo.engine.tiles import full_tile_set

        held: Counter[Tile] = Counter(self.round.bag.tiles)
        for player in self.round.players:
            held += Counter(_set_tile(t) for t in player.held().elements())
        return held == Counter(full_tile_set())

    def expected_tiles_per_player(self) -> int:
        return tiles_per_player(len(self.round.active_seats()))


def _in_phase(state: MatchState, phase: Phase, refusal: str) -> RoundState:
    """The current round, if it is in ``phase``; otherwise the action is refused."""
    if state.round.phase is not phase:
        raise WrongPhaseError(refusal)
    return state.round


def _set_tile(tile: Tile) -> Tile:
    """A placed declared joker is the set's joker."""
    return JOKER if tile.kind is TileKind.JOKER else tile


def _tile_name(tile: Tile) -> str:
    if tile.kind is TileKind.JOKER:
        return _("joker")
    if tile.kind is TileKind.BANDIT:
        return _("Bandit")
    return _("{letter} tile").format(letter=tile.letter)


def _why_locked(player: PlayerState) -> str:
    if player.out:
        return _("(out of this round after a wrong final MIXMO)")
    return _("(locked after a hasty MIXMO until the next one)")


def _require_tiles(grid: Grid, cells: set[Cell]) -> None:
    empty = sorted(cell for cell in cells if cell not in grid)
    if empty:
        row, col = empty[0]
        raise NoTileThereError(_("row {row}, column {col} holds no tile").format(row=row, col=col))


def _take_back(player: PlayerState, cells: set[Cell]) -> PlayerState:
    grid = player.grid
    returned = []
    for cell in sorted(cells):
        returned.append(_set_tile(grid[cell]))
        grid = grid.remove(cell)
    return player.with_(grid=grid, rack=player.rack + tuple(returned))
