"""The engine's messages said in French at the edges (mixmo.i18n.messages): refusals of
the rules, hasty calls, score sheets, hints and saved-game errors, in the rulebook's
words, and the rules unchanged by the language (the engine itself never translates)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from mixmo.data import records
from mixmo.engine import actions as a
from mixmo.engine.game import CellTakenError, PlayerLockedError, TileNotInRackError
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import WordList
from mixmo.engine.save import GameFileError, loads
from mixmo.engine.scoring import score
from mixmo.engine.solver import hint
from mixmo.engine.tiles import Tile
from mixmo.engine.validation import validate
from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.i18n.messages import say
from tests.game_helpers import lay_out, new_game
from tests.test_rules_game_flow import kinds, seed_without_opening_bandit


@pytest.fixture
def french_interface() -> Iterator[None]:
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


def test_a_refused_move_is_told_in_french(french_interface: None) -> None:
    game = new_game(seed=seed_without_opening_bandit())
    rack = game.round.player(0).rack
    game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=rack[0].symbol))
    missing = next(letter for letter in "QZXWKJ" if Tile.from_symbol(letter) not in rack)
    with pytest.raises(TileNotInRackError) as refused:
        game.apply(a.PlaceTile(seat=0, row=5, col=5, symbol=missing))
    assert f"Ann n'a pas de tuile {missing} sur son chevalet" in say(refused.value)
    assert str(refused.value) == f"Ann has no {missing} tile on their rack", "English str()"
    with pytest.raises(CellTakenError) as taken:
        game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=rack[1].symbol))
    assert "la case ligne 0, colonne 0 a déjà une tuile" in say(taken.value)


def test_a_hasty_call_locks_the_caller_and_says_why_in_french(french_interface: None) -> None:
    game = new_game(3, seed=seed_without_opening_bandit(3))
    events = game.apply(a.CallMixmo(seat=1, at=1.0))
    assert kinds(events)[-2:] == ["HastyCall", "PlayerLocked"]
    assert say(events[-2].reasons[0]).startswith("tuiles non posées : ")  # type: ignore[attr-defined]
    with pytest.raises(PlayerLockedError) as locked:
        game.apply(a.CallMixmo(seat=1, at=2.0))
    assert "bloqué après un MIXMO par erreur" in say(locked.value)


def test_simultaneous_mixmo_calls_make_a_single_draw_in_french_too(
    french_interface: None,
) -> None:
    game = new_game(3, seed=seed_without_opening_bandit(3), mixmo_window=1.0)
    lay_out(game, 0)
    lay_out(game, 1)
    game.apply(a.CallMixmo(seat=0, at=10.0))
    events = game.apply(a.CallMixmo(seat=1, at=10.6))
    assert kinds(events) == ["MixmoCalled", "SimultaneousMixmo"]
    assert [len(p.rack) for p in game.round.players] == [2, 2, 8]


def test_a_score_sheet_in_french(french: WordList, french_interface: None) -> None:
    report = validate(Grid.parse("MAISONNETTE\nE\nR\n"), french, theme_words=["MER"])
    sheet = score(report, unplaced=2, winner=True)
    assert [say(line.label) for line in sheet.lines] == [
        "tuiles posées (13, 15 en main)",
        "manche gagnée",
        "mot long MAISONNETTE",
        "mot du thème MER (3 x 3)",
    ]


def test_a_hint_in_french(english: WordList, french_interface: None) -> None:
    result = hint("QIEXTAN", english, level=1)
    assert say(result.message) == f"essayez {result.word}"


def test_a_damaged_saved_game_is_told_in_french(french_interface: None) -> None:
    with pytest.raises(GameFileError) as other:
        loads('{"format": "something else"}')
    assert "pas une partie sauvegardée de mixmo" in say(other.value)
    with pytest.raises(GameFileError) as damaged:
        loads("{nope")
    assert "JSON invalide en ligne 1, colonne 2" in say(damaged.value)


def test_records_on_a_disk_that_refuses_writing_are_still_read_in_french(
    mixmo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reader's retry read-only follows the error, not the words of its sentence."""
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    records.record(
        records.Run(kind="practice", finished_at="2026-11-04T10:00:00", player="Ann",
                    language="fr", table_size=2, variant="classic", seed="4",
                    seconds=280, tiles=60, won=True)
    )  # fmt: skip
    connect = sqlite3.connect

    def refuse_writing(target: object, *args: object, **kwargs: object) -> sqlite3.Connection:
        if not kwargs.get("uri"):
            raise sqlite3.OperationalError("unable to open database file")
        return connect(target, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(records.sqlite3, "connect", refuse_writing)
    shown = mixmo("--ui", "fr", "stats")
    assert shown.code == 0, shown.err
    assert "Records personnels (entraînement)" in shown.out
    assert "4:40" in shown.out and "60 tuiles" in shown.out
