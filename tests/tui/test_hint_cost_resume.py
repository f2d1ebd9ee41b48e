"""A hint paid for stays paid (docs/play.md, F3: "your grid and MIXMO wait 30 s while the
others play on"): quitting and resuming, or a crash, does not pay the 30 s.

What is left to wait is kept in the view file in seconds of game time: a resumed
game's clock starts again from its last action, so the wait goes on from there.
"""

from __future__ import annotations

import json

from mixmo.storage import load_game
from mixmo.tui.app import MixmoApp
from mixmo.tui.view_state import view_path
from tests.tui.helpers import (
    FakeClock,
    burst,
    english,
    keys_for_rack,
    make_app,
    seed_where,
    settle,
)

SIZE = (100, 30)


def news(app: MixmoApp, seat: int) -> str:
    return str(app.query_one(f"#news-{seat}").render())


async def take_a_hint(app: MixmoApp, pilot) -> None:
    burst(app, "f3")
    await settle(pilot)
    await app.workers.wait_for_complete()
    await settle(pilot)
    assert news(app, 0).startswith("hint: ")


async def test_a_hint_still_costs_its_seconds_after_quitting_and_resuming(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    app, clock = make_app(
        2, lexicon=english(), seed=seed_where(2, bandit_first=False), save_path=path
    )
    async with app.run_test(size=SIZE) as pilot:
        await take_a_hint(app, pilot)
        clock.now += 5
        burst(app, "ctrl+q", "y")  # quit, saving the game and the view
        await settle(pilot)
    assert json.loads(view_path(path).read_text())["panes"][0]["hint_wait"] == 25

    clock = FakeClock()  # the resumed game's clock: it starts again from its last action
    resumed = MixmoApp(load_game(path, lexicon=english()), save_path=path, clock=clock)
    async with resumed.run_test(size=SIZE) as pilot:
        letter = keys_for_rack(resumed, 0)[0]
        burst(resumed, letter)
        await settle(pilot)
        assert len(resumed.table.round.player(0).grid) == 0, "the hint is not paid yet"
        assert "the hint costs 30 s: play on in 25 s" in news(resumed, 0)
        burst(resumed, "tab", keys_for_rack(resumed, 1)[0], "shift+tab")
        await settle(pilot)
        assert len(resumed.table.round.player(1).grid) == 1, "the others play on"
        clock.now += 26
        burst(resumed, letter)
        await settle(pilot)
        assert len(resumed.table.round.player(0).grid) == 1, "the cost is paid: play on"


async def test_a_crash_right_after_a_hint_does_not_pay_its_cost(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    app, _ = make_app(2, lexicon=english(), seed=seed_where(2, bandit_first=False), save_path=path)
    app.autosave()  # as `mixmo play` does before the first frame
    async with app.run_test(size=SIZE) as pilot:
        await take_a_hint(app, pilot)
    # The app is gone without a quit (as with kill -9): only what it wrote on its way is there.
    clock = FakeClock()
    resumed = MixmoApp(load_game(path, lexicon=english()), save_path=path, clock=clock)
    async with resumed.run_test(size=SIZE) as pilot:
        burst(resumed, keys_for_rack(resumed, 0)[0])
        await settle(pilot)
        assert len(resumed.table.round.player(0).grid) == 0
        assert "play on in 30 s" in news(resumed, 0)


async def test_a_view_file_owing_more_than_one_hint_is_ignored(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    app, _ = make_app(2, lexicon=english(), seed=seed_where(2, bandit_first=False), save_path=path)
    app.autosave()
    view = json.loads(view_path(path).read_text())
    view["panes"][0]["hint_wait"] = 10**6  # hand-edited: would lock the grid for days
    view_path(path).write_text(json.dumps(view))
    resumed = MixmoApp(load_game(path, lexicon=english()), save_path=path, clock=FakeClock())
    async with resumed.run_test(size=SIZE) as pilot:
        burst(resumed, keys_for_rack(resumed, 0)[0])
        await settle(pilot)
        assert len(resumed.table.round.player(0).grid) == 1, "a damaged view means the defaults"
