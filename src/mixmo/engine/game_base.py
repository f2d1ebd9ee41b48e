"""What every handler of :class:`~mixmo.engine.game.Game` stands on: the match's settings,
new rounds and draws, and the checks and moves the handlers share.

``GameBase`` holds no state of play: the state is the argument and the result
of each handler (``(MatchState, action) -> (MatchState, events)``), so a
refused action changes nothing. :mod:`mixmo.engine.game` sets the attributes.
"""

from __future__ import annotations

from collections.abc import Callable

from mixmo.engine import events as ev
from mixmo.engine.bag import Bag
from mixmo.engine.game_errors import LOCKED_AFTER_HASTY, OUT_AFTER_WRONG_FINAL, WrongPhaseError
from mixmo.engine.grid import Cell
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.messages import Message
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState, Phase, PlayerState, RoundState
from mixmo.engine.tiles import BANDIT, JOKER, Tile, TileKind
from mixmo.engine.undo import EditHistory
from mixmo.engine.variants import Variant

OPENING_DRAW = 6
"""Tiles each player draws at the start of a round."""
MIXMO_DRAW = 2
"""Tiles each player draws at every MIXMO (and at a general deadlock)."""


class GameBase:
    """The settings the handlers read, and the deal: a new round, a draw for everyone."""

    options: MatchOptions
    lexicon: Lexicon
    variant: Variant
    history: EditHistory
    """Each player's grid edits this round, for Undo and Redo (rebuilt by replaying the log)."""

    def name(self, seat: int) -> str:
        """The name of the player at ``seat``."""
        return self.options.players[seat]

    def _new_round(self, number: int) -> tuple[RoundState, list[ev.Event]]:
        """Round ``number``: a bag shuffled from the match's seed and the round, 6 tiles each."""
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
        """True while a MIXMO still draws: otherwise the next MIXMO is the final one."""
        return len(state.bag) >= MIXMO_DRAW * len(state.active_seats())


def in_phase(state: MatchState, phase: Phase, refusal: Callable[[], WrongPhaseError]) -> RoundState:
    """The current round, if it is in ``phase``; otherwise the action is refused."""
    if state.round.phase is not phase:
        raise refusal()
    return state.round


def set_tile(tile: Tile) -> Tile:
    """A placed declared joker is the set's joker."""
    return JOKER if tile.kind is TileKind.JOKER else tile


def why_locked(player: PlayerState) -> Message:
    """Why ``player`` may not act now, as the end of a refusal's sentence."""
    if player.out:
        return OUT_AFTER_WRONG_FINAL()
    return LOCKED_AFTER_HASTY()


def take_back(player: PlayerState, cells: set[Cell]) -> PlayerState:
    """``player`` with the tiles of ``cells`` back on the rack (a declared joker as a joker)."""
    grid = player.grid
    returned = []
    for cell in sorted(cells):
        returned.append(set_tile(grid[cell]))
        grid = grid.remove(cell)
    return player.with_(grid=grid, rack=player.rack + tuple(returned))
