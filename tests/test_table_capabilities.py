"""What a table does beyond the state, submit and subscribe is said by its capabilities:
a screen saves or plays again only where that is its to do, and a table that does
neither has no such members at all."""

from __future__ import annotations

from pathlib import Path

from mixmo.data.storage import Autosaver, load_game
from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions
from mixmo.session.hosting import hosting
from mixmo.session.local import LocalTable
from mixmo.session.table import Table, rematching, saving


def a_game(seed: int = 3) -> Game:
    return Game(MatchOptions(players=("Ann", "Bob"), variant="free-spirit", seed=seed), AnyWord())


def test_a_local_table_given_a_saver_saves_its_match_where_the_app_asks(tmp_path: Path) -> None:
    table = LocalTable(a_game(), saver=Autosaver(tmp_path / "autosave.json"))
    saver = saving(table)
    assert saver is not None and saver.save_now() is None
    assert load_game(tmp_path / "autosave.json").options.seed == 3


def test_a_local_table_without_a_saver_offers_no_saving() -> None:
    assert saving(LocalTable(a_game())) is None


def test_playing_again_at_a_local_table_is_the_next_match_with_the_same_players() -> None:
    again = rematching(LocalTable(a_game(seed=8)))
    assert again is not None
    table = again.rematch()
    assert table.options.players == ("Ann", "Bob") and table.options.seed == 9


def test_the_base_table_has_no_member_that_does_nothing() -> None:
    for member in ("autosave", "save_now", "rematch", "close"):
        assert not hasattr(Table, member), member


def test_nobody_hosts_a_table_at_one_keyboard() -> None:
    table = LocalTable(a_game())
    assert hosting(table) is None and not table.capabilities.host
    assert table.holder(1) == "player"
