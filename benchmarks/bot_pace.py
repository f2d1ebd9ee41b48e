"""Benchmark: each bot level against a simulated person, in game time.

The simulated person is a casual player: 6 s of thought for each decision (a
look at new tiles), 1.2 s to place a tile, everyday words only (the language's
common list), the planning effort of a ``normal`` bot and no hasty calls. It is
a bot with that pace (:class:`~mixmo.engine.bot.Pace`), so the round runs
headless on simulated time: nothing sleeps, a round takes a fraction of a
second of wall time whatever its game time.

For each level, one round (target 1 point) per seed, two seats: the person
first on even seeds, second on odd ones. The round's best score wins (a final
MIXMO on a wrong grid costs its caller 20 points and leaves the round to the
other). Reported per level: its pace, the rounds the
person wins and those the bot wins, the game time of the bot's first MIXMO and
between two of its MIXMOs (medians), and the round's game time (median). The targets (docs/performance.md): the person wins most rounds against
``easy``, 30-50% against ``normal``, a minority against ``hard``; exit status 1
when a measured rate misses its target.

    python benchmarks/bot_pace.py [--seeds 40] [--level normal] [--bot-pace 1.0] [--json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from mixmo.engine import actions as act
from mixmo.engine.bot import PACES, Bot, Level, Pace, bot_seed
from mixmo.engine.bot_seats import BotSeats
from mixmo.engine.game import Game
from mixmo.engine.headless import STEP_LIMIT, step
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase

PERSON = Pace(
    seconds_per_tile=1.2,
    thinking=6.0,
    work=PACES[Level.NORMAL].work,
    hasty_calls=0.0,
    common_words=True,
    call_delay=1.0,
    shrewd=False,
    everyday_only=True,
)
"""A casual player: 6 s a decision, 1.2 s a tile, the words everybody knows."""

TARGETS = {Level.EASY: (0.6, 1.0), Level.NORMAL: (0.3, 0.5), Level.HARD: (0.0, 0.4)}
"""The share of rounds the simulated person should win against each level."""


def play_round(level: Level, seed: int, factor: float) -> dict[str, Any]:
    """One round, the person against a bot of ``level``: who won, and the bot's pace."""
    person_seat = seed % 2
    bot_seat = 1 - person_seat
    names = ("Person", "Bot") if person_seat == 0 else ("Bot", "Person")
    game = Game(MatchOptions(players=names, seed=seed, target=1))
    seed_ = bot_seed(seed)
    language, rules, lexicon = game.options.language, game.options.rules, game.lexicon
    bots = {
        person_seat: Bot(person_seat, Level.NORMAL, lexicon, rules, language, seed_, pace=PERSON),
        bot_seat: Bot(
            bot_seat, level, lexicon, rules, language, seed_, pace=PACES[level].scaled(factor)
        ),
    }
    seats = BotSeats(bots)
    now, steps = 0.0, 0
    while game.phase not in (Phase.SCORED, Phase.MATCH_OVER) and steps < STEP_LIMIT:
        reached = step(game, seats, now)
        if reached is None:
            break
        now, steps = reached, steps + 1
    calls = [a.at for a in game.log if isinstance(a, act.CallMixmo) and a.seat == bot_seat]
    # The match's winner (to 1 point: the round's best score). Not the round's own
    # winner, which is nobody when the final MIXMO was called on a wrong grid.
    winner = game.state.winner
    return {
        "person_won": winner == person_seat,
        "bot_won": winner == bot_seat,
        "seconds": now,
        "bot_first_call": calls[0] if calls else None,
        "bot_call_gaps": [b - a for a, b in itertools.pairwise(calls)],
    }


def measure(level: Level, seeds: int, factor: float) -> dict[str, Any]:
    rounds = [play_round(level, seed, factor) for seed in range(seeds)]
    firsts = [r["bot_first_call"] for r in rounds if r["bot_first_call"] is not None]
    gaps = [gap for r in rounds for gap in r["bot_call_gaps"]]
    pace = PACES[level].scaled(factor)
    return {
        "level": level.value,
        "seconds_per_tile": pace.seconds_per_tile,
        "seconds_per_decision": pace.thinking,
        "growth_per_10_tiles": pace.growth,
        "rounds": seeds,
        "person_wins": sum(r["person_won"] for r in rounds),
        "bot_wins": sum(r["bot_won"] for r in rounds),
        "median_round_seconds": statistics.median(r["seconds"] for r in rounds),
        "median_first_mixmo": statistics.median(firsts) if firsts else None,
        "median_between_mixmos": statistics.median(gaps) if gaps else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--level", choices=[lv.value for lv in TARGETS])
    parser.add_argument("--bot-pace", type=float, default=1.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    levels = [Level(args.level)] if args.level else list(TARGETS)
    rows = [measure(level, args.seeds, args.bot_pace) for level in levels]
    missed = False
    for row in rows:
        low, high = TARGETS[Level(row["level"])]
        share = row["person_wins"] / row["rounds"]
        row["person_share"] = share
        row["on_target"] = low <= share <= high
        missed |= args.bot_pace == 1.0 and not row["on_target"]
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print("level   s/tile s/decision growth  person wins  bot wins  1st MIXMO  between  round")
        for row in rows:
            print(
                f"{row['level']:<7} {row['seconds_per_tile']:>6.2f} {row['seconds_per_decision']:>10.2f}"
                f" {row['growth_per_10_tiles']:>6.2f}  {row['person_wins']:>4}/{row['rounds']:<3}"
                f" {row['person_share']:>4.0%}  {row['bot_wins']:>8}  {_s(row['median_first_mixmo'])}"
                f"  {_s(row['median_between_mixmos'])}  {_s(row['median_round_seconds'])}"
            )
    return 1 if missed else 0


def _s(seconds: float | None) -> str:
    return f"{seconds:>7.1f}s" if seconds is not None else "      -"


if __name__ == "__main__":
    sys.exit(main())
