"""What MixUp's main screen looks like at 80x26, in English and in French."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.mixup import DropPiece, MixUpGame, Piece
from mixmo.mixup.save import Seating
from mixmo.tui.mixup.app import MixUpApp

MOVES = "Rm4 Gb4 Bd3 Rb5 Gm3"


def app_mid_game() -> MixUpApp:
    """Five pieces played, Bob (shape) to move; no save file, no falling animation."""
    game = MixUpGame(DropPiece(Piece.parse(m[:2]), int(m[2:])) for m in MOVES.split())
    return MixUpApp(game, Seating(colour="Ann", shape="Bob"), animate_drops=False)


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    saved = set_ui_language(request.param)
    yield request.param
    restore_ui_language(saved)


def test_mixup_main_screen(snap_compare, language: str) -> None:
    """The stand, the pool with its counts, whose turn, and the news of the last move."""
    press = ["2", "down", "down", "enter", "up", "up", "up", "enter"]  # Bob, then Ann, into 2
    assert snap_compare(app_mid_game(), press=press, terminal_size=(80, 26))
