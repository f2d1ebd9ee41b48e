"""Benchmark: the floor under the game server's CPU per action, the WebSocket layer alone.

A server child that does nothing a game does: each connection joins a group of
three (a room), and each message it reads (parsed as JSON) queues a message of
``--size`` bytes to each of the three, written at a group flush as the game
server writes (websockets' ``broadcast``, at most every ``--window`` seconds
under load). The load is ``benchmarks/net_load.py``'s: N rooms x 3 players,
each sending about 3 messages a second with random gaps, from this process.

What it prints, the server child's CPU (user and kernel) per message read, is
what asyncio and the ``websockets`` library cost for one action's message in
and its three out: the part of net_load's CPU per action no change to the
game's own code can take away. Of it, the kernel's part (the system calls) is
printed too.

``--layer sans-io`` serves with the lightest layer websockets offers instead of
its asyncio server: an ``asyncio.Protocol`` driving websockets' Sans-I/O
``ServerProtocol``, each message handled in ``data_received`` (no task and no
queue per connection), each written with ``send_text`` and ``transport.write``.
It measures what the game server would save on that layer.

    python benchmarks/net_floor.py [--rooms 200] [--seconds 10] [--size 1200]
        [--window 0.004] [--answers 3] [--layer asyncio|sans-io]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
from typing import Any

from net_load import RATE, ask  # net_load's pace of messages, and its talk with the child

ACTION = json.dumps({"v": 1, "type": "action", "ref": 1,
                     "action": {"kind": "place", "seat": 0, "row": 0, "col": 3, "symbol": "E"}})  # fmt: skip


class Relay:
    """The child: every message read queues one to each of its group, flushed together."""

    def __init__(self, size: int, window: float, answers: int) -> None:
        self.payload = b"x" * size
        self.window, self.answers = window, answers
        self.groups: dict[str, list[Any]] = {}
        self.queued: list[tuple[Any, bytes]] = []
        self.flush_soon: asyncio.Handle | None = None
        self.flushed = 0.0
        self.read = 0

    def flush(self) -> None:
        from websockets.asyncio.server import broadcast

        self.flush_soon, self.flushed = None, time.monotonic()
        queued, self.queued = self.queued, []
        for ws, data in queued:
            if isinstance(ws, SansIOConnection):
                ws.send(data)
            else:
                broadcast((ws,), data, text=True)

    def received(self, conn: Any, raw: str | bytes, group: list[Any]) -> None:
        """One message read: parsed, and answered to ``answers`` of its group at the flush."""
        self.read += 1
        json.loads(raw)
        for other in [conn] if self.answers == 1 else group[: self.answers]:
            self.queued.append((other, self.payload))
        if self.flush_soon is None:
            loop = asyncio.get_running_loop()
            wait = self.flushed + self.window - time.monotonic()
            self.flush_soon = (
                loop.call_later(wait, self.flush) if wait > 0 else loop.call_soon(self.flush)
            )

    async def handler(self, ws: Any) -> None:
        group = self.groups.setdefault(ws.request.path, [])
        group.append(ws)
        async for raw in ws:
            self.received(ws, raw, group)


class SansIOConnection(asyncio.Protocol):
    """``--layer sans-io``: one connection on websockets' Sans-I/O protocol, no task."""

    def __init__(self, relay: Relay) -> None:
        from websockets.server import ServerProtocol

        self.relay = relay
        self.protocol = ServerProtocol(max_size=2**16)
        self.group: list[Any] = []
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        from websockets.frames import Opcode
        from websockets.http11 import Request

        self.protocol.receive_data(data)
        for event in self.protocol.events_received():
            if isinstance(event, Request):
                self.group = self.relay.groups.setdefault(event.path, [])
                self.group.append(self)
                self.protocol.send_response(self.protocol.accept(event))
            elif event.opcode is Opcode.TEXT:
                self.relay.received(self, event.data, self.group)
        self.write_out()

    def send(self, data: bytes) -> None:
        from websockets.protocol import State

        if self.protocol.state is State.OPEN:
            self.protocol.send_text(data)
            self.write_out()

    def write_out(self) -> None:
        assert self.transport is not None
        for chunk in self.protocol.data_to_send():
            if chunk:
                self.transport.write(chunk)
            else:  # the protocol is done with the connection
                self.transport.close()


async def relay_child(args: argparse.Namespace) -> None:
    """Serve; at each line on stdin, print the CPU seconds and the messages read so far."""
    from websockets.asyncio.server import serve

    relay = Relay(args.size, args.window, args.answers)
    loop = asyncio.get_running_loop()
    if args.layer == "sans-io":
        server = await loop.create_server(lambda: SansIOConnection(relay), "127.0.0.1", 0)
    else:
        server = await serve(relay.handler, "127.0.0.1", 0, compression=None)
    async with server:
        port = next(iter(server.sockets)).getsockname()[1]
        print(json.dumps({"port": port}), flush=True)
        while await loop.run_in_executor(None, sys.stdin.readline):
            cpu = {"cpu": time.process_time(), "kernel": os.times().system, "read": relay.read}
            print(json.dumps(cpu), flush=True)


async def player(url: str, until: float, rng: random.Random) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, compression=None) as ws:

        async def drain() -> None:
            async for _ in ws:
                pass

        reader = asyncio.create_task(drain())
        while time.monotonic() < until:
            await asyncio.sleep(rng.expovariate(RATE))
            await ws.send(ACTION)
        reader.cancel()


async def load(
    child: subprocess.Popen[str], port: int, args: argparse.Namespace
) -> tuple[float, float]:
    """The child's CPU milliseconds per message read over the timed window, and of them
    the kernel's."""
    rng = random.Random(args.rooms)
    warmup = 2.0
    until = time.monotonic() + warmup + args.seconds + 1
    players = [asyncio.create_task(player(f"ws://127.0.0.1:{port}/{room}", until, rng))
               for room in range(args.rooms) for _ in range(3)]  # fmt: skip
    await asyncio.sleep(warmup)
    before = ask(child, "stats")
    await asyncio.sleep(args.seconds)
    after = ask(child, "stats")
    await asyncio.gather(*players, return_exceptions=True)
    read = after["read"] - before["read"]
    return (
        (after["cpu"] - before["cpu"]) / read * 1000,
        (after["kernel"] - before["kernel"]) / read * 1000,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--size", type=int, default=1200, help="bytes of each message out")
    parser.add_argument("--window", type=float, default=0.004, help="seconds between flushes")
    parser.add_argument("--answers", type=int, default=3, choices=(1, 2, 3),
                        help="messages out per message in")  # fmt: skip
    parser.add_argument("--layer", choices=("asyncio", "sans-io"), default="asyncio",
                        help="websockets' asyncio server, or its Sans-I/O protocol")  # fmt: skip
    parser.add_argument("--relay-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.relay_child:
        asyncio.run(relay_child(args))
        return
    child = subprocess.Popen(
        [sys.executable, __file__, "--relay-child", "--size", str(args.size),
         "--window", str(args.window), "--answers", str(args.answers), "--layer", args.layer],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        assert child.stdout is not None
        port = json.loads(child.stdout.readline())["port"]
        ms, kernel = asyncio.run(load(child, port, args))
    finally:
        if child.stdin is not None:
            child.stdin.close()
        child.wait(timeout=10)
    print(f"{args.rooms} rooms, {args.layer}, 1 message in and {args.answers} of {args.size} "
          f"bytes out: {ms:.3f} ms of server CPU per message in ({kernel:.3f} ms in the kernel)")  # fmt: skip


if __name__ == "__main__":
    main()
