"""A damaged embedded list, or a --dict gzip bomb, is refused in one line with exit 2.

The damage is done as it happens to an installation: the shipped file itself is
replaced, in a copy of the package run as `mixmo word qi` (with a fresh cache
folder, so the list is compiled, and without one, so it is parsed).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from mixmo.engine.lexicon import MAX_WORD_LIST, dictionary_path

REPOSITORY = Path(__file__).resolve().parent.parent
SHIPPED = ["en.txt.gz", "en-common.txt.gz", "fr.txt.gz", "fr-common.txt.gz", "fr-forms.txt.gz"]


def _zero_bomb(size: int) -> bytes:
    """A gzip stream of ``size`` newlines (a few kilobytes a megabyte)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = b"\n" * (1 << 20)
    parts = [packer.compress(chunk) for _ in range(size >> 20)]
    return b"".join([*parts, packer.flush()])


def _flip_crc(data: bytes) -> bytes:
    return data[:-8] + bytes([data[-8] ^ 0xFF]) + data[-7:]


DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "not-gzip": lambda data: b"QI\nZA\n",
    "bad-crc": _flip_crc,
    "binary": lambda data: gzip.compress(bytes(range(256)) * 64),
    "truncated": lambda data: data[: len(data) // 2],
    "empty": lambda data: gzip.compress(b""),
    "bomb": lambda data: _zero_bomb(64 << 20),
}


@pytest.fixture(scope="module")
def installation(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package and its lists, laid out as a source checkout (src/, dictionaries/)."""
    root = tmp_path_factory.mktemp("installation")
    shutil.copytree(REPOSITORY / "src" / "mixmo", root / "src" / "mixmo")
    shutil.copytree(REPOSITORY / "dictionaries", root / "dictionaries")
    return root


def _word(installation: Path, cache: Path | None, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(installation / "src"), "LANGUAGE": "en"}
    environment.pop("MIXMO_CACHE_DIR", None)
    if cache is not None:
        environment["MIXMO_CACHE_DIR"] = str(cache)
    return subprocess.run(
        [sys.executable, "-m", "mixmo", "word", "qi", *args],
        capture_output=True, text=True, env=environment, timeout=120,
    )  # fmt: skip


def test_the_manifest_holds_the_sha256_of_every_shipped_list() -> None:
    manifest = dictionary_path("SHA256SUMS")
    assert manifest is not None
    listed = dict(reversed(line.split("  ")) for line in manifest.read_text().splitlines())
    assert sorted(listed) == sorted(SHIPPED)
    for name, digest in listed.items():
        path = dictionary_path(name)
        assert path is not None
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, name


def test_the_wheel_ships_the_manifest_beside_the_lists() -> None:
    pyproject = (REPOSITORY / "pyproject.toml").read_text()
    assert '"dictionaries/SHA256SUMS" = "mixmo/dictionaries/SHA256SUMS"' in pyproject
    for name in SHIPPED:
        assert f'"dictionaries/{name}" = "mixmo/dictionaries/{name}"' in pyproject


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "parsed"])
@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize("name", ["en.txt.gz", "en-common.txt.gz"])
def test_a_damaged_embedded_list_is_refused_in_one_line(
    installation: Path, tmp_path: Path, name: str, damage: str, compiled: bool
) -> None:
    shipped = installation / "dictionaries" / name
    good = shipped.read_bytes()
    shipped.write_bytes(DAMAGE[damage](good))
    try:
        cache = tmp_path / "cache" if compiled else None
        if not compiled:  # no usable cache folder: the list is parsed
            cache = tmp_path / "a-file"
            cache.write_text("")
        run = _word(installation, cache)
    finally:
        shipped.write_bytes(good)
    assert run.returncode == 2, run
    assert (
        run.stderr == f"mixmo: error: the embedded dictionary {name} is damaged: reinstall mixmo\n"
    )
    assert run.stdout == ""


def test_a_damaged_french_forms_list_is_refused_at_start(
    installation: Path, tmp_path: Path
) -> None:
    shipped = installation / "dictionaries" / "fr-forms.txt.gz"
    good = shipped.read_bytes()
    shipped.write_bytes(good[:1000])
    try:
        run = _word(installation, tmp_path / "cache", "--lang", "fr")
    finally:
        shipped.write_bytes(good)
    assert run.returncode == 2
    assert run.stderr == (
        "mixmo: error: the embedded dictionary fr-forms.txt.gz is damaged: reinstall mixmo\n"
    )


def test_the_game_server_refuses_to_start_on_a_damaged_list(
    installation: Path, tmp_path: Path
) -> None:
    """Rooms open their language's list when they start: checked before listening."""
    shipped = installation / "dictionaries" / "fr.txt.gz"
    good = shipped.read_bytes()
    shipped.write_bytes(good[:-100])
    environment = {**os.environ, "PYTHONPATH": str(installation / "src"), "LANGUAGE": "en",
                   "MIXMO_CACHE_DIR": str(tmp_path / "cache")}  # fmt: skip
    try:
        run = subprocess.run(
            [sys.executable, "-m", "mixmo", "serve", "--port", "0", "--data", str(tmp_path)],
            capture_output=True, text=True, env=environment, timeout=120,
        )  # fmt: skip
    finally:
        shipped.write_bytes(good)
    assert run.returncode == 2
    assert run.stderr == (
        "mixmo: error: the embedded dictionary fr.txt.gz is damaged: reinstall mixmo\n"
    )
    assert "mixmo server on" not in run.stdout


def test_an_installation_without_its_manifest_says_so(installation: Path, tmp_path: Path) -> None:
    manifest = installation / "dictionaries" / "SHA256SUMS"
    kept = manifest.read_bytes()
    manifest.unlink()
    try:
        run = _word(installation, tmp_path / "cache")
    finally:
        manifest.write_bytes(kept)
    assert run.returncode == 2
    assert "en.txt.gz is not in this installation's SHA256SUMS" in run.stderr
    assert run.stderr.count("\n") == 1


def test_the_lists_compiled_before_the_damage_still_serve(
    installation: Path, tmp_path: Path
) -> None:
    """The cache is named after the expected digest: it was checked when compiled."""
    cache = tmp_path / "cache"
    assert _word(installation, cache).returncode == 0
    shipped = installation / "dictionaries" / "en.txt.gz"
    good = shipped.read_bytes()
    shipped.write_bytes(b"")
    try:
        run = _word(installation, cache)
    finally:
        shipped.write_bytes(good)
    assert run.returncode == 0 and "QI" in run.stdout


def test_a_gzip_bomb_as_dict_is_refused_before_it_fills_the_memory(tmp_path: Path) -> None:
    """64 KiB of gzip that unpacks to 64 MiB of newlines: refused once past the limit."""
    bomb = tmp_path / "bomb.txt.gz"
    bomb.write_bytes(_zero_bomb(2 * MAX_WORD_LIST))
    assert bomb.stat().st_size < 200_000
    run = subprocess.run(
        [sys.executable, "-c",
         "import resource, subprocess, sys; "
         "code = subprocess.run(sys.argv[1:]).returncode; "
         "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)",
         sys.executable, "-m", "mixmo", "word", "qi", "--dict", str(bomb)],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "LANGUAGE": "en"},
    )  # fmt: skip
    code, peak_kib = map(int, run.stdout.split())
    assert code == 2
    assert run.stderr == f"mixmo: error: {bomb}: a word list holds at most 32 MiB of text\n"
    assert peak_kib < 400 * 1024  # the limit's 32 MiB and the interpreter, not gigabytes


def test_a_word_list_just_under_the_limit_is_read(tmp_path: Path) -> None:
    from mixmo.engine.lexicon import WordList

    path = tmp_path / "big.txt.gz"
    filler = b"#" * (MAX_WORD_LIST - 8) + b"\nqi\nza\n"
    path.write_bytes(gzip.compress(filler, compresslevel=1))
    words = WordList.from_file(path)
    assert "QI" in words and "ZA" in words


def test_a_truncated_gzip_word_list_says_so(tmp_path: Path) -> None:
    from mixmo.engine.lexicon import LexiconError, WordList

    path = tmp_path / "cut.txt.gz"
    path.write_bytes(gzip.compress(b"qi\nza\n" * 1000)[:30])
    with pytest.raises(LexiconError, match="cannot read the word list"):
        WordList.from_file(path)
