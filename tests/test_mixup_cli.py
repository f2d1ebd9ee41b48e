"""`mixmo mixup` from the command line: headless JSON lines, `check`, bad input, saves."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mixmo.mixup import DropPiece, MixUpGame, Piece
from mixmo.mixup.save import SaveFileError, Seating, dumps, loads
from mixmo.tui.mixup.saves import autosave_path, keep_unfinished, load, save


def play(moves: str) -> MixUpGame:
    return MixUpGame(DropPiece(Piece.parse(m[:2]), int(m[2:])) for m in moves.split())


# --- headless ------------------------------------------------------------------------


def test_headless_prints_the_board_each_move_and_the_result_as_json_lines(mixmo) -> None:
    run = mixmo("mixup", "--headless", "--bots", "2", "--seed", "7", "--level", "easy", "--json")
    assert run.code == 0, run.err
    records = [json.loads(line) for line in run.out.splitlines()]
    first, moves, last = records[0], records[1:-1], records[-1]
    assert first["board"] == {"columns": 7, "rows": 6}
    assert moves, "a game has moves"
    game = MixUpGame()
    for number, record in enumerate(moves):
        assert set(record) == {"player", "piece", "column", "row"}
        assert record["player"] == ("colour" if number % 2 == 0 else "shape")
        assert set(record["piece"]) == {"colour", "shape"}
        assert record["piece"]["colour"] in ("red", "green", "blue")
        assert record["piece"]["shape"] in ("moon", "bolt", "drop")
        assert 1 <= record["column"] <= 7 and 1 <= record["row"] <= 6
        piece = Piece.parse(record["piece"]["colour"][0].upper() + record["piece"]["shape"][0])
        game.apply(DropPiece(piece, record["column"]))  # the moves replay, legally
        assert game.state.moves[-1].row == record["row"]
    assert last["result"] in ("colour", "shape", "draw")
    assert last["result"] == game.state.outcome.value
    assert last["line"] == [list(cell) for cell in game.state.line]
    if last["result"] != "draw":
        assert len(last["line"]) == 4


def test_headless_with_the_same_seed_plays_the_same_game(mixmo) -> None:
    args = (
        "mixup",
        "--headless",
        "--bots",
        "2",
        "--seed",
        "3",
        "--level",
        "normal",
        "--level",
        "easy",
        "--json",
    )
    first, second = mixmo(*args), mixmo(*args)
    assert first.out == second.out
    assert json.loads(first.out.splitlines()[0])["levels"] == {"colour": "normal", "shape": "easy"}


def test_headless_text_reads_as_sentences(mixmo) -> None:
    run = mixmo("mixup", "--headless", "--bots", "2", "--seed", "5", "--level", "beginner")
    assert run.code == 0
    lines = run.out.splitlines()
    assert lines[0].startswith("MixUp, 7 columns x 6 rows, seed 5")
    assert "into column" in lines[1]
    assert "wins:" in lines[-1] or lines[-1].startswith("draw")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--headless"], "add --bots 2"),
        (["--headless", "--bots", "2", "--bot", "easy"], "--headless takes"),
        (["--bots", "2"], "only --headless"),
        (["--json"], "--json goes with --headless"),
        (["--side", "shape"], "add --bot LEVEL"),
        (["--level", "easy", "--level", "hard"], "one computer player takes one --level"),
        (["--headless", "--bots", "2", "--level", "easy"] + ["--level", "easy"] * 2, "once"),
        (["--bot", "genius"], "'genius' is not one of"),
        (["--bots", "3"], "3 is not in the range"),
        (["--names", "Ann"], "two names"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(mixmo, args: list[str], message: str) -> None:
    run = mixmo("mixup", *args)
    assert run.code == 2
    assert message in run.err
    assert len(run.err.strip().splitlines()) == 1
    assert "Traceback" not in run.err


def test_mixup_is_listed_in_mixmo_help(mixmo) -> None:
    run = mixmo("--help")
    assert "mixup" in run.out and "MixUp" in run.out


# --- check ---------------------------------------------------------------------------

WON = """\
.. .. .. .. .. .. ..
.. .. .. .. .. .. ..
.. .. .. .. .. .. ..
.. .. .. .. .. .. ..
.. .. .. .. .. .. Gd
Rm Rb Rd Rm .. Bb Gb
"""


def test_check_says_who_won_and_where(mixmo, tmp_path: Path) -> None:
    path = tmp_path / "won.txt"
    path.write_text(WON)
    run = mixmo("mixup", "check", str(path))
    assert run.code == 0, run.err
    assert run.out.startswith(WON)
    assert "7 pieces" in run.out
    assert "colour won: (1,1) (2,1) (3,1) (4,1)" in run.out


def test_check_says_whose_turn_it_is(mixmo) -> None:
    text = play("Rm4 Gb4 Rd3").state.board.format()
    run = mixmo("mixup", "check", "-", "--json", stdin=text)
    assert run.code == 0
    assert json.loads(run.out) == {
        "pieces": 3, "problems": [], "result": "playing", "line": [], "to_move": "shape",
    }  # fmt: skip


def test_check_refuses_more_than_six_of_a_kind_with_exit_1(mixmo) -> None:
    text = ".. .. .. .. .. .. ..\n" * 4 + "Rm .. .. .. .. .. ..\n" + "Rm Rm Rm Rm Rm Rm Rm\n"
    run = mixmo("mixup", "check", "-", stdin=text)
    assert run.code == 1
    assert "<stdin>: 8 pieces Rm (red moon): there are only 6" in run.out
    assert "no two first moves differ in shape" in run.out


def test_check_refuses_lines_that_one_last_piece_did_not_make(mixmo) -> None:
    text = ".. .. .. .. .. .. ..\n" * 4 + ".. .. .. .. .. Gd Gb\n" + "Rm Rb Rd Rm .. Gb Gm\n"
    run = mixmo("mixup", "check", "-", stdin=text)
    assert run.code == 1
    assert "not all made by one last piece: the game would have ended earlier" in run.out


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("Rm .. .. .. .. .. ..\n" + ".. .. .. .. .. .. ..\n" * 5, "<stdin>:1:1: Rm floats"),
        (
            ".. .. .. .. .. .. ..\n" * 5 + "Rm Xb .. .. .. .. ..\n",
            "<stdin>:6:4: 'X' is not a colour",
        ),
        (
            ".. .. .. .. .. .. ..\n" * 5 + "Rm Gq .. .. .. .. ..\n",
            "<stdin>:6:4: 'q' is not a shape",
        ),
        (".. .. .. .. .. .. ..\n" * 5 + "Rm .. ..\n", "<stdin>:6:1: a row has 7 cells, this one 3"),
        (".. .. .. .. .. .. ..\n" * 3, "<stdin>:4:1: a board has 6 rows, this one 3"),
    ],
)
def test_check_reports_an_unreadable_board_at_its_line_and_column(
    mixmo, text: str, where: str
) -> None:
    run = mixmo("mixup", "check", "-", stdin=text)
    assert run.code == 2
    assert run.err.strip().startswith(f"mixmo: error: {where}"), run.err
    assert len(run.err.strip().splitlines()) == 1


def test_check_of_a_missing_file_is_one_line(mixmo, tmp_path: Path) -> None:
    run = mixmo("mixup", "check", str(tmp_path / "nope.txt"))
    assert run.code == 2 and "no such file" in run.err


# --- saves ---------------------------------------------------------------------------


def test_a_saved_game_loads_back_to_the_same_game() -> None:
    game = play("Rm4 Gb4 Rd3 Bd2")
    text = dumps(game, Seating("Ann", "Bob"))
    loaded, seating = loads(text)
    assert loaded.state == game.state
    assert seating == Seating("Ann", "Bob")


def test_a_save_whose_moves_do_not_give_its_board_is_refused() -> None:
    text = dumps(play("Rm4 Gb4"), Seating()).replace('"Gb4"', '"Gb5"')
    with pytest.raises(SaveFileError, match="do not give the board"):
        loads(text)
    with pytest.raises(SaveFileError, match="move 2 does not replay"):
        loads(dumps(play("Rm4 Gb4"), Seating()).replace('"Gb4"', '"Gm4"'))
    with pytest.raises(SaveFileError, match="not JSON"):
        loads("{")


def test_mixup_saves_to_its_own_file_never_the_mixmo_autosave(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    from mixmo.data.storage import autosave_path as mixmo_autosave

    assert autosave_path() == tmp_path / "mixup-autosave.json"
    assert autosave_path() != mixmo_autosave()
    save(play("Rm4"), Seating(), autosave_path())
    assert not mixmo_autosave().exists()


def test_a_new_game_keeps_an_unfinished_save(tmp_path: Path) -> None:
    path = tmp_path / "mixup-autosave.json"
    save(play("Rm4 Gb4 Rd3"), Seating("Ann", "Bob"), path)
    kept = keep_unfinished(path)
    assert kept == tmp_path / "mixup-unfinished-1.json"
    game, seating = load(kept)
    assert len(game.state.moves) == 3 and seating.colour == "Ann"
    assert keep_unfinished(path) == tmp_path / "mixup-unfinished-2.json", (
        "never overwrites a kept game"
    )
    save(play("Rm1 Gb7 Rb2 Gd7 Rd3 Bb6 Rm4"), Seating(), path)
    assert keep_unfinished(path) is None, "a finished game need not be kept"


def test_resume_without_a_save_is_one_line_and_exit_2(mixmo, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo("mixup", "--resume")
    assert run.code == 2
    assert "no saved MixUp game to resume" in run.err
    (tmp_path / "mixup-autosave.json").write_text("{}")
    run = mixmo("mixup", "--resume")
    assert run.code == 2 and "not a saved MixUp game" in run.err


def test_the_command_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mixmo", "mixup", "--headless", "--bots", "2", "--seed", "1",
         "--level", "beginner", "--json"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["result"] in ("colour", "shape", "draw")


def test_a_new_game_from_the_command_keeps_the_unfinished_one_and_says_where(
    mixmo, tmp_path: Path, monkeypatch
) -> None:
    from mixmo.tui.mixup.app import MixUpApp

    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(MixUpApp, "run", lambda self: None)  # no screen in this test
    monkeypatch.setattr("mixmo.cli.terminal.has_terminal", lambda: True)
    save(play("Rm4 Gb4 Rd3"), Seating("Ann", "Bob"), autosave_path())
    run = mixmo("mixup", "--names", "Cid,Dee")
    assert run.code == 0, run.err
    kept = tmp_path / "mixup-unfinished-1.json"
    assert f"your unfinished game is kept in {kept}" in run.err
    assert f"mixmo mixup --resume --save-file {kept}" in run.err
    assert len(load(kept)[0].state.moves) == 3
    game, seating = load(autosave_path())
    assert game.state.moves == () and seating.colour == "Cid"
    run = mixmo("mixup", "--resume", "--save-file", str(kept))
    assert run.code == 0


# --- in French: `--ui fr` or a French locale --------------------------------------------


def test_check_speaks_french_with_ui_fr(mixmo, tmp_path: Path) -> None:
    path = tmp_path / "won.txt"
    path.write_text(WON)
    run = mixmo("--ui", "fr", "mixup", "check", str(path))
    assert run.code == 0, run.err
    assert run.out.startswith(WON), "the board text format stays the same in every language"
    assert "7 pièces" in run.out
    assert "le joueur couleur a gagné : (1,1) (2,1) (3,1) (4,1)" in run.out
    turn = mixmo(
        "--ui", "fr", "mixup", "check", "-", stdin=play("Rm4 Gb4 Rd3").state.board.format()
    )
    assert "au joueur forme de jouer" in turn.out


def test_check_problems_and_syntax_errors_in_french(mixmo) -> None:
    six = ".. .. .. .. .. .. ..\n" * 5 + "Rm Rm Rm Rm Rm Rm Rm\n"
    run = mixmo("--ui", "fr", "mixup", "check", "-", stdin=six)
    assert run.code == 1
    assert "7 pièces Rm (lune rouge) : il n'y en a que 6" in run.out
    bad = mixmo("--ui", "fr", "mixup", "check", "-", stdin="Xm\n")
    assert bad.code == 2
    assert "<stdin>:1:1: 'X' n'est pas une couleur : R (rouge), G (vert) ou B (bleu)" in bad.err


def test_headless_sentences_in_french_but_json_unchanged(mixmo) -> None:
    args = ("mixup", "--headless", "--bots", "2", "--seed", "5", "--level", "beginner")
    run = mixmo("--ui", "fr", *args)
    lines = run.out.splitlines()
    assert lines[0].startswith("MixUp, 7 colonnes x 6 rangées, graine 5 : couleur (beginner)")
    assert " : " in lines[1] and "dans la colonne" in lines[1] and "(rangée 1)" in lines[1]
    assert lines[-1].startswith(
        ("le joueur couleur gagne : ", "le joueur forme gagne : ", "match nul")
    )
    assert mixmo("--ui", "fr", *args, "--json").out == mixmo(*args, "--json").out


def test_a_french_locale_gets_mixup_in_french() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mixmo", "mixup", "check", "-"],
        input="Rm\n",
        capture_output=True,
        text=True,
        env={**os.environ, "LANG": "fr_FR.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""},
        timeout=60,
    )
    assert done.returncode == 2
    assert "une rangée a 7 cases, celle-ci 1" in done.stderr
