"""`mixmo mixup --names`: two names the players can tell apart, or one line and exit 2;
and mixup and tutorial start when a file stands where the data folder should be."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.mark.parametrize(
    ("names", "says"),
    [
        ("Ann,ann", "two players cannot have the same name"),
        ("\x1b[31mAnn,Bob", "a player's name cannot hold control characters"),
        ("Ann,B\tob", "a player's name cannot hold control characters"),
        ("Ann", "--names takes two names, colour first: --names Ann,Bob"),
    ],
    ids=["same-name", "escape", "tab", "one-name"],
)
def test_names_the_table_cannot_tell_apart_are_refused_in_one_line(
    mixmo, monkeypatch, tmp_path: Path, names: str, says: str
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo("mixup", "--names", names)
    assert run.code == 2
    assert run.err == f"mixmo: error: {says}\n"
    assert not (tmp_path / "mixup-autosave.json").exists(), "no game was started"


def test_a_file_where_the_data_folder_should_be_does_not_stop_a_new_game(
    mixmo, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """docs/mixup.md: play goes on when the disk refuses a save; there is no game to keep."""
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "file" / "mixmo"))
    run = mixmo("mixup", "--names", "Ann,Bob")  # standard input here is no terminal
    assert run.code == 2
    assert "cannot keep" not in run.err
    assert run.err.startswith("mixmo: error: standard input is not a terminal"), (
        "it went on to the screen, which only the lack of a terminal stops"
    )


def test_the_tutorial_starts_with_a_file_where_the_data_folder_should_be(
    mixmo, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """No progress can have been saved there: lesson 1, not 'cannot read (Not a directory)'."""
    from mixmo.tui.lessons import Progress, load_progress

    (tmp_path / "file").write_text("")
    assert load_progress(tmp_path / "file" / "mixmo" / "tutorial.json") == Progress()
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "file" / "mixmo"))
    run = mixmo("tutorial")  # standard input here is no terminal
    assert run.code == 2
    assert run.err.startswith("mixmo: error: standard input is not a terminal"), run.err
