"""What the screen names, it names once and as the board shows it: Free Spirit once in
the header, no points where nothing is scored, and a result grid's jokers and Bandit as
the letters they stand for."""

from __future__ import annotations

from datetime import datetime

import pytest

from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.variants import Variant
from mixmo.tui.practice import PracticeApp, practice_game, shown_grid_text
from tests.tui.helpers import FakeClock, english, make_app, seed_where


async def test_free_spirit_is_named_once_in_the_header() -> None:
    app, _clock = make_app(2, seed=seed_where(2, bandit_first=False), variant="free-spirit")
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        header = str(app.query_one("#header").render())
        assert header.count("Free Spirit") == 1, header
        assert "theme none" in header


async def test_practice_s_pane_shows_no_points(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    game = practice_game(6, AnyWord(language="en"), seed=5, language="en", expert=False)
    app = PracticeApp(game, clock=FakeClock(), now=lambda: datetime(2026, 11, 29, 10, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "pts" not in str(app.query_one("#title-0").render())


def test_a_result_grid_shows_the_bandit_and_a_joker_as_their_letters() -> None:
    shown = shown_grid_text(Grid.parse("SQUEA!ER\nA.......\nDU?.....\n"), english(), Variant())
    assert shown.splitlines()[0] == "SQUEAkER"
    assert shown.splitlines()[2].startswith("DU") and shown.splitlines()[2][2].islower()
    assert "!" not in shown and "?" not in shown
