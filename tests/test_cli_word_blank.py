"""`mixmo word ""`: a blank word is a usage error (one line, exit 2), in both routes."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_word_is_a_usage_error_in_one_line_with_exit_2(blank: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mixmo", "word", blank], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stdout == ""
    (line,) = done.stderr.strip().splitlines()
    assert "a blank word cannot be looked up" in line


def test_a_blank_word_beside_real_ones_is_refused_too(mixmo) -> None:
    shown = mixmo("word", "house", "", "--lang", "en")
    assert shown.code == 2 and "a blank word" in shown.err and shown.out == ""
