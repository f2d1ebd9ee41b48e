"""`mixmo word --why`: which rule of the lexicon rule and which sources decided a word
(dictionaries/README.md, "The lexicon rule")."""

import json

from mixmo.engine.lexicon import embedded
from mixmo.engine.provenance import ACCEPTING, RULES, provenance, record


def test_a_word_two_dictionaries_list_is_accepted_by_rule_one(mixmo) -> None:
    run = mixmo("word", "--why", "table")
    assert run.code == 0
    assert run.out.splitlines() == [
        "✓ TABLE  table",
        "    why: accepted, the main dictionary and an independent second one both list it"
        " [two-dictionaries] (SCOWL (sizes <= 70) and WordNet or GCIDE (the word, its lemma"
        " or what it derives from))",
    ]


def test_a_word_only_one_rare_source_has_is_refused_with_its_evidence(mixmo) -> None:
    run = mixmo("word", "--why", "neume", "--json")
    assert run.code == 1
    (result,) = json.loads(run.out)
    assert result["valid"] is False
    assert result["why"]["rule"] == "one-rare-source"
    assert result["why"]["sources"] == "SCOWL size 70; no second dictionary; Zipf 0.0"


def test_an_inflection_of_an_accepted_word_is_accepted(mixmo) -> None:
    run = mixmo("word", "--why", "heptathlons", "aftermarkets", "--json")
    assert run.code == 0, run.out
    for result, base in zip(json.loads(run.out), ("heptathlon", "aftermarket"), strict=True):
        assert result["valid"] is True
        assert result["why"]["rule"] == "inflection-of-accepted"
        assert result["why"]["sources"].startswith(f"inflection of {base} (")


def test_a_french_1990_spelling_of_an_accepted_word_is_accepted(mixmo) -> None:
    run = mixmo("word", "--why", "--lang", "fr", "requiems", "--json")
    assert run.code == 0, run.out
    (result,) = json.loads(run.out)
    assert result["why"]["rule"] == "inflection-of-accepted"
    assert result["why"]["sources"].startswith("inflection of requiem (")


def test_a_french_acronym_said_as_a_word_is_accepted_on_common_use(mixmo) -> None:
    run = mixmo("word", "--why", "--lang", "fr", "unicef", "--json")
    (result,) = json.loads(run.out)
    assert result["valid"] is True
    assert result["why"]["rule"] == "dictionary-and-use"
    assert result["why"]["sources"].startswith("Dicollecte Unicef; no second dictionary; Zipf 3.")


def test_a_deny_list_refusal_gives_the_reviewed_reason(mixmo) -> None:
    run = mixmo("word", "--why", "versa")
    assert run.code == 1
    assert 'deny-en.txt: Latin, only in "vice versa"' in run.out
    assert "[deny-list]" in run.out


def test_a_word_no_source_holds_says_so(mixmo) -> None:
    run = mixmo("word", "--why", "--lang", "fr", "zzzq", "--json")
    (result,) = json.loads(run.out)
    assert result["why"]["rule"] == "not-in-sources"
    assert result["why"]["accepted"] is False


def test_a_word_list_of_ones_own_has_no_record_of_sources(mixmo, tmp_path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("neume\n", encoding="utf-8")
    run = mixmo("word", "--why", "--dict", str(words), "neume")
    assert run.code == 0
    assert "decides alone (no record of its sources)" in run.out


def test_the_record_agrees_with_the_shipped_lists() -> None:
    for language in ("en", "fr"):
        table = record(language)
        assert table is not None
        words = embedded(language)
        for word, (rule, _sources) in table.items():
            assert rule in RULES, (language, word, rule)
            assert (word in words) == (rule in ACCEPTING), (language, word, rule)
        found = provenance(language, "TABLE", "TABLE" in words)
        assert found is not None and found.accepted
