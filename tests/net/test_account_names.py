"""An account's name: Latin letters, digits and a few marks, 2 to 20 characters, every
problem said at once; two names that look alike are one name on a server."""

from __future__ import annotations

import pytest

from mixmo.net.names import account_name, skeleton
from mixmo.net.refusals import AccountNameError


def test_a_plain_name_is_kept_trimmed_and_composed() -> None:
    assert account_name("  Ann  ") == "Ann"
    assert account_name("Zoe\u0301") == "Zoé"  # typed with a combining accent: one character
    assert account_name("Jean-Luc O'Neil") == "Jean-Luc O'Neil"


def test_a_name_has_two_to_twenty_characters() -> None:
    with pytest.raises(AccountNameError, match="fewer than 2 characters"):
        account_name("A")
    assert account_name("Al") == "Al"
    assert account_name("A" * 20) == "A" * 20
    with pytest.raises(AccountNameError, match="more than 20 characters"):
        account_name("A" * 21)


def test_a_name_is_latin_letters_digits_spaces_and_four_marks() -> None:
    with pytest.raises(AccountNameError) as refused:
        account_name("Ann<3")
    assert "holds <" in str(refused.value)
    with pytest.raises(AccountNameError, match="\u0391"):
        account_name("\u0391nn")  # a Greek capital alpha, drawn as A


def test_control_format_and_bidirectional_characters_are_refused_by_their_code_point() -> None:
    for strange, shown in (("\u202e", "U+202E"), ("\u200b", "U+200B"), ("\x07", "U+0007")):
        with pytest.raises(AccountNameError) as refused:
            account_name(f"Ann{strange}Bob")
        assert shown in str(refused.value)


def test_a_name_begins_and_ends_with_a_letter_or_digit_and_never_doubles_a_mark() -> None:
    with pytest.raises(AccountNameError, match="begin and end"):
        account_name("-Ann")
    with pytest.raises(AccountNameError, match="two spaces or marks in a row"):
        account_name("Ann  Bob")


def test_every_problem_is_said_at_once() -> None:
    with pytest.raises(AccountNameError) as refused:
        account_name("_" + "é" * 20 + "☺")
    said = str(refused.value)
    assert "more than 20" in said and "holds ☺" in said and "begin and end" in said
    assert refused.value.code == "account-name"


# Greek and Cyrillic capital As, drawn as Latin ones
@pytest.mark.parametrize("look_alike", ["ANN", "Änn", "A_nn", "a.n.n", "\u0391nn", "\u0410nn"])
def test_names_that_look_alike_have_one_skeleton(look_alike: str) -> None:
    assert skeleton(look_alike) == skeleton("Ann")


@pytest.mark.parametrize(("one", "other"), [("Bill", "Bi11"), ("Mo", "rno"), ("Olaf", "0laf")])
def test_digits_and_letter_pairs_that_read_as_letters_are_one_name(one: str, other: str) -> None:
    assert skeleton(one) == skeleton(other)


def test_different_names_stay_different() -> None:
    assert skeleton("Ann") != skeleton("Anna")
    assert skeleton("Bob") != skeleton("Rob")
