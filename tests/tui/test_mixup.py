"""`mixmo mixup` played through keys, as two players at one keyboard would, checking the screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.mixup import DropPiece, MixUpGame, Piece, Side
from mixmo.mixup.levels import Level
from mixmo.mixup.pieces import ALL_PIECES
from mixmo.mixup.save import Seating
from mixmo.tui.mixup.app import MixUpApp
from mixmo.tui.mixup.modals import ConfirmScreen, HelpScreen
from mixmo.tui.mixup.saves import load
from mixmo.tui.mixup.views import PoolView, StandView

SIZE = (80, 26)


def make_app(
    tmp_path: Path, moves: str = "", frame: float = 0.01, light: bool = False, **seating: object
) -> MixUpApp:
    game = MixUpGame(DropPiece(Piece.parse(m[:2]), int(m[2:])) for m in moves.split())
    names = {"colour": "Ann", "shape": "Bob", **seating}
    return MixUpApp(
        game,
        Seating(**names),  # type: ignore[arg-type]
        save_path=tmp_path / "mixup-autosave.json",
        frame_seconds=frame,
        light=light,
    )


def stand(app: MixUpApp) -> list[str]:
    return app.query_one(StandView).text_lines()


def pool(app: MixUpApp) -> list[str]:
    return app.query_one(PoolView).text_lines()


def news(app: MixUpApp) -> str:
    return str(app.query_one("#news").render())


def status(app: MixUpApp) -> str:
    return str(app.query_one("#status").render())


def cell(app: MixUpApp, column: int, row: int) -> str:
    """What the stand shows in one cell (row 1 at the bottom)."""
    line = stand(app)[7 - row]
    start = 1 + (column - 1) * 5
    return line[start : start + 5].strip()


async def test_two_players_choose_pieces_and_columns_and_see_them_drop(tmp_path: Path) -> None:
    app = make_app(tmp_path, frame=3600)  # the test moves the falling piece itself
    async with app.run_test(size=SIZE) as pilot:
        assert "Ann (colour) to move" in status(app)
        assert pool(app)[1].startswith("▶ R☾ red moon") and "x6" in pool(app)[1]
        await pilot.press("right", "left", "left", "enter")  # column 4 -> 5 -> 4 -> 3
        # the piece appears at the top of column 3 and falls row by row
        seen = []
        while app.falling is not None:
            seen.append([row for row in range(1, 7) if cell(app, 3, row) == "R☾"])
            app._fall_step()
        assert seen == [[6], [5], [4], [3], [2]]
        await pilot.pause()
        assert cell(app, 3, 1) == "R☾" and cell(app, 3, 2) == "·"
        assert "Ann (colour) dropped R☾ (red moon) into column 3, row 1." in news(app)
        for line in ("#news", "#hint"):  # the news and the key hint fit on the screen
            assert app.query_one(line).region.bottom <= SIZE[1], line
        assert "x5" in pool(app)[1]
        assert "Bob (shape, any shape but moon) to move" in status(app)
        # shape's first piece may not be a moon: the chosen piece moved on to a bolt
        assert pool(app)[2].startswith("▶ Rϟ")
        await pilot.press("up", "enter")  # back to the red moon: refused with a sentence
        await pilot.pause()
        assert "Bob (shape): The shape player's first piece may not be a moon" in news(app)
        assert len(app.game.state.moves) == 1
        await pilot.press("down", "down", "down", "down", "down", "3", "enter")  # G♦
        while app.falling is not None:
            app._fall_step()
        await pilot.pause()
        assert cell(app, 3, 2) == "G♦"
        assert "Ann (colour) to move" in status(app)


async def test_a_win_is_announced_and_its_line_highlighted(tmp_path: Path) -> None:
    app = make_app(tmp_path, "Rm1 Gb7 Rb2 Gd7 Rd3 Bb6")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "enter")
        await pilot.pause(0.5)
        assert "Ann (colour) wins!" in status(app)
        assert "wins with (1,1) (2,1) (3,1) (4,1)!" in news(app)
        bottom = stand(app)[6]
        assert bottom.count("[") == 4, "the four winning cells are bracketed"
        assert "[R☾]" in bottom and "[Rϟ]" in bottom and "[R♦]" in bottom
        await pilot.press("5", "enter")
        await pilot.pause()
        assert "the game is over" in news(app).lower()


async def test_taking_back_needs_the_other_players_agreement(tmp_path: Path) -> None:
    app = make_app(tmp_path, "Rm4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Ann (colour) asks to take back R☾ in column 4." in app.screen.question
        assert "Bob (shape), do you agree?" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert "did not agree: the move stands" in news(app)
        assert len(app.game.state.moves) == 1
        await pilot.press("u", "y")
        await pilot.pause()
        assert "Bob (shape) agreed" in news(app)
        assert app.game.state.moves == ()
        assert "x6" in pool(app)[1]
        assert "Ann (colour) to move" in status(app)
        assert load(app.save_path)[0].state.moves == (), "the take-back is saved"


async def test_the_help_screen_lists_the_keys_and_the_rules(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = str(app.screen.query_one("#help-keys").render())
        rules = str(app.screen.query_one("#help-rules").render())
        assert "drop the piece into the column" in keys
        assert "2x2 square of one" in rules and "☾ moon, ϟ bolt, ♦ drop" in rules
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_every_move_is_saved_and_a_resumed_game_shows_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "enter")
        await pilot.pause(0.5)
        await pilot.press("6", "enter")
        await pilot.pause(0.5)
    game, seating = load(tmp_path / "mixup-autosave.json")
    assert [(m.column, m.row) for m in game.state.moves] == [(2, 1), (6, 1)]
    resumed = MixUpApp(game, seating, save_path=tmp_path / "mixup-autosave.json")
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Resumed: Bob (shape) played" in news(resumed)
        assert "Ann (colour) to move" in status(resumed)
        assert stand(resumed)[6][6:10].strip() == "R☾"


async def test_against_the_computer_it_answers_and_takes_back_by_agreement(tmp_path: Path) -> None:
    app = make_app(tmp_path, bot_side=Side.SHAPE, bot_level=Level.EASY, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "enter")
        await pilot.pause(0.3)
        await app.workers.wait_for_complete()
        await pilot.pause(0.5)
        assert len(app.game.state.moves) == 2
        assert app.game.state.moves[1].side is Side.SHAPE
        assert "Bob (shape) dropped" in news(app)
        await pilot.press("u")
        await pilot.pause()
        assert app.game.state.moves == ()
        assert "The computer agreed" in news(app)


async def test_a_new_game_over_an_unfinished_one_keeps_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, "Rm4 Gb4")
    async with app.run_test(size=SIZE) as pilot:
        app.autosave()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app.game.state.moves == ()
        assert "The unfinished one is kept in" in news(app)
    kept, _ = load(tmp_path / "mixup-unfinished-1.json")
    assert len(kept.state.moves) == 2


async def test_without_colour_every_piece_still_reads(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tmp_path, "Rm1 Gb2 Bd3 Rb4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.no_color
        bottom = stand(app)[6]
        for text in ("R☾", "Gϟ", "B♦", "Rϟ"):
            assert text in bottom, "a colour letter and a shape glyph for every piece"
        screen = app.export_screenshot()
        assert "R☾" in screen and "Gϟ" in screen
        assert "G♦ green drop" in "\n".join(pool(app))


async def test_a_save_the_disk_refuses_does_not_stop_the_game(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    game = MixUpGame()
    app = MixUpApp(game, Seating("Ann", "Bob"), save_path=tmp_path / "a-file" / "save.json")
    app.autosave()  # what the command does before the screen opens
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Cannot save to" in news(app) and "play goes on, unsaved" in news(app)
        await pilot.press("enter")
        await pilot.pause(0.5)
        assert len(app.game.state.moves) == 1
        assert "Cannot save to" in news(app)
        assert "Ann (colour) dropped R☾" in news(app)


async def test_the_computer_opens_when_it_plays_colour(tmp_path: Path) -> None:
    app = make_app(
        tmp_path, colour="Cpu", shape="Ann", bot_side=Side.COLOUR, bot_level=Level.NORMAL
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        await app.workers.wait_for_complete()
        await pilot.pause(0.5)
        assert [m.side for m in app.game.state.moves] == [Side.COLOUR]
        assert "Ann (shape, any shape but moon) to move" in status(app)
        await pilot.press("u")
        await pilot.pause()
        assert "You have not moved yet" in news(app)


# --- in French ------------------------------------------------------------------------------


@pytest.fixture
def french() -> Iterator[None]:
    """The interface in French, as `mixmo --ui fr mixup` (or a French locale) chooses it."""
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


async def test_mixup_plays_in_french(tmp_path: Path, french: None) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert "Couleur : Ann   Forme : Bob" in status(app)
        assert "À Ann de jouer (couleur)" in status(app)
        assert pool(app)[0].startswith("Réserve (Haut/Bas)")
        assert pool(app)[4].startswith("  V☾ lune verte"), "V for vert: the French initial"
        assert "54 pièces restantes" in pool(app)[-1]
        assert "Entrée jouer" in str(app.query_one("#hint").render())
        await pilot.press("4", "enter")
        await pilot.pause(0.5)
        assert "Ann (couleur) a lâché R☾ (lune rouge) dans la colonne 4, rangée 1." in news(app)
        assert "À Bob de jouer (forme, toute forme sauf lune)" in status(app)
        await pilot.press("up", "enter")  # a moon again: refused, in French
        await pilot.pause()
        assert "Bob (forme) : La première pièce du joueur forme ne peut pas être de forme lune" in (
            news(app)
        )
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Ann (couleur) demande à reprendre R☾ dans la colonne 4." in app.screen.question
        assert "Bob (forme), êtes-vous d'accord ?" in app.screen.question
        assert "O ou Y oui, N non" in str(app.screen.query_one("#answers").render())
        await pilot.press("o")  # o for oui
        await pilot.pause()
        assert app.game.state.moves == ()
        assert "Bob (forme) est d'accord : R☾ retourne dans la réserve" in news(app)
        await pilot.press("f1")
        await pilot.pause()
        rules = str(app.screen.query_one("#help-rules").render())
        assert "carré 2x2 d'une même couleur" in rules
        assert "R rouge, V vert, B bleu ; ☾ lune, ϟ éclair, ♦ goutte" in rules
        assert "reprendre le dernier coup" in str(app.screen.query_one("#help-keys").render())


async def test_a_win_and_a_full_column_in_french(tmp_path: Path, french: None) -> None:
    app = make_app(tmp_path, "Rm1 Gb7 Rb2 Gd7 Rd3 Bb6")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "enter")
        await pilot.pause(0.5)
        assert "Ann (couleur) gagne ! N lance une nouvelle partie." in status(app)
        assert "gagne avec (1,1) (2,1) (3,1) (4,1) !" in news(app)
        await pilot.press("5", "enter")
        await pilot.pause()
        assert "La partie est finie (le joueur couleur a gagné)" in news(app)


# --- readable: AA contrast in the dark and the light theme ------------------------------------


@pytest.mark.parametrize("light", [False, True])
async def test_every_text_meets_aa_contrast_in_both_themes(tmp_path: Path, light: bool) -> None:
    """The pieces' inks, the pool, the winning cells, the status, news and hint: 4.5:1 at least,
    on the theme's own background (``--light`` turns the whole screen light, not only the
    inks, and the stand draws in the theme's colours, never the terminal's)."""
    from tests.tui.test_readability import AA_TEXT, text_pairs

    app = make_app(tmp_path, "Rm1 Gb7 Rb2 Gd7 Rd3 Bb6", light=light)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pairs = dict(text_pairs(app))  # type: ignore[arg-type]
        await pilot.press("4", "enter")  # red wins across the bottom: reversed cells
        await pilot.pause(0.5)
        for pair, measured in text_pairs(app).items():  # type: ignore[arg-type]
            pairs.setdefault(pair, measured)
        backgrounds = {background for _, background in pairs}
        assert backgrounds >= {"#e0e0e0" if light else "#121212"}
        assert len(pairs) >= 6, "inks of three colours, pool, status, hint"
        failing = {k: v for k, v in pairs.items() if v[0] < AA_TEXT}
        assert not failing, f"below {AA_TEXT}:1: {failing}"
        for strip in app.screen._compositor.render_strips():
            for segment in strip:
                if segment.text.strip():
                    assert segment.style and segment.style.bgcolor, f"{segment.text!r}: no colour"


async def test_the_computer_s_first_move_rule_leaves_the_player_s_chosen_piece_alone(
    tmp_path: Path,
) -> None:
    """The shape player may not open with the colour player's shape; moving the shared pool
    cursor off it for the computer's turn must not change the person's own choice."""
    app = make_app(tmp_path, bot_side=Side.SHAPE, bot_level=Level.EASY, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        chosen = app.selected
        await pilot.press("4", "enter")
        await pilot.pause(0.3)
        await app.workers.wait_for_complete()
        await pilot.pause(0.5)
        assert len(app.game.state.moves) == 2
        assert app.selected == chosen  # still the person's red moon, though they moved nothing
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("3", "enter")
        await pilot.pause()
        assert app.game.state.moves[0].piece == ALL_PIECES[chosen]


async def test_two_players_without_names_are_not_named_colour_colour(tmp_path: Path) -> None:
    app = make_app(tmp_path, colour="Colour", shape="Shape")  # what `mixmo mixup` saves
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Colour against Shape" in status(app)
        assert "Colour: Colour" not in status(app) and "Shape: Shape" not in status(app)
