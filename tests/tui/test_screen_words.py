"""The screen says enough, in the right place, in plain words."""

from __future__ import annotations

from mixmo.engine import events as ev
from mixmo.engine.game_calls import TILES_NOT_PLACED
from mixmo.engine.game_errors import (
    CannotMoveThereError,
    CellHoldsTileError,
    EmptyCellError,
    GridsFrozenError,
    phase_words,
)
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.validation import validate
from mixmo.tui.modals import RULES_SUMMARY, HelpScreen, TickList
from mixmo.tui.news import news_for, refusal_text
from mixmo.tui.practice import PracticeApp, practice_game
from tests.tui.helpers import (
    FakeClock,
    burst,
    english,
    keys_for_rack,
    make_app,
    seed_where,
    settle,
)

SIZE = (100, 30)


def text_of(app, selector: str) -> str:
    return str(app.query_one(selector).render())


async def test_news_for_the_table_is_in_the_header_not_over_a_rack() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *keys_for_rack(app, 0), "f5")
        await settle(pilot, 6)
        assert "MIXMO! Ann called: everyone draws 2" in text_of(app, "#header")
        assert not app._notifications, "no pop-up over the right-hand pane's rack"
        assert "drew" in text_of(app, "#news-1"), "each pane's own news line says what came"


async def test_a_first_game_shows_how_to_start_until_the_first_tile() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        news = text_of(app, "#news-0")
        assert "type letters to place tiles" in news and "F5: MIXMO" in news and "F1: help" in news
        burst(app, keys_for_rack(app, 0)[0])
        await settle(pilot)
        assert "type letters" not in text_of(app, "#news-0")


async def test_a_message_that_no_longer_holds_goes() -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        rack = {t.symbol for t in app.table.round.player(0).rack}
        missing = next(c for c in "ZQXJKWVY" if c not in rack)
        burst(app, missing.lower())
        await settle(pilot)
        assert "✗" in text_of(app, "#news-0")
        clock.now += 60
        app.tick()
        await pilot.pause()
        assert "✗" not in text_of(app, "#news-0")


def test_messages_use_plain_words_and_grammar() -> None:
    frozen = GridsFrozenError(phase=phase_words("choosing-theme"))
    assert refusal_text(frozen.message) == (
        "grids cannot change now (the Bandit's drawer is choosing a theme)"
    )
    assert refusal_text(CannotMoveThereError(row=-6, col=3).message) == (
        "the tiles cannot move there: that cell is taken"
    )
    hasty = ev.HastyCall(0, (TILES_NOT_PLACED(tiles="AB"),))
    assert (
        "You are locked until the next MIXMO"
        in [n.text for n in news_for(hasty, lambda s: "You")][1]
    )
    assert "Ann is locked" in news_for(hasty, lambda s: "Ann")[1].text


async def test_pane_texts_are_not_cut_at_120_columns() -> None:
    app, _ = make_app(3, seed=seed_where(3, bandit_first=False))
    async with app.run_test(size=(120, 30)) as pilot:
        rack = "".join(t.symbol for t in app.table.round.player(0).rack)
        burst(app, "f5")  # a hasty call: a long reason
        await settle(pilot)
        news = app.query_one("#news-0")
        assert f"✗ hasty call: tiles not placed: {rack}" in str(news.render())
        assert news.size.height == 2, "the reason wraps instead of being cut"


def test_the_rules_in_short_reflow_with_the_width() -> None:
    assert "\n" not in RULES_SUMMARY


async def test_the_help_fits_a_narrow_and_a_wide_terminal() -> None:
    for width in (80, 160):
        app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
        async with app.run_test(size=(width, 40)) as pilot:
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)


async def test_ready_for_mixmo_is_not_shown_while_a_word_is_invalid() -> None:
    app, _ = make_app(2, lexicon=english(), seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *keys_for_rack(app, 0))  # six tiles in a row: not an English word
        await settle(pilot, 6)
        assert not app.table.round.player(0).rack
        assert not app.report_for(0, app.table.round.player(0)).valid
        assert "ready: MIXMO?" not in text_of(app, "#title-0")
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))  # every word accepted
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")  # the verdict is live checking's to give
        burst(app, *keys_for_rack(app, 0))
        await settle(pilot, 6)
        assert "ready: MIXMO?" in text_of(app, "#title-0")


async def test_claim_ticks_carry_a_mark_not_only_a_colour() -> None:
    from textual.app import App

    class Lists(App[None]):
        def compose(self):
            yield TickList(("SUN", "SUN", True), ("CAR", "CAR", False))

    app = Lists()
    async with app.run_test(size=(40, 6)):
        ticks = app.query_one(TickList)
        lines = [ticks.render_line(y).text for y in range(2)]
        assert "✓" in lines[0] and "SUN" in lines[0]
        assert "✓" not in lines[1] and "X" not in lines[1]


async def test_a_size_where_grids_get_fewer_than_5_rows_asks_to_enlarge() -> None:
    app, _ = make_app(6, seed=seed_where(6, bandit_first=False))
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        assert app.has_class("too-small")
        assert "enlarge the terminal" in text_of(app, "#too-small")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.has_class("too-small")
        assert all(w.grid_view.size.height >= 5 for w in app.pane_widgets.values())


async def test_grids_draw_no_scrollbars() -> None:
    app, _ = make_app(3, seed=seed_where(3, bandit_first=False))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for widget in app.pane_widgets.values():
            view = widget.grid_view
            assert view.scrollbar_size_vertical == 0 and view.scrollbar_size_horizontal == 0


async def test_the_practice_header_counts_the_tiles_dealt() -> None:
    game = practice_game(6, AnyWord(language="en"), seed=5, language="en", expert=False)
    app = PracticeApp(game, clock=FakeClock(), record=False)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *keys_for_rack(app, 0), "f5")
        await settle(pilot, 6)
        player = game.round.player(0)
        assert len(player.rack) == 2
        assert "6 placed, 8/20 dealt" in text_of(app, "#header")


async def test_a_hasty_call_in_practice_costs_time_and_does_not_lock() -> None:
    game = practice_game(2, AnyWord(language="en"), seed=5, language="en", expert=False)
    clock = FakeClock()
    app = PracticeApp(game, clock=clock, record=False)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "f5")
        await settle(pilot)
        assert not game.round.player(0).locked
        assert app.penalty_seconds == 15
        assert "not yet (+15 s): tiles not placed" in text_of(app, "#news-0")
        assert "+15 s" in text_of(app, "#header")
        burst(app, keys_for_rack(app, 0)[0])
        await settle(pilot)
        assert len(game.round.player(0).grid) == 1, "the player plays on at once"


async def test_f3_gives_a_hint_in_play_and_it_costs_30_seconds_of_play() -> None:
    app, clock = make_app(2, lexicon=english(), seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "f3", "f3")  # the cost told, then taken
        await settle(pilot)
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert text_of(app, "#news-0").startswith("hint: ")
        clock.now += 10
        burst(app, keys_for_rack(app, 0)[0])
        await settle(pilot)
        assert len(app.table.round.player(0).grid) == 0
        assert "the hint costs 30 s: play on in 20 s" in text_of(app, "#news-0")
        burst(app, "tab", keys_for_rack(app, 1)[0], "shift+tab")
        await settle(pilot)
        assert len(app.table.round.player(1).grid) == 1, "the others play on"
        clock.now += 21
        burst(app, keys_for_rack(app, 0)[0])
        await settle(pilot)
        assert len(app.table.round.player(0).grid) == 1, "the cost is paid: play on"


def test_a_word_keeps_its_place_and_a_cell_refusal_says_that_cell() -> None:
    problem = validate(Grid.parse("EJ"), AnyWord(refuse=["EJ"])).problems[0]
    assert refusal_text(problem.message).startswith("EJ (across at row 1, column 1) is not in ")
    assert refusal_text(EmptyCellError(row=0, col=2).message) == "that cell holds no tile"
    for taken in (CellHoldsTileError(row=-3, col=-1), CannotMoveThereError(row=2, col=-4)):
        assert "-" not in refusal_text(taken.message) and "that cell" in refusal_text(taken.message)
