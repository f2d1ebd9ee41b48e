"""Games against bots in the app: the bots build their grids tile by tile, extend them
after each draw as people do, and the match runs to its end."""

from __future__ import annotations

from dataclasses import dataclass, field

from mixmo.data import records
from mixmo.engine import events as ev
from mixmo.engine.bot import Level
from mixmo.engine.game import Game
from mixmo.engine.lexicon import embedded
from mixmo.engine.options import MatchOptions
from mixmo.tui.app import MixmoApp
from mixmo.tui.round_dialogs import (
    ClaimScreen,
    MatchOverScreen,
    ScoresScreen,
    ThemeScreen,
    VoteScreen,
)
from tests.tui.helpers import FakeClock, seed_where

REBUILDS_PER_ROUND = 3
"""A bot starts a new grid only when nothing else works: a few times a round at most."""


async def answer_dialogs(app: MixmoApp, pilot) -> None:
    """Ann answers whatever dialog is open: a theme, her claims, the votes, the scores."""
    if isinstance(app.screen, ThemeScreen):
        await pilot.press(*"music", "enter")
    elif isinstance(app.screen, ClaimScreen | VoteScreen | ScoresScreen):
        await pilot.press("enter")


async def test_a_game_against_bots_runs_to_the_end_of_the_match(
    tmp_path, monkeypatch, mixmo
) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    game = Game(MatchOptions(players=("Ann", "Bot 1", "Bot 2"), seed=4, target=1), embedded("en"))
    clock = FakeClock()
    app = MixmoApp(game, clock=clock, bots=2, level=[Level.EXPERT, Level.HARD])
    assert app.bots is not None
    assert [bot.level for bot in app.bots.bots.values()] == [Level.EXPERT, Level.HARD]
    placed_by_bots = []
    game.subscribe(
        lambda e: placed_by_bots.append(e) if isinstance(e, ev.GridChanged) and e.seat else None
    )
    async with app.run_test(size=(120, 36)) as pilot:
        for _ in range(3000):
            if isinstance(app.screen, MatchOverScreen):
                break
            await answer_dialogs(app, pilot)
            clock.now += 1.0
            app.bots.tick()
            app.bots.wait(timeout=30)
            await pilot.pause(0.01)
        assert isinstance(app.screen, MatchOverScreen)
    assert game.state.winner in (1, 2), "Ann never placed a tile: a bot won"
    assert len(placed_by_bots) > 30, "the bots' grids grew one tile at a time"
    assert game.round.player(1).grid.words()
    games = [run for run in records.recent() if run.kind == "game"]
    assert [(run.player, run.won) for run in games] == [("Ann", False)]
    assert "lost" in mixmo("stats").out


@dataclass
class AfterDraw:
    """The bot's grid from one draw to the next."""

    placed: int
    longest_word: int
    rebuilds: int
    lowest: int = 0
    rebuilt: bool = False
    counts: list[int] = field(default_factory=list)


async def test_a_normal_bots_grid_grows_across_draws(tmp_path, monkeypatch) -> None:
    """After each draw the bot attaches its new tiles, or takes back a word or two: its
    placed tiles never drop by more than its longest word, except when it starts a new
    grid, which it does rarely."""
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    seed = seed_where(2, bandit_first=False)
    game = Game(MatchOptions(players=("Ann", "Bot 1"), seed=seed, target=1), embedded("en"))
    clock = FakeClock()
    app = MixmoApp(game, clock=clock, bots=1, level=Level.NORMAL)
    driver = app.bots
    assert driver is not None
    bot = driver.bots[1]
    draws: list[AfterDraw] = []

    def watch(event: ev.Event) -> None:
        grid = game.round.player(1).grid
        if isinstance(event, ev.TilesDrawn) and event.seat == 1:
            longest = max((len(word) for word in grid.words()), default=0)
            draws.append(AfterDraw(len(grid), longest, bot.rebuilds, lowest=len(grid)))
        elif isinstance(event, ev.GridChanged) and event.seat == 1 and draws:
            draws[-1].lowest = min(draws[-1].lowest, len(grid))
            draws[-1].counts.append(len(grid))
            draws[-1].rebuilt = bot.rebuilds > draws[-1].rebuilds

    game.subscribe(watch)
    async with app.run_test(size=(120, 36)) as pilot:
        for _ in range(2000):
            if len(draws) >= 14 or game.round.number > 1:
                break
            await answer_dialogs(app, pilot)
            clock.now += 0.5
            driver.tick()
            driver.wait(timeout=30)
            await pilot.pause(0.005)
    assert len(draws) >= 10, f"only {len(draws)} draws: the bot did not keep calling MIXMO"
    grown = [draw.placed for draw in draws]
    print("placed at each draw:", grown, "rebuilds:", bot.rebuilds, dict(bot.plans))
    assert grown[-1] >= grown[1] + 10, f"the grid did not grow across draws: {grown}"
    rebuilds = bot.rebuilds
    assert rebuilds <= REBUILDS_PER_ROUND, f"{rebuilds} new grids in one round"
    for n, draw in enumerate(draws):
        if draw.rebuilt:
            continue
        drop = draw.placed - draw.lowest
        assert drop <= max(draw.longest_word, 2), (
            f"after draw {n}, {draw.placed} tiles fell to {draw.lowest}: {draw.counts}"
        )
