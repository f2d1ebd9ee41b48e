"""Scoring with the points option (rulebook: Option 2, Playing with Points; docs/rules.md)."""

from mixmo.engine.scoring import score
from mixmo.engine.validation import validate
from tests.conftest import grid

ELEPHANT = "ELEPHANT\n.....X.."  # ELEPHANT across, AX down: 9 tiles


def total(text: str, english, **kwargs) -> int:
    winner = kwargs.pop("winner", False)
    unplaced = kwargs.pop("unplaced", 0)
    return score(validate(grid(text), english, **kwargs), winner=winner, unplaced=unplaced).total


def test_a_valid_grid_scores_its_placed_tiles(english) -> None:
    assert total("HOUSE\nA...A\nTIGER", english) == 12


def test_unplaced_tiles_are_not_counted(english) -> None:
    report = validate(grid("HOUSE\nA...A\nTIGER"), english)
    result = score(report, unplaced=3)
    assert result.total == 12
    assert str(result.lines[0].label) == "tiles placed (12, 15 held)"


def test_a_win_is_worth_20_points(english) -> None:
    assert total("HOUSE\nA...A\nTIGER", english, winner=True) == 12 + 20


def test_each_placed_k_w_x_y_z_is_worth_5_points(english) -> None:
    assert total("WAX\n.X.", english) == 0, "two X tiles: over the set, invalid"
    assert total("KEY\n..A\n..W", english) == 5 + 5 * 3  # KEY, YAW: 5 tiles + K, Y, W


def test_a_joker_or_the_bandit_standing_for_a_hard_letter_earns_nothing(english) -> None:
    assert total("ELEPHANT\n.....x..", english) == 9 + 8
    assert total("ELEPHANT\n.....!..", english) == 9 + 8
    assert total(ELEPHANT, english) == 9 + 8 + 5


def test_words_of_8_letters_or_more_earn_their_length(english) -> None:
    assert total("CARTOONS", english) == 8 + 8
    assert total("HAT", english) == 3


def test_theme_words_count_triple_on_top(english) -> None:
    assert total("HOT\n.X.", english, theme="animals", theme_words=["ox"]) == 4 + 5 + 3 * 2


def test_a_long_theme_word_earns_both_bonuses(english) -> None:
    # docs/rules.md: an 8+ letter theme word earns its length and three times its length.
    result = score(validate(grid(ELEPHANT), english, theme="animals", theme_words=["elephant"]))
    assert [line.points for line in result.lines] == [9, 5, 8, 24]
    assert result.total == 46


def test_an_invalid_grid_earns_no_points(english) -> None:
    assert total("HOUSZ\nA...A\nTIGER", english) == 0


def test_a_grid_with_no_theme_word_is_invalid_and_earns_nothing(english) -> None:
    assert total("HOUSE\nA...A\nTIGER", english, theme="animals") == 0


def test_a_final_mixmo_called_with_an_invalid_grid_costs_20(english) -> None:
    assert total("HOUSZ\nA...A\nTIGER", english, winner=True) == -20
