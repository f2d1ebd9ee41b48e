"""Benchmark: the bots' ladder, a full table's speed, and the planning budget.

* ``ladder``: 2-bot matches of one round (target 1 point), one per seed, for
  each pair of neighbouring levels (hard against normal, normal against easy);
  the stronger bot sits first on even seeds and second on odd ones. The ladder
  holds when the stronger level wins at least 80% of the seeds (exit status 1
  otherwise).
* ``table``: 6 bots of one level, one round per seed: wall and CPU seconds of
  the whole match, median over the seeds.
* Every plan of every match is timed (process CPU) and its work compared with
  its budget: a plan never spends more work than its budget, and its time
  follows its work.

    python benchmarks/bots.py ladder [--seeds 50] [--pair hard-normal] [--json]
    python benchmarks/bots.py table [--seeds 20] [--level normal] [--json]
    python benchmarks/bots.py ui [--seeds 1]

* ``ui``: the interface's stand-in, an asyncio loop that wakes every 5 ms,
  runs the app's :class:`~mixmo.tui.bot_driver.BotDriver` for 6 expert bots
  (game time 20 times real time, so they think often): how late the loop
  wakes while they plan on the driver's worker thread, against the same loop
  with no bots.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from mixmo.engine.bot import Bot, Level, Plan
from mixmo.engine.headless import match_result, play_headless
from mixmo.engine.lexicon import embedded
from mixmo.engine.options import MatchOptions
from mixmo.engine.solver import index_for
from mixmo.engine.state import MatchState

LADDER = [(Level.HARD, Level.NORMAL), (Level.NORMAL, Level.EASY)]
PASS_RATE = 0.8

PLANS: list[dict[str, Any]] = []
"""Every plan made in this process: level, work, budget, CPU seconds."""


def _timed_plan(original: Any) -> Any:
    def plan(self: Bot, state: MatchState) -> Plan:
        start = time.process_time()
        made: Plan = original(self, state)
        PLANS.append(
            {
                "level": self.level.value,
                "work": made.work,
                "budget": made.budget,
                "cpu": time.process_time() - start,
                "kind": made.kind.value,
            }
        )
        return made

    return plan


def match(levels: list[Level], seed: int) -> tuple[dict[str, Any], float, float]:
    """One round with these bots: its result, wall seconds and CPU seconds."""
    names = tuple(f"Bot {n} ({level.value})" for n, level in enumerate(levels, 1))
    options = MatchOptions(players=names, seed=seed, target=1)
    wall, cpu = time.perf_counter(), time.process_time()
    game = play_headless(options, levels)
    return match_result(game, levels), time.perf_counter() - wall, time.process_time() - cpu


def ladder(
    seeds: range, pairs: list[tuple[Level, Level]], progress: Path | None = None
) -> dict[str, Any]:
    """Each pair over ``seeds``; with ``progress``, one JSON line per match appended to it
    (so that seed ranges run in parallel can be added up)."""
    rows = []
    for strong, weak in pairs:
        wins = 0
        for seed in seeds:
            levels = [strong, weak] if seed % 2 == 0 else [weak, strong]
            result, wall, cpu = match(levels, seed)
            winner = result["winner_seat"]
            won = winner is not None and levels[winner] is strong
            wins += won
            if progress is not None:
                line = {"stronger": strong.value, "weaker": weak.value, "seed": seed,
                        "stronger_won": won, "wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
                        "standings": result["standings"]}  # fmt: skip
                with progress.open("a") as out:
                    out.write(json.dumps(line) + "\n")
        rows.append(
            {
                "stronger": strong.value,
                "weaker": weak.value,
                "seeds": len(seeds),
                "stronger_wins": wins,
                "rate": round(wins / len(seeds), 2),
                "holds": wins >= PASS_RATE * len(seeds),
            }
        )
    return {"ladder": rows}


def table(seeds: int, level: Level) -> dict[str, Any]:
    walls, cpus = [], []
    for seed in range(seeds):
        _, wall, cpu = match([level] * 6, seed)
        walls.append(wall)
        cpus.append(cpu)
    return {
        "table": {
            "bots": 6,
            "level": level.value,
            "seeds": seeds,
            "wall_s_median": round(statistics.median(walls), 2),
            "wall_s_max": round(max(walls), 2),
            "cpu_s_median": round(statistics.median(cpus), 2),
            "cpu_s_max": round(max(cpus), 2),
        }
    }


def ui(seconds: float = 20.0) -> dict[str, Any]:
    import asyncio

    from mixmo.engine.game import Game, GameRuleError
    from mixmo.engine.state import Phase
    from mixmo.tui.bot_driver import BotDriver

    class Host:
        def __init__(self, game: Game) -> None:
            self.game = game
            start = time.perf_counter()
            self.clock = lambda: (time.perf_counter() - start) * 20

        def apply(self, action: Any, *, quiet: bool = False) -> bool:
            try:
                self.game.apply(action)
            except GameRuleError:
                return False
            return True

    ticks: list[float] = []

    async def loop(with_bots: bool) -> list[float]:
        names = tuple(f"Bot {n}" for n in range(1, 7))
        game = Game(MatchOptions(players=names, seed=1, target=1))
        driver = BotDriver(Host(game), list(range(6)), Level.EXPERT) if with_bots else None
        late: list[float] = []
        end = time.perf_counter() + seconds
        next_tick = 0.0
        while time.perf_counter() < end and game.phase is not Phase.MATCH_OVER:
            before = time.perf_counter()
            await asyncio.sleep(0.005)
            late.append(time.perf_counter() - before - 0.005)
            if driver is not None and time.perf_counter() >= next_tick:
                start = time.perf_counter()
                driver.tick()
                ticks.append(time.perf_counter() - start)
                next_tick = time.perf_counter() + 0.1
        if driver is not None:
            driver.close()
        return sorted(late)

    def figures(late: list[float]) -> dict[str, float]:
        return {
            "wakes": len(late),
            "late_ms_median": round(statistics.median(late) * 1000, 2),
            "late_ms_p99": round(late[int(0.99 * (len(late) - 1))] * 1000, 2),
            "late_ms_max": round(late[-1] * 1000, 2),
        }

    idle = asyncio.run(loop(with_bots=False))
    busy = asyncio.run(loop(with_bots=True))
    ticks.sort()
    tick = {
        "ticks": len(ticks),
        "tick_ms_median": round(statistics.median(ticks) * 1000, 2),
        "tick_ms_max": round(ticks[-1] * 1000, 2),
    }
    return {"ui": {"no_bots": figures(idle), "six_bots_thinking": figures(busy), "driver": tick}}


def plan_figures() -> dict[str, Any]:
    """Per level: plans made, the worst work/budget ratio, CPU per plan."""
    figures = {}
    for level in Level:
        plans = [p for p in PLANS if p["level"] == level.value]
        if not plans:
            continue
        cpu = sorted(p["cpu"] for p in plans)
        full = [p["cpu"] * 1e6 / p["work"] for p in plans if p["work"] >= 0.9 * p["budget"]]
        figures[level.value] = {
            "plans": len(plans),
            "max_work_over_budget": round(max(p["work"] / p["budget"] for p in plans), 4),
            "rebuilds": sum(1 for p in plans if p["kind"] == "rebuild"),
            "cpu_ms_median": round(statistics.median(cpu) * 1000, 1),
            "cpu_ms_p95": round(cpu[int(0.95 * (len(cpu) - 1))] * 1000, 1),
            "cpu_ms_max": round(cpu[-1] * 1000, 1),
            "cpu_ms_per_1000_work_full_plans": round(statistics.median(full), 1) if full else None,
        }
    return {"plans": figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["ladder", "table", "ui"])
    parser.add_argument("--seeds", type=int)
    parser.add_argument("--level", choices=[level.value for level in Level], default="normal")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--pair",
        choices=[f"{strong.value}-{weak.value}" for strong, weak in LADDER],
        help="Only this step of the ladder (run the steps in parallel).",
    )
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--progress", type=Path, help="Append one JSON line per match here.")
    args = parser.parse_args()
    index_for(embedded("en")).prepare()  # built once per process, before any timing
    Bot.plan = _timed_plan(Bot.plan)  # type: ignore[method-assign]
    if args.what == "ladder":
        pairs = [p for p in LADDER if args.pair in (None, f"{p[0].value}-{p[1].value}")]
        seeds = range(args.first_seed, args.first_seed + (args.seeds or 50))
        report = ladder(seeds, pairs, args.progress)
    elif args.what == "ui":
        report = ui()
    else:
        report = table(args.seeds or 20, Level(args.level))
    report.update(plan_figures())
    if args.json:
        print(json.dumps(report))
    else:
        print(json.dumps(report, indent=2))
    if args.what == "ladder" and not all(row["holds"] for row in report["ladder"]):
        sys.exit(1)


if __name__ == "__main__":
    main()
