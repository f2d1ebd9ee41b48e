"""`mixmo play`, driven through key presses and clicks only, checking what the screen shows."""

from __future__ import annotations

from mixmo.data.storage import load_game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.tiles import Tile
from mixmo.tui.grid_view import GridView
from mixmo.tui.modals import ConfirmScreen, HelpScreen
from mixmo.tui.player_pane import PlayerPane
from mixmo.tui.round_dialogs import ClaimScreen, ScoresScreen, ThemeScreen, VoteScreen
from tests.tui.helpers import keys_for_rack, make_app, play_to_the_end, seed_where

SIZE = (100, 30)


def title_of(app, seat: int) -> str:
    return str(app.query_one(f"#title-{seat}").render())


def news_of(app, seat: int) -> str:
    return str(app.query_one(f"#news-{seat}").render())


async def test_typing_letters_places_rack_tiles_and_steps_on() -> None:
    app, _ = make_app(seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        rack = app.table.round.player(0).rack
        first, second = rack[0].symbol, rack[1].symbol
        await pilot.press(first.lower() if first.isalpha() else "question_mark")
        await pilot.press("space")  # now down
        await pilot.press(second.lower() if second.isalpha() else "question_mark")
        await pilot.pause()
        grid = app.table.round.player(0).grid
        assert grid[(0, 0)] == rack[0] or grid[(0, 0)].symbol == "?"
        assert (0, 1) in grid, "the first tile stepped the cursor across"
        assert len(app.table.round.player(0).rack) == 4
        view = app.query_one("#grid-0", GridView)
        assert view.picture.cursor == (1, 1), "the second one stepped it down"
        assert view.picture.direction.value == "down"


async def test_a_letter_not_on_the_rack_is_refused_with_a_message() -> None:
    app, _ = make_app(seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        rack_letters = {t.symbol for t in app.table.round.player(0).rack}
        missing = next(c for c in "ZQXJKWVY" if c not in rack_letters)
        await pilot.press(missing.lower())
        await pilot.pause()
        assert len(app.table.round.player(0).grid) == 0
        assert f"no {missing} tile on their rack" in news_of(app, 0)


async def test_tab_and_alt_digits_switch_the_active_pane() -> None:
    app, _ = make_app(3, seed=seed_where(3, bandit_first=False))
    async with app.run_test(size=(120, 30)) as pilot:
        assert app.query_one("#pane-0", PlayerPane).has_class("active")
        await pilot.press("tab")
        assert app.active == 1 and app.query_one("#pane-1").has_class("active")
        assert "▶" in title_of(app, 1) and "▶" not in title_of(app, 0)
        await pilot.press("alt+3")
        assert app.active == 2
        await pilot.press("shift+tab")
        assert app.active == 1
        await pilot.click("#pane-0")
        assert app.active == 0


async def test_mixmo_key_draws_two_tiles_into_every_pane() -> None:
    app, _ = make_app(3, seed=seed_where(3, bandit_first=False))
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press(*keys_for_rack(app, 0))
        await pilot.press("f5")
        await pilot.pause()
        assert [len(p.rack) for p in app.table.round.players] == [2, 8, 8]
        header = str(app.query_one("#header").render())
        assert "bag 96" in header
        assert "MIXMO! Ann called" in header, "the news is in the header, over no rack"
        assert "drew" in news_of(app, 1)


async def test_a_hasty_call_locks_and_greys_the_callers_pane_until_the_next_mixmo() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")  # six tiles still on the rack
        await pilot.pause()
        assert app.query_one("#pane-0").has_class("locked")
        assert "LOCKED" in title_of(app, 0)
        assert "hasty call: tiles not placed" in news_of(app, 0)
        await pilot.press(*keys_for_rack(app, 0)[:1])
        assert len(app.table.round.player(0).grid) == 0
        assert "may not act" in news_of(app, 0)
        await pilot.press("tab", *keys_for_rack(app, 1), "f5")
        await pilot.pause()
        assert not app.query_one("#pane-0").has_class("locked")


async def test_the_bandit_modal_asks_its_drawer_for_a_theme() -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ThemeScreen)
        await pilot.press(*"music", "enter")
        await pilot.pause()
        assert app.table.round.theme == "music" and app.table.round.theme_list == "music"
        assert "Theme: music" in str(app.query_one("#header").render()), "the news, for a while"
        clock.now += 10
        app.tick()
        assert "theme music" in str(app.query_one("#header").render())
        assert not isinstance(app.screen, ThemeScreen)


async def test_a_whole_round_to_the_final_mixmo_claims_votes_and_scores() -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_end(app, pilot, clock)
        assert app.table.round.final_caller == 0
        assert isinstance(app.screen, ClaimScreen)
        await pilot.press("space", "enter")  # Ann claims her (one long) word
        await pilot.pause()
        assert isinstance(app.screen, ClaimScreen)
        await pilot.press("enter")  # Bob claims nothing
        await pilot.pause()
        assert isinstance(app.screen, VoteScreen)
        await pilot.press("enter")  # the table accepts the claim
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        assert "Ann wins round 1" in str(app.screen.query_one(".heading").render())
        assert app.table.state.totals[0] > 60 + 20
        await pilot.press("enter")
        await pilot.pause()
        assert app.table.round.number == 2
        assert [len(p.rack) for p in app.table.round.players] == [6, 6]


async def test_every_move_is_saved_and_the_game_resumes(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys_for_rack(app, 0)[:3])
        await pilot.pause()
        state = app.table.state
    resumed = load_game(path, lexicon=AnyWord(language="en"))
    assert resumed.state == state
    from mixmo.tui.app import MixmoApp

    again = MixmoApp(resumed, save_path=path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert len(again.query_one("#grid-0", GridView).picture.grid) == 3


async def test_quitting_asks_first_and_saves(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        await pilot.press("ctrl+c", "y")
        await pilot.pause()
    assert app.return_code == 0 or app.return_code is None
    assert path.exists()


async def test_mouse_click_a_rack_tile_then_a_cell_places_it() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        tile: Tile = app.table.round.player(0).rack[2]
        await pilot.click("#rack-0", offset=(len("Rack ") + 2 * 2, 0))
        assert "reverse" in str(app.query_one("#rack-0").render().spans)
        view = app.query_one("#grid-0", GridView)
        cell = view.cell_at(10, 5)
        await pilot.click("#grid-0", offset=(10, 5))
        await pilot.pause()
        assert app.table.round.player(0).grid.items() == [(cell, tile)]
        assert view.picture.cursor == cell


async def test_help_lists_every_key() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = dict(app.screen.keys)
        assert keys["f5"].startswith("call MIXMO")
        assert keys["tab"].startswith("make the next player")
        assert "shift+arrows" in keys and "A-Z" in keys
        assert "ctrl+z" in keys and "ctrl+y" in keys, "undo and redo"
        assert keys["f12"] == "the last round's scores again"
        assert keys["ctrl+l"].startswith("show a pane full size")
        assert len(keys) == 29  # the hot-seat keys too: the digits and a click on a pane
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_live_checking_marks_invalid_words() -> None:
    from tests.tui.helpers import english

    app, _ = make_app(2, lexicon=english(), seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        keys = keys_for_rack(app, 0)
        await pilot.press(*keys[:2])
        await pilot.pause()
        assert "invalid" not in title_of(app, 0)
        await pilot.press("f4")
        await pilot.pause()
        view = app.query_one("#grid-0", GridView)
        report_words = title_of(app, 0)
        assert "1 word," in report_words, "one word, never '1 words'"
        if "invalid" in report_words:
            assert view.picture.bad_cells


async def test_a_terminal_too_small_says_so() -> None:
    app, _ = make_app(6, seed=seed_where(6, bandit_first=False))
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        assert app.has_class("too-small")
        assert "enlarge the terminal: 6 players" in str(app.query_one("#too-small").render())
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        assert not app.has_class("too-small")


async def test_dragging_a_tile_moves_it() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys_for_rack(app, 0)[:2])
        await pilot.pause()
        view = app.query_one("#grid-0", GridView)
        top, left = view._origin
        start = ((0 - top), (0 - left) * 2)  # widget y, x of cell (0, 0)
        tile = app.table.round.player(0).grid[(0, 0)]
        await pilot.mouse_down("#grid-0", offset=(start[1], start[0]))
        await pilot.mouse_up("#grid-0", offset=(start[1], start[0] + 3))
        await pilot.pause()
        grid = app.table.round.player(0).grid
        assert (0, 0) not in grid and grid[(3, 0)] == tile


async def test_selecting_a_block_and_moving_and_flipping_it() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys_for_rack(app, 0)[:3])  # three tiles across from (0, 0)
        before = [app.table.round.player(0).grid[(0, c)] for c in range(3)]
        await pilot.press("left", "left", "left", "shift+right", "shift+right")
        await pilot.press("alt+down")
        await pilot.pause()
        grid = app.table.round.player(0).grid
        assert [grid[(1, c)] for c in range(3)] == before
        await pilot.press("ctrl+r")
        await pilot.pause()
        grid = app.table.round.player(0).grid
        assert [grid[(1 + r, 0)] for r in range(3)] == before, "the row became a column"
        await pilot.press("ctrl+right")
        await pilot.pause()
        assert set(app.table.round.player(0).grid) == {(1, 1), (2, 1), (3, 1)}


async def test_stuck_take_apart_and_rack_order_keys() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        assert "STUCK" in title_of(app, 0)
        await pilot.press(*keys_for_rack(app, 0)[:2])
        assert "STUCK" not in title_of(app, 0), "placing a tile takes 'stuck' back"
        await pilot.press("f8")
        await pilot.pause()
        assert len(app.table.round.player(0).grid) == 0
        await pilot.press("f9")
        rack = app.panes[0].rack
        assert list(rack) == sorted(rack, key=lambda t: (t.is_blank, t.symbol))


async def test_a_keys_file_rebinds_commands_and_a_bad_one_is_reported(tmp_path) -> None:
    from mixmo.tui.app import MixmoApp
    from mixmo.tui.keys import load_keymap

    good = tmp_path / "keys.toml"
    good.write_text('[keys]\nmixmo = "f2"\n')
    keymap, error = load_keymap(good)
    assert error is None and keymap.mixmo == "f2"
    bad = tmp_path / "bad.toml"
    bad.write_text('[keys]\nmixmo = "a"\n')
    _, error = load_keymap(bad)
    assert error and "mixmo: 'a' types tiles" in error
    clash = tmp_path / "clash.toml"
    clash.write_text('[keys]\nmixmo = "f6"\n')
    assert "'f6' is stuck's key; mixmo stays on f5" in (load_keymap(clash)[1] or "")
    broken = tmp_path / "broken.toml"
    broken.write_text("[keys\n")
    assert "cannot read" in (load_keymap(broken)[1] or "")

    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    app = MixmoApp(app.table, keymap=keymap, keymap_error="keys.toml: example problem")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "example problem" in str(app.screen.query_one("#notice").render())
        await pilot.press("enter", "f2")
        await pilot.pause()
        assert app.table.round.player(0).locked, "f2 now calls MIXMO (a hasty one here)"


async def test_the_match_ends_with_standings_and_play_again_starts_a_new_one() -> None:
    from mixmo.tui.round_dialogs import MatchOverScreen

    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=1)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_end(app, pilot, clock)
        await pilot.press("space", "enter", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        assert "Ann wins the match!" in str(app.screen.query_one(".heading").render())
        first_seed = app.table.options.seed
        await pilot.press("enter")
        await pilot.pause()
        assert app.table.options.seed == first_seed + 1
        assert app.table.round.number == 1 and app.table.state.totals == (0, 0)


async def test_the_clock_and_panes_update_while_a_dialog_is_open() -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        clock.now = 75
        app.update_header()
        app.refresh_all()
        await pilot.pause()
        assert "01:15" in str(app.header.render())


async def test_no_color_turns_the_app_monochrome_and_marks_stay(monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    assert app.no_color, "Textual switches to monochrome"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        assert "LOCKED" in title_of(app, 0), "the lock is spelt out, not only greyed"


async def test_the_light_theme(monkeypatch) -> None:
    from mixmo.tui.app import MixmoApp

    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    light = MixmoApp(app.table, light=True)
    async with light.run_test(size=SIZE) as pilot:
        await pilot.press(*keys_for_rack(light, 0)[:2])
        assert light.theme == "textual-light" and not light.current_theme.dark
