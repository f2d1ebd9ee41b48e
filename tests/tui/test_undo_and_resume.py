"""Nothing a player did is lost: undo and redo, F8 asks first, and resume restores the screen."""

from __future__ import annotations

from mixmo.data.storage import load_game
from mixmo.engine.lexicon import AnyWord
from mixmo.tui.app import MixmoApp
from mixmo.tui.grid_view import GridView
from mixmo.tui.modals import ConfirmScreen
from tests.tui.helpers import burst, keys_for_rack, make_app, seed_where, settle

SIZE = (100, 30)


async def test_ctrl_z_undoes_a_tile_and_ctrl_y_puts_it_back() -> None:
    app, _ = make_app(seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *keys_for_rack(app, 0)[:3], "ctrl+z")
        await settle(pilot)
        assert len(app.table.round.player(0).grid) == 2
        assert len(app.table.round.player(0).rack) == 4
        burst(app, "ctrl+y")
        await settle(pilot)
        assert len(app.table.round.player(0).grid) == 3


async def test_f8_on_a_grid_of_a_few_tiles_acts_and_on_a_big_grid_asks_first() -> None:
    app, _ = make_app(seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *keys_for_rack(app, 0)[:3], "f8")
        await settle(pilot)
        assert len(app.table.round.player(0).grid) == 0, "three tiles: no question"
        burst(app, *keys_for_rack(app, 0), "f8")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "Take all 6 tiles" in str(app.screen.query_one(".heading").render())
        burst(app, "n")
        await settle(pilot)
        assert len(app.table.round.player(0).grid) == 6, "no: the grid stays"
        burst(app, "f8", "y")
        await settle(pilot)
        assert len(app.table.round.player(0).grid) == 0
        burst(app, "ctrl+z")
        await settle(pilot)
        assert len(app.table.round.player(0).grid) == 6, "and ctrl+z brings it back"


async def test_undo_survives_saving_and_resuming(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    app, _ = make_app(seed=seed_where(2, bandit_first=False), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *keys_for_rack(app, 0)[:2], "ctrl+z")
        await settle(pilot)
    resumed = MixmoApp(load_game(path, lexicon=AnyWord(language="en")), save_path=path)
    async with resumed.run_test(size=SIZE) as pilot:
        burst(resumed, "ctrl+y")
        await settle(pilot)
        assert len(resumed.table.round.player(0).grid) == 2
        burst(resumed, "ctrl+z", "ctrl+z")
        await settle(pilot)
        assert len(resumed.table.round.player(0).grid) == 0


async def test_resume_restores_checking_the_active_pane_rack_order_and_cursors(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    app, _ = make_app(3, seed=seed_where(3, bandit_first=False), save_path=path)
    async with app.run_test(size=(120, 30)) as pilot:
        burst(app, "f4", "2", *keys_for_rack(app, 1)[:2], "space", "down", "f9", "3", "f10")
        burst(app, "right", "right")
        await settle(pilot, 6)
        before = [(p.cursor, p.direction, p.rack) for p in app.panes]
        assert app.live_check and app.active == 2
        await pilot.press("ctrl+q", "y")
        await settle(pilot)
    resumed = MixmoApp(load_game(path, lexicon=AnyWord(language="en")), save_path=path)
    async with resumed.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert resumed.live_check, "live checking stays on"
        assert resumed.active == 2
        assert [(p.cursor, p.direction, p.rack) for p in resumed.panes] == before
        view = resumed.query_one("#grid-1", GridView)
        assert view.picture.cursor == before[1][0] and view.picture.direction.value == "down"
        assert "check on" in str(resumed.header.render())


async def test_a_view_file_of_another_game_or_a_damaged_one_is_ignored(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    (tmp_path / "autosave.view.json").write_text('{"match": "x", "active": 1, "panes": []}')
    app, _ = make_app(seed=seed_where(2, bandit_first=False), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.active == 0
    (tmp_path / "autosave.view.json").write_text("[" * 100_000)
    app, _ = make_app(seed=seed_where(2, bandit_first=False), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.active == 0
