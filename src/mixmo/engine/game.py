"""A whole match of Mixmo as an event-driven state machine.

Humans (through the TUI) and bots drive the same :class:`Game` with the same
actions (:mod:`mixmo.engine.actions`); every change comes back as events
(:mod:`mixmo.engine.events`), in order, to every subscriber. An action that
breaks a rule raises a :class:`GameRuleError` and changes nothing: each
handler builds a new state and the game swaps it in only on success.

Time is an argument (``action.at``, seconds of game time from the match's
start, which is 0); randomness is the seeded bag of each round. The game keeps
each round's start and end in the state, from its actions' times. The same options and action log replay to the
same state (:mod:`mixmo.engine.save`).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.dictionary_spec import open_lexicon
from mixmo.engine.game_base import MIXMO_DRAW, OPENING_DRAW, set_tile
from mixmo.engine.game_calls import CallHandlers
from mixmo.engine.game_editing import EditingHandlers
from mixmo.engine.game_errors import (
    CellTakenError,
    ClaimError,
    GameRuleError,
    NoTileThereError,
    OffBoardError,
    PlayerLockedError,
    TileNotInRackError,
    UndoError,
    UnknownSeatError,
    WrongPhaseError,
)
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState, Phase, RoundState
from mixmo.engine.tiles import Tile, full_tile_set, tiles_per_player
from mixmo.engine.undo import EditHistory
from mixmo.engine.validation import ValidationReport, validate
from mixmo.engine.waits import WAIT_OF_PHASE

__all__ = [
    "MIXMO_DRAW",
    "OPENING_DRAW",
    "CellTakenError",
    "ClaimError",
    "Game",
    "GameRuleError",
    "NoTileThereError",
    "OffBoardError",
    "PlayerLockedError",
    "Subscriber",
    "TileNotInRackError",
    "UndoError",
    "UnknownSeatError",
    "WrongPhaseError",
]

Subscriber = Callable[[ev.Event], None]


class Game(EditingHandlers, CallHandlers):
    """One match: options, lexicon, current state, action log and event history.

    The handlers, one per action and named after it (``_on_PlaceTile``), come
    from the classes it stands on: grid editing (:mod:`~mixmo.engine.game_editing`),
    the calls of play (:mod:`~mixmo.engine.game_calls`) and the round's end
    (:mod:`~mixmo.engine.game_closing`), over the deal (:mod:`~mixmo.engine.game_base`).
    """

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
            raise UnknownSeatError(seat=action.seat)
        handler: Callable[[MatchState, act.Action], tuple[MatchState, list[ev.Event]]]
        handler = getattr(self, f"_on_{type(action).__name__}")
        state, events = handler(self.state, action)
        state = _clocked(self.state, state, action.at)
        self.history.record(action, self.state, state)
        self.state = state
        self.log.append(action)
        self.events.extend(events)
        for event in events:
            for subscriber in list(self._subscribers):
                subscriber(event)
        return events

    def copy(self) -> Game:
        """An independent game at this same point, with no subscribers: what carrying out
        the log again would give, without the cost (a replay keeps some as checkpoints)."""
        twin = copy.copy(self)  # options, lexicon and the immutable state: shared
        twin.log, twin.events = list(self.log), list(self.events)
        twin._subscribers = []
        twin.history = self.history.copy()
        return twin

    @property
    def round(self) -> RoundState:
        return self.state.round

    @property
    def phase(self) -> Phase:
        return self.state.round.phase

    def check_grid(self, seat: int) -> ValidationReport:
        """The grid of ``seat`` checked by the rules of play (no theme, no tile count)."""
        return validate(self.round.player(seat).grid, self.lexicon, self.variant)

    # --- checks ---------------------------------------------------------------------

    def tile_counts_ok(self) -> bool:
        """Bag, racks and grids together hold exactly the 120-tile set."""
        held: Counter[Tile] = Counter(self.round.bag.tiles)
        for player in self.round.players:
            held += Counter(set_tile(t) for t in player.held().elements())
        return held == Counter(full_tile_set())

    def expected_tiles_per_player(self) -> int:
        return tiles_per_player(len(self.round.active_seats()))


def _clocked(before: MatchState, after: MatchState, at: float) -> MatchState:
    """``after`` with its round's clock: a round dealt by the action starts at ``at``, a
    round scored by it ends at ``at`` (the first round starts at 0, the match's start),
    and a wait begun by it (:mod:`mixmo.engine.waits`) is waited since ``at``."""
    round_ = after.round
    new_round = round_.number != before.round.number
    if new_round:
        round_ = round_.with_(started_at=at)
    elif round_.ended_at is None and round_.phase in (Phase.SCORED, Phase.MATCH_OVER):
        round_ = round_.with_(ended_at=at)
    if new_round or round_.phase is not before.round.phase:
        since = at if round_.phase in WAIT_OF_PHASE else None
        if since != round_.waiting_since:
            round_ = round_.with_(waiting_since=since)
    return after if round_ is after.round else after.with_(round=round_)
