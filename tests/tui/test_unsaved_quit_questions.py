"""The quit question tells the truth about what is kept: a practice run is not
saved (only a finished run goes into the records), nor is a game played without a save."""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.data import records
from mixmo.engine.lexicon import AnyWord
from mixmo.tui.app import MixmoApp
from mixmo.tui.modals import ConfirmScreen
from mixmo.tui.practice import PracticeApp, practice_game
from tests.tui.helpers import FakeClock, burst, keys_for_rack, settle

SIZE = (100, 30)


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    return tmp_path


async def quit_practice_midway() -> tuple[PracticeApp, str]:
    """Place a few tiles and call MIXMO, then ctrl+q and y, all in one burst of keys."""
    lexicon = AnyWord(language="en")
    game = practice_game(6, lexicon, seed=4, language="en", expert=False)
    app = PracticeApp(game, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *keys_for_rack(app, 0), "f5", *keys_for_rack(app, 0)[:2], "ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen), "quitting a practice run asks first"
        question = str(app.screen.question)
        burst(app, "y")
        await settle(pilot)
    return app, question


async def test_quitting_a_practice_run_says_it_is_not_saved(private_data: Path) -> None:
    app, question = await quit_practice_midway()
    assert "--resume" not in question and "The game is saved" not in question
    assert "practice run is not saved" in question and "mixmo stats" in question
    assert app.return_code == 0
    assert not (private_data / "autosave.json").exists(), "nothing was promised, nothing kept"
    assert records.recent() == [], "an unfinished run is not recorded, as the question says"


async def test_quitting_a_practice_run_says_it_is_not_saved_in_french(
    french_screen: None,
) -> None:
    _app, question = await quit_practice_midway()
    assert "--resume" not in question
    assert question.startswith("Quitter ? Une partie d'entraînement n'est pas sauvegardée")


async def test_a_game_without_a_save_file_does_not_promise_one() -> None:
    from tests.tui.helpers import make_app, seed_where

    app, _clock = make_app(2, seed=seed_where(2, bandit_first=False))
    assert app.save_path is None
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Quit? This game is not saved."


async def test_a_saved_game_still_says_where_it_is_picked_up(tmp_path: Path) -> None:
    from tests.tui.helpers import make_app, seed_where

    path = tmp_path / "autosave.json"
    app, _clock = make_app(2, seed=seed_where(2, bandit_first=False), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "`mixmo play --resume` picks it up" in app.screen.question
    assert isinstance(app, MixmoApp)
