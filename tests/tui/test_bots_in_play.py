"""A seeded game against bots in the app, to its end: the bots build their grids tile by tile."""

from __future__ import annotations

from mixmo import records
from mixmo.engine import events as ev
from mixmo.engine.bot import Level
from mixmo.engine.game import Game
from mixmo.engine.lexicon import embedded
from mixmo.engine.options import MatchOptions
from mixmo.tui.app import MixmoApp
from mixmo.tui.modals import ClaimScreen, MatchOverScreen, ScoresScreen, ThemeScreen, VoteScreen
from tests.tui.helpers import FakeClock


async def test_a_game_against_bots_runs_to_the_end_of_the_match(
    tmp_path, monkeypatch, mixmo
) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    game = Game(MatchOptions(players=("Ann", "Bot 1", "Bot 2"), seed=4, target=1), embedded("en"))
    clock = FakeClock()
    app = MixmoApp(game, clock=clock, bots=2, level=Level.EXPERT)
    placed_by_bots = []
    game.subscribe(
        lambda e: placed_by_bots.append(e) if isinstance(e, ev.GridChanged) and e.seat else None
    )
    async with app.run_test(size=(120, 36)) as pilot:
        for _ in range(3000):
            if isinstance(app.screen, MatchOverScreen):
                break
            if isinstance(app.screen, ThemeScreen):
                await pilot.press(*"music", "enter")
            elif isinstance(app.screen, ClaimScreen | VoteScreen | ScoresScreen):
                await pilot.press("enter")
            clock.now += 1.0
            await app.workers.wait_for_complete()
            await pilot.pause(0.01)
        assert isinstance(app.screen, MatchOverScreen)
    assert game.state.winner in (1, 2), "Ann never placed a tile: a bot won"
    assert len(placed_by_bots) > 30, "the bots' grids grew one tile at a time"
    assert game.round.player(1).grid.words()
    (stored,) = records.recent()
    assert (stored.kind, stored.player, stored.won) == ("game", "Ann", False)
    assert "lost" in mixmo("stats").out
