"""Benchmark: the MixUp searcher.

* ``opening``: a fresh searcher (empty tables) searches the opening position to
  each depth from 1 to ``--depth`` (8 by default) by iterative deepening: CPU
  seconds and positions visited, ``--runs`` times each (median and min).
* ``games``: the searcher against a random player, ``--seeds`` games on each
  side: the searcher's CPU seconds per move (median, p95, max), and how many games it won.

    python benchmarks/mixup.py opening [--depth 8] [--runs 5] [--json]
    python benchmarks/mixup.py games [--seeds 20] [--level searcher] [--json]

Times are process CPU seconds (``time.process_time``), so that other
processes on a busy machine do not count; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _common import emit_json, ms, summary, table

from mixmo.mixup.game import MixUpGame
from mixmo.mixup.levels import ComputerPlayer, Level
from mixmo.mixup.pieces import Side
from mixmo.mixup.search import Searcher


def opening(depth: int, runs: int) -> list[dict[str, float]]:
    rows = []
    state = MixUpGame().state
    for d in range(1, depth + 1):
        times, nodes = [], 0
        for _ in range(runs):
            searcher = Searcher(d)
            start = time.process_time()
            result = searcher.search(state)
            times.append(time.process_time() - start)
            nodes = result.nodes
        rows.append({"depth": d, "nodes": nodes, **summary(times)})
    return rows


def games(seeds: int, level: Level) -> dict[str, object]:
    per_move: list[float] = []
    wins = {side.value: 0 for side in Side}
    for side in Side:
        for seed in range(seeds):
            rng = random.Random(seed)
            computer = ComputerPlayer(level, seed)  # one per game, as in play
            game = MixUpGame()
            while not game.state.over:
                if game.state.to_move is side:
                    start = time.process_time()
                    move = computer.choose(game.state)
                    per_move.append(time.process_time() - start)
                    game.apply(move)
                else:
                    game.apply(rng.choice(game.state.legal_moves()))
            wins[side.value] += game.state.outcome.winner is side
    return {"level": level.value, "seeds": seeds, "wins": wins, "per_move": summary(per_move)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["opening", "games"])
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--level", choices=[lv.value for lv in Level], default="searcher")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.what == "opening":
        rows = opening(args.depth, args.runs)
        if args.json:
            emit_json({"opening": rows})
            return
        print(
            table(
                ["depth", "positions", "median ms", "min ms", "max ms"],
                [
                    [r["depth"], int(r["nodes"]), ms(r["median"]), ms(r["min"]), ms(r["max"])]
                    for r in rows
                ],
            )
        )
        return
    result = games(args.seeds, Level(args.level))
    if args.json:
        emit_json({"games": result})
        return
    moves = result["per_move"]
    assert isinstance(moves, dict)
    print(
        f"{result['level']} against a random player, {args.seeds} games a side: wins {result['wins']}"
    )
    print(
        table(
            ["CPU per move", "runs", "median ms", "p95 ms", "max ms"],
            [["", int(moves["runs"]), ms(moves["median"]), ms(moves["p95"]), ms(moves["max"])]],
        )
    )


if __name__ == "__main__":
    main()
