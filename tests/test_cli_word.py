"""`mixmo word`: settle a dispute at the table (rulebook: "refer to a dictionary")."""

import json

import pytest


def test_valid_and_invalid_words(mixmo) -> None:
    run = mixmo("word", "quiz", "oxen", "nasa")
    assert run.code == 1
    assert run.out.splitlines() == [
        "✓ QUIZ  quiz",
        "✓ OXEN  oxen",
        "✗ NASA  not in the English word list",
    ]


def test_all_valid_exits_0(mixmo) -> None:
    assert mixmo("word", "laser", "radar").code == 0


def test_french_words_show_their_accented_forms(mixmo) -> None:
    run = mixmo("word", "--lang", "fr", "ete", "COEUR", "garçon", "--json")
    assert run.code == 0
    assert json.loads(run.out) == [
        {"word": "ETE", "valid": True, "forms": ["été"]},
        {"word": "COEUR", "valid": True, "forms": ["cœur"]},
        {"word": "GARCON", "valid": True, "forms": ["garçon"]},
    ]


def test_words_from_standard_input(mixmo) -> None:
    run = mixmo("word", "-", "--json", stdin="cat\ndog zzzq\n")
    assert [r["valid"] for r in json.loads(run.out)] == [True, True, False]
    assert run.code == 1


def test_hyphenated_and_apostrophe_words_are_not_tiles(mixmo) -> None:
    run = mixmo("word", "water-heater", "--lang", "en")
    assert run.code == 1
    assert "not spelt with letters A-Z only" in run.out


@pytest.mark.enchant
def test_enchant_dictionary_folds_accents(mixmo) -> None:
    run = mixmo("word", "--dict", "enchant:fr_FR", "ete", "nasa", "--json")
    assert json.loads(run.out) == [
        {"word": "ETE", "valid": True, "forms": ["été"]},
        {"word": "NASA", "valid": False, "forms": []},
    ]


def test_no_word_is_bad_usage(mixmo) -> None:
    assert mixmo("word").code == 2
    assert mixmo("word", "-", stdin="").code == 2
