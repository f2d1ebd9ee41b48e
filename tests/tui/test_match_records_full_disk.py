"""A finished round or match that the records cannot keep (a full disk) is said on the
score dialogs, and again in the shell when the players leave: never lost silently."""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.data import records
from mixmo.tui.round_dialogs import MatchOverScreen
from tests.test_reliability_records import disk_full
from tests.tui.helpers import make_app, seed_where, settle
from tests.tui.test_quit_question import SIZE, reach_the_round_scores


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    return tmp_path


def toasts(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_a_match_finished_on_a_full_disk_says_it_was_not_recorded(
    private_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=1)
    async with app.run_test(size=SIZE) as pilot:
        disk_full(monkeypatch)
        await reach_the_round_scores(app, pilot, clock)
        assert isinstance(app.screen, MatchOverScreen)
        said = toasts(app)
        assert any(t.startswith("the round could not be recorded") for t in said), said
        assert any(t.startswith("the game could not be recorded") for t in said), said
        assert all("the disk is full" in t and str(private_data) in t for t in said)
        await pilot.press("escape")  # Quit
        await settle(pilot)
    assert app.return_code == 1, "the shell is told too"
    assert len(app.unrecorded) == 2
    monkeypatch.undo()
    monkeypatch.setenv("MIXMO_DATA_DIR", str(private_data))
    assert records.recent() == [], "nothing half-written"


async def test_a_match_recorded_normally_leaves_quietly(private_data: Path) -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=1)
    async with app.run_test(size=SIZE) as pilot:
        await reach_the_round_scores(app, pilot, clock)
        assert isinstance(app.screen, MatchOverScreen)
        await pilot.press("escape")
        await settle(pilot)
    assert app.return_code == 0 and app.unrecorded == ()
    assert {r.kind for r in records.recent()} == {"round", "game"}
