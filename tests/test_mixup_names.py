"""`mixmo mixup --names`: two names the players can tell apart, or one line and exit 2."""

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
