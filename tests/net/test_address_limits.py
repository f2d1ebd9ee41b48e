"""What one client address may take of a server: connections, rooms, room-code guesses and
server bots, each tried as an attacker would, with small limits; rooms nobody joined go."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from mixmo.engine.bot import Bot
from mixmo.net.connection import Limits
from tests.net.helpers import Raw, running_server

ELSEWHERE = {"additional_headers": {"X-Forwarded-For": "203.0.113.9"}}
"""Another client, as a proxy on this machine reports it."""


async def _create(raw: Raw, **settings: Any) -> dict[str, Any]:
    await raw.send({"type": "create", "settings": {"players": 2, **settings}})
    async with asyncio.timeout(10):
        while True:
            message = await raw.recv()
            if message["type"] in ("created", "error"):
                return message


async def test_one_address_holds_only_so_many_connections_and_others_still_come_in() -> None:
    async with running_server(limits=Limits(connections_per_address=5)) as server:
        crowd = [await Raw.open(server) for _ in range(5)]
        for raw in crowd:  # each says something: not dropped for silence
            await raw.send({"type": "watch", "room": "CDEFGH"})
            await raw.until("error")
        extra = await Raw.open(server)
        with pytest.raises(ConnectionClosed) as closed:
            await extra.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        assert "from your address" in closed.value.rcvd.reason
        other = await Raw.open(server, **ELSEWHERE)
        assert (await _create(other))["type"] == "created"
        await crowd[0].close()
        for _ in range(100):  # the address has a place again once one leaves
            if server.addresses._of("127.0.0.1").connections < 5:
                break
            await asyncio.sleep(0.01)
        again = await Raw.open(server)
        assert (await _create(again))["type"] == "created"


async def test_many_connections_of_one_address_open_only_its_budget_of_rooms() -> None:
    async with running_server(limits=Limits(rooms_per_address=4, room_refill=3600)) as server:
        answers = []
        for _ in range(3):  # three connections, two rooms each: under each one's own limit
            raw = await Raw.open(server)
            answers += [await _create(raw), await _create(raw)]
        assert [a["type"] for a in answers] == ["created"] * 4 + ["error"] * 2
        assert answers[-1]["code"] == "too-many-rooms"
        assert len(server.rooms.rooms) == 4
        other = await Raw.open(server, **ELSEWHERE)
        assert (await _create(other))["type"] == "created"


async def test_a_room_nobody_joined_goes_from_memory_and_store_but_a_joined_one_stays(
    tmp_path: Path,
) -> None:
    limits = Limits(unjoined_room=0.2, sweep_every=0.05)
    async with running_server(tmp_path, limits=limits) as server:
        raw = await Raw.open(server)
        empty = (await _create(raw, players=3))["room"]
        joined = (await _create(raw, players=3))["room"]
        await raw.send({"type": "join", "room": joined, "name": "Ann"})
        await raw.until("welcome")
        for _ in range(200):
            if empty not in server.rooms.rooms:
                break
            await asyncio.sleep(0.02)
        assert empty not in server.rooms.rooms and joined in server.rooms.rooms
        late = await Raw.open(server)
        await late.send({"type": "join", "room": empty, "name": "Bob"})
        assert (await late.until("error"))["code"] == "unknown-room"
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as db:
        codes = {code for (code,) in db.execute("SELECT code FROM rooms")}
    db.close()
    assert codes == {joined}


async def test_guessing_room_codes_is_throttled_per_address() -> None:
    limits = Limits(guesses_per_address=5, guess_refill=3600)
    async with running_server(limits=limits) as server:
        owner = await Raw.open(server, **ELSEWHERE)
        code = (await _create(owner))["room"]
        guesser = await Raw.open(server)
        answers = []
        for guess in ["CDEFGH", "CDEFGJ", "CDEFGK", "CDEFGM", "CDEFGN", code]:
            await guesser.send({"type": "watch", "room": guess})
            answers.append((await guesser.until("error"))["code"])
        assert answers == ["unknown-room"] * 5 + ["too-many-guesses"]  # even the right one
        friend = await Raw.open(server, additional_headers={"X-Forwarded-For": "198.51.100.7"})
        await friend.send({"type": "join", "room": code, "name": "Bob"})
        assert (await friend.until("welcome"))["room"] == code


async def test_one_address_has_only_its_budget_of_server_bots() -> None:
    limits = Limits(bots_per_address=6, max_server_bots=9)
    async with running_server(limits=limits) as server:
        raw = await Raw.open(server)
        full = {"players": 6, "bots": 6, "bot_level": "expert"}
        assert (await _create(raw, **full))["type"] == "created"
        refused = await _create(raw, **full)
        assert refused["code"] == "no-bots-left"
        other = await Raw.open(server, **ELSEWHERE)
        assert (await _create(other, players=3, bots=3))["type"] == "created"
        assert (await _create(other, players=2, bots=1))["code"] == "no-bots-left"  # the server's


async def test_server_bots_think_one_at_a_time_on_the_server_s_own_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real, lock = Bot.plan, threading.Lock()
    seen: dict[str, Any] = {"threads": set(), "at_once": 0, "most": 0, "plans": 0}

    def plan(self: Bot, state: Any) -> Any:
        with lock:
            seen["threads"].add(threading.current_thread().name)
            seen["at_once"] += 1
            seen["most"] = max(seen["most"], seen["at_once"])
        try:
            return real(self, state)
        finally:
            with lock:
                seen["at_once"] -= 1
                seen["plans"] += 1

    monkeypatch.setattr(Bot, "plan", plan)
    async with running_server(bot_speed=20.0) as server:
        raw = await Raw.open(server)
        for _ in range(2):
            await _create(raw, players=6, bots=6, bot_level="expert", seed=3)
        for _ in range(500):  # every bot has planned at least once
            if seen["plans"] >= 12:
                break
            await asyncio.sleep(0.02)
        await raw.close()
        server.sweep()
    assert seen["plans"] >= 12 and seen["most"] == 1
    assert all(name.startswith("mixmo-server-bots") for name in seen["threads"])
