"""Benchmark: the game server's own CPU for one action, without the network.

Three players join rooms of a real server (SQLite store in a temporary folder)
over loopback; then the timed part hands the server each scripted action as
its WebSocket handler would (``GameServer._receive``: checked, applied,
logged, every seat's message built), and flushes after every ``--batch``
actions (the commit, as a loaded server's commit window gathers about 9 at
200 rooms; the queued messages are dropped, not written). What is left of
``benchmarks/net_load.py``'s CPU per action is the socket layer's, which
``benchmarks/net_floor.py`` measures alone.

    python benchmarks/server_action.py [--actions 20000] [--rooms 20] [--repeat 5]
        [--batch 8] [--profile FILE]

The actions are net_load's (its players): each player places the tiles of its rack left to
right on row 0, and takes one back now and then (and when its rack is empty).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from net_load import Player, open_room  # net_load's players and their script


class Seat:
    """One of net_load's scripted players, with the server's connection of its seat."""

    def __init__(self, conn: Any, player: Player) -> None:
        self.conn, self.player = conn, player

    def next_message(self) -> str:
        self.player.ref += 1
        action = self.player.next_action()
        return json.dumps({"v": 1, "type": "action", "ref": self.player.ref, "action": action})


async def seated_room(server: Any, url: str, rng: random.Random) -> list[Seat]:
    """A room of three whose match has started (net_load's), each seat as the server's
    connection of it and the client that plays it."""
    before = set(server.rooms.rooms)
    players = {player.seat: player for player in await open_room(url, rng)}
    (code,) = set(server.rooms.rooms) - before
    room = server.rooms.get(code)
    while room.game is None:
        await asyncio.sleep(0.01)
    racks = room.game.state.round.players
    seats = []
    for conn in sorted(server.listeners[code], key=lambda conn: conn.seat):
        player = players[conn.seat]
        player.rack = [tile.symbol for tile in racks[conn.seat].rack]
        seats.append(Seat(conn, player))
    return seats


def timed(server: Any, seats: list[Seat], actions: int, batch: int, rng: random.Random) -> float:
    """CPU seconds per action over ``actions`` actions of players picked at random,
    committed ``batch`` at a time."""
    start = time.process_time()
    for n in range(actions):
        seat = rng.choice(seats)
        server._receive(seat.conn, seat.next_message())
        assert seat.conn.strikes == 0 and not seat.conn.dropped
        if n % batch == batch - 1:
            for conn in server.commits.queued:
                conn.queue.clear()  # the socket layer's part: not measured here
            server.commits.flush()
    return (time.process_time() - start) / actions


async def run(args: argparse.Namespace) -> list[float]:
    from mixmo.net.connection import Limits
    from mixmo.net.server import GameServer

    # One machine plays every seat, faster than any person: the per-address and
    # per-connection budgets are lifted, as net_load's are.
    many = 10**9
    limits = Limits(rate=many, burst=many, connections_per_address=many,
                    rooms_per_address=many, rooms_per_connection=many)  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        server = GameServer(Path(folder), limits)
        await server.start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{server.port}"
        rng = random.Random(1)
        seats = [s for _ in range(args.rooms) for s in await seated_room(server, url, rng)]
        timed(server, seats, 500, args.batch, rng)  # warm up
        profile = None
        if args.profile:
            import cProfile

            profile = cProfile.Profile()
            profile.enable()
        figures = [timed(server, seats, args.actions, args.batch, rng) for _ in range(args.repeat)]
        if profile is not None:
            profile.disable()
            profile.dump_stats(args.profile)
        await server.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--batch", type=int, default=8, help="actions per commit")
    parser.add_argument("--profile", help="write a cProfile of the timed part here")
    args = parser.parse_args()
    figures = asyncio.run(run(args))
    ms = sorted(f * 1000 for f in figures)
    print(f"server CPU per action, sockets aside: median {statistics.median(ms):.3f} ms "
          f"(min {ms[0]:.3f}, max {ms[-1]:.3f}; {args.repeat} x {args.actions} actions, "
          f"{args.rooms} rooms, {args.batch} a commit)")  # fmt: skip


if __name__ == "__main__":
    main()
