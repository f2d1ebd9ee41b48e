"""`mixmo practice`: a run against the clock to its end, a hint, the result, the record."""

from __future__ import annotations

from datetime import datetime

import pytest

from mixmo.data import records
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.state import Phase
from mixmo.tui.practice import PracticeApp, PracticeResultScreen, daily_seed, practice_game
from tests.tui.helpers import FakeClock, keys_for_rack


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))


async def test_a_practice_run_to_its_end_with_a_hint(mixmo) -> None:
    game = practice_game(6, AnyWord(language="en"), seed=5, language="en", expert=False)
    clock = FakeClock()
    app = PracticeApp(game, clock=clock, now=lambda: datetime(2026, 11, 29, 10, 0))
    async with app.run_test(size=(100, 30)) as pilot:
        assert len(app.pane_widgets) == 1, "practice shows the player's pane only"
        await pilot.press("f3", "f3")  # the cost told, then taken
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "hint 1:" in str(app.query_one("#news-0").render())
        while game.phase is Phase.PLAYING:
            clock.now += 20
            await pilot.press(*keys_for_rack(app, 0), "f5")
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PracticeResultScreen)
        summary = app.result
        assert summary is not None and summary.tiles == 20 and summary.hints == 1
        assert summary.penalty_seconds == 30 and len(summary.splits) >= 2
        await pilot.press("enter")
    (stored,) = records.recent()
    assert stored.kind == "practice" and stored.table_size == 6 and stored.tiles == 20
    stats = mixmo("stats")
    assert "Personal bests" in stats.out and "6 players" in stats.out


def test_the_daily_challenge_deals_the_same_tiles_to_everyone() -> None:
    seed = daily_seed("2026-11-29", 4, "fr")
    first = practice_game(4, AnyWord(), seed=seed, language="fr", expert=False)
    again = practice_game(4, AnyWord(), seed=seed, language="fr", expert=False)
    assert first.round.player(0).rack == again.round.player(0).rack
    other = practice_game(
        4, AnyWord(), seed=daily_seed("2026-11-30", 4, "fr"), language="fr", expert=False
    )
    assert other.round.bag != first.round.bag


def test_practice_options(mixmo) -> None:
    run = mixmo("practice", "--daily", "--seed", "3")
    assert run.code == 2 and "choose --daily or --seed" in run.err


async def test_a_run_finished_on_a_full_disk_says_it_was_not_recorded_on_screen_and_in_the_shell(
    mixmo, tmp_path, monkeypatch
) -> None:
    from tests.test_reliability_records import disk_full

    game = practice_game(6, AnyWord(language="en"), seed=4, language="en", expert=False)
    clock = FakeClock()
    app = PracticeApp(game, clock=clock, now=lambda: datetime(2026, 11, 29, 10, 0))
    async with app.run_test(size=(100, 30)) as pilot:
        disk_full(monkeypatch)  # the disk fills up during the run
        while game.phase is Phase.PLAYING:
            clock.now += 20
            await pilot.press(*keys_for_rack(app, 0), "f5")
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PracticeResultScreen)
        said = str(app.screen.query_one("#unrecorded").render())
        assert said.startswith("This run could not be recorded")
        assert str(tmp_path / "records.sqlite3") in said and "the disk is full" in said
        await pilot.press("enter")
    assert app.return_code == 1, "the shell is told too"
    assert app.run_unrecorded == said
    stats = mixmo("stats")  # still on the full disk
    assert stats.code == 0 and "No records yet" in stats.out


async def test_a_recorded_run_says_nothing_about_recording(tmp_path) -> None:
    game = practice_game(2, AnyWord(language="en"), seed=4, language="en", expert=False)
    app = PracticeApp(game, clock=FakeClock(), now=lambda: datetime(2026, 11, 29, 10, 0))
    async with app.run_test(size=(100, 30)) as pilot:
        app.finish()
        await pilot.pause()
        assert isinstance(app.screen, PracticeResultScreen)
        assert not app.screen.query("#unrecorded")
        await pilot.press("enter")
    assert app.return_code == 0 and app.run_unrecorded is None
