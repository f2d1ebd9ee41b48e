"""Saved MixUp games as JSON text: who plays which side, the moves, and the board.

Loading replays the moves through the rules and checks that they give the
board written in the file, so a damaged or hand-edited save is refused (a
``SaveFileError`` saying what is wrong, with a code and fields) rather than
resumed wrong. Writing the text to disk is the caller's
job (``mixmo.data.storage.atomic_write_text``): the engine never touches files.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from mixmo.mixup.board import Board, BoardSyntaxError
from mixmo.mixup.errors import MixUpRuleError
from mixmo.mixup.game import DropPiece, MixUpGame
from mixmo.mixup.levels import Level
from mixmo.mixup.messages import N_, MixUpError
from mixmo.mixup.pieces import Piece, PieceSyntaxError, Side

FORMAT = "mixmo-mixup"
VERSION = 1


class SaveFileError(MixUpError):
    """A saved game that cannot be read or does not replay."""


class NotJsonError(SaveFileError):
    code: ClassVar[str] = "save-not-json"
    template: ClassVar[str] = N_("{line}:{col}: not JSON ({reason})")

    def __init__(self, line: int, col: int, reason: str) -> None:
        super().__init__(line, col, reason)
        self.line, self.col, self.reason = line, col, reason

    def fields(self) -> Mapping[str, object]:
        return {"line": self.line, "col": self.col, "reason": self.reason}


class NestedTooDeeplyError(SaveFileError):
    code: ClassVar[str] = "save-nested-too-deeply"
    template: ClassVar[str] = N_("damaged save: nested too deeply")


class NotAMixUpSaveError(SaveFileError):
    code: ClassVar[str] = "not-a-mixup-save"
    template: ClassVar[str] = N_("not a saved MixUp game")


class OtherVersionError(SaveFileError):
    code: ClassVar[str] = "save-other-version"
    template: ClassVar[str] = N_("saved by another version of mixmo (format {version})")

    def __init__(self, version: object) -> None:
        super().__init__(version)
        self.version = version
        """What the file says (any JSON value, or None when it says nothing)."""

    def fields(self) -> Mapping[str, object]:
        return {"version": self.version}


class DamagedFieldError(SaveFileError):
    """A field missing or of the wrong kind; the template names it and shows what fits
    (its braces are JSON's: a template without fields is said as it is)."""


class BadMovesError(DamagedFieldError):
    code: ClassVar[str] = "save-bad-moves"
    template: ClassVar[str] = N_(
        'damaged save: "moves" must be a list of moves, like ["Rm4", "Gb4"]'
    )


class BadBoardError(DamagedFieldError):
    code: ClassVar[str] = "save-bad-board"
    template: ClassVar[str] = N_('damaged save: "board" must be a list of the board\'s lines')


class BadPlayersError(DamagedFieldError):
    code: ClassVar[str] = "save-bad-players"
    template: ClassVar[str] = N_(
        'damaged save: "players" must give both names, like {"colour": "Ann", "shape": "Bob"}'
    )


class BadBotError(DamagedFieldError):
    code: ClassVar[str] = "save-bad-bot"
    template: ClassVar[str] = N_(
        'damaged save: "bot" must be null or the computer\'s side and level, '
        'like {"side": "shape", "level": "normal"}'
    )


class BadSeedError(DamagedFieldError):
    code: ClassVar[str] = "save-bad-seed"
    template: ClassVar[str] = N_('damaged save: "seed" must be a whole number')


class NumberTooLongError(SaveFileError):
    code: ClassVar[str] = "save-number-too-long"
    template: ClassVar[str] = N_("damaged save: a number of {count} digits")

    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.count = count

    def fields(self) -> Mapping[str, object]:
        return {"count": self.count}


class DamagedBoardError(SaveFileError):
    code: ClassVar[str] = "save-damaged-board"
    template: ClassVar[str] = N_("damaged save ({reason})")

    def __init__(self, reason: BoardSyntaxError) -> None:
        super().__init__(reason)
        self.reason = reason

    def fields(self) -> Mapping[str, object]:
        return {"reason": self.reason}


class MoveDoesNotReplayError(SaveFileError):
    code: ClassVar[str] = "save-move-does-not-replay"
    template: ClassVar[str] = N_("move {number} does not replay: {reason}")

    def __init__(self, number: int, reason: MixUpRuleError) -> None:
        super().__init__(number, reason)
        self.number = number
        self.reason = reason

    def fields(self) -> Mapping[str, object]:
        return {"number": self.number, "reason": self.reason}


class BoardMismatchError(SaveFileError):
    code: ClassVar[str] = "save-board-mismatch"
    template: ClassVar[str] = N_("the moves do not give the board written in the save")


class NotAMoveError(SaveFileError):
    code: ClassVar[str] = "save-not-a-move"
    template: ClassVar[str] = N_("{code!r} is not a move (a piece and a column, like Rm4)")

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.text = code

    def fields(self) -> Mapping[str, object]:
        return {"code": self.text}


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where: the players' names, and the computer's side and level if it plays."""

    colour: str = "Colour"
    shape: str = "Shape"
    bot_side: Side | None = None
    bot_level: Level | None = None
    seed: int = 0

    def name(self, side: Side) -> str:
        return self.colour if side is Side.COLOUR else self.shape


def dumps(game: MixUpGame, seating: Seating) -> str:
    """The game as JSON text (the moves played, not the ones taken back)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": {"colour": seating.colour, "shape": seating.shape},
        "bot": (
            {"side": seating.bot_side.value, "level": (seating.bot_level or Level.NORMAL).value}
            if seating.bot_side
            else None
        ),
        "seed": seating.seed,
        "moves": [f"{m.piece.code}{m.column}" for m in game.state.moves],
        "outcome": game.state.outcome.value,
        "board": game.state.board.format().splitlines(),
    }
    return json.dumps(data, indent=1) + "\n"


def loads(text: str) -> tuple[MixUpGame, Seating]:
    """The game and seating saved in ``text``; SaveFileError says what is wrong."""
    try:
        data = json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as error:
        raise NotJsonError(error.lineno, error.colno, error.msg) from None
    except RecursionError:  # thousands of [ or {: a save nests two levels deep
        raise NestedTooDeeplyError() from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotAMixUpSaveError()
    if data.get("version") != VERSION:
        raise OtherVersionError(data.get("version"))
    seating = _seating(data)
    moves_text = data.get("moves")
    if not isinstance(moves_text, list) or not all(isinstance(m, str) for m in moves_text):
        raise BadMovesError()
    moves = [_move(code) for code in moves_text]
    lines = data.get("board")
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise BadBoardError()
    try:
        board = Board.parse("\n".join(lines))
    except BoardSyntaxError as error:
        raise DamagedBoardError(error) from None
    game = MixUpGame()
    for number, move in enumerate(moves, start=1):
        try:
            game.apply(move)
        except MixUpRuleError as error:
            raise MoveDoesNotReplayError(number, error) from None
    if game.state.board != board:
        raise BoardMismatchError()
    return game, seating


MAX_DIGITS = 40
"""The longest number a save holds (a seed is at most 19 digits); Python's own limit
for reading one is 4,300 digits, past which json.loads fails with a bare ValueError."""


def _bounded_int(digits: str) -> int:
    """A JSON integer of the save, refused when no save could hold it."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        count = len(digits.lstrip("-"))
        raise NumberTooLongError(count)
    return int(digits)


def _seating(data: dict[str, Any]) -> Seating:
    """The players' names, the computer's side and level, and the seed, each checked."""
    players = data.get("players")
    if not isinstance(players, dict) or not all(
        isinstance(players.get(side.value), str) for side in Side
    ):
        raise BadPlayersError()
    bot = data.get("bot")
    bot_side = bot_level = None
    if bot is not None:
        try:
            bot_side, bot_level = Side(bot["side"]), Level(bot["level"])
        except (KeyError, TypeError, ValueError):
            raise BadBotError() from None
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):  # (--seed may be negative)
        raise BadSeedError()
    return Seating(
        colour=players["colour"],
        shape=players["shape"],
        bot_side=bot_side,
        bot_level=bot_level,
        seed=seed,
    )


def _move(code: str) -> DropPiece:
    """``Rm4``: a red moon into column 4."""
    try:
        return DropPiece(Piece.parse(code[:2]), int(code[2:]))
    except (PieceSyntaxError, ValueError):
        raise NotAMoveError(code) from None
