"""MixUp's shape player's first move says its restriction in one sentence, in French too.

Rulebook: the shape player's first piece may not have the shape already on the board. The
status line said it in a second pair of brackets, "À vous de jouer (forme) (toute forme
sauf lune)"; it now reads as one sentence, the restriction beside the side: "À vous de
jouer (forme, toute forme sauf lune)", and "Au joueur forme de jouer (toute forme sauf
lune)" for a player known only by their side.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.mixup import DropPiece, MixUpGame, Piece
from mixmo.mixup.levels import Level
from mixmo.mixup.pieces import Side
from mixmo.mixup.save import Seating
from mixmo.tui.mixup.app import MixUpApp
from mixmo.tui.mixup.sentences import turn
from tests.tui.helpers import handled
from tests.tui.test_mixup import status

SIZE = (80, 26)
COLOUR_PLAYED_A_MOON = "Rm4"
"""Colour's first piece, a red moon: the shape player's first piece may not be a moon."""


@pytest.fixture
def french() -> Iterator[None]:
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


def new_app(tmp_path: Path, seating: Seating) -> MixUpApp:
    game = MixUpGame(
        DropPiece(Piece.parse(m[:2]), int(m[2:])) for m in COLOUR_PLAYED_A_MOON.split()
    )
    return MixUpApp(game, seating, save_path=tmp_path / "mixup-autosave.json", animate_drops=False)


async def test_your_first_shape_move_is_one_sentence_in_french(
    tmp_path: Path, french: None
) -> None:
    seating = Seating("Computer", "You", bot_side=Side.COLOUR, bot_level=Level.BEGINNER)
    app = new_app(tmp_path, seating)
    async with app.run_test(size=SIZE):
        await handled(app)
        shown = status(app)
        assert "À vous de jouer (forme, toute forme sauf lune)" in shown
        assert ") (" not in shown, "one pair of brackets"


async def test_a_player_known_by_their_side_reads_one_sentence_in_french(
    tmp_path: Path, french: None
) -> None:
    app = new_app(tmp_path, Seating())
    async with app.run_test(size=SIZE):
        await handled(app)
        shown = status(app)
        assert "Au joueur forme de jouer (toute forme sauf lune)" in shown
        assert ") (" not in shown


async def test_in_english_the_restriction_sits_beside_the_side(tmp_path: Path) -> None:
    seating = Seating("Computer", "You", bot_side=Side.COLOUR, bot_level=Level.BEGINNER)
    app = new_app(tmp_path, seating)
    async with app.run_test(size=SIZE):
        await handled(app)
        assert "You (shape, any shape but moon) to move" in status(app)


def test_the_computer_thinking_on_its_first_shape_move_is_one_sentence_in_french(
    french: None,
) -> None:
    seating = Seating("You", "Computer", bot_side=Side.SHAPE, bot_level=Level.BEGINNER)
    said = turn(seating, Side.SHAPE, thinking=True, forbidden="lune")
    assert said == "À l'ordinateur de jouer (forme, toute forme sauf lune) : il réfléchit…"
