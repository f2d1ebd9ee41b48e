"""Benchmark: key press to repaint in `mixmo play`, 6 players, every grid 60 tiles.

Each player's grid is the 60-tile example grid (docs/examples/sixty-tiles-en.txt)
and the English dictionary checks words live. The benchmark types tiles into one
pane and measures, for each key, the time from the press until the app has
processed it and repainted (``pilot.press`` then ``pilot.pause``), headless at
160x48, as wall time (which includes the test pilot's own waits for the next
frame) and as the process's CPU time (the work the key really costs).
Memory: the process's peak RSS.

    python benchmarks/tui_latency.py [--presses 120] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from mixmo.engine.game import Game
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import embedded
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase
from mixmo.engine.tiles import Tile
from mixmo.tui.app import MixmoApp

GRID = Path(__file__).resolve().parents[1] / "docs" / "examples" / "sixty-tiles-en.txt"
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


def crowded_game() -> Game:
    """Six players, each with a 60-tile grid and a rack of letters to type."""
    game = Game(MatchOptions(players=NAMES, seed=1), embedded("en"))
    grid = Grid.parse(GRID.read_text())
    rack = tuple(Tile.from_symbol(c) for c in "ETAOINSHRDLU" * 20)
    round_ = game.state.round
    players = tuple(replace(p, grid=grid, rack=rack) for p in round_.players)
    game.state = replace(game.state, round=replace(round_, players=players, phase=Phase.PLAYING))
    return game


async def measure(presses: int, live_check: bool) -> tuple[list[float], list[float]]:
    """Wall time and CPU time (ms) from each key press to the repainted screen."""
    app = MixmoApp(crowded_game(), clock=lambda: 0.0, live_check=live_check)
    timings, cpu = [], []
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("down", "down", "down")  # below the grid: a new row of tiles
        for index in range(presses):
            key = "etaoinshrdlu"[index % 12] if index % 20 else "space"
            start, start_cpu = time.perf_counter(), time.process_time()
            await pilot.press(key)
            await pilot.pause()
            timings.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
    return timings, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=120)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {}
    for live in (False, True):
        wall, cpu = (sorted(t) for t in asyncio.run(measure(args.presses, live)))
        results["live check on" if live else "live check off"] = {
            "wall_median_ms": round(statistics.median(wall), 1),
            "wall_p95_ms": round(wall[int(0.95 * (len(wall) - 1))], 1),
            "cpu_median_ms": round(statistics.median(cpu), 1),
            "cpu_p95_ms": round(cpu[int(0.95 * (len(cpu) - 1))], 1),
        }
    results["peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if args.json:
        print(json.dumps(results))
    else:
        for key, value in results.items():
            print(f"{key:16} {value}")


if __name__ == "__main__":
    main()
