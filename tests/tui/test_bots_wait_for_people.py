"""Bots wait while the people at the screen cannot play: a person against bots who opens
the quit question, or the help, finds the table as they left it when they close it.

Every person at a `mixmo play` table shares one screen and one keyboard, so a question
over the board keeps them all from play, hot-seat too: the bots wait in both cases.
Their own time stops with the game's: a bot halfway through its thinking does not act
at once on the table's return, as if it had been thinking all along.
"""

from __future__ import annotations

import pytest

from mixmo.engine.bot import Level
from mixmo.engine.game import Game
from mixmo.engine.lexicon import embedded
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase
from mixmo.tui.app import MixmoApp
from mixmo.tui.modals import ConfirmScreen, HelpScreen
from tests.tui.helpers import FakeClock, screen_text, seed_where

SIZE = (120, 36)
PAUSE_SECONDS = 120.0
"""Game time the question stays open: a NORMAL bot fills a grid in far less."""


def board_lines(app: MixmoApp) -> list[str]:
    """Every pane as the screen shows it (the header's clock line left out)."""
    return screen_text(app).splitlines()[1:]


async def bots_play_a_while(app: MixmoApp, game: Game, pilot, clock: FakeClock, tiles: int) -> None:
    """Game time runs until the bot's grid holds ``tiles``, then until nothing more is due now."""
    driver = app.bots
    assert driver is not None
    bot_seat = app.bot_seats[0]
    for _ in range(400):
        if len(app.table.round.player(bot_seat).grid) >= tiles:
            break
        clock.now += 0.5
        driver.tick()
        driver.wait(timeout=30)
        await pilot.pause()
    assert len(app.table.round.player(bot_seat).grid) >= tiles, "the bot never placed its tiles"
    settled = -1
    while settled != len(game.log):  # whatever is due at this moment is done
        settled = len(game.log)
        for _ in range(3):
            driver.tick()
            driver.wait(timeout=30)
        await pilot.pause()


async def table_stands_still(app: MixmoApp, pilot, clock: FakeClock) -> None:
    """Game time runs on while the dialog stays open; the bots are ticked all along."""
    driver = app.bots
    assert driver is not None
    for _ in range(int(PAUSE_SECONDS)):
        clock.now += 1.0
        driver.tick()
        driver.wait(timeout=30)
    await pilot.pause()


def game_with_bots(*people: str, bots: int = 1) -> tuple[MixmoApp, Game, FakeClock]:
    names = (*people, *(f"Bot {n}" for n in range(1, bots + 1)))
    seed = seed_where(len(names), bandit_first=False)
    game = Game(MatchOptions(players=names, seed=seed, target=1000), embedded("en"))
    clock = FakeClock()
    app = MixmoApp(game, clock=clock, bots=bots, level=Level.NORMAL)
    return app, game, clock


@pytest.mark.parametrize(
    ("open_key", "dialog", "close_key"),
    [("ctrl+q", ConfirmScreen, "n"), ("f1", HelpScreen, "escape")],
    ids=["quit question", "help"],
)
async def test_the_bots_wait_while_a_lone_person_reads_a_question(
    tmp_path, monkeypatch, open_key, dialog, close_key
) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    app, game, clock = game_with_bots("Ann")
    driver = app.bots
    assert driver is not None
    async with app.run_test(size=SIZE) as pilot:
        await bots_play_a_while(app, game, pilot, clock, tiles=3)
        actions, round_, board = len(game.log), game.round, board_lines(app)
        # (no news on the panes: a news line fades with game time, even behind a question)
        assert not any(pane.message for pane in app.panes)
        assert game.phase is Phase.PLAYING

        await pilot.press(open_key)
        assert isinstance(app.screen, dialog)
        await table_stands_still(app, pilot, clock)
        assert len(game.log) == actions, "the bot played behind the question"
        assert game.round is round_, "no tile, no MIXMO, no draw while Ann could not play"

        await pilot.press(close_key)
        assert app.screen is app.screen_stack[0]
        assert board_lines(app) == board, "every pane as Ann left it"
        for _ in range(5):  # at the same moment: the pause counted as no thinking time
            driver.tick()
            driver.wait(timeout=30)
        assert len(game.log) == actions, "the bot acted at once, as if it had thought all along"

        for _ in range(60):  # then the bot takes up its grid where it was
            if len(game.log) > actions:
                break
            clock.now += 0.5
            driver.tick()
            driver.wait(timeout=30)
            await pilot.pause()
        assert len(game.log) > actions, "the bot never played again"
        assert all(action.seat == 1 for action in game.log[actions:])


async def test_hot_seat_people_share_the_screen_so_the_bots_wait_for_them_too(
    tmp_path, monkeypatch
) -> None:
    """Two people and a bot at one keyboard: the quit question hides both people's panes."""
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    app, game, clock = game_with_bots("Ann", "Bob")
    async with app.run_test(size=SIZE) as pilot:
        await bots_play_a_while(app, game, pilot, clock, tiles=2)
        actions = len(game.log)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        await table_stands_still(app, pilot, clock)
        assert len(game.log) == actions
        await pilot.press("n")
        for _ in range(60):
            if len(game.log) > actions:
                break
            clock.now += 0.5
            app.bots.tick()  # type: ignore[union-attr]
            app.bots.wait(timeout=30)  # type: ignore[union-attr]
            await pilot.pause()
        assert len(game.log) > actions, "the bot plays on once the question is answered"
