"""Seats: held for a disconnected player (whose game time runs on), and watchers without one."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from mixmo.net.refusals import DamagedRoomError
from mixmo.net.server import Limits
from tests.net.helpers import Raw, rack_of, running_server, said, two_seated


async def test_a_disconnected_seat_is_held_for_minutes_while_its_game_time_runs_on() -> None:
    async with running_server() as server:
        code, ann, bob = await two_seated(server)
        token = next(m for m in ann.seen if m["type"] == "welcome")["token"]
        await ann.close()
        lobby = await bob.until("lobby")
        assert [s["connected"] for s in lobby["seats"]] == [False, True]
        # Two and a half minutes on, on the room's clock (not the machine's: the event
        # loop's timers read that one, and would stand still).
        server.rooms.get(code)._clock_base += 150
        stranger = await Raw.open(server)
        await stranger.send({"type": "join", "room": code, "name": "Cy"})
        assert (await stranger.until("error"))["code"] == "already-started"
        tile = rack_of(next(m for m in reversed(bob.seen) if "view" in m), 1)[0]
        await bob.send({"type": "action", "ref": 1, "action": {"kind": "place", "seat": 1,
                                                                "row": 0, "col": 0, "symbol": tile}})  # fmt: skip
        await bob.until("events")
        game = server.rooms.get(code).game
        assert game is not None and game.log[-1].at >= 150
        back = await Raw.open(server)
        await back.send({"type": "reconnect", "room": code, "seat": 0, "token": token})
        assert (await back.until("welcome"))["seat"] == 0
        assert [s["connected"] for s in (await bob.until("lobby"))["seats"]] == [True, True]


async def test_a_watcher_sees_every_grid_and_no_rack_and_cannot_act() -> None:
    async with running_server() as server:
        code, ann, _bob = await two_seated(server)
        tile = rack_of(ann.seen[-1], 0)[0]
        watcher = await Raw.open(server)
        await watcher.send({"type": "watch", "room": code})
        await watcher.until("lobby")
        snapshot = await watcher.until("snapshot")
        assert [p["rack"] for p in snapshot["view"]["state"]["round"]["players"]] == ["", ""]
        await ann.send({"type": "action", "ref": 1, "action": {"kind": "place", "seat": 0,
                                                               "row": 0, "col": 0, "symbol": tile}})  # fmt: skip
        seen = await watcher.until("events")
        assert seen["view"]["state"]["round"]["players"][0]["grid"] == [[0, 0, tile]]
        await watcher.send(
            {"type": "action", "ref": 2, "action": {"kind": "take-apart", "seat": 0}}
        )
        assert (await watcher.until("error"))["code"] == "refused"


async def test_a_seat_taken_in_the_lobby_stays_taken_while_its_player_is_away() -> None:
    async with running_server() as server:
        creator = await Raw.open(server)
        await creator.send({"type": "create", "settings": {"players": 3}})
        code = (await creator.until("created"))["room"]
        await creator.send({"type": "join", "room": code, "name": "Ann"})
        await creator.until("welcome")
        await creator.close()
        bob = await Raw.open(server)
        await bob.send({"type": "join", "room": code, "name": "Ann"})
        welcome = await bob.until("welcome")
        assert (welcome["seat"], welcome["name"]) == (1, "Ann 2")


async def test_an_idle_room_is_put_away_and_comes_back_when_its_player_does(tmp_path) -> None:  # type: ignore[no-untyped-def]
    async with running_server(tmp_path, limits=Limits(idle_room=0)) as server:
        code, ann, bob = await two_seated(server)
        token = next(m for m in ann.seen if m["type"] == "welcome")["token"]
        rack = rack_of(ann.seen[-1], 0)
        await ann.close()
        await bob.close()
        for _ in range(500):  # up to 10 s on a busy machine
            if not any(s.connections for s in server.rooms.get(code).seats):
                break
            await asyncio.sleep(0.02)
        assert server.sweep() == [code] and code not in server.rooms.rooms
        back = await Raw.open(server)
        await back.send({"type": "reconnect", "room": code, "seat": 0, "token": token})
        await back.until("welcome")
        assert rack_of(await back.until("snapshot"), 0) == rack


async def test_the_lobby_says_when_the_creator_chose_the_seed() -> None:
    async with running_server() as server:
        client = await Raw.open(server)
        for settings, seeded in (({"players": 2, "seed": 4}, True), ({"players": 2}, False)):
            await client.send({"type": "create", "settings": settings})
            code = (await client.until("created"))["room"]
            watcher = await Raw.open(server)
            await watcher.send({"type": "watch", "room": code})
            assert (await watcher.until("lobby"))["seeded"] is seeded


async def test_a_damaged_room_is_left_out_and_the_others_come_back(tmp_path) -> None:  # type: ignore[no-untyped-def]
    async with running_server(tmp_path) as server:
        good, ann, _ = await two_seated(server)
        tile = rack_of(ann.seen[-1], 0)[0]
        await ann.send({"type": "action", "ref": 1, "action": {"kind": "place", "seat": 0,
                                                               "row": 0, "col": 0, "symbol": tile}})  # fmt: skip
        await ann.until("events")
        bad, _, _ = await two_seated(server)
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as db:
        db.execute("INSERT INTO actions VALUES (?, 1, 'not an action')", (bad,))
    async with running_server(tmp_path) as server:
        assert server.rooms.rooms == {}  # each comes back when someone names it
        game = server.rooms.get(good).game
        assert game is not None and len(game.log) == 1
        with pytest.raises(DamagedRoomError):
            server.rooms.get(bad)
        assert list(server.rooms.set_aside) == [bad] and set(server.rooms.rooms) == {good}


async def _lobby_of_three(server) -> tuple[str, Raw, Raw]:  # type: ignore[no-untyped-def]
    """A 4-seat room where Ann (seat 0) and Bob (seat 1) sit and two seats are free."""
    ann = await Raw.open(server)
    await ann.send({"type": "create", "settings": {"players": 4}})
    code = (await ann.until("created"))["room"]
    await ann.send({"type": "join", "room": code, "name": "Ann"})
    await ann.until("welcome")
    bob = await Raw.open(server)
    await bob.send({"type": "join", "room": code, "name": "Bob"})
    await bob.until("welcome")
    return code, ann, bob


async def test_the_first_seat_starts_early_and_bots_fill_the_free_seats() -> None:
    async with running_server() as server:
        _code, ann, bob = await _lobby_of_three(server)
        await ann.send({"type": "start", "fill_with_bots": True})
        snapshot = await bob.until("snapshot")
        assert snapshot["view"]["options"]["players"] == ["Ann", "Bob", "Bot 1", "Bot 2"]


async def test_the_first_seat_starts_early_with_fewer_players() -> None:
    async with running_server() as server:
        _code, ann, bob = await _lobby_of_three(server)
        await ann.send({"type": "start"})
        snapshot = await bob.until("snapshot")
        assert snapshot["view"]["options"]["players"] == ["Ann", "Bob"]
        assert snapshot["view"]["rack_sizes"] == [6, 6]


async def test_only_the_first_seat_starts_early() -> None:
    async with running_server() as server:
        _code, _ann, bob = await _lobby_of_three(server)
        await bob.send({"type": "start"})
        assert (await bob.until("error"))["code"] == "not-first-seat"


async def test_a_match_cannot_start_with_one_player() -> None:
    async with running_server() as server:
        ann = await Raw.open(server)
        await ann.send({"type": "create", "settings": {"players": 3}})
        code = (await ann.until("created"))["room"]
        await ann.send({"type": "join", "room": code, "name": "Ann"})
        await ann.until("welcome")
        await ann.send({"type": "start"})
        error = await ann.until("error")
        assert error["code"] == "too-few-players" and "two players" in said(error)
        bob = await Raw.open(server)  # the refusal changed nothing: the seats are still there
        await bob.send({"type": "join", "room": code, "name": "Bob"})
        assert (await bob.until("welcome"))["seat"] == 1
