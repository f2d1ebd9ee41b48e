"""Grid validity, rule by rule (rulebook: Grid Validity, Words, Expert Mode)."""

from mixmo.engine.validation import ProblemKind, validate
from mixmo.engine.variants import Expert, FreeSpirit
from tests.conftest import grid

HOUSE = """
    HOUSE
    A...A
    TIGER
"""


def test_a_connected_grid_of_dictionary_words_is_valid(english) -> None:
    report = validate(grid(HOUSE), english)
    assert report.valid, report.problems
    assert sorted(v.text for v in report.words) == ["EAR", "HAT", "HOUSE", "TIGER"]


def test_every_word_must_be_in_the_dictionary(english) -> None:
    report = validate(grid("HOUSZ\nA...A\nTIGER"), english)
    assert not report.valid
    bad = [v for v in report.words if not v.valid]
    assert [v.text for v in bad] == ["HOUSZ", "ZAR"]
    assert report.problem_kinds() == {ProblemKind.NOT_A_WORD}
    assert "HOUSZ (across at row 1, column 1) is not in " in str(report.problems[0].message)


def test_the_tiles_must_form_one_connected_group(english) -> None:
    report = validate(grid("CAT.\n....\n..DOG"), english)
    assert ProblemKind.DISCONNECTED in report.problem_kinds()
    assert "2 separate groups" in str(report.problems[0])


def test_proper_nouns_initialisms_and_chemical_symbols_are_not_words(english) -> None:
    for name in ("PARIS", "NASA", "DNA", "FE", "OK", "TV"):
        assert name not in english, name


def test_acronyms_pronounced_as_words_and_conjugated_verbs_are_accepted(english) -> None:
    for word in ("LASER", "RADAR", "RAN", "RUNNING", "QUIZZES", "OXEN", "QI", "XI"):
        assert word in english, word


def test_a_joker_at_a_crossing_is_one_letter_for_both_words(english) -> None:
    report = validate(grid("C?T\n.X."), english)  # CAT/AX or COT/OX
    assert report.valid, report.problems
    (joker,) = report.open_tiles
    assert joker.options == "AO"
    assert {v.text for v in report.words} == {f"C{joker.letter}T", f"{joker.letter}X"}


def test_a_joker_crossing_two_words_that_no_letter_satisfies_is_invalid(english) -> None:
    # ?UIT needs Q or S (QUIT, SUIT); ?A needs a letter like B, F, H, K, L, M, P...
    report = validate(grid("?UIT\nA..."), english)
    assert not report.valid
    assert report.problem_kinds() == {ProblemKind.JOKER_CONFLICT}
    assert str(report.problems[0].message) == (
        "no letters for the jokers at row 1, column 1 make these words at once: "
        "?UIT (across at row 1, column 1), ?A (down at row 1, column 1)"
    )
    assert [v.valid for v in report.words] == [False, False]


def test_a_declared_joker_stands_for_its_letter(english) -> None:
    assert validate(grid("CaT"), english).valid
    assert not validate(grid("CxT"), english).valid


def test_the_bandit_can_only_be_k_w_x_y_z(english) -> None:
    report = validate(grid("BO!"), english)  # BOW, BOX or BOY
    assert report.valid
    assert report.open_tiles[0].options == "WXY"
    assert report.open_tiles[0].letter == "W", "the first letter that works"
    assert not validate(grid("CU!"), english).valid, "CUB, CUP, CUT: no K, W, X, Y or Z fits"


def test_a_grid_holds_no_more_of_a_tile_than_the_set(english) -> None:
    report = validate(grid("JAZZ"), english)
    assert ProblemKind.TOO_MANY_OF_A_TILE in report.problem_kinds()
    assert "2 Z tiles but the set has only 1" in str(report.problems[0])


def test_a_grid_holds_at_most_two_jokers_and_one_bandit(english) -> None:
    report = validate(grid("??a\n!!."), english)
    messages = [str(p.message) for p in report.problems if p.kind is ProblemKind.TOO_MANY_OF_A_TILE]
    assert messages == [
        "the grid holds 2 Bandit tiles but the set has only 1",
        "the grid holds 3 joker tiles but the set has only 2",
    ]


def test_a_grid_must_hold_exactly_the_tiles_per_player(english) -> None:
    report = validate(grid(HOUSE), english, players=6)
    assert report.problem_kinds() == {ProblemKind.WRONG_TILE_COUNT}
    assert "holds 12 tiles; with 6 players each grid holds exactly 20" in str(
        report.problems[0].message
    )


def test_expert_words_have_at_least_three_letters(english) -> None:
    two_letter = grid("OX\nN.")  # OX, ON
    assert validate(two_letter, english).valid
    report = validate(two_letter, english, Expert())
    assert report.problem_kinds() == {ProblemKind.TOO_SHORT}
    assert len(report.problems) == 2


def test_expert_allows_no_word_twice(english) -> None:
    ring = grid("TOT\nO.O\nTOT")
    assert validate(ring, english).valid
    report = validate(ring, english, Expert())
    assert report.problem_kinds() == {ProblemKind.REPEATED_WORD}
    assert str(report.problems[0].message) == "TOT appears 4 times; Expert allows each word once"


def test_expert_jokers_choose_letters_that_repeat_no_word(english) -> None:
    # The joker could make TOT again (a repeat) or TOD/TON...: Expert picks a new word.
    report = validate(grid("TOT\nO.O\nTO?"), english, Expert())
    spelt = [v.text for v in report.words]
    assert report.open_tiles[0].letter != "T"
    assert spelt.count("TOT") == 2


def test_the_bandit_theme_must_be_in_the_grid(english) -> None:
    report = validate(grid(HOUSE), english, theme="animals")
    assert report.problem_kinds() == {ProblemKind.NO_THEME_WORD}
    assert validate(grid(HOUSE), english, theme="animals", theme_words=["tiger"]).valid


def test_free_spirit_has_no_theme(english) -> None:
    assert validate(grid(HOUSE), english, FreeSpirit(), theme="animals").valid


def test_a_claimed_theme_word_must_stand_in_the_grid(english) -> None:
    report = validate(grid(HOUSE), english, theme_words=["LION"])
    assert report.problem_kinds() == {ProblemKind.THEME_WORD_MISSING}


def test_every_problem_is_reported_at_once(english) -> None:
    report = validate(grid("QZX.\n....\nJAZZ"), english, Expert(), players=2)
    assert report.problem_kinds() >= {
        ProblemKind.DISCONNECTED,
        ProblemKind.NOT_A_WORD,
        ProblemKind.TOO_MANY_OF_A_TILE,
        ProblemKind.WRONG_TILE_COUNT,
    }
