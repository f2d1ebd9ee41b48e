"""The data folder: a disk that refuses to be written never stops a game
and never loses the last good save.

Tests run as root, and root ignores permissions, so a read-only folder is
either a real read-only tmpfs (when this machine lets the test mount one) or
a write that raises the errno the kernel would (EROFS, ENOSPC, EACCES).
"""

from __future__ import annotations

import errno
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from mixmo.data import storage
from mixmo.data.storage import Autosaver, clean_temporary_files, load_game, save_game
from mixmo.engine.save import loads
from tests.game_helpers import lay_out, new_game


def a_game(moves: int = 0):
    game = new_game(2, seed=7)
    if moves:
        lay_out(game, 0)
    return game


def refuse_writes(monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """Every rename into place fails as the kernel would with ``code``."""

    def replace(src: object, dst: object) -> None:
        raise OSError(code, os.strerror(code), str(dst))

    monkeypatch.setattr(storage.os, "replace", replace)


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        (errno.EROFS, "the folder is read-only"),
        (errno.ENOSPC, "the disk is full"),
        (errno.EACCES, "permission denied"),
    ],
)
def test_a_failed_save_keeps_the_last_good_one_and_says_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, reason: str
) -> None:
    path = tmp_path / "autosave.json"
    saver = Autosaver(path)
    assert saver.save(a_game()).saved
    good = path.read_text()
    refuse_writes(monkeypatch, code)
    first = saver.save(a_game(moves=1))
    again = saver.save(a_game(moves=1))
    assert not first.saved and not again.saved
    assert first.message == (
        f"Cannot save the game to {path}: {reason}. "
        "Play goes on, and saving is tried again after every move."
    )
    assert again.message is None  # said once
    assert path.read_text() == good  # the last good save, untouched
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]  # no temporary file left
    monkeypatch.undo()
    back = saver.save(a_game(moves=1))
    assert back.saved and back.message == f"The game is saved again to {path}."
    assert loads(path.read_text()).log == a_game(moves=1).log


def test_a_data_folder_that_is_a_file(tmp_path: Path) -> None:
    folder = tmp_path / "mixmo"
    folder.write_text("not a folder")
    outcome = Autosaver(folder / "autosave.json").save(a_game())
    assert not outcome.saved
    assert "a file stands where the folder should be" in (outcome.message or "")
    assert str(folder / "autosave.json") in (outcome.message or "")


def test_a_save_file_that_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / "autosave.json").mkdir()
    outcome = Autosaver(tmp_path / "autosave.json").save(a_game())
    assert not outcome.saved
    assert "a folder stands where the save file should be" in (outcome.message or "")


def test_the_next_start_removes_temporary_files_of_interrupted_saves(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    save_game(a_game(), path)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    left = [tmp_path / f".autosave.json.{dead}.x1y2z3", tmp_path / ".autosave.json.k7_q9w"]
    mine = tmp_path / f".autosave.json.{os.getpid()}.abcdef"
    for file in [*left, mine]:
        file.write_text('{"half": ')
    view = tmp_path / f".autosave.view.json.{dead}.a1b2c3d4"  # the view saved beside it
    view.write_text("{")
    (tmp_path / ".hidden-by-the-user").write_text("not ours")
    Autosaver(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["autosave.json", mine.name, ".hidden-by-the-user"]
    )
    assert clean_temporary_files(path) == []


# --- real disks: a tiny tmpfs, full or read-only (skipped where mounting is not allowed) ---


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)],
                          capture_output=True)  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_full_disk_keeps_the_last_good_save(tiny_disk: Path) -> None:
    path = tiny_disk / "autosave.json"
    saver = Autosaver(path)
    assert saver.save(a_game()).saved
    good = path.read_text()
    (tiny_disk / "filler").write_bytes(b"\0" * (64 * 1024 - len(good) - 4096))
    outcome = saver.save(a_game(moves=1))
    assert not outcome.saved and "the disk is full" in (outcome.message or "")
    assert path.read_text() == good
    assert sorted(p.name for p in tiny_disk.iterdir()) == ["autosave.json", "filler"]
    (tiny_disk / "filler").unlink()
    assert saver.save(a_game(moves=1)).message == f"The game is saved again to {path}."


def test_a_full_disk_is_told_apart_from_the_system_and_from_sqlite() -> None:
    """One test of a full disk serves the saves, the records and the server's rooms."""
    assert storage.disk_is_full(OSError(errno.ENOSPC, "No space left on device"))
    assert storage.disk_is_full(OSError(errno.EDQUOT, "Disk quota exceeded"))
    assert not storage.disk_is_full(OSError(errno.EROFS, "Read-only file system"))
    full = sqlite3.connect(":memory:")
    full.execute("PRAGMA max_page_count = 1")
    with pytest.raises(sqlite3.Error) as raised:
        full.execute("CREATE TABLE t (x)")
        full.execute("INSERT INTO t VALUES (zeroblob(100000))")
    assert storage.disk_is_full(raised.value)
    assert not storage.disk_is_full(sqlite3.OperationalError("database is locked"))


def test_a_read_only_disk_is_said_once(tiny_disk: Path) -> None:
    path = tiny_disk / "autosave.json"
    save_game(a_game(), path)
    subprocess.run(["mount", "-o", "remount,ro", str(tiny_disk)], check=True)
    saver = Autosaver(path)
    outcome = saver.save(a_game(moves=1))
    assert not outcome.saved and "the folder is read-only" in (outcome.message or "")
    assert saver.save(a_game(moves=1)).message is None
    assert load_game(path).log == a_game().log


# --- kill -9 in the middle of saving -------------------------------------------------------

SAVER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from mixmo.data.storage import save_game
    from tests.game_helpers import lay_out, new_game
    game = new_game(2, seed=7)
    lay_out(game, 0)
    print("ready", flush=True)
    while True:
        save_game(game, Path(sys.argv[1]), durable=False)
    """
)


def test_a_process_killed_while_saving_leaves_a_loadable_save(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    save_game(a_game(), path)
    for _ in range(5):
        process = subprocess.Popen([sys.executable, "-c", SAVER, str(path)],
                                   stdout=subprocess.PIPE, cwd=Path(__file__).parents[1])  # fmt: skip
        assert process.stdout is not None and process.stdout.readline() == b"ready\n"
        process.send_signal(signal.SIGKILL)
        process.wait()
        assert len(load_game(path).log) in (0, len(a_game(moves=1).log))
    Autosaver(path)  # the next start
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]
