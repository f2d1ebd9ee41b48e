"""The room's host (its first player) frees an away seat, gives it to a bot, or pauses.

A player who left held their seat for ever: nobody could free it or give it away,
and a group could not stop the clock for a break. Now the host can, with coded
messages; every other seat asking is refused with a clear reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.engine.waits import DEFAULT_WAIT_SECONDS
from mixmo.net.client import ClientError
from mixmo.net.protocol import RoomSettings
from mixmo.tui.app import MixmoApp
from tests.net.helpers import (
    Raw,
    answer_to,
    place,
    rack_of,
    running_server,
    said,
    two_seated,
    url_of,
)
from tests.net.test_remote_seat import SIZE, opened, seated, until


async def test_only_the_host_may_pause_and_a_paused_match_refuses_every_move() -> None:
    async with running_server() as server:
        code, ann, bob = await two_seated(server)
        room = server.rooms.get(code)
        await bob.send({"type": "pause"})
        refused = await bob.until("error")
        assert refused["code"] == "not-host"
        assert said(refused).startswith("only the room's host (its first player)")
        await ann.send({"type": "pause"})
        assert (await bob.until("lobby"))["paused"] is True
        stopped = room.now()
        assert room.now() == stopped  # game time stands still, and no wait runs out
        tile = rack_of(await bob.until("snapshot"), 1)[0]
        await bob.send(place(1, tile, 1))
        refused = await answer_to(bob, 1)
        assert refused["code"] == "match-paused"
        assert said(refused) == "the host paused the match: play resumes when they say so"
        await ann.send({"type": "pause", "paused": False})
        assert (await bob.until("lobby"))["paused"] is False
        await bob.send(place(1, tile, 2))
        assert (await answer_to(bob, 2))["type"] == "events"
        assert room.now() >= stopped


async def test_a_paused_match_stays_paused_when_the_server_restarts(tmp_path: Path) -> None:
    """A break is the host's to end: a server restarted mid-break brings the room back
    paused, its game time where the host stopped it."""
    async with running_server(tmp_path) as server:
        code, ann, bob = await two_seated(server)
        await ann.send({"type": "pause"})
        assert (await bob.until("lobby"))["paused"] is True
        stopped = server.rooms.get(code).now()
    async with running_server(tmp_path) as server:
        room = server.rooms.get(code)
        assert room.clock.paused
        assert room.now() == pytest.approx(stopped, abs=0.05)


async def test_the_host_frees_an_away_seat_and_a_newcomer_takes_it() -> None:
    async with running_server() as server:
        code, ann, bob = await two_seated(server)
        room = server.rooms.get(code)
        token = room.seats[1].token_hash
        await ann.send({"type": "host-seat", "seat": 1, "to": "free"})
        assert (await ann.until("error"))["code"] == "seat-not-away"  # Bob is still here
        await bob.close()
        await until(lambda: room.seats[1].connections == 0)
        await ann.send({"type": "host-seat", "seat": 1, "to": "free"})
        await until(lambda: room.seats[1].token_hash is None)  # Bob's token takes it no more
        assert token is not None
        cy = await Raw.open(server)
        await cy.send({"type": "join", "room": code, "name": "Cy"})
        welcome = await cy.until("welcome")
        assert (welcome["seat"], welcome["name"]) == (1, "Bob")  # the seat's name in the match
        snapshot = await cy.until("snapshot")
        assert snapshot["view"]["seat"] == 1 and rack_of(snapshot, 1)
        await cy.close()


async def test_the_host_gives_an_away_seat_to_a_bot_who_plays_it() -> None:
    async with running_server(bot_speed=50.0) as server:
        code, ann, bob = await two_seated(server, wait_seconds=DEFAULT_WAIT_SECONDS)
        room = server.rooms.get(code)
        await bob.close()
        await until(lambda: room.seats[1].connections == 0)
        await ann.send({"type": "host-seat", "seat": 1, "to": "bot"})
        while not (lobby := await ann.until("lobby"))["seats"][1]["bot"]:
            pass
        assert lobby["seats"][1]["connected"] is True
        while True:  # the bot's first move, told to everyone as any seat's
            message = await ann.recv(20)
            if message["type"] == "events" and message.get("seat") == 1:
                break


async def test_every_screen_says_the_host_paused_and_its_clock_stands_still(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))
    async with running_server() as server:
        url = url_of(server)
        code, ann = await opened(url, RoomSettings(players=2, seed=3), tmp_path)
        bob = await seated(url, code, "Bob", tmp_path)
        try:
            await until(lambda: ann.started and bob.started)
            app = MixmoApp(bob)
            async with app.run_test(size=SIZE) as pilot:
                with pytest.raises(ClientError, match="only the room's host"):
                    await bob.client.pause()
                await ann.client.pause()
                await until(lambda: "the host paused the match" in str(app.header.render()), pilot)
                stopped = bob.clock()
                await pilot.pause(0.05)
                assert bob.clock() == stopped
                await ann.client.pause(False)
                await until(lambda: "paused" not in str(app.header.render()), pilot)
        finally:
            await ann.client.close()
            await bob.client.close()
