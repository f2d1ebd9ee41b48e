"""The computer's levels, from a beginner who only sees its own wins to the searcher.

Every level is deterministic given its random generator: a seeded game plays
the same way every time.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from mixmo.mixup.game import DropPiece, MixUpState
from mixmo.mixup.search import Searcher


@dataclass(frozen=True, slots=True)
class LevelSpec:
    depth: int
    """Plies searched (0: no search)."""
    node_limit: int | None
    blocks: bool
    """Avoids moves that hand the opponent a win on the spot."""
    description: str


class Level(enum.Enum):
    BEGINNER = "beginner"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    SEARCHER = "searcher"

    @property
    def spec(self) -> LevelSpec:
        return _SPECS[self]


_SPECS = {
    Level.BEGINNER: LevelSpec(0, None, False, "takes a win it sees, otherwise plays at random"),
    Level.EASY: LevelSpec(0, None, True, "takes a win, never hands one over, otherwise random"),
    Level.NORMAL: LevelSpec(4, None, True, "searches 4 plies: sees every forced win within them"),
    Level.HARD: LevelSpec(6, None, True, "searches 6 plies"),
    Level.SEARCHER: LevelSpec(
        8, 12_000, True, "searches up to 8 plies (12,000 positions at most a move)"
    ),
}


class ComputerPlayer:
    """One computer player for a whole game: its level, its random generator, and a
    searcher whose tables carry over from move to move (so later moves cost less)."""

    def __init__(self, level: Level, seed: int) -> None:
        self.level = level
        self.rng = random.Random(seed)
        spec = level.spec
        self.searcher = Searcher(
            max(spec.depth, 1), spec.node_limit, seed=self.rng.randrange(2**31)
        )

    def choose(self, state: MixUpState) -> DropPiece:
        """The move this player makes in ``state`` (it must be its turn)."""
        spec = self.level.spec
        if spec.depth == 0:
            wins, safe, losing = self.searcher.triage(state)
            if wins:
                return wins[0]
            if spec.blocks:
                return self.rng.choice(safe or losing)
            return self.rng.choice(list(state.legal_moves()))
        return self.searcher.search(state).move


def choose_move(state: MixUpState, level: Level, rng: random.Random) -> DropPiece:
    """The move ``level`` plays in ``state``, from a fresh player seeded by ``rng``."""
    return ComputerPlayer(level, rng.randrange(2**31)).choose(state)
