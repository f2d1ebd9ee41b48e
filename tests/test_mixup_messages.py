"""MixUp's refusals and findings are data: a stable code, typed fields, an English ``str()``.

The engine speaks English only and never imports the catalogue; the edges say the
same message in the player's language (``mixmo.i18n.mixup``), from its code and
fields, through the catalogue.
"""

from __future__ import annotations

import json
import pickle
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from mixmo.i18n import _, restore_ui_language, set_ui_language
from mixmo.i18n.mixup import say
from mixmo.mixup import (
    Board,
    BoardSyntaxError,
    ColumnFullError,
    DropPiece,
    ForbiddenFirstShapeError,
    GameOverError,
    MixUpGame,
    NoSuchColumnError,
    NothingToTakeBackError,
    Piece,
    PieceNotInPoolError,
    Shape,
    Side,
)
from mixmo.mixup.audit import audit
from mixmo.mixup.messages import MixUpError, Sentence
from mixmo.mixup.pieces import NotAColourError, NotAPieceError, NotAShapeError
from mixmo.mixup.save import (
    BadSeedError,
    BoardMismatchError,
    MoveDoesNotReplayError,
    NotJsonError,
    Seating,
    dumps,
    loads,
)

KEBAB = re.compile(r"^[a-z]+(-[a-z]+)*$")


def play(moves: str) -> MixUpGame:
    return MixUpGame(DropPiece(Piece.parse(m[:2]), int(m[2:])) for m in moves.split())


def refusal(game: MixUpGame, move: str) -> MixUpError:
    with pytest.raises(MixUpError) as raised:
        game.apply(DropPiece(Piece.parse(move[:2]), int(move[2:])))
    return raised.value


def concrete_errors(cls: type[MixUpError] = MixUpError) -> Iterator[type[MixUpError]]:
    for sub in cls.__subclasses__():
        if "code" in vars(sub):
            yield sub
        yield from concrete_errors(sub)


def test_every_mixup_error_is_a_value_error_with_a_kebab_case_code_of_its_own() -> None:
    errors = list(concrete_errors())
    assert len(errors) >= 20
    codes = [error.code for error in errors]
    assert len(set(codes)) == len(codes), "every code names one kind of error"
    for error in errors:
        assert issubclass(error, ValueError)
        assert KEBAB.match(error.code), error.code
        assert error.template, error


@pytest.mark.parametrize(
    ("moves", "move", "kind", "code", "fields", "english"),
    [
        ("Rm2 Gb2 Rd2 Gd2 Bm2 Bb2", "Rb2", ColumnFullError, "column-full", {"column": 2},
         "column 2 is full: choose another column"),
        ("", "Rm8", NoSuchColumnError, "no-such-column", {"column": 8, "last": 7},
         "there is no column 8: the columns are 1 to 7"),
        ("Rm1 Gb2 Rm1 Gb2 Rm1 Gb2 Rm3 Gb4 Rm3 Gb4 Rm5", "Rm6", PieceNotInPoolError,
         "piece-not-in-pool", {"piece": Piece.parse("Rm")},
         "no red moon is left in the pool: choose another piece"),
        ("Rm4", "Gm3", ForbiddenFirstShapeError, "forbidden-first-shape", {"shape": Shape.MOON},
         "the shape player's first piece may not be a moon, the shape already on the board: "
         "choose another shape"),
    ],
    ids=["column-full", "no-such-column", "piece-not-in-pool", "forbidden-first-shape"],
)  # fmt: skip
def test_a_refused_move_is_an_error_with_a_code_typed_fields_and_an_english_sentence(
    moves: str,
    move: str,
    kind: type[MixUpError],
    code: str,
    fields: dict[str, object],
    english: str,
) -> None:
    error = refusal(play(moves), move)
    assert type(error) is kind
    assert error.code == code
    assert dict(error.fields()) == fields
    assert str(error) == english


def test_a_move_after_the_end_names_the_winner_as_a_side() -> None:
    error = refusal(play("Rm1 Gb7 Rb2 Gd7 Rd3 Bb6 Rm4"), "Gd5")
    assert isinstance(error, GameOverError) and error.code == "game-over"
    assert error.winner is Side.COLOUR
    assert str(error) == "the game is over (colour won): start a new one"


def test_nothing_to_take_back_has_a_code_and_no_fields() -> None:
    with pytest.raises(NothingToTakeBackError) as raised:
        MixUpGame().take_back()
    assert raised.value.code == "nothing-to-take-back"
    assert dict(raised.value.fields()) == {}
    assert str(raised.value) == "no move has been played yet: there is nothing to take back"


def test_a_piece_written_wrong_says_which_letter() -> None:
    cases = [("Xm", NotAColourError, "letter", "X"), ("Rz", NotAShapeError, "letter", "z"),
             ("Rmm", NotAPieceError, "code", "Rmm")]  # fmt: skip
    for text, kind, field, value in cases:
        with pytest.raises(kind) as raised:
            Piece.parse(text)
        assert raised.value.fields() == {field: value}
    assert str(NotAColourError("X")) == "'X' is not a colour: R (red), G (green) or B (blue)"


def test_a_board_text_error_keeps_every_problem_with_its_place_and_code() -> None:
    text = ".. .. .. .. .. .. ..\n" * 4 + "Rm .. ..\n" + "Xm  Rm .. .. .. .. ..\n"
    with pytest.raises(BoardSyntaxError) as raised:
        Board.parse(text)
    error = raised.value
    assert error.code == "board-syntax"
    assert [(p.line, p.col, p.reason.code) for p in error.problems] == [
        (5, 1, "wrong-row-length"),
        (6, 1, "not-a-colour"),
        (6, 4, "cells-not-one-space-apart"),
    ]
    assert error.problems[0].reason.fields() == {"columns": 7, "count": 3}
    assert str(error) == "5:1: a row has 7 cells, this one 3 (and 2 more)"


def test_a_damaged_save_says_why_with_the_rule_error_inside() -> None:
    game = play("Rm4 Gb4")
    data = json.loads(dumps(game, Seating("Ann", "Bob")))
    data["moves"] = ["Rm4", "Gm3"]
    with pytest.raises(MoveDoesNotReplayError) as raised:
        loads(json.dumps(data))
    assert raised.value.number == 2
    assert isinstance(raised.value.reason, ForbiddenFirstShapeError)
    assert str(raised.value).startswith("move 2 does not replay: the shape player's first piece")
    with pytest.raises(NotJsonError) as not_json:
        loads("{")
    assert (not_json.value.code, not_json.value.line, not_json.value.col) == ("save-not-json", 1, 2)
    data["moves"], data["seed"] = ["Rm4"], "5"
    with pytest.raises(BadSeedError, match='"seed" must be a whole number'):
        loads(json.dumps(data))
    data["seed"] = 5
    with pytest.raises(BoardMismatchError):
        loads(json.dumps(data))


def test_an_error_survives_pickling_with_its_fields() -> None:
    error = refusal(play("Rm4"), "Gm3")
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), again.fields(), str(again)) == (type(error), error.fields(), str(error))


def test_an_audit_s_findings_are_codes_and_fields_not_sentences() -> None:
    six = Board.parse(".. .. .. .. .. .. ..\n" * 5 + "Rm Rm Rm Rm Rm Rm Rm\n")
    findings = audit(six).problems
    assert [f.code for f in findings] == ["too-many-of-a-kind", "first-moves-same-shape"]
    assert findings[0].fields()["count"] == 7 and findings[0].fields()["piece"] == Piece.parse("Rm")
    assert str(findings[0]) == "7 pieces Rm (red moon): there are only 6"
    two_lines = Board.parse(
        ".. .. .. .. .. .. ..\n" * 2
        + ".. .. .. .. .. .. Bm\n"
        + ".. .. .. .. .. .. Bd\n"
        + ".. .. .. .. .. .. Bb\n"
        + "Rm Rb Rd Rm .. .. Bm\n"
    )
    assert [f.code for f in audit(two_lines).problems] == ["lines-not-from-one-last-piece"]


def test_the_mixup_engine_imports_no_catalogue() -> None:
    code = (
        "import sys, mixmo.mixup, mixmo.mixup.save, mixmo.mixup.audit, mixmo.mixup.headless; "
        "print('mixmo.i18n' in sys.modules, 'gettext' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split() == ["False", "False"]


@pytest.fixture
def french() -> Iterator[None]:
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


def test_every_english_template_is_a_message_of_the_french_catalogue(french: None) -> None:
    """The edges translate a template by looking it up: each must be in the catalogue
    (the board error's ``line:col: reason`` is not a sentence: its reason is)."""
    import mixmo.mixup.audit as audit_module
    import mixmo.mixup.board as board_module
    import mixmo.mixup.errors as errors_module

    sentences = [
        value
        for module in (audit_module, board_module, errors_module)
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, Sentence) and value is not Sentence
    ]
    assert len(sentences) >= 10
    for kind in [*concrete_errors(), *sentences]:
        if kind is BoardSyntaxError:
            continue
        assert _(kind.template) != kind.template, f"{kind.code}: {kind.template!r} untranslated"


def test_the_edge_says_a_refusal_in_french_from_its_code_and_fields(french: None) -> None:
    assert say(refusal(play("Rm2 Gb2 Rd2 Gd2 Bm2 Bb2"), "Rb2")) == (
        "la colonne 2 est pleine : choisissez une autre colonne"
    )
    assert say(refusal(play("Rm1 Gb2 Rm1 Gb2 Rm1 Gb2 Rm3 Gb4 Rm3 Gb4 Rm5"), "Rm6")) == (
        "la réserve n'a plus de pièce « lune rouge » : choisissez une autre pièce"
    )
    game = play("Rm4 Gb4")
    data = json.loads(dumps(game, Seating("Ann", "Bob")))
    data["moves"] = ["Rm4", "Gb4", "Rb9"]
    with pytest.raises(MoveDoesNotReplayError) as raised:
        loads(json.dumps(data))
    assert say(raised.value) == (
        "le coup 3 ne se rejoue pas : il n'y a pas de colonne 9 : les colonnes vont de 1 à 7"
    )
    assert str(raised.value) == (
        "move 3 does not replay: there is no column 9: the columns are 1 to 7"
    ), "the engine's own sentence stays English"


def test_a_save_s_unreadable_board_says_its_first_problem_and_how_many_more(
    french: None,
) -> None:
    data = json.loads(dumps(MixUpGame(), Seating("Ann", "Bob")))
    data["board"] = ["Rm", "Xm"]
    with pytest.raises(MixUpError) as raised:
        loads(json.dumps(data))
    assert raised.value.code == "save-damaged-board"
    assert str(raised.value) == "damaged save (1:1: a row has 7 cells, this one 1 (and 1 more))"
    assert (
        say(raised.value)
        == "sauvegarde abîmée (1:1: une rangée a 7 cases, celle-ci 1 (et 1 autre))"
    )
