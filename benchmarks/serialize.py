"""Benchmark: writing a match state as JSON, for saves and for each seat's view.

Plays one 6-player round (benchmarks/game_simulation.py's script) and times:

* ``save``: one saved game of the played round (:func:`mixmo.engine.save.dumps`), as a
  local game writes after every move;
* ``views``: replaying the round's log, every seat's view JSON after every action
  (:meth:`mixmo.net.views.ViewMaker.view_json`, what the server sends), per action.

Both are the best of ``--repeat`` runs: the machine's other work only slows a run.

    python benchmarks/serialize.py [--seed 0] [--repeat 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

import _common  # noqa: F401  (puts this checkout's src first on the path)
from game_simulation import play_one_round

from mixmo.engine.game import Game
from mixmo.engine.save import dumps
from mixmo.net.views import ViewMaker


def time_save(game: Game, repeat: int) -> float:
    """The fastest of ``repeat`` writes of the whole save, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        dumps(game)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def time_views(game: Game) -> float:
    """Microseconds per action to write every seat's view and a watcher's, replaying."""
    replay = Game(game.options, game.lexicon)
    maker = ViewMaker(game.options)
    seats = [*range(len(game.options.players)), None]
    spent = 0.0
    for action in game.log:
        replay.apply(action)
        state = replay.state
        start = time.perf_counter()
        for seat in seats:
            maker.view_json(state, seat, 1.5)
        spent += time.perf_counter() - start
    return spent / len(game.log) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = play_one_round(6, args.seed)
    result = {
        "actions": len(game.log),
        "save_kib": round(len(dumps(game)) / 1024, 1),
        "save_ms_best": round(time_save(game, args.repeat), 2),
        "views_us_per_action_best": round(min(time_views(game) for _ in range(args.repeat)), 1),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for name, value in result.items():
            print(f"{name:>28}: {value}")


if __name__ == "__main__":
    main()
