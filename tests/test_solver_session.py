"""`mixmo solve` runs: one dictionary load and one index per run, set-up reported, sane --time."""

from __future__ import annotations

import json

import pytest

from mixmo.engine.lexicon import WordList
from mixmo.engine.solver import index as index_module
from mixmo.engine.solver.request import SolveSession

WORDS = ["CAT", "CATS", "ACT", "TAC", "SAT", "AT", "TA", "DOG", "DOGS", "GOD", "GODS", "SO", "OD"]


@pytest.fixture
def word_file(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return path


def test_a_word_list_is_read_and_indexed_once_for_every_rack(mixmo, word_file, monkeypatch):
    reads: list[str] = []
    indexes: list[object] = []
    real_from_file = WordList.from_file.__func__  # type: ignore[attr-defined]
    real_init = index_module.LexiconIndex.__init__

    def counting_from_file(cls, path, **kwargs):
        reads.append(str(path))
        return real_from_file(cls, path, **kwargs)

    def counting_init(self, words, lexicon, data=None):
        indexes.append(lexicon)
        real_init(self, words, lexicon, data)

    monkeypatch.setattr(WordList, "from_file", classmethod(counting_from_file))
    monkeypatch.setattr(index_module.LexiconIndex, "__init__", counting_init)
    run = mixmo("solve", "-", "--dict", str(word_file), "--json", stdin="CATS\nDOGS\nGODS\nCAT\n")
    assert run.code == 0, run.err
    lines = [json.loads(line) for line in run.out.splitlines()]
    assert [line["solved"] for line in lines] == [True, True, True, True]
    assert reads == [str(word_file)]
    assert len(indexes) == 1


def test_the_first_rack_carries_the_set_up_cost_in_the_figures(mixmo, word_file):
    run = mixmo("solve", "-", "--dict", str(word_file), "--json", stdin="CATS\nCATS\n")
    first, second = (json.loads(line) for line in run.out.splitlines())
    assert first["setup_milliseconds"] > 0
    assert second["setup_milliseconds"] < first["setup_milliseconds"]


def test_the_text_output_says_what_the_set_up_cost(mixmo, word_file):
    run = mixmo("solve", "CATS", "--dict", str(word_file))
    assert run.code == 0
    assert "ms to load the dictionary and index it" in run.out.splitlines()[0]


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "1e999", "0"])
def test_time_must_be_a_finite_number_of_seconds(mixmo, value):
    run = mixmo("solve", "CAT", "--time", value)
    assert run.code == 2
    assert run.out == ""
    assert len(run.err.strip().splitlines()) == 1
    assert "--time" in run.err


def test_a_missing_word_list_is_one_line_before_any_rack(mixmo, tmp_path):
    run = mixmo("solve", "-", "--dict", str(tmp_path / "none.txt"), stdin="CAT\nDOG\n")
    assert run.code == 2
    assert run.err.strip() == f"mixmo: error: {tmp_path / 'none.txt'}: no such word list"


def test_a_session_reports_what_each_rack_paid_before_its_search(word_file):
    session = SolveSession(dict_spec=str(word_file))
    session.solve("CATS", seconds=2.0)
    first = session.setup_seconds
    result = session.solve("DOGS", seconds=2.0)
    assert result.solved
    assert first > 0 and session.setup_seconds < first
