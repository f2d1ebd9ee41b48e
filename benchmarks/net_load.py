"""Benchmark: the game server under load, on loopback.

N rooms x 3 simulated players, all from this one load-generator process, each
sending scripted actions (place a tile of its rack, then take tiles back) at
about 3 a second with random gaps, for ``--seconds``. The server runs in a
child process with its rooms' database in a temporary folder (every action
written, as in production). Reported:

* server-side latency: from an action's arrival to each of its messages being
  handed to a socket (every recipient counts), p50 and p99;
* action round trip at the client: send to the answer carrying its ``ref``;
* server memory per room: the child's RSS with the rooms playing, minus its
  RSS before the first room, divided by N (3 connections per room included);
* server CPU per action: the child's CPU time (user and kernel; the kernel's
  share is in ``--json``) over the actions it applied in the window. It falls
  as load rises (more actions share each turn of the event loop and each
  commit), so compare it at equal load.

The server child runs in a session of its own, as ``mixmo serve`` would.

    python benchmarks/net_load.py [--rooms 10 50 200] [--seconds 10] [--servers 1] [--json]

With ``--servers K`` the rooms are spread over K server processes, as a proxy
routing by room code would spread them (docs/network.md, shards by letter).

With ``--database postgresql://... --redis redis://...`` the K servers are the nodes of
one community server (docs/network.md, "A community server"): every action is committed
to that PostgreSQL database, and each node holds its rooms' leases in Redis. Each room
is made at one node and played there, as a load balancer would spread new rooms.
For diagnosis: NET_LOAD_PROFILE=FILE writes the server's CPU profile (pstats),
NET_LOAD_NO_STORE=1 runs it without its database, NET_LOAD_DEBUG=1 prints refusals.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _common import percentile

RATE = 3.0
"""Actions a second per simulated player."""
REF = re.compile(r'"ref":(\d+)')
FREE_SPIRIT = {"players": 3, "variant": "free-spirit"}
"""Free Spirit: a Bandit in an opening draw does not stop play for a theme (the script
has no theme to choose)."""


def rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# --- the server child ---------------------------------------------------------------------


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def serve_child(data: Path) -> None:
    """Run a server; answer ``stats`` and ``reset`` lines on stdin with JSON on stdout."""
    from mixmo.net.server import GameServer

    profile = None
    if os.environ.get("NET_LOAD_PROFILE"):  # NET_LOAD_PROFILE=FILE: the server's CPU profile
        import cProfile

        profile = cProfile.Profile(time.process_time)
        profile.enable()
    from mixmo.net.connection import Limits

    # Every simulated player connects from loopback: the per-address budgets, meant for
    # one person's machine, would refuse the 65th connection and the 21st room.
    many = 1_000_000
    limits = Limits(connections_per_address=many, rooms_per_address=many, rooms_per_connection=many)
    database, redis = os.environ.get("NET_LOAD_DATABASE"), os.environ.get("NET_LOAD_REDIS")
    if database and redis:  # one node of a community server
        from mixmo.net.cluster import Cluster

        port = free_port()
        cluster = Cluster(redis, f"ws://127.0.0.1:{port}", name=os.environ["NET_LOAD_COMMUNITY"])
        server = GameServer(limits=limits, database=database, cluster=cluster)
        await server.start("127.0.0.1", port)
    else:
        server = GameServer(None if os.environ.get("NET_LOAD_NO_STORE") else data, limits)
        await server.start("127.0.0.1", 0)
    baseline = rss_mib()
    print(json.dumps({"port": server.port, "rss": baseline}), flush=True)
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        command = line.strip()
        if command == "reset":
            server.commits.latencies.clear()
            print(json.dumps({"cpu": time.process_time(), "sys": os.times().system}), flush=True)
        elif command == "stats":
            values = list(server.commits.latencies)
            print(
                json.dumps(
                    {
                        "count": len(values),
                        "p50": percentile(values, 0.5) if values else 0,
                        "p99": percentile(values, 0.99) if values else 0,
                        "max": max(values, default=0),
                        "rss": rss_mib(),
                        "rooms": len(server.rooms.rooms),
                        "cpu": time.process_time(),
                        "sys": os.times().system,
                        "samples": values,
                    }
                ),
                flush=True,
            )
        else:
            await server.close()
            if profile is not None:
                profile.disable()
                profile.dump_stats(os.environ["NET_LOAD_PROFILE"])
            return


# --- the load generator -------------------------------------------------------------------


class Player:
    """One simulated player: a socket, its rack, its grid, and the round trips it measured."""

    def __init__(self, ws: Any, seat: int, rng: random.Random) -> None:
        self.ws = ws
        self.seat = seat
        self.rng = rng
        self.rack: list[str] = []
        self.placed: list[tuple[int, str]] = []
        self.sent: dict[int, float] = {}
        self.trips: list[float] = []
        self.errors = 0
        self.ref = 0
        self.started = asyncio.Event()

    async def read(self) -> None:
        async for raw in self.ws:
            head = raw[:60]
            if '"type":"events"' in head or '"type":"error"' in head:
                match = REF.search(head)
                if match and int(match.group(1)) in self.sent:
                    self.trips.append(time.perf_counter() - self.sent.pop(int(match.group(1))))
                if '"type":"error"' in head:
                    self.errors += 1
                    if os.environ.get("NET_LOAD_DEBUG"):
                        print(raw, file=sys.stderr)
            elif '"type":"snapshot"' in head:
                message = json.loads(raw)
                self.rack = list(message["view"]["state"]["round"]["players"][self.seat]["rack"])
                self.started.set()

    def next_action(self) -> dict[str, Any]:
        """Place tiles left to right; with the rack empty (or at random) take one back."""
        if self.rack and (not self.placed or self.rng.random() < 0.7):
            symbol = self.rack.pop(0)
            col = len(self.placed)
            self.placed.append((col, symbol))
            return {"kind": "place", "seat": self.seat, "row": 0, "col": col, "symbol": symbol}
        col, symbol = self.placed.pop()
        self.rack.append(symbol)
        return {"kind": "take-back", "seat": self.seat, "cells": [[0, col]]}

    async def play(self, until: float) -> None:
        await self.started.wait()
        while time.perf_counter() < until:
            await asyncio.sleep(self.rng.expovariate(RATE))
            self.ref += 1
            self.sent[self.ref] = time.perf_counter()
            message = {"v": 1, "type": "action", "ref": self.ref, "action": self.next_action()}
            await self.ws.send(json.dumps(message))


async def open_room(url: str, rng: random.Random) -> list[Player]:
    from websockets.asyncio.client import connect

    players = []
    code = None
    for seat in range(3):
        ws = await connect(url, max_size=64 * 1024)
        if code is None:
            await ws.send(json.dumps({"v": 1, "type": "create", "settings": FREE_SPIRIT}))
            code = json.loads(await ws.recv())["room"]
        await ws.send(json.dumps({"v": 1, "type": "join", "room": code, "name": f"P{seat}"}))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "welcome":
                break
        players.append(Player(ws, message["seat"], rng))
    return players


def ask(child: subprocess.Popen[str], command: str) -> dict[str, Any]:
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(command + "\n")
    child.stdin.flush()
    answer: dict[str, Any] = json.loads(child.stdout.readline())
    return answer


def start_servers(folder: str, servers: int) -> list[subprocess.Popen[str]]:
    """``servers`` server processes, each on a data folder of its own under ``folder``."""
    return [
        subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--server-child",
                str(Path(folder) / str(k)),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            # A session of its own, as `mixmo serve` has: the kernel's autogroup
            # scheduler then shares the cores between the server and the load
            # generator (which stands for players on other machines) as between any
            # two programs, instead of giving both one program's share.
            start_new_session=True,
        )
        for k in range(servers)
    ]


def stop_servers(children: list[subprocess.Popen[str]]) -> None:
    """Ask each server to quit; one that does not within 10 s is killed."""
    for child in children:
        if child.stdin is not None:
            child.stdin.write("quit\n")
            child.stdin.flush()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGKILL)


async def load(rooms: int, seconds: float, warmup: float, servers: int = 1) -> dict[str, Any]:
    """One run: ``rooms`` rooms spread over ``servers`` server processes (shards)."""
    with tempfile.TemporaryDirectory() as folder:
        children = start_servers(folder, servers)
        try:
            hellos = [json.loads(c.stdout.readline()) for c in children]  # type: ignore[union-attr]
            urls = [f"ws://127.0.0.1:{hello['port']}" for hello in hellos]
            rng = random.Random(rooms)
            players = [p for n in range(rooms) for p in await open_room(urls[n % servers], rng)]
            readers = [asyncio.create_task(p.read()) for p in players]
            await asyncio.gather(*(p.started.wait() for p in players))
            end = time.perf_counter() + warmup + seconds
            playing = [asyncio.create_task(p.play(end)) for p in players]
            await asyncio.sleep(warmup)
            for p in players:
                p.trips.clear()
            cpu_before = [ask(c, "reset") for c in children]
            own_before = time.process_time()
            await asyncio.gather(*playing)
            await asyncio.sleep(0.5)  # the last answers
            stats = [ask(c, "stats") for c in children]
            own_cpu = time.process_time() - own_before
            for task in readers:
                task.cancel()
            for p in players:
                await p.ws.close()
        finally:
            stop_servers(children)
    window = Window(rooms, servers, seconds, own_cpu, hellos, cpu_before, stats)
    return figures(window, players)


@dataclass(frozen=True)
class Window:
    """What the servers and the load generator said about one run's timed window."""

    rooms: int
    servers: int
    seconds: float
    own_cpu: float
    hellos: list[dict[str, Any]]
    cpu_before: list[dict[str, Any]]
    stats: list[dict[str, Any]]


def figures(window: Window, players: list[Player]) -> dict[str, Any]:
    """One run's figures: throughput, latencies, CPU and memory."""
    rooms, seconds, stats, cpu_before = (
        window.rooms,
        window.seconds,
        window.stats,
        window.cpu_before,
    )
    trips = [t for p in players for t in p.trips]
    latencies = [v for st in stats for v in st["samples"]]
    cpu = sum(st["cpu"] for st in stats) - sum(c["cpu"] for c in cpu_before)
    sys_cpu = sum(st["sys"] for st in stats) - sum(c["sys"] for c in cpu_before)
    return {
        "rooms": rooms,
        "servers": window.servers,
        "clients": len(players),
        "actions": len(trips),
        "actions_per_s": len(trips) / seconds,
        "errors": sum(p.errors for p in players),
        "server_p50_ms": percentile(latencies, 0.5) * 1000,
        "server_p99_ms": percentile(latencies, 0.99) * 1000,
        "server_max_ms": max(latencies) * 1000,
        "rtt_p50_ms": percentile(trips, 0.5) * 1000,
        "rtt_p99_ms": percentile(trips, 0.99) * 1000,
        "server_cpu_share": cpu / seconds,
        # every action the server applied in the window sent one message to each of its
        # room's 3 players: counted there, a backlog does not inflate the figure
        "server_actions": len(latencies) / 3,
        "server_cpu_ms_per_action": cpu * 1000 / max(1, len(latencies) / 3),
        "server_kernel_share": sys_cpu / cpu if cpu else 0.0,
        "load_average": os.getloadavg()[0],
        "generator_cpu_share": window.own_cpu / (seconds + 0.5),
        "memory_per_room_kib": sum(
            st["rss"] - h["rss"] for st, h in zip(stats, window.hellos, strict=True)
        )
        * 1024
        / rooms,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[10, 50, 200])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument(
        "--servers", type=int, default=1, help="server processes, rooms spread over them (shards)"
    )
    parser.add_argument("--database", help="the nodes' PostgreSQL (with --redis)")
    parser.add_argument("--redis", help="the nodes' Redis: the servers are a community's nodes")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--server-child", metavar="DIR", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if bool(args.database) != bool(args.redis):
        parser.error("--database and --redis go together")
    if args.database and not args.server_child:
        os.environ["NET_LOAD_DATABASE"], os.environ["NET_LOAD_REDIS"] = args.database, args.redis
        os.environ["NET_LOAD_COMMUNITY"] = f"bench-{os.getpid()}"
    if args.server_child:
        asyncio.run(serve_child(Path(args.server_child)))
        return
    results = [asyncio.run(load(n, args.seconds, args.warmup, args.servers)) for n in args.rooms]
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(
        f"{'rooms':>5} {'srv':>3} {'clients':>7} {'act/s':>6} {'err':>4} {'srv p50':>8} {'srv p99':>8}"
        f" {'rtt p50':>8} {'rtt p99':>8} {'srv cpu':>7} {'ms/act':>6} {'KiB/room':>8} {'load':>5} {'gen cpu':>7}"
    )
    for r in results:
        print(
            f"{r['rooms']:>5} {r['servers']:>3} {r['clients']:>7} {r['actions_per_s']:>6.0f} {r['errors']:>4}"
            f" {r['server_p50_ms']:>6.1f}ms {r['server_p99_ms']:>6.1f}ms"
            f" {r['rtt_p50_ms']:>6.1f}ms {r['rtt_p99_ms']:>6.1f}ms"
            f" {r['server_cpu_share']:>6.0%} {r['server_cpu_ms_per_action']:>6.2f}"
            f" {r['memory_per_room_kib']:>8.0f} {r['load_average']:>5.1f}"
            f" {r['generator_cpu_share']:>6.0%}"
        )
    print(f"(os.cpu_count() = {os.cpu_count()})")


if __name__ == "__main__":
    main()
