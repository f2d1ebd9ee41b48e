"""A match stepped through, action by action, from its options and its log.

Every position is the engine's own, rebuilt by applying the logged actions (each with
the time it was taken at): a replay is never a second copy of the rules. At each MIXMO
the solver shows what it would have built from the caller's tiles at that moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from mixmo.engine import actions as act
from mixmo.engine.game import Game
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.options import MatchOptions
from mixmo.engine.tiles import TileKind

CHECKPOINT = 32
"""A replay keeps the match every this many actions, as it first passes there, so that a
step back in a long match starts from the last checkpoint, not from the deal."""


@dataclass(frozen=True, slots=True)
class Replay:
    options: MatchOptions
    actions: tuple[act.Action, ...]
    _checkpoints: dict[tuple[int | None, int], Game] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Copies of the match at steps that are multiples of :data:`CHECKPOINT`, by the
    lexicon's identity (a game holds its lexicon, so the identity stays its own)."""

    def game_after(self, step: int, lexicon: Lexicon | None = None) -> Game:
        """The match after its first ``step`` actions (0: as dealt): a game of its own,
        from the nearest checkpoint before it."""
        if not 0 <= step <= len(self.actions):
            raise ValueError(f"step {step} is not between 0 and {len(self.actions)}")
        which = None if lexicon is None else id(lexicon)
        start = step - step % CHECKPOINT
        while start and (which, start) not in self._checkpoints:
            start -= CHECKPOINT
        kept = self._checkpoints.get((which, start))
        game = kept.copy() if kept is not None else Game(self.options, lexicon)
        for done in range(start, step):
            game.apply(self.actions[done])
            if (done + 1) % CHECKPOINT == 0:
                self._checkpoints.setdefault((which, done + 1), game.copy())
        return game

    def mixmos(self) -> list[int]:
        """The steps (1 for the first action) that call MIXMO."""
        return [
            step
            for step, action in enumerate(self.actions, start=1)
            if isinstance(action, act.CallMixmo)
        ]


def solver_grid(game: Game, seat: int, budget: float = 1.0) -> tuple[Grid, bool]:
    """The grid the solver builds from every tile ``seat`` holds now (grid and rack,
    its jokers free again), and whether it placed them all."""
    from mixmo.engine.solver import solve

    player = game.round.player(seat)
    tiles = [
        tile if tile.kind is TileKind.LETTER else replace(tile, letter=None)
        for tile in (*player.grid.tiles(), *player.rack)
    ]
    result = solve(tiles, game.lexicon, game.variant, budget=budget)
    return result.grid, result.solved
