"""`mixmo mixup --resume` over a damaged save: one line naming the file and the field, exit 2.

A field of the wrong kind ("bot": "zzz", "board": 6) used to be told as
a Python exception repr (TypeError("string indices must be integers...")).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mixmo.mixup import DropPiece, MixUpGame, Piece
from mixmo.mixup.levels import Level
from mixmo.mixup.pieces import Side
from mixmo.mixup.save import Seating, dumps

BOT = (
    'damaged save: "bot" must be null or the computer\'s side and level, '
    'like {"side": "shape", "level": "normal"}'
)


def a_save_of_two_moves() -> dict[str, object]:
    """A real save: Ann against the computer, two pieces dropped."""
    game = MixUpGame(DropPiece(Piece.parse(m[:2]), int(m[2:])) for m in ("Rm4", "Gb4"))
    return json.loads(dumps(game, Seating("Ann", "Computer", Side.SHAPE, Level.EASY, seed=5)))


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("bot", "zzz", BOT),
        ("bot", {"side": "shape", "level": "godlike"}, BOT),
        ("bot", {"level": "easy"}, BOT),
        ("board", 6, 'damaged save: "board" must be a list of the board\'s lines'),
        ("board", ["Rm"], "damaged save (1:1: a row has 7 cells, this one 1)"),
        ("moves", "Rm4 Gb4", 'damaged save: "moves" must be a list of moves, like ["Rm4", "Gb4"]'),
        ("moves", [4, 4], 'damaged save: "moves" must be a list of moves, like ["Rm4", "Gb4"]'),
        ("players", ["Ann", "Bob"],
         'damaged save: "players" must give both names, like {"colour": "Ann", "shape": "Bob"}'),
        ("players", {"colour": "Ann"},
         'damaged save: "players" must give both names, like {"colour": "Ann", "shape": "Bob"}'),
        ("seed", "5", 'damaged save: "seed" must be a whole number'),
        ("seed", 1.5, 'damaged save: "seed" must be a whole number'),
    ],
    ids=["bot-string", "bot-level", "bot-no-side", "board-number", "board-short", "moves-string",
         "moves-numbers", "players-list", "players-one", "seed-string", "seed-fraction"],
)  # fmt: skip
def test_a_damaged_field_is_one_line_naming_the_file_and_the_field(
    mixmo, monkeypatch, tmp_path: Path, field: str, value: object, says: str
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    data = a_save_of_two_moves()
    data[field] = value
    path = tmp_path / "mixup-autosave.json"
    path.write_text(json.dumps(data))
    run = mixmo("mixup", "--resume")
    assert run.code == 2
    assert run.err == f"mixmo: error: {path}: {says}\n"
    assert json.loads(path.read_text()) == data, "the damaged save is left as it was"


def test_a_save_with_every_field_right_resumes_as_it_was() -> None:
    from mixmo.mixup.save import loads

    game, seating = loads(json.dumps(a_save_of_two_moves()))
    assert len(game.state.moves) == 2
    assert seating == Seating("Ann", "Computer", Side.SHAPE, Level.EASY, seed=5)
    _, seating = loads(json.dumps({**a_save_of_two_moves(), "bot": None, "seed": -3}))
    assert (seating.bot_side, seating.bot_level, seating.seed) == (None, None, -3)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"format": "mixmo-mixup", "seed": ' + "9" * 5000 + "}",
         "damaged save: a number of 5000 digits"),
        ("[" * 100_000, "damaged save: nested too deeply"),
    ],
    ids=["huge-number", "deep-nesting"],
)  # fmt: skip
def test_a_save_no_game_could_write_is_one_line_too(
    mixmo, monkeypatch, tmp_path: Path, text: str, says: str
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    path = tmp_path / "mixup-autosave.json"
    path.write_text(text)
    run = mixmo("mixup", "--resume")
    assert run.code == 2
    assert run.err == f"mixmo: error: {path}: {says}\n"


def test_a_seed_no_save_could_hold_is_refused_before_the_game(mixmo) -> None:  # type: ignore[no-untyped-def]
    run = mixmo("mixup", "--seed", "9" * 44)
    assert run.code == 2
    assert run.err.startswith("mixmo mixup: error: Invalid value for '--seed'")
    assert run.err.count("\n") == 1


def test_a_new_game_over_a_file_that_is_no_game_says_it_was_unreadable(
    mixmo, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    path = tmp_path / "mixup-autosave.json"
    path.write_text("garbage\n")
    run = mixmo("mixup")
    kept = tmp_path / "mixup-unfinished-1.json"
    assert run.err.splitlines()[0] == (
        f"mixmo mixup: {path} could not be read as a game, so a new game starts; "
        f"the old file is kept as {kept} (1:1: not JSON (Expecting value))"
    )
    assert kept.read_text() == "garbage\n", "kept as it was, in case it can be repaired"


def test_a_new_game_over_an_unfinished_one_says_how_to_resume_it(
    mixmo, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    (tmp_path / "mixup-autosave.json").write_text(json.dumps(a_save_of_two_moves()))
    run = mixmo("mixup")
    kept = tmp_path / "mixup-unfinished-1.json"
    assert run.err.splitlines()[0] == (
        f"mixmo mixup: your unfinished game is kept in {kept} "
        f"(mixmo mixup --resume --save-file {kept})"
    )
