"""Joker and Bandit resolution (rulebook: The Bandit; a joker at a crossing is one letter)."""

from mixmo.engine.jokers import resolve
from mixmo.engine.validation import validate
from tests.conftest import grid


def test_resolution_reports_the_letter_of_each_open_tile(english) -> None:
    resolution = resolve(grid("QUI?"), english)
    assert resolution.solved
    (joker,) = resolution.open_tiles
    assert (joker.cell, joker.letter) == ((0, 3), "D"), "QUID: the first letter that works"
    assert {"D", "P", "T", "Z"} <= set(joker.options), "QUID, QUIP, QUIT, QUIZ"


def test_claimed_words_choose_among_the_solutions(english) -> None:
    assert resolve(grid("C?T"), english).letters[(0, 1)] == "A"
    assert resolve(grid("C?T"), english, prefer={"COT"}).letters[(0, 1)] == "O"


def test_two_jokers_and_the_bandit_in_one_word(english) -> None:
    report = validate(grid("?A?!"), english)
    assert report.valid
    assert len(report.open_tiles) == 3
    assert report.open_tiles[2].letter in "KWXYZ"


def test_jokers_in_separate_words_are_solved_independently(english) -> None:
    report = validate(grid("CA?S\n..R.\n..?X"), english)
    assert report.valid, report.problems


def test_a_word_with_a_joker_no_letter_completes_is_invalid(english) -> None:
    report = validate(grid("?ZZZZ"), english)
    assert not report.valid
    assert (
        "?ZZZZ (across at row 1, column 1) is not a word with any letter"
        in report.problems[0].message
    )


def test_a_lone_open_tile_has_no_letter(english) -> None:
    resolution = resolve(grid("?"), english)
    assert resolution.open_tiles[0].letter is None


def test_far_more_jokers_than_the_set_holds_still_gets_a_verdict(english) -> None:
    report = validate(grid("?????\n?????\n?????\n?????\n?????"), english)
    assert not report.valid
    assert "the grid holds 25 joker tiles but the set has only 2" in {
        p.message for p in report.problems
    }
