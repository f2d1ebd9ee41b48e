"""The Bandit's dialog at a server's seat: a theme typed in one burst is the
one locked in on every screen, and one longer than the engine takes is cut at the box
(never a traceback that drops the seat). Bob's screen is the app as `mixmo join` runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.engine.actions import THEME
from mixmo.engine.state import Phase
from mixmo.tui.app import MixmoApp
from mixmo.tui.round_dialogs import ThemeScreen
from tests.net.test_remote_bursts import bob_at
from tests.net.test_remote_seat import SIZE, until
from tests.tui.helpers import burst

BOB_DRAWS_THE_BANDIT = 26
"""A two-player seed whose deal gives Bob (seat 1) the Bandit."""


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.parametrize(
    ("keys", "theme"),
    [
        (("c", "a", "t", "x", "backspace", "s", "enter"), "cats"),
        (("x",) * ((THEME.max_length or 0) + 20) + ("enter",), "x" * (THEME.max_length or 0)),
    ],
    ids=["backspace-before-enter", "longer-than-the-engine-takes"],
)
async def test_the_theme_typed_in_one_burst_at_a_seat_is_the_one_every_screen_shows(
    tmp_path: Path, keys: tuple[str, ...], theme: str
) -> None:
    async with bob_at(tmp_path, BOB_DRAWS_THE_BANDIT) as (bob, refusals):
        assert bob.phase is Phase.CHOOSING_THEME and bob.round.bandit_seat == 1
        app = MixmoApp(bob)
        async with app.run_test(size=SIZE) as pilot:
            await until(lambda: isinstance(app.screen, ThemeScreen), pilot)
            burst(app, *keys)
            await until(lambda: bob.confirmed.round.theme is not None, pilot)
            assert bob.confirmed.round.theme == theme, "the server's (every screen's) theme"
            assert refusals == []
            assert app.is_running
