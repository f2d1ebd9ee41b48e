"""Benchmark: whole simulated games through the game-flow engine.

Players lay their rack out in one row and call MIXMO in turn until the final
MIXMO; every claim is voted on. The ``any`` lexicon accepts every word, so the
figures are the engine's own cost (state building, validation, events), not a
dictionary's. Reports actions per second, the whole game's time, peak memory
(tracemalloc) and the saved game's size and load (replay) time.

    python benchmarks/game_simulation.py [--players 6] [--games 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from mixmo.engine import actions as a
from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions
from mixmo.engine.save import dumps, loads
from mixmo.engine.state import Phase

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


def play_one_round(players: int, seed: int) -> Game:
    game = Game(MatchOptions(players=NAMES[:players], seed=seed, target=10_000), AnyWord())
    at, turn = 0.0, 0
    while game.phase not in (Phase.SCORED, Phase.MATCH_OVER):
        phase = game.phase
        if phase is Phase.CHOOSING_THEME:
            game.apply(a.ChooseTheme(seat=game.round.bandit_seat or 0, theme="animals", at=at))
        elif phase is Phase.CLAIMING:
            for seat in game.round.active_seats():
                words = [v.text for v in game.check_grid(seat).words if v.valid][:1]
                game.apply(a.ClaimThemeWords(seat=seat, words=tuple(words), at=at))
        elif phase is Phase.VOTING:
            for claimant in game.round.active_seats():
                for word in game.round.player(claimant).claims or ():
                    for voter in game.round.active_seats():
                        if voter != claimant and game.phase is Phase.VOTING:
                            game.apply(
                                a.Vote(seat=voter, claimant=claimant, word=word, accept=True)
                            )
        else:
            seat = turn % players
            turn += 1
            player = game.round.player(seat)
            col = max((c for (r, c) in player.grid if r == 0), default=-1) + 1
            for tile in player.rack:
                at += 0.5
                game.apply(a.PlaceTile(seat=seat, row=0, col=col, symbol=tile.symbol, at=at))
                col += 1
            at += 2.0
            game.apply(a.CallMixmo(seat=seat, at=at))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    times, rates, peaks, loads_ms, sizes, counts = [], [], [], [], [], []
    for seed in range(args.games):
        start = time.perf_counter()
        game = play_one_round(args.players, seed)
        elapsed = time.perf_counter() - start
        tracemalloc.start()  # a second, traced run: tracing slows the timed one
        play_one_round(args.players, seed)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        text = dumps(game)
        start = time.perf_counter()
        loads(text, AnyWord())
        loads_ms.append((time.perf_counter() - start) * 1000)
        times.append(elapsed * 1000)
        counts.append(len(game.log))
        rates.append(len(game.log) / elapsed)
        peaks.append(peak / 2**20)
        sizes.append(len(text) / 1024)

    result = {
        "players": args.players,
        "games": args.games,
        "actions_per_game_median": statistics.median(counts),
        "game_ms_median": round(statistics.median(times), 1),
        "actions_per_second_median": round(statistics.median(rates)),
        "peak_traced_mib_median": round(statistics.median(peaks), 2),
        "save_kib_median": round(statistics.median(sizes), 1),
        "load_replay_ms_median": round(statistics.median(loads_ms), 1),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:28} {value}")


if __name__ == "__main__":
    main()
