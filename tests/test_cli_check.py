"""`mixmo check`: what a player sees, and its exit status (0 valid, 1 invalid, 2 bad input)."""

import json

import pytest

HOUSE = "# a small grid\nHOUSE\nA...A\nTIGER\n"


@pytest.fixture
def house(tmp_path):
    path = tmp_path / "house.txt"
    path.write_text(HOUSE)
    return path


def test_a_valid_grid_exits_0_and_shows_the_verdict_words_and_score(mixmo, house) -> None:
    run = mixmo("check", str(house))
    assert run.code == 0, run.err
    assert "✓ VALID" in run.out
    assert "12 tiles, 4 words" in run.out
    for word in ("HOUSE", "TIGER", "HAT", "EAR"):
        assert word in run.out
    assert "total" in run.out and "12" in run.out


def test_an_invalid_grid_exits_1_and_lists_every_problem(mixmo, tmp_path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("HOUSZ\nA...A\nTIGER\n\nJAZZ\n")
    run = mixmo("check", str(path))
    assert run.code == 1
    assert "✗ INVALID" in run.out
    assert "HOUSZ (across at row 1, column 1) is not in the English word list" in run.out
    assert "the tiles form 2 separate groups" in run.out
    assert "the grid holds 3 Z tiles but the set has only 1" in run.out


@pytest.mark.enchant
def test_rejected_words_get_enchant_suggestions(mixmo, tmp_path) -> None:
    path = tmp_path / "typo.txt"
    path.write_text("HOUSZ\n")
    run = mixmo("check", str(path))
    assert "HOUSZ: did you mean" in run.out
    assert "HOUSE" in run.out.split("did you mean", 1)[1]


def test_json_output_has_words_jokers_problems_and_score(mixmo, tmp_path) -> None:
    path = tmp_path / "joker.txt"
    path.write_text("C?T\n.X.\n")
    run = mixmo("check", str(path), "--json")
    assert run.code == 0
    data = json.loads(run.out)
    assert data["valid"] is True
    assert {w["text"] for w in data["words"]} == {"CAT", "AX"}
    assert data["words"][0] == {
        "text": "CAT",
        "pattern": "C?T",
        "row": 1,
        "col": 1,
        "direction": "across",
        "valid": True,
        "reason": None,
    }
    assert data["jokers"] == [
        {"row": 1, "col": 2, "tile": "joker", "letter": "A", "options": "AO", "declared": False}
    ]
    assert data["problems"] == []
    assert data["score"]["total"] == 4 + 5


def test_standard_input_is_read_with_a_dash(mixmo) -> None:
    run = mixmo("check", "-", "--json", stdin=HOUSE)
    assert run.code == 0
    assert json.loads(run.out)["tiles"] == 12


def test_a_bad_character_is_reported_with_file_line_and_column(mixmo, tmp_path) -> None:
    path = tmp_path / "typo.txt"
    path.write_text("# comment\nHOUSE\nA.1.A\n")
    run = mixmo("check", str(path))
    assert run.code == 2
    assert run.out == ""
    assert run.err.strip() == (
        f"mixmo: error: {path}:3:3: '1' is not a grid cell (use A-Z, a-z, ?, ! or .)"
    )


def test_bad_input_is_one_line_and_exit_2(mixmo, tmp_path, house) -> None:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"AB\n\xff\xfe")
    cases = [
        ("check", str(tmp_path / "missing.txt")),
        ("check", str(tmp_path)),
        ("check", str(binary)),
        ("check", str(house), "--players", "7"),
        ("check", str(house), "--lang", "de"),
        ("check", str(house), "--dict", str(tmp_path / "nowords.txt")),
        ("check", str(house), "--dict", "enchant:xx"),
        ("check", str(house), "--theme-word", "t-rex"),
        ("check", str(house), "--bogus"),
        ("check",),
        ("nosuchcommand",),
    ]
    for args in cases:
        run = mixmo(*args)
        assert run.code == 2, (args, run)
        assert len(run.err.strip().splitlines()) == 1, (args, run.err)
        assert "Traceback" not in run.err
    assert f"{binary}:2:1: not UTF-8 text" in mixmo("check", str(binary)).err


def test_players_option_requires_the_tiles_per_player(mixmo, house) -> None:
    run = mixmo("check", str(house), "--players", "6")
    assert run.code == 1
    assert "with 6 players each grid holds exactly 20" in run.out


def test_expert_option_applies_expert_rules(mixmo, tmp_path) -> None:
    path = tmp_path / "ox.txt"
    path.write_text("OX\nN.\n")
    assert mixmo("check", str(path)).code == 0
    run = mixmo("check", str(path), "--expert")
    assert run.code == 1
    assert "shorter than 3 letters" in run.out


def test_theme_words_and_winner_count_in_the_score(mixmo, house) -> None:
    run = mixmo(
        "check", str(house), "--theme", "animals", "--theme-word", "tiger", "--winner", "--json"
    )
    data = json.loads(run.out)
    assert data["valid"] and data["theme_words"] == ["TIGER"]
    assert data["score"]["total"] == 12 + 20 + 15


def test_a_word_list_file_can_be_the_dictionary(mixmo, tmp_path, house) -> None:
    words = tmp_path / "house-rules.txt"
    words.write_text("# our table's words\nhouse\ntiger\nhat\near\n")
    assert mixmo("check", str(house), "--dict", str(words)).code == 0
    words.write_text("house\ntiger\nhat\n")
    run = mixmo("check", str(house), "--dict", str(words))
    assert run.code == 1
    assert f"EAR (down at row 1, column 5) is not in {words}" in run.out


def test_french_grids_match_accent_folded_words(mixmo, tmp_path) -> None:
    path = tmp_path / "ete.txt"
    path.write_text("ETE\nL..\nEAU\nV..\nE..\n")
    run = mixmo("check", str(path), "--lang", "fr")
    assert run.code == 0, run.out


@pytest.mark.enchant
def test_enchant_dictionary_checks_words(mixmo, house) -> None:
    assert mixmo("check", str(house), "--dict", "enchant:en_US").code == 0


def test_no_color_keeps_the_marks(mixmo, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    path = tmp_path / "bad.txt"
    path.write_text("HOUSZ\n")
    run = mixmo("check", str(path))
    assert "✗ INVALID" in run.out and "\x1b[" not in run.out


def test_the_bandit_is_drawn_in_italics_not_as_a_plain_letter() -> None:
    from mixmo.cli.check_report import grid_view
    from mixmo.engine.grid import Grid

    view = grid_view(Grid.parse("CAT\n!..\nE..\n"), {(1, 0): "K"}, set())
    spans = [span for span in view.spans if "k" in view.plain[span.start : span.end]]
    assert any("italic" in str(span.style) for span in spans), view.spans
