"""`mixmo solve`: a rack in, a grid that `mixmo check` accepts out."""

from __future__ import annotations

import json


def test_a_solved_rack_prints_a_grid_that_check_accepts(mixmo, tmp_path) -> None:
    run = mixmo("solve", "TRAINSEE?!")
    assert run.code == 0, run.err
    assert run.out.startswith("# TRAINSEE?!: solved in")
    path = tmp_path / "solved.txt"
    path.write_text(run.out)
    check = mixmo("check", str(path), "--json")
    assert check.code == 0
    assert json.loads(check.out)["tiles"] == 10


def test_an_impossible_rack_exits_1_and_says_why(mixmo) -> None:
    run = mixmo("solve", "BCDFG")
    assert run.code == 1
    assert "# tiles left: BCDFG" in run.out


def test_racks_from_standard_input_give_one_json_object_per_line(mixmo) -> None:
    run = mixmo("solve", "-", "--json", stdin="CATS\nBCDFG\n\nQUIZ?\n")
    lines = [json.loads(line) for line in run.out.splitlines()]
    assert [(d["rack"], d["solved"]) for d in lines] == [
        ("CATS", True),
        ("BCDFG", False),
        ("QUIZ?", True),
    ]
    assert all({"grid", "tiles_left", "milliseconds"} <= set(d) for d in lines)
    assert run.code == 1


def test_two_new_tiles_onto_a_grid(mixmo, tmp_path) -> None:
    path = tmp_path / "grid.txt"
    path.write_text("HOUSE\nA...A\nTIGER\n")
    run = mixmo("solve", "ST", "--grid", str(path), "--json")
    data = json.loads(run.out)
    assert data["solved"] is True
    assert sum(c.isalpha() or c in "?!" for c in data["grid"]) == 14


def test_expert_and_french(mixmo) -> None:
    data = json.loads(mixmo("solve", "ETEMAISON", "--lang", "fr", "--expert", "--json").out)
    assert data["solved"] and all(len(word) >= 3 for word in data["words"])


def test_bad_input_is_one_line_and_exit_2(mixmo, tmp_path) -> None:
    for args in (["AB#"], ["CAT", "--time", "0"], ["-"]):
        run = mixmo("solve", *args)
        assert run.code == 2, (args, run)
        assert len(run.err.strip().splitlines()) == 1


def test_a_bad_cell_in_the_grid_to_complete_is_named_file_line_col(mixmo, tmp_path) -> None:
    """As `mixmo check` names it, so that an editor can jump to it."""
    path = tmp_path / "bad.txt"
    path.write_text("HOUSE\nA.1.A\n")
    run = mixmo("solve", "AB", "--grid", str(path))
    assert run.code == 2
    assert run.err.strip().startswith(f"mixmo: error: {path}:2:3: ")
    assert mixmo("check", str(path)).err.strip().startswith(f"mixmo: error: {path}:2:3: ")


def test_a_rack_of_more_tiles_than_the_set_is_refused_in_one_line(mixmo) -> None:
    """No player holds more than the 120 tiles of the set: a bigger rack is bad input."""
    run = mixmo("solve", "AE" * 60 + "S")
    assert run.code == 2
    assert run.err == (
        "mixmo: error: a rack holds at most 120 tiles (the whole set); this one has 121\n"
    )
    assert mixmo("solve", "AE" * 60).code in (0, 1)  # the whole set's worth is a rack


def test_megabytes_of_rack_are_refused_at_once_without_echoing_them(mixmo) -> None:
    huge = "QI" * 7_500_000  # 15 MB, as an argument and as a line of standard input
    run = mixmo("solve", huge)
    assert run.code == 2
    assert run.err.endswith("this one has 15000000\n") and run.err.count("\n") == 1
    run = mixmo("solve", "-", stdin=f"CATS\n{huge}\n")
    assert run.code == 2 and run.err.count("\n") == 1 and len(run.err) < 200
    assert "QIQIQI" in run.err and "this one has 15000000" in run.err


# --- a grid that is not valid yet: said, and mended ----------------------------------------


def test_a_grid_not_valid_yet_is_said_wrong_and_completed(mixmo, tmp_path) -> None:
    """Mid-game: HOUS is no word; with an E in the rack the grid can be mended."""
    path = tmp_path / "mine.txt"
    path.write_text("HOUS\n")
    run = mixmo("solve", "E", "--grid", str(path))
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert any(line.startswith("# the grid is not valid: HOUS (across") for line in lines)
    assert "# to mend it: lay out every tile again (HOUS with the rack), as below" in lines
    mended = tmp_path / "mended.txt"
    mended.write_text(run.out)
    check = mixmo("check", str(mended), "--json")
    assert check.code == 0 and json.loads(check.out)["tiles"] == 5


def test_an_invalid_word_in_a_grid_is_taken_back_the_rest_kept(mixmo, tmp_path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("HOUSE\nA...A\nTIGER\n.....\n..SNOWQ\n")  # SNOWQ: apart and no word
    run = mixmo("solve", "T", "--grid", str(path), "--json")
    data = json.loads(run.out)
    assert data["grid_problems"] and any("SNOWQ" in p for p in data["grid_problems"])
    assert sorted(data["taken_back"]) == sorted("SNOWQ")
    assert {"HOUSE", "TIGER"} <= set(data["words"])
