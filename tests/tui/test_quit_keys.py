"""The quit question's keys are the letters its buttons show, in the interface language.

French reads "Oui (o)" / "Non (n)": o answers yes, n answers no (and y still quits, for a
French player with English habits; its button shows o). English is unchanged: "Yes (y)"
/ "No (n)", y quits, n plays on. Each test asks the question with ctrl+q and answers with a
key, as a player does.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button

from mixmo.engine.state import Phase
from mixmo.tui.modals import ConfirmScreen
from tests.tui.helpers import burst, make_app, seed_where, settle

SIZE = (100, 30)


def buttons(app) -> list[str]:
    return [str(button.label) for button in app.screen.query(Button)]


async def ask_then_answer(tmp_path: Path, *answers: str) -> tuple[list[str], object]:
    """Open the quit question, read its buttons, type ``answers`` (each after the
    question is asked again); gives the buttons and the app."""
    app, _clock = make_app(2, seed=seed_where(2, bandit_first=False), save_path=tmp_path / "a.json")
    shown: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        for answer in answers:
            burst(app, "ctrl+q")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            shown = buttons(app)
            burst(app, answer)
            await settle(pilot)
            if answer in ("n", "escape"):
                assert not isinstance(app.screen, ConfirmScreen), f"{answer} says no"
                assert app.table.phase is Phase.PLAYING, "play goes on"
    return shown, app


async def test_the_french_buttons_show_oui_o_and_non_n(french_screen: None, tmp_path) -> None:
    shown, _app = await ask_then_answer(tmp_path, "n")
    assert shown == ["Oui (o)", "Non (n)"]


async def test_in_french_n_plays_on_then_o_quits(french_screen: None, tmp_path) -> None:
    _shown, app = await ask_then_answer(tmp_path, "n", "o")
    assert app.return_code == 0, "o: oui, the game is saved and left"


async def test_in_french_y_still_quits_for_english_habits(french_screen: None, tmp_path) -> None:
    _shown, app = await ask_then_answer(tmp_path, "escape", "y")
    assert app.return_code == 0


async def test_in_english_the_buttons_and_keys_are_unchanged(tmp_path) -> None:
    shown, app = await ask_then_answer(tmp_path, "n", "y")
    assert shown == ["Yes (y)", "No (n)"]
    assert app.return_code == 0


async def test_in_english_o_answers_nothing(tmp_path) -> None:
    """o is French only: in English it neither quits nor closes the question."""
    app, _clock = make_app(2, seed=seed_where(2, bandit_first=False), save_path=tmp_path / "a.json")
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "ctrl+q")
        await settle(pilot)
        burst(app, "o")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert app.return_code is None
