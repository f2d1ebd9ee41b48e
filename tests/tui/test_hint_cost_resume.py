"""A hint paid for stays paid (docs/play.md, F3: "your grid and MIXMO wait 30 s while the
others play on"): quitting and resuming, or a crash, does not pay the 30 s.

The hint is an action of the match's log and its cost is in the player's state, so the
save carries it; a resumed game's clock starts again from its last action, so the wait
goes on from there. The view file no longer keeps it (an older one that does is read).
"""

from __future__ import annotations

import json

from mixmo.data.storage import load_game
from mixmo.engine.game import Game
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
    burst(app, "f3", "f3")  # the cost told, then taken
    await settle(pilot)
    await app.workers.wait_for_complete()
    await settle(pilot)
    assert news(app, 0).startswith("hint: ")


def resumed_clock(game: Game) -> FakeClock:
    """A resumed game's clock, as `mixmo play --resume` runs it: from its last action."""
    clock = FakeClock()
    clock.now = max((action.at for action in game.log), default=0.0)
    return clock


async def test_a_hint_still_costs_its_seconds_after_quitting_and_resuming(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    app, clock = make_app(
        2, lexicon=english(), seed=seed_where(2, bandit_first=False), save_path=path
    )
    async with app.run_test(size=SIZE) as pilot:
        await take_a_hint(app, pilot)
        clock.now += 5
        burst(app, "tab", keys_for_rack(app, 1)[0], "shift+tab")  # Bob plays on, at 5 s
        await settle(pilot)
        burst(app, "ctrl+q", "y")  # quit, saving the game and the view
        await settle(pilot)
    assert "hint_wait" not in view_path(path).read_text(), "the view file keeps no hint"

    game = load_game(path, lexicon=english())
    resumed = MixmoApp(game, save_path=path, clock=resumed_clock(game))
    clock = resumed.clock
    assert isinstance(clock, FakeClock) and clock.now == 5
    async with resumed.run_test(size=SIZE) as pilot:
        letter = keys_for_rack(resumed, 0)[0]
        burst(resumed, letter)
        await settle(pilot)
        assert len(resumed.table.round.player(0).grid) == 0, "the hint is not paid yet"
        assert "the hint costs 30 s: play on in 25 s" in news(resumed, 0)
        burst(resumed, "tab", keys_for_rack(resumed, 1)[0], "shift+tab")
        await settle(pilot)
        assert len(resumed.table.round.player(1).grid) == 2, "the others play on"
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
    game = load_game(path, lexicon=english())
    resumed = MixmoApp(game, save_path=path, clock=resumed_clock(game))
    async with resumed.run_test(size=SIZE) as pilot:
        burst(resumed, keys_for_rack(resumed, 0)[0])
        await settle(pilot)
        assert len(resumed.table.round.player(0).grid) == 0
        assert "play on in 30 s" in news(resumed, 0)


async def test_a_view_file_of_an_older_mixmo_that_kept_a_hint_is_read(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    app, _ = make_app(2, lexicon=english(), seed=seed_where(2, bandit_first=False), save_path=path)
    app.autosave()
    view = json.loads(view_path(path).read_text())
    view["active"] = 1
    view["panes"][0]["hint_wait"] = 25.0  # what an older mixmo wrote of a hint's cost
    view_path(path).write_text(json.dumps(view))
    game = load_game(path, lexicon=english())
    resumed = MixmoApp(game, save_path=path, clock=resumed_clock(game))
    assert resumed.active == 1, "the view file was read"
    async with resumed.run_test(size=SIZE) as pilot:
        burst(resumed, "shift+tab", keys_for_rack(resumed, 0)[0])
        await settle(pilot)
        assert len(resumed.table.round.player(0).grid) == 1, "no hint in the log: no wait"
