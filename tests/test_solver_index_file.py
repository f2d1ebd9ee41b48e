"""The solver's index file: built once per word list, mapped after, never trusted damaged."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from mixmo.engine.bag import Bag
from mixmo.engine.jokers import resolve
from mixmo.engine.lexicon import WordList, cache_folder, use_cache_folder
from mixmo.engine.solver import index_for
from mixmo.engine.solver.index import LexiconIndex
from mixmo.engine.word_index import FORMAT, SECTIONS, IndexFile, cached, index_path
from tests.conftest import grid


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[Path]:
    """A cache folder of its own, as the command line sets one."""
    saved = cache_folder()
    use_cache_folder(tmp_path)
    yield tmp_path
    use_cache_folder(saved)


def _mapped(lexicon: WordList, folder: Path) -> LexiconIndex:
    assert lexicon.source_digest is not None
    found = cached(str(folder), lexicon.source_digest, lambda: iter(lexicon))
    assert isinstance(found, IndexFile)
    return LexiconIndex((), lexicon, found.data())


def _same_answers(one: LexiconIndex, other: LexiconIndex) -> None:
    assert one.lengths == other.lengths and one.weight == other.weight
    for length in one.lengths:
        assert one.entries(length) == other.entries(length)
    for seed in range(3):
        for size in (10, 21, 60):
            rack, _ = Bag.shuffled(f"{size}-{seed}").draw(size)
            code = one.rack_code(Counter(t.letter for t in rack if t.letter))
            for missing, holding in ((0, None), (1, None), (2, "E")):
                lengths = list(range(2, size + 2))
                mine = one.scan(code, missing, lengths, holding)
                theirs = other.scan(code, missing, lengths, holding)
                assert mine == theirs
                assert one.spellable(code, missing, lengths, holding) == other.spellable(
                    code, missing, lengths, holding
                )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_index_file_answers_what_the_index_in_memory_answers(
    lang, english, french, tmp_path
) -> None:
    lexicon = english if lang == "en" else french
    in_memory = LexiconIndex(lexicon, lexicon)
    written = _mapped(lexicon, tmp_path)
    assert os.path.isfile(index_path(str(tmp_path), lexicon.source_digest or ""))
    _same_answers(written, in_memory)
    again = _mapped(lexicon, tmp_path).prepare()  # mapped this time, every word made at once
    _same_answers(again, in_memory)


def _damage(path: str, at: int) -> None:
    with open(path, "r+b") as handle:
        handle.seek(at)
        byte = handle.read(1)
        handle.seek(at)
        handle.write(bytes([byte[0] ^ 0xFF]))


def test_a_damaged_or_truncated_index_file_is_rebuilt_not_trusted(english, tmp_path) -> None:
    key = english.source_digest or ""
    path = index_path(str(tmp_path), key)
    _mapped(english, tmp_path)
    good = LexiconIndex(english, english)
    before = Path(path).read_bytes()
    for section in SECTIONS:  # a flipped byte in each section in turn
        offset = IndexFile(path, key)._sections[section][0]
        _damage(path, IndexFile(path, key)._base + offset + 5)
        _same_answers(_mapped(english, tmp_path), good)
        assert Path(path).read_bytes() == before
    with open(path, "r+b") as handle:
        handle.truncate(len(before) // 2)
    _same_answers(_mapped(english, tmp_path), good)
    assert Path(path).read_bytes() == before


def test_writing_an_index_file_removes_the_lists_files_of_older_formats(english, tmp_path) -> None:
    key = english.source_digest or ""
    older = Path(index_path(str(tmp_path), key, FORMAT - 1))
    older.write_bytes(b"MXIX0002 an index the old layout wrote")
    other_list = Path(index_path(str(tmp_path), "f" * 64, FORMAT - 1))
    other_list.write_bytes(b"MXIX0002 another list's")
    _mapped(english, tmp_path)
    assert not older.exists()
    assert other_list.exists(), "another list's file is that list's business"
    assert Path(index_path(str(tmp_path), key)).exists()


def test_an_index_file_of_another_list_under_this_name_is_rebuilt(english, tmp_path) -> None:
    small = WordList(["CAT", "DOG", "ACT"], name="small", language="en")
    small.source_digest = "0" * 64
    assert _mapped(small, tmp_path).count(3) == 3
    path = index_path(str(tmp_path), english.source_digest or "")
    Path(path).write_bytes(Path(index_path(str(tmp_path), small.source_digest)).read_bytes())
    _same_answers(_mapped(english, tmp_path), LexiconIndex(english, english))


def test_a_dict_file_gets_an_index_of_its_own_and_a_new_one_when_it_changes(
    cache, tmp_path
) -> None:
    words = tmp_path / "mine.txt"
    words.write_text("cat\ndog\nact\ntaco\ncoat\n", encoding="utf-8")
    first = WordList.from_file(words, language="en")
    index = index_for(first)
    assert [e[0] for e in index.entries(4)] == ["COAT", "TACO"]
    assert os.path.isfile(index_path(str(cache), first.source_digest or ""))
    words.write_text("cat\ndog\nact\ntaco\ncoat\ngoat\n", encoding="utf-8")
    second = WordList.from_file(words, language="en")
    assert second.source_digest != first.source_digest
    assert sorted(e[0] for e in index_for(second).entries(4)) == ["COAT", "GOAT", "TACO"]
    assert len(list(cache.glob("words-*.mxix"))) == 2


def test_jokers_resolve_the_same_through_the_index_file(english, cache) -> None:
    # Six jokers in a word: more spellings than are looked up one by one, so the
    # resolver scans the words of that length, from the index file's text.
    text = "ST??????"
    without = resolve(grid(text), WordList(english, name="plain", language="en"))
    through_file = resolve(grid(text), english)
    assert os.path.isfile(index_path(str(cache), english.source_digest or ""))
    assert through_file.letters == without.letters
    assert through_file.solved == without.solved


def test_hints_read_the_index_file_of_their_word_list(english, cache) -> None:
    from mixmo.engine.solver import hint

    listed = WordList(english, name="listed", language="en")
    listed.source_digest = english.source_digest
    found = hint("TRAINS", listed, None, None, 1)
    assert found.word and found.word in listed
    assert os.path.isfile(index_path(str(cache), english.source_digest or ""))


def test_the_shipped_lists_bots_play_from_name_their_index_by_their_digest() -> None:
    from mixmo.engine.dictionary_integrity import MANIFEST, expected_digest
    from mixmo.engine.lexicon import _data_path, common_words, embedded

    for language, lexicon in (("en", embedded("en")), ("en-common", common_words("en"))):
        assert lexicon is not None
        assert lexicon.source_digest == expected_digest(f"{language}.txt.gz", _data_path(MANIFEST))


def test_mixmo_solve_with_a_dict_file_keeps_its_index_in_the_cache_folder(
    mixmo, monkeypatch, cache, tmp_path
) -> None:
    words = tmp_path / "pets.txt"
    words.write_text("cat\ncats\ndog\ndogs\ngod\ngods\nact\n", encoding="utf-8")
    monkeypatch.setenv("MIXMO_CACHE_DIR", str(cache))
    first = mixmo("solve", "CATS", "--dict", str(words), "--json")
    assert first.code == 0 and json.loads(first.out)["solved"]
    written = list(cache.glob("words-*.mxix"))
    assert len(written) == 1
    before = written[0].stat().st_mtime_ns
    again = mixmo("solve", "DOGS", "--dict", str(words), "--json")
    assert again.code == 0 and json.loads(again.out)["solved"]
    assert written[0].stat().st_mtime_ns == before, "mapped, not written again"


def test_a_cache_folder_that_cannot_hold_the_index_still_gives_one(english, tmp_path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    saved = cache_folder()
    use_cache_folder(blocked)
    try:
        listed = WordList(english, name="listed", language="en")
        listed.source_digest = english.source_digest
        index = index_for(listed)
    finally:
        use_cache_folder(saved)
    assert index.count(5) == len(english.words_of_length(5))
