"""Benchmark: bots-only matches, headless (games per minute, CPU per bot move).

Each game is one round (target 1 point) with a bot in every seat, on simulated
time. "CPU per move" is the process CPU time of the whole game divided by the
actions the bots took (planning included); "plan" is the solver's share.

    python benchmarks/bots.py [--games 3] [--level expert] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from mixmo.engine import bot as bot_module
from mixmo.engine.bot import Level
from mixmo.engine.headless import play_headless
from mixmo.engine.lexicon import embedded
from mixmo.engine.options import MatchOptions
from mixmo.engine.solver import index_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--level", choices=[level.value for level in Level], default="expert")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    index_for(embedded("en")).prepare()  # built once per process, before the clock starts

    planning = [0.0]
    original = bot_module.Bot.plan

    def timed_plan(self: bot_module.Bot, state: object) -> bot_module.Plan:
        start = time.process_time()
        try:
            return original(self, state)  # type: ignore[arg-type]
        finally:
            planning[0] += time.process_time() - start

    bot_module.Bot.plan = timed_plan  # type: ignore[method-assign]
    rows = []
    for players in range(2, 7):
        walls, per_move, plan_share = [], [], []
        for seed in range(args.games):
            names = tuple(f"Bot {n}" for n in range(1, players + 1))
            options = MatchOptions(players=names, seed=seed, target=1)
            planning[0] = 0.0
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            game = play_headless(options, Level(args.level))
            cpu = time.process_time() - start_cpu
            walls.append(time.perf_counter() - start_wall)
            moves = len(game.log)
            per_move.append(cpu / moves * 1000)
            plan_share.append(planning[0] / cpu if cpu else 0.0)
        rows.append(
            {
                "players": players,
                "games_per_minute": round(60 / statistics.median(walls), 1),
                "game_s_median": round(statistics.median(walls), 2),
                "cpu_ms_per_move": round(statistics.median(per_move), 1),
                "planning_share": round(statistics.median(plan_share), 2),
            }
        )
    if args.json:
        print(json.dumps(rows))
        return
    print(f"level {args.level}, {args.games} games per table size, median")
    print("players  games/min  game s  CPU ms/move  planning share")
    for row in rows:
        print(
            f"{row['players']:>7}  {row['games_per_minute']:>9}  {row['game_s_median']:>6}"
            f"  {row['cpu_ms_per_move']:>11}  {row['planning_share']:>14}"
        )


if __name__ == "__main__":
    main()
