"""Keys reach the game in the order they were typed, and go where the player expects."""

from __future__ import annotations

from textual.widgets import OptionList

from mixmo.tui.modals import ConfirmScreen
from mixmo.tui.round_dialogs import ThemeScreen
from tests.tui.helpers import burst, make_app, seed_where, settle

SIZE = (100, 30)


def letters_on_rack(app, seat: int = 0) -> list[str]:
    return [t.symbol.lower() for t in app.table.round.player(seat).rack if t.symbol.isalpha()]


def row_of(app, seat: int = 0, row: int = 0) -> str:
    grid = app.table.round.player(seat).grid
    return "".join(grid[cell].symbol for cell in sorted(c for c in grid if c[0] == row))


async def test_a_letter_typed_after_arrows_in_one_burst_lands_where_the_arrows_led() -> None:
    app, _ = make_app(seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        first, second = letters_on_rack(app)[:2]
        burst(app, first, "left", "left", second)  # "m Left Left i" gives "I M"
        await settle(pilot)
        grid = app.table.round.player(0).grid
        assert grid[(0, -1)].symbol == second.upper() and grid[(0, 0)].symbol == first.upper()


async def test_backspace_in_a_burst_takes_back_the_tile_before_it() -> None:
    app, _ = make_app(seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        a, b, c = letters_on_rack(app)[:3]
        burst(app, a, b, "backspace", c)  # "m i BSpace t" gives "MT"
        await settle(pilot)
        assert row_of(app) == (a + c).upper()
        assert b.upper() in [t.symbol for t in app.table.round.player(0).rack]


async def test_a_pane_switch_in_a_burst_sends_the_next_letters_to_the_new_pane() -> None:
    app, _ = make_app(seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        mine, theirs = letters_on_rack(app, 0)[0], letters_on_rack(app, 1)[0]
        burst(app, mine, "tab", theirs, "1", "space")
        await settle(pilot)
        assert row_of(app, 0) == mine.upper() and row_of(app, 1) == theirs.upper()
        assert app.active == 0 and app.panes[0].direction.value == "down"


async def test_mixmo_in_a_burst_comes_after_the_tiles_typed_before_it() -> None:
    app, _ = make_app(seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        rack = [t.symbol for t in app.table.round.player(0).rack]
        keys = [{"?": "question_mark", "!": "exclamation_mark"}.get(s, s.lower()) for s in rack]
        burst(app, *keys, "f5")
        await settle(pilot, 8)
        assert len(app.table.round.player(0).grid) == 6
        assert not app.table.round.player(0).locked, "the call came after the six tiles"
        assert len(app.table.round.player(1).rack) == 8


async def test_digits_and_alt_digits_make_a_pane_active() -> None:
    app, _ = make_app(3, seed=seed_where(3, bandit_first=False))
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("3")
        assert app.active == 2
        await pilot.press("alt+2")
        assert app.active == 1
        await pilot.press("1")
        assert app.active == 0
        await pilot.press("6")
        assert app.active == 0, "no sixth player: nothing happens"


async def test_the_theme_dialog_holds_every_key_and_its_list_is_reached_with_tab() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ThemeScreen)
        drawer = app.table.round.bandit_seat
        racks = [app.panes[s].rack for s in range(2)]
        burst(app, "f9", "f10", "up", "left", "shift+tab", "tab")
        await settle(pilot)
        assert app.active == 0 and [app.panes[s].rack for s in range(2)] == racks
        assert all(p.cursor == (0, 0) for p in app.panes), "no hidden cursor moved"
        burst(app, "tab")
        await settle(pilot)
        assert isinstance(app.focused, OptionList), "Tab reaches the built-in lists"
        burst(app, "down", "down", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, ThemeScreen)
        assert app.table.round.theme_list is not None, "a built-in list was picked"
        assert app.table.round.bandit_seat == drawer


async def test_a_confirmation_takes_keys_before_the_board() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        first = letters_on_rack(app)[0]
        burst(app, "ctrl+q", first, "tab", "n")
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmScreen)
        assert len(app.table.round.player(0).grid) == 0 and app.active == 0
