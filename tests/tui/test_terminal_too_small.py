"""Too small a terminal: one request, the smallest size that plays, over dialogs too.

The request used to depend on the terminal's size at the time (72x26 asked at 50x12
and 60x24, 72x24 at 66x24), and a dialog open at the deal (the Bandit's theme) was
drawn cut off over the request, its text box answered blind.
"""

from __future__ import annotations

import re

import pytest

from mixmo.tui.board_layout import MIN_GRID_ROWS, MIN_PANE_WIDTH
from mixmo.tui.round_dialogs import ThemeScreen
from tests.tui.helpers import burst, make_app, screen_text, seed_where, settle

REQUEST = re.compile(r"(\d) players need at least (\d+)x(\d+) \(it is (\d+)x(\d+)\)")


def asked(app) -> tuple[int, int] | None:
    """The size the screen asks for, read off the screen; None when it shows no request."""
    match = REQUEST.search(" ".join(screen_text(app).split()))
    return (int(match[2]), int(match[3])) if match else None


def plays(app) -> bool:
    """Every grid is on show with at least MIN_GRID_ROWS rows, every pane wide enough."""
    panes = app.pane_widgets.values()
    return not app.has_class("too-small") and all(
        pane.grid_view.size.height >= MIN_GRID_ROWS and pane.outer_size.width >= MIN_PANE_WIDTH
        for pane in panes
    )


async def test_six_players_are_asked_for_72x24_whatever_the_size_now() -> None:
    app, _ = make_app(6, seed=seed_where(6, bandit_first=False))
    async with app.run_test(size=(50, 12)) as pilot:
        for size in [(50, 12), (60, 24), (66, 24), (71, 40), (100, 23)]:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert asked(app) == (72, 24), screen_text(app)
            assert f"(it is {size[0]}x{size[1]})" in " ".join(screen_text(app).split())
        await pilot.resize_terminal(72, 24)
        await settle(pilot)
        assert plays(app) and asked(app) is None


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
async def test_the_size_asked_for_plays_and_one_row_or_column_less_does_not(players) -> None:
    app, _ = make_app(players, seed=seed_where(players, bandit_first=False))
    async with app.run_test(size=(30, 8)) as pilot:
        await settle(pilot)
        need = asked(app)
        assert need is not None, screen_text(app)
        width, height = need
        await pilot.resize_terminal(width, height)
        await settle(pilot)
        assert plays(app), f"{players} players at {width}x{height}"
        for smaller in [(width - 1, height), (width, height - 1)]:
            await pilot.resize_terminal(*smaller)
            await settle(pilot)
            assert not plays(app) and asked(app) == need, smaller


async def test_the_bandit_s_dialog_gives_way_to_the_request_and_keys_wait_for_it() -> None:
    app, _ = make_app(6, seed=seed_where(6, bandit_first=True))
    async with app.run_test(size=(50, 12)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ThemeScreen)
        text = " ".join(screen_text(app).split())
        assert "Please enlarge the terminal: 6 players need at least 72x24 (it is 50x12)." in text
        assert "BANDIT!" not in text and "choose a theme" not in text
        burst(app, *"cars", "enter")  # typed blind: nothing may happen
        await settle(pilot)
        assert isinstance(app.screen, ThemeScreen) and app.table.round.theme is None
        await pilot.resize_terminal(72, 24)
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "enlarge" not in text and "BANDIT!" in text and "choose a theme" in text
        burst(app, *"cars", "enter")
        await settle(pilot)
        assert app.table.round.theme == "cars"


async def test_quitting_still_works_while_the_terminal_is_too_small() -> None:
    from mixmo.tui.modals import ConfirmScreen

    app, _ = make_app(6, seed=seed_where(6, bandit_first=False))
    async with app.run_test(size=(50, 12)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
