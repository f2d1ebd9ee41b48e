"""Saved MixUp games as JSON text: who plays which side, the moves, and the board.

Loading replays the moves through the rules and checks that they give the
board written in the file, so a damaged or hand-edited save is refused with a
sentence rather than resumed wrong. Writing the text to disk is the caller's
job (``mixmo.storage.atomic_write_text``): the engine never touches files.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mixmo.i18n import _
from mixmo.mixup.board import Board, BoardSyntaxError
from mixmo.mixup.errors import MixUpRuleError
from mixmo.mixup.game import DropPiece, MixUpGame
from mixmo.mixup.levels import Level
from mixmo.mixup.pieces import Piece, PieceSyntaxError, Side

FORMAT = "mixmo-mixup"
VERSION = 1


class SaveFileError(ValueError):
    """A saved game that cannot be read or does not replay."""


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
        raise SaveFileError(
            _("{line}:{col}: not JSON ({reason})").format(
                line=error.lineno, col=error.colno, reason=error.msg
            )
        ) from None
    except RecursionError:  # thousands of [ or {: a save nests two levels deep
        raise SaveFileError(_("damaged save: nested too deeply")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(_("not a saved MixUp game"))
    if data.get("version") != VERSION:
        raise SaveFileError(
            _("saved by another version of mixmo (format {version})").format(
                version=data.get("version")
            )
        )
    seating = _seating(data)
    moves_text = data.get("moves")
    if not isinstance(moves_text, list) or not all(isinstance(m, str) for m in moves_text):
        raise SaveFileError(_('damaged save: "moves" must be a list of moves, like ["Rm4", "Gb4"]'))
    moves = [_move(code) for code in moves_text]
    lines = data.get("board")
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise SaveFileError(_('damaged save: "board" must be a list of the board\'s lines'))
    try:
        board = Board.parse("\n".join(lines))
    except BoardSyntaxError as error:
        raise SaveFileError(_("damaged save ({reason})").format(reason=error)) from None
    game = MixUpGame()
    for number, move in enumerate(moves, start=1):
        try:
            game.apply(move)
        except MixUpRuleError as error:
            raise SaveFileError(
                _("move {number} does not replay: {reason}").format(number=number, reason=error)
            ) from None
    if game.state.board != board:
        raise SaveFileError(_("the moves do not give the board written in the save"))
    return game, seating


MAX_DIGITS = 40
"""The longest number a save holds (a seed is at most 19 digits); Python's own limit
for reading one is 4,300 digits, past which json.loads fails with a bare ValueError."""


def _bounded_int(digits: str) -> int:
    """A JSON integer of the save, refused when no save could hold it."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        count = len(digits.lstrip("-"))
        raise SaveFileError(_("damaged save: a number of {count} digits").format(count=count))
    return int(digits)


def _seating(data: dict[str, Any]) -> Seating:
    """The players' names, the computer's side and level, and the seed, each checked."""
    players = data.get("players")
    if not isinstance(players, dict) or not all(
        isinstance(players.get(side.value), str) for side in Side
    ):
        raise SaveFileError(
            _(
                'damaged save: "players" must give both names, like {"colour": "Ann", "shape": "Bob"}'
            )
        )
    bot = data.get("bot")
    bot_side = bot_level = None
    if bot is not None:
        try:
            bot_side, bot_level = Side(bot["side"]), Level(bot["level"])
        except (KeyError, TypeError, ValueError):
            raise SaveFileError(
                _(
                    'damaged save: "bot" must be null or the computer\'s side and level, '
                    'like {"side": "shape", "level": "normal"}'
                )
            ) from None
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):  # (--seed may be negative)
        raise SaveFileError(_('damaged save: "seed" must be a whole number'))
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
        raise SaveFileError(
            _("{code!r} is not a move (a piece and a column, like Rm4)").format(code=code)
        ) from None
