"""A MixUp save of a save's size is read, not more: `--save-file /dev/zero` (a file that
never ends) is one line and exit 2, at once, not read forever."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mixmo.tui.mixup.saves import MAX_SAVE_BYTES, UnreadableSaveError, keep_unfinished, load

ENGLISH = {**os.environ, "LANGUAGE": "en", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
needs_dev_zero = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")


def mixup(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mixmo", "mixup", *args],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
        env={**ENGLISH, "MIXMO_DATA_DIR": str(data)},
    )  # fmt: skip


@needs_dev_zero
def test_resuming_a_save_that_never_ends_is_refused_in_one_line(tmp_path: Path) -> None:
    done = mixup("--resume", "--save-file", "/dev/zero", data=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"mixmo: error: /dev/zero: more than {MAX_SAVE_BYTES:,} bytes, "
        "the limit for a saved MixUp game"
    ]


@needs_dev_zero
def test_a_new_game_over_a_device_keeps_nothing_and_reads_nothing(tmp_path: Path) -> None:
    assert keep_unfinished(Path("/dev/zero")) is None
    done = mixup("--save-file", "/dev/zero", data=tmp_path)  # then: no terminal here
    assert done.returncode == 2
    assert "terminal" in done.stderr and len(done.stderr.splitlines()) == 1


def test_a_save_over_the_limit_is_refused_and_kept_whole_on_a_new_game(tmp_path: Path) -> None:
    path = tmp_path / "mixup-autosave.json"
    path.write_text('{"format": "mixmo-mixup", "players": "' + "x" * MAX_SAVE_BYTES + '"}')
    with pytest.raises(UnreadableSaveError, match="the limit for a saved MixUp game"):
        load(path)
    kept = keep_unfinished(path)
    assert kept is not None and kept.read_bytes() == path.read_bytes()
