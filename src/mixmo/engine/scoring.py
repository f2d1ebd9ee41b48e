"""Scoring with the points option (rulebook, "Option 2: Playing with Points").

A valid grid scores its placed tiles (the tiles held less those not placed),
plus 20 for the round's winner, 5 for each placed K, W, X, Y or Z letter
tile (not a joker or the Bandit standing for one), each word of 8 letters or
more its length, and each theme word three times its length on top. A theme
word of 8 letters or more earns both (docs/rules.md). An invalid grid scores
0, and the player who called the final MIXMO with it loses 20.
"""

from __future__ import annotations

from dataclasses import dataclass

from mixmo.engine.messages import Kind, Message
from mixmo.engine.tiles import HARD_LETTERS, TileKind
from mixmo.engine.validation import ValidationReport

WRONG_FINAL = Kind("wrong-final-line", "final MIXMO with an invalid grid")
INVALID_GRID = Kind("invalid-grid-line", "invalid grid")
TILES_PLACED_HELD = Kind("tiles-placed-held-line", "tiles placed ({placed}, {held} held)")
TILES_PLACED = Kind("tiles-placed-line", "tiles placed ({placed})")
ROUND_WON = Kind("round-won-line", "round won")
LETTER_PLACED = Kind("letter-placed-line", "{letter} placed")
LONG_WORD = Kind("long-word-line", "long word {word}")
THEME_WORD = Kind("theme-word-line", "theme word {word} (3 x {length})")

WIN_BONUS = 20
HARD_LETTER_BONUS = 5
LONG_WORD_LENGTH = 8
THEME_MULTIPLIER = 3
INVALID_FINAL_CALL_PENALTY = -20


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a score sheet: what earned (or cost) how many points."""

    label: Message
    points: int


@dataclass(frozen=True, slots=True)
class Score:
    """A round's score for one grid, line by line."""

    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def points_for(self, label_start: str) -> int:
        """The points of every line whose (English) label starts with ``label_start``."""
        return sum(line.points for line in self.lines if str(line.label).startswith(label_start))


def score(report: ValidationReport, *, unplaced: int = 0, winner: bool = False) -> Score:
    """Score the grid of ``report`` for a player who holds ``unplaced`` tiles off it.

    ``winner`` is the player who called the final MIXMO: +20 when the grid is
    valid, -20 when it is not.
    """
    if not report.valid:
        if winner:
            return Score((ScoreLine(WRONG_FINAL(), INVALID_FINAL_CALL_PENALTY),))
        return Score((ScoreLine(INVALID_GRID(), 0),))
    placed = len(report.grid)
    if unplaced:
        label = TILES_PLACED_HELD(placed=placed, held=placed + unplaced)
    else:
        label = TILES_PLACED(placed=placed)
    lines = [ScoreLine(label, placed)]
    if winner:
        lines.append(ScoreLine(ROUND_WON(), WIN_BONUS))
    hard = sorted(
        tile.letter
        for tile in report.grid.tiles()
        if tile.kind is TileKind.LETTER and tile.letter in HARD_LETTERS
    )
    for letter in hard:
        lines.append(ScoreLine(LETTER_PLACED(letter=letter), HARD_LETTER_BONUS))
    for verdict in report.words:
        if len(verdict.text) >= LONG_WORD_LENGTH:
            label = LONG_WORD(word=verdict.text)
            lines.append(ScoreLine(label, len(verdict.text)))
    for word in report.theme_words:
        label = THEME_WORD(word=word, length=len(word))
        lines.append(ScoreLine(label, THEME_MULTIPLIER * len(word)))
    return Score(tuple(lines))
