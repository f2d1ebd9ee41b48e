"""Joker and Bandit resolution (rulebook: The Bandit; a joker at a crossing is one letter)."""

from collections.abc import Sequence

import pytest

from mixmo.engine.grid import Grid
from mixmo.engine.jokers import SCAN_WEIGHT, SEARCH_BUDGET, resolve
from mixmo.engine.lexicon import ENUMERATION_LIMIT, WordList
from mixmo.engine.tiles import JOKER
from mixmo.engine.validation import validate
from mixmo.engine.variants import Expert
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
    assert any(
        "?ZZZZ (across at row 1, column 1) is not a word with any letter" in str(problem.message)
        for problem in report.problems
    )


def test_a_lone_open_tile_has_no_letter(english) -> None:
    resolution = resolve(grid("?"), english)
    assert resolution.open_tiles[0].letter is None


def test_far_more_jokers_than_the_set_holds_still_gets_a_verdict(english) -> None:
    report = validate(grid("?????\n?????\n?????\n?????\n?????"), english)
    assert not report.valid
    assert "the grid holds 25 joker tiles but the set has only 2" in {
        str(p.message) for p in report.problems
    }


def test_expert_a_claimed_theme_word_never_turns_a_valid_grid_invalid(english) -> None:
    text = "C?T\nA..\nT.."  # CAT down; the joker makes COT (or CUT...) across
    assert validate(grid(text), english, Expert()).valid
    report = validate(grid(text), english, Expert(), theme="animals", theme_words=["CAT"])
    assert report.valid, [str(p.message) for p in report.problems]
    assert report.theme_words == ("CAT",), "CAT still stands, down the first column"
    assert [v.text for v in report.words] != ["CAT", "CAT"]


class CountingLexicon:
    """A word list that counts the dictionary work the resolver asks of it.

    ``work`` is one unit per spelling looked up, or per word of a length scanned
    when there are too many spellings to look up. No word is longer than the set,
    so a pattern longer than that is a resolver bug and fails at once."""

    def __init__(self, lexicon: WordList) -> None:
        self.inner = lexicon
        self.name = lexicon.name
        self.language = lexicon.language
        self.work = 0

    def __contains__(self, word: object) -> bool:
        return word in self.inner

    def words_of_length(self, length: int) -> list[str]:
        return self.inner.words_of_length(length)

    def matching(self, slots: Sequence[str]) -> set[str]:
        assert len(slots) <= 120, f"asked to match a {len(slots)}-letter pattern"
        spellings = 1
        for slot in slots:
            spellings = min(spellings * len(slot), ENUMERATION_LIMIT + 1)
        scan = len(self.inner.words_of_length(len(slots)))
        self.work += spellings if spellings <= ENUMERATION_LIMIT else scan
        return self.inner.matching(slots)

    def forms(self, word: str) -> list[str]:
        return self.inner.forms(word)


def test_the_joker_budget_covers_dictionary_scans(french) -> None:
    # 14 words of 6 jokers after 2 letters, each a different pattern: each alone
    # scans every 8-letter French word ("E??????" rows once took 15 s).
    text = "\n\n".join(
        f"{a}{b}??????" for a, b in zip("ABCDEFGHIJLMNP", "RAEIOURAEIOURA", strict=True)
    )
    counting = CountingLexicon(french)
    resolution = resolve(grid(text), counting)
    assert resolution.work <= SEARCH_BUDGET
    assert counting.work * SCAN_WEIGHT <= SEARCH_BUDGET, "every scan is paid from the budget"
    assert resolution.unresolved, "what the budget could not cover is said, not guessed"
    report = validate(grid(text), counting)
    assert "could not be checked: the grid holds more of them than the set" in str(
        [str(p.message) for p in report.problems]
    )


def test_rows_of_jokers_far_beyond_the_set_are_not_searched(french) -> None:
    text = "\n".join(["E??????"] * 400)
    counting = CountingLexicon(french)
    report = validate(grid(text), counting)
    assert counting.work == 0
    assert [p.kind.value for p in report.problems][:2] == ["too-many-of-a-tile"] * 2
    messages = [str(p.message) for p in report.problems]
    assert "406 words through jokers or Bandits could not be checked" in messages[-1]


def test_a_row_of_100000_jokers_gets_a_verdict_without_a_letter_by_letter_search(english) -> None:
    counting = CountingLexicon(english)
    resolution = resolve(Grid({(0, col): JOKER for col in range(100_000)}), counting)
    assert not resolution.solved and resolution.unresolved
    assert counting.work == 0 and resolution.work == 0


def test_repair_is_paid_from_the_budget(english) -> None:
    # 20 jokers in one word that no letters complete: no solution, so the
    # resolver tries to make most words valid, within the budget.
    text = "Q" + "?" * 20 + "\n" + "\n".join("." * (col + 1) + "?" for col in range(20))
    resolution = resolve(grid(text), english, budget=5_000)
    assert resolution.work <= 5_000 + 1
    assert not resolution.solved


def problem_lines(out: str) -> list[str]:
    """The lines of the report's Problems section, without their marks."""
    section = out.split("Problems", 1)[1].split("Score", 1)[0]
    return [line.strip(" ✗") for line in section.splitlines() if line.strip()]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("?????", ["the grid holds 5 joker tiles but the set has only 2"]),
        (
            "?!!!?",
            [
                "the grid holds 3 Bandit tiles but the set has only 1",
                "?!!!? (across at row 1, column 1) is not a word with any letter for its jokers"
                " in the English word list: 3 Bandits there, and a Bandit stands only for K, W, X, Y or Z",
            ],
        ),
        (
            "?...?",
            [
                "the tiles form 2 separate groups, not one: 1 tile at row 1, column 1;"
                " 1 tile at row 1, column 5",
                "the grid holds no word of two tiles or more",
            ],
        ),
    ],
)
def test_the_report_names_the_real_problems_of_a_grid_of_jokers(
    mixmo, text: str, expected: list[str]
) -> None:
    run = mixmo("check", "-", stdin=text + "\n")
    assert run.code == 1, run.err
    assert problem_lines(run.out) == expected
