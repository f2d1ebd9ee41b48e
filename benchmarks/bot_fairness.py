"""Benchmark: one room's round trip while other rooms are full of the server's expert bots.

A `mixmo serve` child on loopback (its rooms' database in a temporary folder). A
victim room of two raw players measures the round trip of an action (place a
tile, then take it back: send to the answer carrying its ``ref``) for
``--seconds`` before any bot plays, then again while ``--rooms`` rooms of six
expert server bots each (all opened from this one address, as an attacker would:
one ``create`` message a room) play. Reported: the median and 90th percentile of
each window, and how many bot rooms the server took (the rest refused).

    python benchmarks/bot_fairness.py [--rooms 24] [--seconds 20] [--uncapped] [--json]

``--uncapped`` lifts the bots' budgets (per address and per server) to see what the
bounded thinking pool alone does for fairness.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import child_env, percentile
from websockets.asyncio.client import ClientConnection, connect


async def _send(ws: ClientConnection, message: dict[str, Any]) -> None:
    await ws.send(json.dumps({"v": 1, **message}))


async def _until(ws: ClientConnection, kind: str, ref: int | None = None) -> dict[str, Any]:
    async with asyncio.timeout(30):
        while True:
            message = json.loads(await ws.recv())
            if message["type"] in (kind, "error") and (ref is None or message.get("ref") == ref):
                return message  # type: ignore[no-any-return]


async def _victim(url: str) -> tuple[ClientConnection, str]:
    """A started two-player room: the first seat's socket and a tile of its rack."""
    ann, bob = await connect(url), await connect(url)
    await _send(ann, {"type": "create", "settings": {"players": 2, "seed": 7}})
    code = (await _until(ann, "created"))["room"]
    await _send(ann, {"type": "join", "room": code, "name": "Ann"})
    await _until(ann, "welcome")
    await _send(bob, {"type": "join", "room": code, "name": "Bob"})
    snapshot = await _until(ann, "snapshot")
    rack = snapshot["view"]["state"]["round"]["players"][0]["rack"]
    return ann, rack[0]


async def _round_trips(ann: ClientConnection, tile: str, seconds: float) -> list[float]:
    times, ref, end = [], 0, time.monotonic() + seconds
    while time.monotonic() < end:
        for action in (
            {"kind": "place", "seat": 0, "row": 0, "col": 0, "symbol": tile},
            {"kind": "take-back", "seat": 0, "cells": [[0, 0]]},
        ):
            ref += 1
            start = time.perf_counter()
            await _send(ann, {"type": "action", "ref": ref, "action": action})
            await _until(ann, "events", ref)
            times.append((time.perf_counter() - start) * 1000)
        await asyncio.sleep(0.15)  # under the rate limit (20 a second)
    return times


async def _bot_rooms(url: str, rooms: int) -> int:
    """Open ``rooms`` rooms of six expert bots, 8 a connection; how many the server took."""
    taken = 0
    for _ in range((rooms + 7) // 8):
        ws = await connect(url)
        for _ in range(min(8, rooms - taken)):
            settings = {"players": 6, "bots": 6, "bot_level": "expert"}
            await _send(ws, {"type": "create", "settings": settings})
            answer = await _until(ws, "created")
            taken += answer["type"] == "created"
        _keep.append(ws)  # the rooms' bots play while someone is connected
    return taken


_keep: list[ClientConnection] = []

UNCAPPED = """
import asyncio, sys
from pathlib import Path
from mixmo.net.connection import Limits
from mixmo.net.server import GameServer

async def main():
    limits = Limits(bots_per_address=10_000, max_server_bots=10_000, rooms_per_address=1000)
    server = GameServer(Path(sys.argv[2]), limits)
    await server.start("127.0.0.1", int(sys.argv[1]))
    print("mixmo server on", server.port, flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


def _summary(times: list[float]) -> dict[str, float]:
    return {"median_ms": percentile(times, 0.5), "p90_ms": percentile(times, 0.9), "n": len(times)}


async def _run(port: int, rooms: int, seconds: float) -> dict[str, Any]:
    url = f"ws://127.0.0.1:{port}"
    ann, tile = await _victim(url)
    before = _round_trips(ann, tile, seconds)
    quiet = await before
    taken = await _bot_rooms(url, rooms)
    await asyncio.sleep(2)  # the bots start thinking
    loaded = await _round_trips(ann, tile, seconds)
    return {"bot_rooms_asked": rooms, "bot_rooms_taken": taken,
            "quiet": _summary(quiet), "with_bots": _summary(loaded)}  # fmt: skip


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--uncapped", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    port = _free_port()
    with tempfile.TemporaryDirectory() as data:
        command = ["-m", "mixmo", "serve", "--port", str(port), "--data", data]
        if args.uncapped:
            command = ["-c", UNCAPPED, str(port), data]
        server = subprocess.Popen(
            [sys.executable, *command],
            env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            start_new_session=True,
        )  # fmt: skip
        try:
            assert server.stdout is not None
            for line in server.stdout:
                if "mixmo server on" in line:
                    break
            result = asyncio.run(_run(port, args.rooms, args.seconds))
        finally:
            os.killpg(server.pid, signal.SIGINT)
            server.wait(30)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"bot rooms: {result['bot_rooms_taken']} of {result['bot_rooms_asked']} taken")
    for name in ("quiet", "with_bots"):
        row = result[name]
        print(f"{name:>9}: median {row['median_ms']:.1f} ms, p90 {row['p90_ms']:.1f} ms"
              f" ({row['n']} round trips)")  # fmt: skip


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
