"""The errors of :class:`~mixmo.engine.game.Game`: each one an action the rules refuse now.

A ``GameRuleError`` leaves the game exactly as it was (the handler that raised
it built no new state). The families (wrong phase, locked player, rack, cell...)
let a driver tell a refusal of the phase from one of the rack; each sentence is
a subclass of its family with a stable ``code`` and typed fields, raised with its
fields as keywords, and an English ``str()`` (:mod:`mixmo.engine.messages`). The
edges translate the code and fields; a network server sends them, never a sentence.
"""

from __future__ import annotations

from mixmo.engine.messages import CodedError, Kind, Listing, Message, Plural

PHASE_WORDS = {
    "playing": Kind("phase-playing", "play is on"),
    "choosing-theme": Kind("phase-choosing-theme", "the Bandit's drawer is choosing a theme"),
    "sprint": Kind("phase-sprint", "the final sprint is on"),
    "claiming": Kind("phase-claiming", "theme words are being claimed"),
    "voting": Kind("phase-voting", "the table is voting"),
    "scored": Kind("phase-scored", "the round is over"),
    "match-over": Kind("phase-match-over", "the match is over"),
}
"""Each phase of a round (:class:`~mixmo.engine.state.Phase` values) in a player's words."""

LOCKED_AFTER_HASTY = Kind("locked-after-hasty", "(locked after a hasty MIXMO until the next one)")
OUT_AFTER_WRONG_FINAL = Kind(
    "out-after-wrong-final", "(out of this round after a wrong final MIXMO)"
)
A_CELL = Kind("cell", "row {row}, column {col}")
"""A cell of a player's grid, by the engine's coordinates."""


def phase_words(phase: str) -> Message:
    """The phase ``phase`` (a Phase's value) in a player's words."""
    return PHASE_WORDS[phase]()


def cells_listed(cells: list[tuple[int, int]]) -> Listing:
    """Cells as a refusal names them: "row 1, column 2; row 3, column 0"."""
    return Listing(tuple(A_CELL(row=row, col=col) for row, col in cells), "semicolon")


class GameRuleError(CodedError):
    """An action the rules do not allow now; the game is unchanged."""


class UnknownSeatError(GameRuleError):
    """No player sits at that seat."""

    kind = Kind("unknown-seat", "no player at seat {seat}")
    seat: int


class WrongPhaseError(GameRuleError):
    """The action does not belong to this moment of the round."""


class GridsFrozenError(WrongPhaseError):
    kind = Kind("grids-frozen", "grids cannot change now ({phase})")
    phase: Message


class MixmoNotNowError(WrongPhaseError):
    kind = Kind("mixmo-not-now", "MIXMO cannot be called now ({phase})")
    phase: Message


class StuckNotNowError(WrongPhaseError):
    kind = Kind("stuck-not-now", "no one can be stuck now ({phase})")
    phase: Message


class NoThemeToChooseError(WrongPhaseError):
    kind = Kind("no-theme-to-choose", "no theme is waiting to be chosen")


class NotYourThemeError(WrongPhaseError):
    kind = Kind("not-your-theme", "the theme is {player}'s to choose: they drew the Bandit")
    player: str


class SprintNotOnError(WrongPhaseError):
    kind = Kind("sprint-not-on", "the final sprint is not on")


class NotClaimingError(WrongPhaseError):
    kind = Kind("not-claiming", "theme words are claimed at the end of a round")


class NoVoteError(WrongPhaseError):
    kind = Kind("no-vote", "there is no vote on now")


class RoundNotScoredError(WrongPhaseError):
    kind = Kind("round-not-scored", "the next round starts once this one is scored")


class NotAtScoresError(WrongPhaseError):
    kind = Kind("not-at-scores", "a stuck match can be ended at the scores only")


class NoHintNowError(WrongPhaseError):
    kind = Kind("no-hint-now", "no hint now ({phase})")
    phase: Message


class PlayerLockedError(GameRuleError):
    """The player may not act: locked after a hasty call, or out of the round."""


class GridLockedError(PlayerLockedError):
    kind = Kind("grid-locked", "{player} may not act on their grid {why}")
    player: str
    why: Message


class CallLockedError(PlayerLockedError):
    kind = Kind("call-locked", "{player} cannot call MIXMO {why}")
    player: str
    why: Message


class NotPlayingError(PlayerLockedError):
    kind = Kind("not-playing", "{player} is not playing now {why}")
    player: str
    why: Message


class HintWaitError(PlayerLockedError):
    """The player took a hint: their grid edits and MIXMO wait until its cost is paid."""

    kind = Kind("hint-wait", "the hint costs {cost} s: play on in {seconds} s")
    cost: int
    seconds: int


class NoSprintError(PlayerLockedError):
    kind = Kind("no-sprint", "{player} has no sprint to finish")
    player: str


class TileNotInRackError(GameRuleError):
    """The rack holds no such tile (or the symbol is no tile: raised with the tile's message)."""


class NotOnRackError(TileNotInRackError):
    kind = Kind("not-on-rack", "{player} has no {tile} on their rack")
    player: str
    tile: Message


class CellTakenError(GameRuleError):
    """The target cell already holds a tile."""


class CellHoldsTileError(CellTakenError):
    kind = Kind("cell-holds-tile", "row {row}, column {col} already holds a tile")
    row: int
    col: int


class CannotMoveThereError(CellTakenError):
    kind = Kind(
        "cannot-move-there", "the tiles cannot move there: row {row}, column {col} is taken"
    )
    row: int
    col: int


class CannotFlipThereError(CellTakenError):
    kind = Plural(
        "cannot-flip-there",
        "the tiles cannot flip there: {cells} is taken",
        "the tiles cannot flip there: {cells} are taken",
    )
    cells: Listing
    count: int


class OffBoardError(GameRuleError):
    """A tile placed, moved or flipped past the board's reach (``actions.BOARD``)."""

    kind = Kind("off-board", "row {row}, column {col} is off the board (from -{limit} to {limit})")
    row: int
    col: int
    limit: int


class NoTileThereError(GameRuleError):
    """A named cell of the grid is empty."""


class EmptyCellError(NoTileThereError):
    kind = Kind("empty-cell", "row {row}, column {col} holds no tile")
    row: int
    col: int


class NotOneWordError(NoTileThereError):
    kind = Kind(
        "not-one-word",
        "the sprint takes back one word, whole or its unfinished end, and nothing else",
    )


class UndoError(GameRuleError):
    """Undo or redo with no grid edit of this round to take back or make again."""

    kind = Kind("cannot-undo", "{player}: {why}")
    player: str
    why: Message


class MatchNotStuckError(GameRuleError):
    """Ending a match early, when it can still end as usual (engine.stuck)."""

    kind = Kind("match-not-stuck", "the match is not stuck: it ends once it is won, as usual")


class ClaimError(GameRuleError):
    """A theme claim or vote that does not stand."""


class ThemeNeedsNameError(ClaimError):
    kind = Kind("theme-needs-name", "a theme needs a name")


class NoClaimNowError(ClaimError):
    kind = Kind("no-claim-now", "{player} has no claim to make now")
    player: str


class NotInGridError(ClaimError):
    kind = Kind("claim-not-in-grid", "{words}: not a valid word of {player}'s grid")
    words: Listing
    player: str


class OwnClaimVoteError(ClaimError):
    kind = Kind("own-claim-vote", "players do not vote on their own claims")


class NotClaimedError(ClaimError):
    kind = Kind("not-claimed", "{player} did not claim {word}")
    player: str
    word: str
