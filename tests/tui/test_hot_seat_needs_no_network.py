"""Hot-seat play (`mixmo play`) runs on the session layer: it loads nothing of the network."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

PLAY_A_TILE_WITH_BOTS = textwrap.dedent(
    """
    import asyncio, sys

    import mixmo.cli.play  # the command's own import path
    from mixmo.cli.play_game import run_play  # noqa: F401
    from mixmo.engine.game import Game
    from mixmo.engine.options import MatchOptions
    from mixmo.tui.app import MixmoApp

    async def main() -> None:
        app = MixmoApp(Game(MatchOptions(players=("Ann", "Bot"), seed=3)), bots=1)
        async with app.run_test(size=(100, 30)) as pilot:
            symbol = app.table.round.player(0).rack[0].symbol
            await pilot.press(symbol.lower() if symbol.isalpha() else "question_mark")
            await pilot.pause()
            print("placed", len(app.table.round.player(0).grid))
            await pilot.press("ctrl+q")

    asyncio.run(main())
    print("net", sorted(m for m in sys.modules if m.startswith("mixmo.net")))
    """
)


def test_hot_seat_play_with_a_bot_imports_no_network_module() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", PLAY_A_TILE_WITH_BOTS],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "placed 1" in done.stdout
    assert "net []" in done.stdout
