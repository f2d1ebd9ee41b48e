"""`mixmo play --relay SECONDS`: at one keyboard, every person gets the same time to build."""

from __future__ import annotations

import pytest

from mixmo.data.storage import load_game
from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions
from mixmo.tui.app import MixmoApp
from mixmo.tui.relay import PAUSE_SECONDS, RELAY_TICK
from tests.tui.helpers import FakeClock, keys_for_rack, seed_where

SIZE = (120, 30)


def relay_app(players: int = 2, *, relay: float = 30, bots: int = 0, save_path=None, game=None):
    names = ("Ann", "Bob", "Cid")[:players]
    seed = seed_where(players, bandit_first=False)
    game = game or Game(MatchOptions(players=names, seed=seed), AnyWord(language="en"))
    clock = FakeClock()
    app = MixmoApp(game, clock=clock, relay=relay, bots=bots, save_path=save_path)
    return app, clock


async def later(pilot, clock: FakeClock, seconds: float) -> None:
    """Game time passes; the app's own relay timer notices (no test calls it)."""
    clock.now += seconds
    relay = pilot.app.relay
    for _ in range(40):  # a loaded machine may run the timer late: wait for it, up to 10 s
        await pilot.pause(RELAY_TICK)
        if relay.last == clock.now:
            break
    await pilot.pause()


def header(app: MixmoApp) -> str:
    return str(app.query_one("#header").render())


def title(app: MixmoApp, seat: int) -> str:
    return str(app.query_one(f"#title-{seat}").render())


async def test_the_keyboard_passes_to_the_next_player_by_itself_after_the_relay_seconds() -> None:
    app, clock = relay_app(relay=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Pass the keyboard to Ann (3)" in header(app), "the game opens with a hand-over"
        await later(pilot, clock, PAUSE_SECONDS)
        assert "Ann: 0:30 left" in header(app)
        await later(pilot, clock, 20)
        assert "Ann: 0:10 left" in header(app), "a visible countdown"
        assert app.active == 0
        await later(pilot, clock, 10)
        assert app.active == 1, "nobody pressed a key: the keyboard passed to Bob"
        assert app.query_one("#pane-1").has_class("active")
        assert "Pass the keyboard to Bob (3)" in header(app)
        await later(pilot, clock, PAUSE_SECONDS)
        assert "Bob: 0:30 left" in header(app)
        await later(pilot, clock, 30)
        await later(pilot, clock, PAUSE_SECONDS)
        assert app.active == 0 and "Ann: 0:30 left" in header(app), "and round the table again"


async def test_the_hand_over_pause_takes_no_keys_and_counts_for_nobody() -> None:
    app, clock = relay_app(relay=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await later(pilot, clock, PAUSE_SECONDS)
        await later(pilot, clock, 30)
        assert app.active == 1 and app.relay is not None and app.relay.paused
        await pilot.press(keys_for_rack(app, 1)[0], "tab", keys_for_rack(app, 0)[0], "f5")
        assert len(app.table.round.player(1).grid) == 0, "the board takes no keys in the pause"
        assert len(app.table.round.player(0).grid) == 0
        assert app.active == 1, "nor does Tab take the keyboard back"
        await later(pilot, clock, 2)
        assert "Pass the keyboard to Bob (1)" in header(app)
        assert "built 0:00" in title(app, 1), "the pause is nobody's building time"
        await later(pilot, clock, 1)
        await pilot.press(keys_for_rack(app, 1)[0])
        assert len(app.table.round.player(1).grid) == 1, "after the pause, Bob's keys work"
        await pilot.press("tab")
        assert app.active == 1, "with a relay the keyboard goes round by itself, not by Tab"


async def test_each_players_building_time_is_shown_in_their_pane() -> None:
    app, clock = relay_app(relay=20)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for seconds in (PAUSE_SECONDS, 20, PAUSE_SECONDS, 7):
            await later(pilot, clock, seconds)
        assert "built 0:20" in title(app, 0)
        assert "built 0:07" in title(app, 1)


async def test_the_seats_of_bots_are_skipped() -> None:
    app, clock = relay_app(3, relay=10, bots=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        holders = []
        for _ in range(3):
            await later(pilot, clock, PAUSE_SECONDS)
            holders.append(app.active)
            await later(pilot, clock, 10)
        assert holders == [0, 1, 0], "Cid is a bot: the keyboard goes Ann, Bob, Ann"
        assert "built" not in title(app, 2)


async def test_resume_keeps_each_players_time_and_the_turn(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    app, clock = relay_app(relay=30, save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.autosave()
        for seconds in (PAUSE_SECONDS, 30, PAUSE_SECONDS, 12):
            await later(pilot, clock, seconds)
        app.tick()  # the once-a-second save of the view
    game = load_game(path, lexicon=AnyWord(language="en"))
    resumed, clock = relay_app(relay=30, save_path=path, game=game)
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert resumed.active == 1, "Bob had the keyboard"
        assert "built 0:30" in title(resumed, 0) and "built 0:12" in title(resumed, 1)
        assert "Pass the keyboard to Bob (3)" in header(resumed), "whoever sits down gets a pause"
        await later(pilot, clock, PAUSE_SECONDS)
        assert "Bob: 0:18 left" in header(resumed), "and the rest of their turn"


async def test_without_relay_no_times_are_shown() -> None:
    game = Game(MatchOptions(players=("Ann", "Bob"), seed=1), AnyWord(language="en"))
    app = MixmoApp(game, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "built" not in title(app, 0) and "left" not in header(app)


@pytest.mark.parametrize("value", ["5", "9.9", "601", "abc", "nan", "inf", "-30", ""])
def test_a_relay_outside_10_to_600_seconds_is_one_line_and_exit_2(mixmo, value: str) -> None:
    run = mixmo("play", "--relay", value)
    assert run.code == 2
    assert run.err.strip() == (
        f"mixmo: error: --relay {value}: give the seconds at the keyboard, a number from 10 to 600"
    )
    assert len(run.err.strip().splitlines()) == 1
