"""`mixmo mixup check` reads a board file of a board's size, not more: a file that never
ends (``/dev/zero``) or a huge one is one line and exit 2, at once, not read forever."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mixmo.cli.mixup import MAX_BOARD_BYTES

ENGLISH = {**os.environ, "LANGUAGE": "en", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_board_file_that_never_ends_is_refused_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mixmo", "mixup", "check", "/dev/zero"],
        capture_output=True, text=True, timeout=60, env=ENGLISH,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"mixmo: error: /dev/zero: more than {MAX_BOARD_BYTES:,} bytes, the limit for a MixUp board"
    ]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_standard_input_that_never_ends_is_refused_in_french_too() -> None:
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "mixmo", "--ui", "fr", "mixup", "check", "-"],
            stdin=zero, capture_output=True, text=True, timeout=60, env=ENGLISH,
        )  # fmt: skip
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1
    assert (
        "<stdin> : plus de" in done.stderr and "la limite pour un plateau de MixUp" in done.stderr
    )


def test_a_board_file_with_many_comments_is_still_read(tmp_path: Path) -> None:
    comments = "# a note on the board\n" * 100
    path = tmp_path / "board.txt"
    path.write_text(comments + ".. .. .. .. .. .. ..\n" * 5 + "Rm .. .. .. .. .. ..\n")
    done = subprocess.run(
        [sys.executable, "-m", "mixmo", "mixup", "check", str(path)],
        capture_output=True, text=True, timeout=60, env=ENGLISH,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "shape to move" in done.stdout
