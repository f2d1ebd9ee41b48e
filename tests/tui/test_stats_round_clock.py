"""`mixmo stats` gives each round of a match its own clock, and says which round it was."""

from __future__ import annotations

import json

import pytest

from mixmo.engine.state import Phase
from tests.tui.helpers import handled, make_app, play_to_the_end, seed_where


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))


def row(table: str, kind: str, player: str) -> list[str]:
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.split("│")]
        if len(cells) > 6 and cells[2] == kind and cells[3] == player:
            return cells
    raise AssertionError(f"no {kind} row for {player}:\n{table}")


async def test_round_two_shows_its_own_time_not_the_match_s(mixmo) -> None:
    app, clock = make_app(seed=seed_where(2, bandit_first=False), scoring="rounds", target=2,
                          variant="free-spirit")  # fmt: skip
    async with app.run_test(size=(140, 45)) as pilot:
        await play_to_the_end(app, pilot, clock)  # round 1, a MIXMO every 5 s
        await handled(app)
        first = app.table.round.duration
        clock.now += 45  # the scores are read for 45 s
        await pilot.press("enter")
        await handled(app)
        assert app.table.round.number == 2
        await play_to_the_end(app, pilot, clock)
        await handled(app)
        assert app.table.phase is Phase.MATCH_OVER
        second, match = app.table.round.duration, app.table.round.ended_at
    assert first and second and match and second < match
    run = mixmo("stats")
    minutes = {s: f"{round(s) // 60}:{round(s) % 60:02d}" for s in (first, second, match)}
    assert row(run.out, "round 1", "Ann")[6] == minutes[first]
    assert row(run.out, "round 2", "Ann")[6] == minutes[second]
    assert row(run.out, "game", "Ann")[6] == minutes[match]
    recent = json.loads(mixmo("stats", "--json").out)["recent"]
    rounds = {r["round"]: r["seconds"] for r in recent if r["kind"] == "round"}
    assert rounds == {1: first, 2: second}
