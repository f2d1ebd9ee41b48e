"""The embedded lists compiled to memory-mapped tries: same words, never stale, never required."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mixmo.engine import lexicon as lexicon_module
from mixmo.engine.compiled_lexicon import compiled_forms, compiled_path, compiled_words
from mixmo.engine.lexicon import WordList, dictionary_path


def _gz_list(path: Path, words: list[str]) -> Path:
    path.write_bytes(gzip.compress("\n".join(words).encode("ascii") + b"\n"))
    return path


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_compiled_list_holds_exactly_the_shipped_words(language, tmp_path) -> None:
    source = dictionary_path(f"{language}.txt.gz")
    assert source is not None
    shipped = gzip.decompress(source.read_bytes()).decode("ascii").split()
    trie = compiled_words(source, tmp_path)
    assert trie is not None
    assert len(trie) == len(set(shipped))
    assert all(word in trie for word in shipped)
    assert "QQQ" not in trie and "HOUSEX" not in trie


def test_french_forms_compiled_give_the_accents(tmp_path) -> None:
    source = dictionary_path("fr-forms.txt.gz")
    assert source is not None
    trie = compiled_forms(source, tmp_path)
    assert trie is not None
    assert trie.get("ETE") == ["été".encode()]
    assert trie.get("MAISON") is None  # spelt as written: no entry


def test_a_changed_list_is_compiled_again_not_read_stale(tmp_path) -> None:
    source = _gz_list(tmp_path / "xx.txt.gz", ["CAT", "DOG"])
    cache = tmp_path / "cache"
    first = compiled_words(source, cache)
    assert first is not None and "DOG" in first and "EMU" not in first
    _gz_list(source, ["CAT", "DOG", "EMU"])
    second = compiled_words(source, cache)
    assert second is not None and "EMU" in second
    assert len(list(cache.glob("xx-*.words.marisa"))) == 2


def test_a_damaged_cache_file_is_compiled_again(tmp_path) -> None:
    source = _gz_list(tmp_path / "xx.txt.gz", ["CAT", "DOG"])
    cache = tmp_path / "cache"
    assert compiled_words(source, cache) is not None
    compiled_path(source, cache, "words").write_bytes(b"not a trie")
    again = compiled_words(source, cache)
    assert again is not None and "CAT" in again


def test_an_unusable_cache_folder_means_parsing_the_text(tmp_path) -> None:
    source = _gz_list(tmp_path / "xx.txt.gz", ["CAT"])
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert compiled_words(source, blocker / "cache") is None


def test_a_compiled_word_list_answers_like_the_parsed_one(tmp_path, english) -> None:
    source = dictionary_path("en.txt.gz")
    assert source is not None
    trie = compiled_words(source, tmp_path)
    compiled = WordList.compiled(
        trie, listing=lambda: list(english), name="embedded en", language="en"
    )
    assert len(compiled) == len(english)
    assert sorted(compiled) == sorted(english)
    assert compiled.words_of_length(2) and sorted(compiled.words_of_length(2)) == sorted(
        english.words_of_length(2)
    )
    # Past the enumeration limit, patterns are matched by walking the trie's prefixes.
    open_slots = ["ABCDEFGHIJKLMNOPQRSTUVWXYZ"] * 4
    assert compiled.matching(open_slots) == english.matching(open_slots)
    assert compiled.matching(["Q", *open_slots[:3]]) == english.matching(["Q", *open_slots[:3]])
    assert compiled.forms("HOUSE") == ["house"]


def test_embedded_uses_the_cache_folder_it_is_given(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(lexicon_module, "_cache_folder", tmp_path)
    lexicon_module.embedded.cache_clear()
    try:
        english = lexicon_module.embedded("en")
        assert "HOUSE" in english and "HOUSEX" not in english
        assert list(tmp_path.glob("en-*.words.marisa"))
    finally:
        lexicon_module.embedded.cache_clear()


def test_the_command_compiles_the_lists_once_into_the_cache_folder(tmp_path) -> None:
    env = {**os.environ, "MIXMO_CACHE_DIR": str(tmp_path), "COLUMNS": "100"}
    command = [sys.executable, "-m", "mixmo", "word", "ete", "--lang", "fr"]
    for _ in range(2):  # the first run compiles, the second maps the files
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "ETE" in done.stdout and "été" in done.stdout
    assert len(list(tmp_path.glob("fr-v*.words.marisa"))) == 1
    assert len(list(tmp_path.glob("fr-common-*.words.marisa"))) == 1  # checked at start
    assert len(list(tmp_path.glob("fr-forms-*.forms.marisa"))) == 1


@pytest.mark.parametrize("xdg", [None, "/tmp/some-cache"])
def test_the_command_caches_where_platformdirs_says(xdg, monkeypatch) -> None:
    import platformdirs

    from mixmo.cli.common import use_compiled_lists

    monkeypatch.delenv("MIXMO_CACHE_DIR", raising=False)
    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    monkeypatch.setattr(lexicon_module, "_cache_folder", None)
    use_compiled_lists()
    assert lexicon_module._cache_folder is not None
    assert Path(lexicon_module._cache_folder) == Path(platformdirs.user_cache_dir("mixmo"))
