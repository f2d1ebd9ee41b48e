"""The local table: a match in this process, every seat at one keyboard (hot-seat play).

No sockets and nothing of ``mixmo.net``: ``mixmo play`` imports this module and
the engine only. One seat of a local game shown as a server would show it (other
racks hidden, actions stamped with the table's clock) is ``mixmo.net.table``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from mixmo.engine import events as ev
from mixmo.engine.actions import Action
from mixmo.engine.game import Game, GameRuleError
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState
from mixmo.session.core import GameClock, MatchCore
from mixmo.session.events import SavingChanged
from mixmo.session.table import Capabilities, Refusal, Table

if TYPE_CHECKING:
    from mixmo.data.storage import Autosaver


def clock_from(offset: float) -> Callable[[], float]:
    """Game time running from ``offset`` (a resumed game goes on from its last action)."""
    return GameClock(base=offset)


class LocalTable(Table):
    """A match in this process; time comes from ``clock`` (seconds of game time).

    Every seat plays at one keyboard (``mixmo play``): the screen's actions keep the
    time they carry. With a ``saver`` the game is saved after every applied action.
    """

    seat: int | None = None
    _stamps = False
    """Whether the table stamps actions with its clock (a server's seat) or they keep theirs."""

    def __init__(
        self,
        game: Game,
        clock: Callable[[], float] | None = None,
        saver: Autosaver | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self._saver = saver
        self._clock = clock or clock_from(max((a.at for a in game.log), default=0.0))
        self.core = MatchCore(game, self._clock)
        self.last_scored = next(
            (e for e in reversed(game.events) if isinstance(e, ev.RoundScored)), None
        )
        self.core.subscribe(lambda event: self._publish(self._visible(event)))

    def _visible(self, event: ev.Event) -> ev.Event:
        """``event`` as this table's screen may see it: every seat sees everything here."""
        return event

    def clock(self) -> float:
        return self._clock()

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(rematch=True, saves=self._saver is not None)

    @property
    def options(self) -> MatchOptions:
        return self.game.options

    @property
    def state(self) -> MatchState:
        return self.game.state

    def rack_size(self, seat: int) -> int:
        return len(self.game.state.round.player(seat).rack)

    @property
    def bag_left(self) -> int:
        return len(self.game.state.round.bag)

    @property
    def lexicon(self) -> Lexicon:
        return self.game.lexicon

    @property
    def playable_seats(self) -> tuple[int, ...]:
        return tuple(range(len(self.game.options.players)))

    def submit(self, action: Action) -> Refusal | None:
        try:
            self.core.apply(action, stamp=self._stamps)
        except GameRuleError as error:
            return Refusal.of(error)
        self.autosave()
        self._changed()
        return None

    def autosave(self) -> None:
        if self._saver is None:
            return
        outcome = self._saver.save(self.game)
        if outcome.message:
            self._publish(SavingChanged(outcome.saved, outcome.message))

    def save_now(self) -> str | None:
        if self._saver is None:
            return None
        outcome = self._saver.save(self.game, durable=True)
        return None if outcome.saved else f"{self._saver.path}: {self._saver.failing}"

    def next_game(self) -> Game:
        """The game of the next match: the same players and options, the next seed."""
        options = self.game.options
        seed = options.seed + 1 if isinstance(options.seed, int) else f"{options.seed}+"
        return Game(replace(options, seed=seed), self.game.lexicon)

    def rematch(self) -> LocalTable:
        table = LocalTable(self.next_game(), self._clock, self._saver)
        table.autosave()
        return table
