"""The replay screen (`mixmo replay SOURCE` in a terminal): Right and Left step through
the match one action at a time, M jumps to the next MIXMO and shows the solver's grid
for the caller's tiles, Home and End go to the deal and the end."""

from __future__ import annotations

from mixmo.engine import actions as a
from mixmo.engine.game import Game
from mixmo.engine.options import MatchOptions
from mixmo.engine.replay import Replay, solver_grid
from mixmo.engine.state import Phase
from mixmo.engine.tiles import TileKind
from mixmo.tui.replay_app import ReplayApp


def ann_calls_mixmo() -> Replay:
    """A real match's log: Ann lays out the solver's grid of her six tiles and calls MIXMO
    (the first seed that deals her letters only, no Bandit)."""
    for seed in range(200):
        options = MatchOptions(players=("Ann", "Bob"), seed=seed)
        game = Game(options)
        rack = game.round.player(0).rack
        if game.phase is not Phase.PLAYING or any(t.kind is not TileKind.LETTER for t in rack):
            continue
        grid, whole = solver_grid(game, 0)
        if not whole:
            continue
        for (row, col), tile in grid.items():
            game.apply(a.PlaceTile(seat=0, row=row, col=col, symbol=tile.symbol, at=1.0))
        game.apply(a.CallMixmo(seat=0, at=2.0))
        return Replay(options, tuple(game.log))
    raise AssertionError("no seed deals Ann six letters the solver places")


def shown(app: ReplayApp, selector: str) -> str:
    return str(app.query_one(selector).render())


async def test_arrows_step_through_the_match_and_m_jumps_to_the_mixmo() -> None:
    found = ann_calls_mixmo()
    total = len(found.actions)
    app = ReplayApp(found, "Saved game match.json", step=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert shown(app, "#step") == f"As dealt ({total} actions follow)"
        assert "(no tile placed)" in shown(app, "#player-0")
        await pilot.press("right")
        assert shown(app, "#step") == f"After action 1 of {total}: place by Ann"
        await pilot.press("left", "left")  # no step before the deal
        assert app.step == 0
        await pilot.press("m")
        assert shown(app, "#step") == f"After action {total} of {total}: mixmo by Ann"
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "The solver, with Ann's tiles:" in shown(app, "#solver")
        await pilot.press("home")
        assert app.step == 0 and shown(app, "#solver") == ""
        await pilot.press("end")
        assert app.step == total
        await pilot.press("q")
    assert app.return_code == 0
