"""MixUp's keys typed while a piece falls: they are played in the order typed, never
dropped. A drop (or U, N) typed during the fall lands the falling piece at once and is then
played; a column or piece key acts at once. Bursts as tmux send-keys or a fast typist sends
them: every key queued before any is handled."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from pathlib import Path

from mixmo.mixup import MixUpGame
from mixmo.mixup.levels import Level
from mixmo.mixup.pieces import Side
from mixmo.mixup.save import Seating
from mixmo.tui.mixup.app import MixUpApp
from mixmo.tui.mixup.modals import ConfirmScreen
from mixmo.tui.mixup.saves import load
from tests.tui.helpers import burst, handled
from tests.tui.test_mixup import cell, news, status
from tests.tui.tmux import kill, needs_tmux, tmux, wait_for

SIZE = (80, 26)
NEVER = 3600.0
"""A frame that never ends during a test: every key of a burst arrives while the piece falls."""


def new_app(tmp_path: Path, **seating: object) -> MixUpApp:
    return MixUpApp(
        MixUpGame(),
        Seating("Ann", "Bob", **seating),  # type: ignore[arg-type]
        save_path=tmp_path / "mixup-autosave.json",
        frame_seconds=NEVER,
    )


async def until(pilot, holds: Callable[[], bool], seconds: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    """Wait until ``holds()`` is true (a dialog's answer reaches the screen under it, the
    computer's thread answers): what the screen shows, not a fixed sleep."""
    async with asyncio.timeout(seconds):
        while not holds():
            await pilot.pause(0.02)


def codes(game: MixUpGame) -> list[str]:
    """The moves as the save writes them: ``Rm4`` is a red moon into column 4."""
    return [f"{m.piece.code}{m.column}" for m in game.state.moves]


def played(app: MixUpApp) -> list[str]:
    return codes(app.game)


async def test_column_drop_column_drop_in_one_burst_plays_both_moves(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE):
        burst(app, "4", "enter", "5", "enter")  # the second drop comes while the first falls
        await handled(app)
        assert played(app) == ["Rm4", "Rb5"], "Bob's piece goes to column 5, not lost"
        assert cell(app, 4, 1) == "R☾", "Ann's piece landed before Bob's was played"
        assert app.falling == (6, 1), "Bob's piece falls in its turn"
        assert "Bob (shape) dropped Rϟ (red bolt) into column 5, row 1." in news(app)
        assert "Ann (colour) to move" in status(app)
        assert app.save_path is not None
        assert codes(load(app.save_path)[0]) == ["Rm4", "Rb5"], "both moves are saved"


async def test_enter_pressed_twice_quickly_plays_two_pieces_in_the_same_column(
    tmp_path: Path,
) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE):
        burst(app, "enter", "enter", "space")  # Enter, Enter and Space: three drops
        await handled(app)
        assert played(app) == ["Rm4", "Rb4", "Rm4"]
        assert cell(app, 4, 1) == "R☾" and cell(app, 4, 2) == "Rϟ"
        assert app.falling == (6, 3)


async def test_keys_after_a_drop_in_the_burst_act_after_it_not_before(tmp_path: Path) -> None:
    """``enter 2 enter``: the cursor moves to 2 after the first drop is played, so the
    first piece goes to column 4 and the second to 2 (the order typed)."""
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE):
        burst(app, "enter", "2", "down", "enter", "7", "enter")
        await handled(app)
        assert played(app) == ["Rm4", "Rd2", "Rd7"], "Ann plays the kind she chose last"


async def test_take_back_typed_during_the_fall_asks_about_the_piece_that_fell(
    tmp_path: Path,
) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "3", "enter", "u")
        await handled(app)
        assert app.falling is None, "the piece landed before the question"
        assert isinstance(app.screen, ConfirmScreen)
        assert "Ann (colour) asks to take back R☾ in column 3." in app.screen.question
        burst(app, "y")
        await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
        assert played(app) == []
        assert cell(app, 3, 6) == "·" and cell(app, 3, 1) == "·", "no falling piece is left"


async def test_against_the_computer_u_typed_while_your_piece_falls_takes_it_back(
    tmp_path: Path,
) -> None:
    """The computer has not started on the falling piece: it is taken back at once, instead
    of the computer moving first."""
    app = new_app(tmp_path, bot_side=Side.SHAPE, bot_level=Level.BEGINNER, seed=4)
    async with app.run_test(size=SIZE):
        burst(app, "1", "enter", "u")
        await handled(app)
        assert played(app) == [] and not app.thinking
        assert "The computer agreed: your last move (and its reply) are taken back" in news(app)
        assert cell(app, 1, 1) == "·" and cell(app, 1, 6) == "·", "nothing is left falling"
        assert "Ann (colour) to move" in status(app)


async def test_against_the_computer_a_drop_typed_while_its_piece_falls_is_played(
    tmp_path: Path,
) -> None:
    app = new_app(tmp_path, bot_side=Side.SHAPE, bot_level=Level.BEGINNER, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "1", "enter")
        await handled(app)
        burst(app, "enter")  # Ann's piece lands at once; the computer's turn is said
        await handled(app)
        assert "Wait: it is the computer's turn." in news(app)
        await until(pilot, lambda: len(app.game.state.moves) == 2)  # the computer's thread
        assert app.falling is not None, "the computer's piece is falling"
        burst(app, "2", "enter")
        await handled(app)
        assert len(played(app)) == 3 and played(app)[2].endswith("2"), played(app)
        assert "Ann (colour) dropped" in news(app)


def bottom_row(screen: str) -> str:
    """The stand's bottom row as the terminal shows it, one cell a word."""
    rows = [line for line in screen.splitlines() if line.lstrip().startswith("│")]
    return " ".join(rows[-1].split("│")[1].split()) if rows else ""


@needs_tmux
def test_in_a_terminal_a_burst_of_moves_from_send_keys_plays_every_move(tmp_path: Path) -> None:
    """A burst that once lost keys: ``tmux send-keys 4 Enter 5 Enter 6 Down Enter`` in one call."""
    session = f"mixmo-mixup-burst-{os.getpid()}"
    env = f"MIXMO_DATA_DIR={tmp_path}"
    command = f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo mixup --names Ann,Bob"
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "26", command)
    try:
        wait_for(session, lambda s: "Ann (colour) to move" in s)
        tmux("send-keys", "-t", session, "4", "Enter", "5", "Enter", "6", "Down", "Enter")
        screen = wait_for(session, lambda s: bottom_row(s) == "· · · R☾ Rϟ Rϟ ·")
        assert "Bob (shape) to move" in screen and "51 pieces left" in screen
    finally:
        kill(session)
    assert codes(load(tmp_path / "mixup-autosave.json")[0]) == ["Rm4", "Rb5", "Rb6"]
