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

The actions are net_load's: each player places the tiles of its rack left to
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

FREE_SPIRIT = {"players": 3, "variant": "free-spirit"}


class Seat:
    """One scripted player: the server's connection of its seat, its rack and row."""

    def __init__(self, conn: Any, seat: int, rack: str) -> None:
        self.conn, self.seat = conn, seat
        self.rack, self.placed = list(rack), []  # type: list[str], list[tuple[int, str]]
        self.ref = 0

    def next_message(self, rng: random.Random) -> str:
        self.ref += 1
        if self.rack and (not self.placed or rng.random() < 0.7):
            symbol = self.rack.pop(0)
            self.placed.append((len(self.placed), symbol))
            action = {"kind": "place", "seat": self.seat, "row": 0,
                      "col": len(self.placed) - 1, "symbol": symbol}  # fmt: skip
        else:
            col, symbol = self.placed.pop()
            self.rack.append(symbol)
            action = {"kind": "take-back", "seat": self.seat, "cells": [[0, col]]}
        return json.dumps({"v": 1, "type": "action", "ref": self.ref, "action": action})


async def seated_room(server: Any, url: str) -> list[Seat]:
    """A room of three whose match has started, as the server's connections of its seats."""
    from websockets.asyncio.client import connect

    sockets, code = [], None
    for n in range(3):
        ws = await connect(url)
        if code is None:
            await ws.send(json.dumps({"v": 1, "type": "create", "settings": FREE_SPIRIT}))
            code = json.loads(await ws.recv())["room"]
        await ws.send(json.dumps({"v": 1, "type": "join", "room": code, "name": f"P{n}"}))
        sockets.append(ws)
    room = server.rooms.get(code)
    while room.game is None:
        await asyncio.sleep(0.01)
    conns = sorted(server.listeners[code], key=lambda conn: conn.seat)
    players = room.game.state.round.players
    return [Seat(conn, conn.seat, "".join(t.symbol for t in players[conn.seat].rack))
            for conn in conns]  # fmt: skip


def timed(server: Any, seats: list[Seat], actions: int, batch: int, rng: random.Random) -> float:
    """CPU seconds per action over ``actions`` actions of players picked at random,
    committed ``batch`` at a time."""
    start = time.process_time()
    for n in range(actions):
        seat = rng.choice(seats)
        server._receive(seat.conn, seat.next_message(rng))
        assert seat.conn.strikes == 0 and not seat.conn.dropped
        if n % batch == batch - 1:
            for conn in server._queued:
                conn.queue.clear()  # the socket layer's part: not measured here
            server.flush()
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
        seats = [s for _ in range(args.rooms) for s in await seated_room(server, url)]
        rng = random.Random(1)
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
