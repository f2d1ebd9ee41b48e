"""A dialog's keys are played in the order they are typed, however fast they come:
every burst here is queued whole before the app reads its first key, as over SSH."""

from __future__ import annotations

from pathlib import Path

from mixmo.data.storage import load_game
from mixmo.engine.actions import THEME
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.state import Phase
from mixmo.tui.app import MixmoApp
from mixmo.tui.round_dialogs import ClaimScreen, ThemeScreen, VoteScreen
from tests.tui.helpers import burst, keys_for_rack, make_app, play_to_the_end, seed_where, settle

SIZE = (100, 30)


def header(app: MixmoApp) -> str:
    return str(app.query_one("#header").render())


async def test_a_backspace_typed_before_enter_is_in_the_theme_locked_in() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ThemeScreen)
        burst(app, "c", "a", "t", "x", "backspace", "s", "enter")
        await settle(pilot)
        assert app.table.round.theme == "cats"
        assert "Theme: cats" in header(app)


async def test_a_box_cleaned_with_backspaces_then_retyped_in_one_burst() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        burst(app, *"jeans")
        await settle(pilot)
        burst(app, *["backspace"] * 5, *"cats", "enter")
        await settle(pilot)
        assert app.table.round.theme == "cats"


async def test_the_keys_typed_after_the_theme_s_enter_play_on_the_board() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        seat = app.active
        rack = len(app.table.round.player(seat).rack)
        tiles = [key for key in keys_for_rack(app, seat) if key.isalpha()][:2]
        burst(app, *"cats", "enter", *tiles)
        await settle(pilot)
        assert app.table.round.theme == "cats", "the letters after Enter are not in the theme"
        assert not isinstance(app.screen, ThemeScreen)
        assert len(app.table.round.player(seat).grid) == 2, "they are placed on the grid"
        assert len(app.table.round.player(seat).rack) == rack - 2


async def test_a_claim_ticked_and_confirmed_in_one_burst_is_claimed() -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", *keys_for_rack(app, 1)[:2], "shift+tab")
        await play_to_the_end(app, pilot, clock)
        assert isinstance(app.screen, ClaimScreen) and app.screen.player == "Ann"
        word = app.screen.words[0]
        # Ann ticks her word and confirms, and an Enter more in the same burst: typed
        # before Bob's question opened, it does not answer it for him.
        burst(app, "space", "enter", "enter")
        await settle(pilot)
        assert app.table.round.player(0).claims == (word,)
        assert isinstance(app.screen, ClaimScreen) and app.screen.player == "Bob"
        assert app.table.round.player(1).claims is None
        burst(app, "enter")  # Bob, his question on screen, claims nothing
        await settle(pilot)
        assert app.table.round.player(1).claims == ()
        assert isinstance(app.screen, VoteScreen), "the table judges Ann's claim"
        assert app.screen.query_one("#votes").selected == [0], "no stray Space un-ticked it"


async def test_a_theme_longer_than_the_engine_takes_is_cut_at_the_box() -> None:
    from textual import events

    app, _ = make_app(2, seed=seed_where(2, bandit_first=True))
    limit = THEME.max_length or 0
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.post_message(events.Paste("y" * 300))
        burst(app, "enter")  # the paste is refused whole: nothing to choose yet
        await settle(pilot)
        assert isinstance(app.screen, ThemeScreen) and app.table.phase is Phase.CHOOSING_THEME
        burst(app, *"x" * (limit + 1), "enter")
        await settle(pilot)
        assert app.table.round.theme == "x" * limit, "the box took no more than the engine takes"
        assert app.is_running


async def test_quit_and_help_work_over_the_bandit_dialog_and_resume_brings_it_back(
    tmp_path: Path,
) -> None:
    from mixmo.tui.modals import ConfirmScreen, HelpScreen

    path = tmp_path / "autosave.json"
    app, _ = make_app(2, seed=seed_where(2, bandit_first=True), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        burst(app, "f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        burst(app, "escape", "c", "ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        burst(app, "n", "a", "ctrl+c")  # No: the theme box again, without the n
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen), "ctrl+c asks too"
        burst(app, "y")
        await settle(pilot)
    assert app.return_code == 0
    resumed = MixmoApp(load_game(path, lexicon=AnyWord(language="en")), save_path=path)
    async with resumed.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(resumed.screen, ThemeScreen), "resuming opens the Bandit's dialog again"
        burst(resumed, *"cats", "enter")
        await settle(pilot)
        assert resumed.table.round.theme == "cats"


async def test_the_box_keeps_what_was_typed_around_the_quit_question() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        burst(app, "c", "a", "ctrl+q", "n", "t", "s", "enter")
        await settle(pilot)
        assert app.table.round.theme == "cats"


async def test_quit_works_over_the_claims_and_the_votes_and_resume_brings_them_back(
    tmp_path: Path,
) -> None:
    from mixmo.tui.modals import ConfirmScreen

    path = tmp_path / "autosave.json"
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), save_path=path, target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", *keys_for_rack(app, 1)[:2], "shift+tab")
        await play_to_the_end(app, pilot, clock)
        assert isinstance(app.screen, ClaimScreen)
        burst(app, "ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        burst(app, "n", "space", "enter")  # Ann claims
        await settle(pilot)
        burst(app, "enter", "ctrl+q")  # Bob does not
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen), "the quit question over the votes"
        assert isinstance(app.screen_stack[-2], VoteScreen)
        burst(app, "y")
        await settle(pilot)
    assert app.return_code == 0
    resumed = MixmoApp(load_game(path, lexicon=AnyWord(language="en")), save_path=path)
    async with resumed.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert resumed.table.phase is Phase.VOTING
        assert isinstance(resumed.screen, VoteScreen), "resuming opens the votes again"


def sprint_table(path: Path | None = None):
    """An Expert table (Bob's two letters are too short for it: see to_the_sprint)."""
    from mixmo.engine.variants import variant_for

    return make_app(
        2,
        seed=seed_where(2, bandit_first=False),
        variant=variant_for(expert=True, free_spirit=True).name,
        target=10_000,
        save_path=path,
    )


async def to_the_sprint(app: MixmoApp, pilot, clock):
    """Bob lays two letters, Ann calls the final MIXMO: the sprint asks Bob about them."""
    from mixmo.engine import actions as act

    rack = app.table.round.player(1).rack
    for col, tile in enumerate(rack[:2]):
        app.apply(act.PlaceTile(seat=1, row=0, col=col, symbol=tile.symbol))
    await play_to_the_end(app, pilot, clock)
    await settle(pilot)
    return rack


async def test_the_sprint_s_choice_and_the_scores_after_it_in_one_burst() -> None:
    from mixmo.tui.round_dialogs import ScoresScreen, SprintScreen

    app, clock = sprint_table()
    async with app.run_test(size=SIZE) as pilot:
        rack = await to_the_sprint(app, pilot, clock)
        assert isinstance(app.screen, SprintScreen)
        labels = [label for label, _ in app.screen.choices]
        first, second = rack[0].symbol, rack[1].symbol
        label = f"{first}{second} (across at row 1, column 1): take back {second}, keep {first}"
        burst(app, *["down"] * labels.index(label), "enter")
        await settle(pilot)
        assert [tile.symbol for tile in app.table.round.player(1).grid.tiles()] == [first]
        assert isinstance(app.screen, ScoresScreen)
        scored = app.table.last_scored
    # The same choice, then an Enter typed at once: the scores it was typed before stay
    # on screen (the table reads them), and an Enter typed then deals the next round.
    app, clock = sprint_table()
    async with app.run_test(size=SIZE) as pilot:
        await to_the_sprint(app, pilot, clock)
        burst(app, *["down"] * labels.index(label), "enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ScoresScreen) and app.table.round.number == 1
        assert app.table.last_scored == scored, "Bob's round scored as with the keys apart"
        burst(app, "enter")
        await settle(pilot)
        assert app.table.round.number == 2


async def test_quit_works_over_the_sprint_and_resume_brings_it_back(tmp_path: Path) -> None:
    from mixmo.tui.modals import ConfirmScreen, HelpScreen
    from mixmo.tui.round_dialogs import SprintScreen

    path = tmp_path / "autosave.json"
    app, clock = sprint_table(path)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_sprint(app, pilot, clock)
        assert isinstance(app.screen, SprintScreen)
        burst(app, "f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        burst(app, "escape", "ctrl+q", "y")
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmScreen)
    assert app.return_code == 0
    resumed = MixmoApp(load_game(path, lexicon=AnyWord(language="en")), save_path=path)
    async with resumed.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert resumed.table.phase is Phase.SPRINT
        assert isinstance(resumed.screen, SprintScreen), "resuming opens the sprint again"


async def test_a_dialog_the_table_moved_past_under_the_help_is_gone_at_the_next_key() -> None:
    """At a server another screen can answer while this one reads the help: the key after
    Esc plays on the board, it does not answer the Bandit's question a second time."""
    from mixmo.engine import actions as act
    from mixmo.tui.modals import HelpScreen

    app, _ = make_app(2, seed=seed_where(2, bandit_first=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        burst(app, "f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        seat = app.table.round.bandit_seat or 0
        app.table.submit(act.ChooseTheme(seat=seat, theme="wheels", at=0.0))  # answered elsewhere
        await settle(pilot)
        letter = next(key for key in keys_for_rack(app, app.active) if key.isalpha())
        burst(app, "escape", letter)
        await settle(pilot)
        assert not isinstance(app.screen, ThemeScreen)
        assert app.table.round.theme == "wheels"
        assert len(app.table.round.player(app.active).grid) == 1, "the letter is on the board"


async def test_keys_typed_while_the_terminal_is_too_small_do_not_play_on_the_hidden_grid() -> None:
    """The board hidden (the terminal too small), its keys wait."""
    app, _ = make_app(3, seed=seed_where(3, bandit_first=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        racks = [app.table.round.player(seat).rack for seat in range(3)]
        await pilot.resize_terminal(40, 10)
        await settle(pilot)
        burst(app, "1", *keys_for_rack(app, 0)[:3], "space", "2", *keys_for_rack(app, 1)[:2])
        await settle(pilot)
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert [app.table.round.player(seat).rack for seat in range(3)] == racks
        assert all(not len(app.table.round.player(seat).grid) for seat in range(3))


async def test_a_theme_pasted_then_enter_in_one_burst_is_the_theme() -> None:
    from textual import events

    app, _ = make_app(2, seed=seed_where(2, bandit_first=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        burst(app, "c")
        app.post_message(events.Paste("ats\nignored"))
        burst(app, "enter")
        await settle(pilot)
        assert app.table.round.theme == "cats"
