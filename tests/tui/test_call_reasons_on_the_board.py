"""A wrong MIXMO's reason names places the player can find on the board.

The board has no row numbers and its origin is wherever the first tile went, so
"1 tile at row 0" told the player nothing. On screen, tiles that do not touch the
rest are named by their letters and where they lie next to the main group, and
any other place counts from the grid's top-left tile (row 1, column 1). The
engine's reasons (and `mixmo check`) keep their coordinates.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mixmo.engine.game_calls import TILES_NOT_PLACED
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import AnyWord, embedded
from mixmo.engine.validation import ProblemKind, validate
from mixmo.engine.variants import Variant
from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.tui.call_reasons import board_problems, for_the_board
from tests.tui.helpers import burst, make_app, settle

ENGLISH = embedded("en")


def on_the_board(text: str, *, moved: tuple[int, int] = (-7, 12)) -> list[str]:
    """Each problem of the grid ``text`` (laid anywhere on the board), as the screen says it."""
    grid = Grid.parse(text).shifted(*moved)
    report = validate(grid, ENGLISH, Variant())
    return [for_the_board(p.message, grid, report, ENGLISH, Variant()) for p in report.problems]


# --- tiles apart: by letters and place, never by coordinates ---------------------------------


def test_a_lone_tile_is_named_by_its_letter_and_the_word_beside_it() -> None:
    # A grid once reported: T/e/LAX/T and an M two cells right of the e, with the board's origin
    # somewhere above (the engine said "1 tile at row 0").
    assert on_the_board(" T\n e M\nLAX\n T\n") == ["M (right of the E of TEAT) stands apart"]


def test_a_stray_word_is_named_by_its_letters() -> None:
    assert on_the_board("HOUSE\n\n   ON\n") == ["ON (below the S of HOUSE) stands apart"]


def test_a_tile_touching_only_by_a_corner_is_apart_and_said_diagonally() -> None:
    assert on_the_board("CAT\n   S\n") == ["S (below and right of the T of CAT) stands apart"]


def test_a_joker_is_named_by_the_letter_the_board_shows_for_it() -> None:
    grid = Grid.parse("C?T\n\n  S\n")
    report = validate(grid, ENGLISH, Variant())
    [found] = [tile.letter for tile in report.open_tiles]
    assert found is not None
    assert on_the_board("C?T\n\n  S\n") == [f"S (below the T of C{found}T) stands apart"]


def test_several_stray_groups_name_the_first_and_count_the_others() -> None:
    assert on_the_board("HOUSE\n\nO..ON\n") == [
        "ON (below the S of HOUSE) and 1 other group stand apart"
    ]


def test_groups_of_one_size_have_no_main_group_and_are_all_named() -> None:
    assert on_the_board("TO\n\nMY\n") == ["the grid is in 2 pieces: TO, MY"]


def test_the_same_grid_anywhere_on_the_board_says_the_same() -> None:
    said = {
        tuple(on_the_board("CAT\n\n\nDOG\n  E\n", moved=m)) for m in [(0, 0), (-9, 4), (5, -30)]
    }
    assert len(said) == 1
    assert next(iter(said))[0] == "CAT (above the D of DOG) stands apart"


# --- other places count from the grid's top-left tile -----------------------------------------


def test_a_word_s_place_counts_from_the_grid_s_top_left_tile() -> None:
    assert on_the_board("CAT\n\n\nDOG\n  E\n")[1].startswith(
        "GE (down at row 4, column 3) is not in "
    )


def test_the_engine_and_mixmo_check_keep_their_coordinates() -> None:
    grid = Grid.parse(" T\n e M\nLAX\n T\n")
    [problem] = validate(grid, ENGLISH, Variant()).problems
    assert problem.kind is ProblemKind.DISCONNECTED
    assert "1 tile at row 2, column 4" in str(problem.message)  # the grid file's own lines


def test_a_reason_that_is_not_about_the_grid_is_left_as_it_is() -> None:
    grid = Grid.parse("CAT\n")
    report = validate(grid, ENGLISH, Variant())
    reason = TILES_NOT_PLACED(tiles="QZ")
    assert for_the_board(reason, grid, report, ENGLISH, Variant()) == "tiles not placed: QZ"


@pytest.fixture
def french() -> Iterator[None]:
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


def test_tiles_apart_in_french(french: None) -> None:
    grid = Grid.parse("TEXTE\n\n  M\n").shifted(3, -8)
    assert board_problems(grid, AnyWord(language="fr"), Variant()) == [
        "M (en dessous du X de TEXTE) est à l'écart"
    ]


# --- on screen: the hasty call's news on the caller's pane -----------------------------------


def plain_rack_seed() -> int:
    """A deal where Bob's rack holds six letter tiles (no joker, no Bandit)."""
    from mixmo.engine.game import Game
    from mixmo.engine.options import MatchOptions
    from mixmo.engine.state import Phase

    for seed in range(500):
        game = Game(MatchOptions(players=("Ann", "Bob"), seed=seed), AnyWord())
        if game.phase is Phase.PLAYING and all(
            t.symbol.isalpha() for t in game.round.player(1).rack
        ):
            return seed
    raise AssertionError("no such seed")


async def test_a_hasty_call_with_a_tile_apart_names_it_on_the_caller_s_pane() -> None:
    app, _clock = make_app(2, seed=plain_rack_seed())
    async with app.run_test(size=(120, 30)) as pilot:
        rack = [t.symbol for t in app.table.round.player(1).rack]
        # Bob types five letters, steps over one cell, types the last one, calls MIXMO:
        # all in one burst, as a fast typist does.
        burst(app, "2", "up", "up", *(s.lower() for s in rack[:5]), "right", rack[5].lower(), "f5")
        await settle(pilot, 8)
        assert app.table.round.player(1).locked
        news = str(app.query_one("#news-1").render())
        word = "".join(rack[:5])
        assert news == (
            f"✗ hasty call: {rack[5]} (right of the {rack[4]} of {word}) stands apart"
        ), news
        assert "row" not in news and "column" not in news
