"""Rooms that end: a finished room's code says the match is over (with its standings), a
restart brings a room back only when someone names it (its bots with it), a room nobody
was connected to for a day expires (its log kept), and a proxy can ask whether the
server is up."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from mixmo.engine.options import ScoringMode
from mixmo.net.protocol import RoomSettings
from mixmo.net.server import Limits
from tests.net.helpers import Raw, running_server, said, url_of
from tests.net.stored_rooms import two_rooms_in_play

SPEED = 50.0
"""The server's bots play this many times faster than their level's pace."""


async def until(check: Callable[[], object], seconds: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not check():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.05)


@pytest.mark.slow
async def test_a_finished_room_s_code_says_the_match_is_over_with_its_final_standings(
    tmp_path: Path,
) -> None:
    settings = RoomSettings(
        players=2, bots=2, bot_level="expert", scoring=ScoringMode.ROUNDS, target=1, seed=11
    )
    async with running_server(tmp_path, bot_speed=SPEED) as server:
        room = server.rooms.create(settings)
        server._start_bots(room)
        await until(lambda: room.finished, 240)
        server.commits.flush()
        final = room.final
    assert [name for name, _points, _won in final] in (["Bot 1", "Bot 2"], ["Bot 2", "Bot 1"])
    async with running_server(tmp_path) as server:  # a restart, or the room put away
        late = await Raw.open(server)
        await late.send({"type": "join", "room": room.code, "name": "Cid"})
        error = await late.until("error")
        assert error["code"] == "match-over"  # it used to say "no room with that code"
        (first, first_points, _), (second, second_points, _) = final
        assert said(error) == (
            "the match in this room is over; final standings: "
            f"1. {first}: {first_points} points; 2. {second}: {second_points} points"
        )
        await late.close()


async def test_a_restart_brings_a_room_back_only_when_someone_names_it(tmp_path: Path) -> None:
    data = tmp_path / "server"
    first, _second = await two_rooms_in_play(data)
    async with running_server(data) as server:
        assert server.rooms.rooms == {}  # nothing replayed before anyone asks
        ann = await Raw.open(server)
        await ann.send({"type": "reconnect", "room": first.code, "seat": 0, "token": first.token})
        await ann.until("welcome")
        snapshot = await ann.until("snapshot")
        assert snapshot["view"]["state"]["round"]["players"][0]["grid"]  # her tile is there
        assert set(server.rooms.rooms) == {first.code}  # the other one still sleeps
        await ann.close()


async def test_a_restored_room_s_bots_play_only_once_someone_comes_back(tmp_path: Path) -> None:
    async with running_server(tmp_path) as server:
        ann = await Raw.open(server)
        settings = {"players": 2, "bots": 1, "seed": 4}
        await ann.send({"type": "create", "settings": settings})
        code = (await ann.until("created"))["room"]
        await ann.send({"type": "join", "room": code, "name": "Ann"})
        token = (await ann.until("welcome"))["token"]
        await ann.until("snapshot")
        await ann.close()
    async with running_server(tmp_path, bot_speed=SPEED) as server:
        assert server._bots == {}  # no room's bot plays for nobody
        back = await Raw.open(server)
        await back.send({"type": "reconnect", "room": code, "seat": 0, "token": token})
        await back.until("welcome")
        assert code in server._bots  # the bot sits down again with its player
        await back.close()


async def test_a_room_nobody_was_connected_to_for_a_day_expires_and_keeps_its_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "server"
    room, other = await two_rooms_in_play(data)
    with sqlite3.connect(data / "rooms.sqlite3") as db:
        (actions,) = db.execute(
            "SELECT COUNT(*) FROM actions WHERE code = ?", (room.code,)
        ).fetchone()
    db.close()
    async with running_server(data, limits=Limits(abandoned_room=3600.0)) as server:
        assert server.sweep() == []  # an hour has not passed
        later = time.time() + 3601
        monkeypatch.setattr(time, "time", lambda: later)
        assert set(server.sweep()) == {room.code, other.code}
        ann = await Raw.open(server)
        await ann.send({"type": "reconnect", "room": room.code, "seat": 0, "token": room.token})
        error = await ann.until("error")
        assert error["code"] == "match-over"
        assert said(error) == "this room has closed: nobody was connected to it for 1 hour"
        await ann.close()
    with sqlite3.connect(data / "rooms.sqlite3") as db:
        kept = db.execute(
            "SELECT COUNT(*), MAX(rooms.expired IS NOT NULL) FROM actions"
            " JOIN rooms USING (code) WHERE code = ?",
            (room.code,),
        ).fetchone()
    db.close()
    assert kept == (actions, 1)


async def test_a_room_with_a_player_connected_does_not_expire(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_server(tmp_path, limits=Limits(abandoned_room=3600.0)) as server:
        ann = await Raw.open(server)
        await ann.send({"type": "create", "settings": {"players": 2}})
        code = (await ann.until("created"))["room"]
        await ann.send({"type": "join", "room": code, "name": "Ann"})
        await ann.until("welcome")
        later = time.time() + 3601
        monkeypatch.setattr(time, "time", lambda: later)
        server.keep_clocks(server.rooms.rooms.values())  # every few seconds: Ann is here
        assert server.sweep() == []
        await ann.close()


async def test_a_proxy_s_health_check_gets_200_and_a_little_json_on_the_game_port() -> None:
    async with running_server() as server:
        url = f"http://127.0.0.1:{server.port}/healthz"
        response = await asyncio.to_thread(urllib.request.urlopen, url, timeout=10)
        assert response.status == 200
        assert response.headers["Content-Type"] == "application/json"
        assert json.loads(response.read()) == {"status": "ok", "protocol": 1}
        player = await Raw.open(server)  # the game is still there on the same port
        await player.send({"type": "create", "settings": {"players": 2}})
        assert (await player.until("created"))["room"]
        await player.close()
        assert url_of(server).startswith("ws://")


def test_mixmo_serve_takes_an_expiry_in_hours_and_answers_a_proxy_s_health_check(
    tmp_path: Path,
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = subprocess.Popen(
        [sys.executable, "-m", "mixmo", "serve", "--port", str(port), "--data", str(tmp_path),
         "--expire-after", "0.5"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        assert server.stdout.readline().strip() == f"mixmo server on ws://127.0.0.1:{port}"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as answer:
            assert answer.status == 200 and json.loads(answer.read())["status"] == "ok"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_mixmo_serve_refuses_an_expiry_that_is_not_a_positive_number_of_hours(mixmo) -> None:  # type: ignore[no-untyped-def]
    run = mixmo("serve", "--expire-after", "0")
    assert run.code == 2 and "--expire-after" in run.err and "Traceback" not in run.err
