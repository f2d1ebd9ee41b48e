"""MixUp's French screen names each player the way French says it (not "À Vous (couleur) de
jouer"): "À vous de jouer (couleur)" for the person playing the computer, "À l'ordinateur de
jouer", "À Ann de jouer (couleur)" for a named player, "Au joueur couleur de jouer" for two
players without names; and the verbs agree ("Vous avez lâché", "Vous gagnez"). The default
names are saved untranslated, so a game saved in French reads right in English."""

from __future__ import annotations

import json
import os
import sys
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
from tests.tui.helpers import burst, handled
from tests.tui.test_mixup import news, status
from tests.tui.tmux import kill, needs_tmux, tmux, wait_for

SIZE = (80, 26)
WON_NEXT = "Rm1 Gb7 Rb2 Gd7 Rd3 Bb6"
"""Colour's red moon into column 4 makes a red row along the bottom."""
YOU_AND_COMPUTER = Seating("You", "Computer", bot_side=Side.SHAPE, bot_level=Level.BEGINNER)


@pytest.fixture
def french() -> Iterator[None]:
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


def new_app(tmp_path: Path, seating: Seating, moves: str = "") -> MixUpApp:
    game = MixUpGame(DropPiece(Piece.parse(m[:2]), int(m[2:])) for m in moves.split())
    return MixUpApp(game, seating, save_path=tmp_path / "mixup-autosave.json", animate_drops=False)


async def test_against_the_computer_it_is_your_turn_and_you_win(
    tmp_path: Path, french: None
) -> None:
    app = new_app(tmp_path, YOU_AND_COMPUTER, WON_NEXT)
    async with app.run_test(size=SIZE):
        await handled(app)
        assert "Couleur : Vous   Forme : Ordinateur" in status(app)
        assert "À vous de jouer (couleur)" in status(app)
        assert "Vous (couleur)" not in status(app) and "À Vous" not in status(app)
        assert "Partie reprise : l'ordinateur (forme) a joué B" in news(app)
        burst(app, "4", "enter")
        await handled(app)
        assert "Vous gagnez (couleur) ! N lance une nouvelle partie." in status(app)
        said = news(app)
        assert "Vous (couleur) avez lâché R☾ (lune rouge) dans la colonne 4, rangée 1." in said
        assert "Vous (couleur) gagnez avec (1,1) (2,1) (3,1) (4,1) !" in said


async def test_the_computer_s_turn_and_move_in_french(tmp_path: Path, french: None) -> None:
    app = new_app(tmp_path, YOU_AND_COMPUTER, "Rm4 Gb4")
    async with app.run_test(size=SIZE):
        await handled(app)
        assert "Partie reprise : l'ordinateur (forme) a joué Vϟ en dernier." in news(app)
        burst(app, "3", "enter")
        await handled(app)
        assert "Vous (couleur) avez lâché R☾" in news(app)
    thinking = turn(YOU_AND_COMPUTER, Side.SHAPE, thinking=True)
    assert thinking == "À l'ordinateur de jouer (forme) : il réfléchit…"


async def test_a_named_player_s_turn_puts_the_side_after_the_sentence(
    tmp_path: Path, french: None
) -> None:
    app = new_app(tmp_path, Seating("Ann", "Bob"))
    async with app.run_test(size=SIZE):
        assert "À Ann de jouer (couleur)" in status(app)
        burst(app, "4", "enter")
        await handled(app)
        assert "À Bob de jouer (forme, toute forme sauf lune)" in status(app)
        assert "Ann (couleur) a lâché R☾" in news(app)


async def test_two_players_without_names_are_called_by_their_side(
    tmp_path: Path, french: None
) -> None:
    app = new_app(tmp_path, Seating("Colour", "Shape"), WON_NEXT)
    async with app.run_test(size=SIZE):
        assert "Couleur contre Forme" in status(app), "the sides, translated, named once"
        assert "Au joueur couleur de jouer" in status(app)
        assert "Partie reprise : le joueur forme a joué B" in news(app)
        burst(app, "4", "enter")
        await handled(app)
        assert "Le joueur couleur gagne ! N lance une nouvelle partie." in status(app)
        assert "Le joueur couleur a lâché R☾" in news(app)


async def test_the_same_players_in_english(tmp_path: Path) -> None:
    app = new_app(tmp_path, YOU_AND_COMPUTER, WON_NEXT)
    async with app.run_test(size=SIZE):
        assert "Colour: You   Shape: Computer" in status(app)
        assert "You (colour) to move" in status(app)
        assert "Resumed: the computer (shape) played B" in news(app)
        burst(app, "4", "enter")
        await handled(app)
        assert "You (colour) win! N starts a new game." in status(app)
        assert "You (colour) win with (1,1) (2,1) (3,1) (4,1)!" in news(app)
    app = new_app(tmp_path, Seating("Colour", "Shape"))
    async with app.run_test(size=SIZE):
        assert "Colour to move" in status(app)


@needs_tmux
def test_a_game_started_in_french_is_saved_untranslated_and_resumes_in_english(
    tmp_path: Path,
) -> None:
    """`mixmo --ui fr mixup --bot ...` shows "À vous de jouer"; its save names "You" and
    "Computer", so `mixmo mixup --resume` in English says "You (colour) to move"."""
    session = f"mixmo-mixup-fr-{os.getpid()}"
    env = f"-u COLUMNS -u LINES MIXMO_DATA_DIR={tmp_path}"
    mixup = f"{sys.executable} -m mixmo --ui {{ui}} mixup"
    command = f"exec env {env} {mixup.format(ui='fr')} --bot beginner --seed 3"
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "26", command)
    try:
        screen = wait_for(session, lambda s: "de jouer" in s)
        assert "À vous de jouer (couleur)" in screen
        tmux("send-keys", "-t", session, "q")
        wait_for(session, lambda s: s == "")
    finally:
        kill(session)
    players = json.loads((tmp_path / "mixup-autosave.json").read_text())["players"]
    assert players == {"colour": "You", "shape": "Computer"}
    command = f"exec env {env} {mixup.format(ui='en')} --resume"
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "26", command)
    try:
        screen = wait_for(session, lambda s: "to move" in s)
        assert "Colour: You   Shape: Computer" in screen and "You (colour) to move" in screen
    finally:
        kill(session)
