"""A refused move is said on MixUp's screen in the player's language, from the engine's
code and fields (the engine itself speaks English only)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.mixup import DropPiece, MixUpGame, Piece
from mixmo.mixup.save import Seating
from mixmo.tui.mixup.app import MixUpApp

SIZE = (80, 26)
COLUMN_2_FULL = "Rm2 Gb2 Rd2 Gd2 Bm2 Bb2"
"""Six pieces in column 2, no line: Ann (colour) to move."""


def make_app(tmp_path: Path, moves: str) -> MixUpApp:
    game = MixUpGame(DropPiece(Piece.parse(m[:2]), int(m[2:])) for m in moves.split())
    return MixUpApp(game, Seating("Ann", "Bob"), save_path=tmp_path / "mixup-autosave.json")


def news(app: MixUpApp) -> str:
    return " ".join(str(app.query_one("#news").render()).split())


@pytest.fixture
def french() -> Iterator[None]:
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


async def test_a_full_column_is_refused_in_french_on_the_french_screen(
    tmp_path: Path, french: None
) -> None:
    app = make_app(tmp_path, COLUMN_2_FULL)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "enter")
        await pilot.pause()
        said = "Ann (couleur) : La colonne 2 est pleine : choisissez une autre colonne."
        assert said in news(app), news(app)
        assert len(app.game.state.moves) == 6, "the refused move changed nothing"


async def test_a_full_column_is_refused_in_english_on_the_english_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, COLUMN_2_FULL)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "enter")
        await pilot.pause()
        assert "Ann (colour): Column 2 is full: choose another column." in news(app), news(app)
