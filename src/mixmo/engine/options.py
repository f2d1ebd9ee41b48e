"""The options a match is played with, fixed before the first draw."""

from __future__ import annotations

import enum

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from mixmo.engine.tiles import MAX_PLAYERS, MIN_PLAYERS
from mixmo.engine.variants import VARIANTS, Variant, variant_named
from mixmo.i18n import _


class ScoringMode(enum.StrEnum):
    """Option 1 (rounds: first to win N rounds) or option 2 (points: first to N points)."""

    ROUNDS = "rounds"
    POINTS = "points"


DEFAULT_TARGETS = {ScoringMode.ROUNDS: 5, ScoringMode.POINTS: 200}
"""The rulebook's examples: the first to win 5 rounds, the first to reach 200 points."""


class MatchOptions(BaseModel):
    """Who plays, by which rules, and until when. A value: frozen and serialisable."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    players: tuple[str, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    """The players' names, in seat order."""
    variant: str = "classic"
    scoring: ScoringMode = ScoringMode.POINTS
    target: int = Field(default=0, ge=0)
    """Rounds to win or points to reach; 0 means the rulebook's example (5 rounds, 200 points)."""
    language: str = "en"
    dictionary: str | None = None
    """A ``--dict`` spec; None for the embedded list of ``language``."""
    mixmo_window: float = Field(default=1.0, ge=0)
    """Seconds of game time within which MIXMO calls make a single draw."""
    seed: int | str = 0

    @field_validator("players")
    @classmethod
    def _names_are_distinct_and_not_blank(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        cleaned = tuple(name.strip() for name in names)
        if any(not name for name in cleaned):
            raise ValueError(_("a player's name cannot be blank"))
        if len({name.casefold() for name in cleaned}) != len(cleaned):
            raise ValueError(_("two players cannot have the same name"))
        return cleaned

    @field_validator("variant")
    @classmethod
    def _variant_is_registered(cls, name: str) -> str:
        if name not in VARIANTS:
            message = _("no variant {name!r}: choose one of {choices}")
            raise ValueError(message.format(name=name, choices=", ".join(sorted(VARIANTS))))
        return name

    @model_validator(mode="after")
    def _default_target(self) -> MatchOptions:
        if self.target == 0:
            object.__setattr__(self, "target", DEFAULT_TARGETS[self.scoring])
        return self

    @property
    def rules(self) -> Variant:
        return variant_named(self.variant)
