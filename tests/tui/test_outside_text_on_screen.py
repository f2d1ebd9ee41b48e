"""Text from other people (names from a save, a theme another seat chose) reaches the screen
without its control characters: no escape retitles, clears or recolours the terminal, no
bidirectional override turns a line around."""

from __future__ import annotations

from mixmo.engine import actions as act
from mixmo.engine.game import Game
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase
from mixmo.i18n.outside import has_control
from mixmo.tui.app import MixmoApp
from tests.tui.helpers import FakeClock, english, screen_text, seed_where

ATTACK = "\x1b]0;pwned\x07\x1b[2J\x1b[41m"
"""Retitle the terminal, clear it, paint it red."""


def assert_inert(screen: str) -> None:
    hidden = sorted({repr(char) for char in screen if char != "\n" and has_control(char)})
    assert not hidden, f"controls sent to the terminal: {hidden}"


async def test_a_name_from_a_save_shows_without_its_escapes() -> None:
    names = (f"Ann{ATTACK}", "Bob\u202eevil")
    game = Game(MatchOptions(players=names, seed=seed_where(2, bandit_first=False)), english())
    app = MixmoApp(game, clock=FakeClock())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = screen_text(app)
    assert_inert(screen)
    assert "Ann]0;pwned[2J[41m" in screen, "the name is still shown, without its controls"
    assert "Bobevil" in screen


async def test_a_theme_another_seat_chose_shows_without_its_escapes() -> None:
    game = Game(
        MatchOptions(players=("Ann", "Bob"), seed=seed_where(2, bandit_first=True)), english()
    )
    app = MixmoApp(game, clock=FakeClock())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.table.phase is Phase.CHOOSING_THEME
        game.apply(act.ChooseTheme(seat=game.round.bandit_seat or 0, theme=f"wheels{ATTACK}"))
        await pilot.pause()
        await pilot.pause()
        screen = screen_text(app)
    assert_inert(screen)
