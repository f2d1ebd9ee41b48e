"""What the main screens look like, at 80x24 and 160x48, for 2 and 6 players; in French too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mixmo.i18n import restore_ui_language, set_ui_language
from tests.tui.helpers import keys_for_rack, make_app, seed_where


def app_after_a_few_tiles(players: int):
    app, _ = make_app(players, seed=seed_where(players, bandit_first=False))
    return app


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
@pytest.mark.parametrize("players", [2, 6])
def test_main_screen(snap_compare, players: int, size: tuple[int, int]) -> None:
    app = app_after_a_few_tiles(players)
    keys = [*keys_for_rack(app, 0)[:4], "tab", *keys_for_rack(app, 1)[:3], "space"]
    assert snap_compare(app, press=keys, terminal_size=size)


def test_help_screen(snap_compare) -> None:
    assert snap_compare(app_after_a_few_tiles(2), press=["f1"], terminal_size=(80, 24))


def test_hasty_call(snap_compare) -> None:
    assert snap_compare(app_after_a_few_tiles(2), press=["f5"], terminal_size=(80, 24))


@pytest.fixture
def french_screen() -> Iterator[None]:
    """The interface in French, as `mixmo play --lang fr` chooses it before the app starts."""
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


@pytest.mark.parametrize("players", [2, 6])
def test_main_screen_in_french(snap_compare, french_screen: None, players: int) -> None:
    app = app_after_a_few_tiles(players)
    keys = [*keys_for_rack(app, 0)[:4], "tab", *keys_for_rack(app, 1)[:3], "space"]
    assert snap_compare(app, press=keys, terminal_size=(80, 24))


def test_help_screen_in_french(snap_compare, french_screen: None) -> None:
    assert snap_compare(app_after_a_few_tiles(2), press=["f1"], terminal_size=(80, 24))


def test_hasty_call_in_french(snap_compare, french_screen: None) -> None:
    assert snap_compare(app_after_a_few_tiles(2), press=["f5"], terminal_size=(80, 24))


def test_bandit_theme_dialog_in_french(snap_compare, french_screen: None) -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=True))
    assert snap_compare(app, terminal_size=(80, 24))
