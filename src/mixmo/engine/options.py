"""The options a match is played with, fixed before the first draw.

A frozen dataclass (no pydantic: a local game never loads it); options read
from a saved game or a server's store are validated by pydantic through the
models of :mod:`mixmo.engine.save_models`, which read the same bounds from the
annotations and run the same checks (``__post_init__``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Annotated, ClassVar

from mixmo.engine.bounds import Bounds
from mixmo.engine.messages import CodedError, Kind
from mixmo.engine.names import same_name_key
from mixmo.engine.tiles import MAX_PLAYERS, MIN_PLAYERS
from mixmo.engine.variants import Variant, variant_named

BLANK_NAME = Kind("blank-name", "a player's name cannot be blank")
SAME_NAME = Kind("same-name", "two players cannot have the same name")


class ScoringMode(enum.StrEnum):
    """Option 1 (rounds: first to win N rounds) or option 2 (points: first to N points)."""

    ROUNDS = "rounds"
    POINTS = "points"


DEFAULT_TARGETS = {ScoringMode.ROUNDS: 5, ScoringMode.POINTS: 200}
"""The rulebook's examples: the first to win 5 rounds, the first to reach 200 points."""

PLAYERS = Bounds(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
AT_LEAST_0 = Bounds(ge=0)


class PlayerNamesError(CodedError):
    """A blank player's name, or two players with the same name."""


class RoundsToPlayError(CodedError):
    """A number of rounds to play with the points option (it is a form of option 1)."""

    kind = Kind(
        "rounds-to-play-needs-rounds", "a number of rounds to play goes with the rounds option"
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchOptions:
    """Who plays, by which rules, and until when. A value: frozen and serialisable."""

    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}

    players: Annotated[tuple[str, ...], PLAYERS]
    """The players' names, in seat order (trimmed)."""
    variant: str = "classic"
    scoring: ScoringMode = ScoringMode.POINTS
    target: Annotated[int, AT_LEAST_0] = 0
    """Rounds to win or points to reach; 0 means the rulebook's example (5 rounds, 200 points)."""
    rounds_to_play: Annotated[int, AT_LEAST_0] = 0
    """The French book's form of the rounds option: the match is this many rounds, and
    the most rounds won wins it (a tie at the top plays on, a round at a time, until one
    player leads). 0: the match ends at the target, "the first to win 5 rounds"."""
    language: str = "en"
    dictionary: str | None = None
    """A ``--dict`` spec; None for the embedded list of ``language``."""
    mixmo_window: Annotated[float, AT_LEAST_0] = 1.0
    """Seconds of game time within which MIXMO calls make a single draw."""
    seed: int | str = 0
    wait_seconds: Annotated[float, AT_LEAST_0] = 0.0
    """Seconds of game time the table waits for a player's theme, sprint, claims, votes or
    reading of the scores before choosing for them (:mod:`mixmo.engine.waits`); 0: no limit
    (one keyboard: everyone is there)."""

    def __post_init__(self) -> None:
        PLAYERS.check("players", self.players)
        AT_LEAST_0.check("target", self.target)
        AT_LEAST_0.check("rounds_to_play", self.rounds_to_play)
        AT_LEAST_0.check("mixmo_window", self.mixmo_window)
        AT_LEAST_0.check("wait_seconds", self.wait_seconds)
        names = tuple(name.strip() for name in self.players)
        if any(not name for name in names):
            raise PlayerNamesError(BLANK_NAME())
        if len({same_name_key(name) for name in names}) != len(names):
            raise PlayerNamesError(SAME_NAME())
        variant_named(self.variant)  # UnknownVariantError if there is none of that name
        scoring = ScoringMode(self.scoring)
        if self.rounds_to_play and scoring is not ScoringMode.ROUNDS:
            raise RoundsToPlayError()
        # Stored as they were when these were pydantic models: a tuple of trimmed names,
        # the scoring mode itself, the rulebook's target for 0, a float window.
        object.__setattr__(self, "players", names)
        object.__setattr__(self, "scoring", scoring)
        object.__setattr__(self, "target", self.target or DEFAULT_TARGETS[scoring])
        object.__setattr__(self, "mixmo_window", float(self.mixmo_window))
        object.__setattr__(self, "wait_seconds", float(self.wait_seconds))

    @property
    def rules(self) -> Variant:
        return variant_named(self.variant)
