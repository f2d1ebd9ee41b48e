"""Lexicons: the embedded lists, word-list files and Enchant (rulebook: Words)."""

import gzip

import pytest

from mixmo.engine.dictionary_spec import open_lexicon
from mixmo.engine.enchant_lexicon import EnchantLexicon, accent_spellings, suggestions
from mixmo.engine.lexicon import LexiconError, WordList, embedded, fold


def test_tiles_match_accent_folded_forms() -> None:
    assert fold("été") == "ETE"
    assert fold("cœur") == "COEUR"
    assert fold("Ægypte") == "AEGYPTE"
    assert fold("garçon") == "GARCON"


def test_english_list_has_inflected_forms_and_no_junk(english) -> None:
    assert len(english) > 100_000
    for word in ("QI", "XI", "JO", "KA", "QUIZZES", "OXEN", "RUNNING", "RAN", "LASER", "RADAR"):
        assert word in english, word
    for junk in ("DNA", "NASA", "FE", "OK", "TV", "PARIS", "ZZZ", "CS", "KB"):
        assert junk not in english, junk


def test_french_list_has_every_conjugated_form_folded(french) -> None:
    assert len(french) > 300_000
    for word in ("MANGEONS", "FINISSAIENT", "MANGEASSIONS", "FINIRIONS", "ETE", "ELEVE",
                 "GARCON", "COEUR", "OEUVRES", "PARIS", "EAU"):  # fmt: skip
        assert word in french, word
    for junk in ("MICHELLE", "AUJOURDHUI", "KG", "CM", "PT", "VS"):
        assert junk not in french, junk


def test_no_embedded_word_has_one_letter_or_a_non_letter(english, french) -> None:
    for lexicon in (english, french):
        assert all(len(word) >= 2 and word.isascii() and word.isalpha() for word in lexicon)


def test_french_words_know_their_accented_forms(french) -> None:
    assert french.forms("ETE") == ["été"]
    assert french.forms("MANGER") == ["manger"]
    assert french.forms("XYZZY") == []


def test_a_word_list_file_one_word_per_line(tmp_path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("# house rules\nCat\n\nété\nfaire-part\no.k.\n  dog  \n", encoding="utf-8")
    lexicon = WordList.from_file(path)
    assert sorted(lexicon) == ["CAT", "DOG", "ETE"]


def test_a_gzipped_word_list_file(tmp_path) -> None:
    path = tmp_path / "words.txt.gz"
    path.write_bytes(gzip.compress(b"cat\ndog\n"))
    assert "DOG" in WordList.from_file(path)


def test_unreadable_word_lists_say_why(tmp_path) -> None:
    with pytest.raises(LexiconError, match="no such word list"):
        WordList.from_file(tmp_path / "none.txt")
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(LexiconError, match="must be UTF-8"):
        WordList.from_file(binary)


@pytest.mark.enchant
def test_dictionary_specs() -> None:
    assert open_lexicon(None, "fr") is embedded("fr")
    assert open_lexicon("embedded:en") is embedded("en")
    assert isinstance(open_lexicon("enchant:en_US"), EnchantLexicon)
    with pytest.raises(LexiconError, match="no embedded dictionary for 'de'"):
        open_lexicon("embedded:de")


@pytest.mark.enchant
def test_enchant_looks_up_in_lower_case_so_capitalised_names_are_rejected() -> None:
    lexicon = EnchantLexicon.open("en_US")
    assert "RUNNING" in lexicon
    assert "NASA" not in lexicon and "DNA" not in lexicon


@pytest.mark.enchant
def test_enchant_french_is_accent_insensitive() -> None:
    lexicon = EnchantLexicon.open("fr_FR")
    assert lexicon.forms("ETE") == ["été"]
    assert "COEUR" in lexicon and "GARCON" in lexicon


@pytest.mark.enchant
def test_a_missing_enchant_language_names_what_to_install() -> None:
    with pytest.raises(LexiconError, match="apt-get install hunspell-xx"):
        EnchantLexicon.open("xx_XX")


def test_accent_spellings_try_ligatures() -> None:
    assert "cœur" in accent_spellings("COEUR")
    assert accent_spellings("BDF") == ["bdf"]


@pytest.mark.enchant
def test_suggestions_are_tile_words() -> None:
    proposals = suggestions("HOUSZ", "en")
    assert "HOUSE" in proposals
    assert all(p.isalpha() and p.isupper() for p in proposals)
    assert suggestions("HOUSZ", None) == []


def test_dict_any_accepts_every_word_and_checks_the_rest() -> None:
    from mixmo.engine.grid import Grid
    from mixmo.engine.validation import ProblemKind, validate

    lexicon = open_lexicon("any")
    assert "XQZT" in lexicon and "A1" not in lexicon
    assert validate(Grid.parse("XQZT\nK..."), lexicon).valid
    report = validate(Grid.parse("XQ.\n..J"), lexicon)
    assert report.problem_kinds() == {ProblemKind.DISCONNECTED}
