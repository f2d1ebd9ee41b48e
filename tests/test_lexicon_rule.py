"""The lexicon rule the build applies (dictionaries/README.md, "The lexicon rule"):
a word is accepted on two independent sources, refused on one rare source."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture(scope="module")
def rule() -> ModuleType:
    path = Path(__file__).parent.parent / "dictionaries" / "lexicon_rule.py"
    spec = importlib.util.spec_from_file_location("lexicon_rule", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_word_two_dictionaries_list_is_accepted_however_rare(rule) -> None:
    decision = rule.decide_en(70, "GCIDE: disembogue", 0.0, False)
    assert (decision.accepted, decision.rule) == (True, "two-dictionaries")
    decision = rule.decide_fr("couteauner", "GUTenberg list (wfrench): couteauna", 0.0)
    assert (decision.accepted, decision.rule) == (True, "two-dictionaries")


def test_a_word_one_dictionary_lists_is_accepted_when_in_common_use(rule) -> None:
    assert rule.decide_en(60, None, 1.7, False).rule == "dictionary-and-use"
    assert rule.decide_en(50, None, 0.0, False).rule == "dictionary-and-use"  # SCOWL: common
    assert rule.decide_fr("liker", None, 4.1).rule == "dictionary-and-use"


def test_a_word_only_one_rare_source_has_is_refused(rule) -> None:
    decision = rule.decide_en(70, None, 0.0, False)
    assert (decision.accepted, decision.rule) == (False, "one-rare-source")
    assert decision.sources == "SCOWL size 70; no second dictionary; Zipf 0.0"
    assert not rule.decide_fr("timocratie", None, 0.0).accepted


def test_scowl_largest_sizes_add_only_frequent_common_words(rule) -> None:
    assert rule.decide_en(80, "WordNet: lockdown (noun)", 3.5, True).rule == (
        "added-dictionary-and-use"
    )
    assert not rule.decide_en(80, "WordNet: lockdown (noun)", 2.9, True).accepted  # rare
    assert not rule.decide_en(95, None, 5.1, False).accepted  # ok: an initialism in SCOWL


def test_an_inflection_of_an_accepted_word_is_accepted(rule) -> None:
    base = rule.decide_en(55, None, 2.3, False)  # heptathlon: accepted by rule 2
    refused = rule.decide_en(55, None, 0.0, False)  # heptathlons alone: rule 3
    decision = rule.inflection_of("HEPTATHLON", base, refused)
    assert (decision.accepted, decision.rule) == (True, "inflection-of-accepted")
    assert decision.sources == (
        "inflection of heptathlon (dictionary-and-use); SCOWL size 55; no second dictionary;"
        " Zipf 0.0"
    )
