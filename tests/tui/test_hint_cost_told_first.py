"""A hint's 30 s are told before they are paid, and a hint that offers nothing is free."""

from __future__ import annotations

from datetime import datetime

from mixmo.engine import actions as act
from mixmo.engine.lexicon import AnyWord, WordList
from mixmo.tui.practice import PracticeApp, practice_game
from tests.tui.helpers import FakeClock, burst, english, make_app, seed_where, settle


def news(app) -> str:
    return str(app.query_one("#news-0").render())


def hints_taken(app) -> int:
    return sum(isinstance(a, act.TakeHint) for a in app.table.game.log)


def words_without(letters: set[str]) -> WordList:
    """English words none of whose letters are in ``letters``: none fits that rack."""
    lexicon = english()
    words = [w for n in range(2, 9) for w in lexicon.words_of_length(n) if not set(w) & letters]
    return WordList(words, name="words without the rack's letters", language="en")


def rack_of(seed: int) -> str:
    app, _ = make_app(2, seed=seed)
    return "".join(t.symbol for t in app.table.round.player(0).rack)


async def answered(app, pilot) -> None:
    await settle(pilot)
    await app.workers.wait_for_complete()
    await settle(pilot)


async def test_the_first_press_tells_the_cost_and_takes_nothing() -> None:
    for size in ((80, 24), (140, 45)):
        app, _ = make_app(2, lexicon=english(), seed=seed_where(2, bandit_first=False))
        async with app.run_test(size=size) as pilot:
            burst(app, "f3")
            await answered(app, pilot)
            assert "a hint costs 30 s of play" in news(app) and "F3 again" in news(app)
            assert app.table.hint_wait(0) == 0 and hints_taken(app) == 0
            burst(app, "f3")
            await answered(app, pilot)
            assert news(app).startswith("hint: ")
            assert app.table.hint_wait(0) == 30 and hints_taken(app) == 1


async def test_a_hint_that_finds_no_word_costs_nothing() -> None:
    seed = next(s for s in range(100, 400) if not set(rack_of(s)) & {"?", "!"})
    nothing_fits = words_without(set(rack_of(seed)))
    app, _ = make_app(2, lexicon=nothing_fits, seed=seed)
    async with app.run_test(size=(140, 45)) as pilot:
        burst(app, "f3", "f3")
        await answered(app, pilot)
        assert "no word from this rack fits" in news(app) and "(no cost)" in news(app)
        assert app.table.hint_wait(0) == 0 and hints_taken(app) == 0


async def test_practice_tells_the_hint_s_seconds_before_adding_them(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    game = practice_game(6, AnyWord(language="en"), seed=5, language="en", expert=False)
    app = PracticeApp(game, clock=FakeClock(), now=lambda: datetime(2026, 11, 29, 10, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await answered(app, pilot)
        assert "a hint adds 30 s to your time" in news(app) and app.hints == 0
        await pilot.press("f3")
        await answered(app, pilot)
        assert "hint 1:" in news(app) and app.hints == 1
