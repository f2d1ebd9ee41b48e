"""`mixmo tutorial` from the command line: where it starts, and bad progress files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mixmo.tui.lessons import LESSON_KEYS


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    return tmp_path


def test_a_learner_who_learnt_everything_is_told_how_to_play_again(mixmo, data: Path) -> None:
    (data / "tutorial.json").write_text(json.dumps({"version": 1, "learnt": list(LESSON_KEYS)}))
    run = mixmo("tutorial")
    assert run.code == 0
    assert "You have learnt all 13 lessons" in run.out


def test_a_damaged_progress_file_is_one_line_and_exit_2(mixmo, data: Path) -> None:
    (data / "tutorial.json").write_text("{not json")
    run = mixmo("tutorial")
    assert run.code == 2
    assert run.err.count("\n") == 1
    assert "tutorial.json" in run.err and "--restart" in run.err


def test_a_lesson_number_out_of_range_is_refused(mixmo, data: Path) -> None:
    run = mixmo("tutorial", "--lesson", "14")
    assert run.code == 2 and "--lesson" in run.err


def test_the_tutorial_is_listed_in_the_help(mixmo) -> None:
    run = mixmo("--help")
    assert "tutorial  Learn to play, one lesson at a time." in run.out
