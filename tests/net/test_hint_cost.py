"""A hint's 30-second cost at a server's table is the server's to keep, networked.

docs/play.md, F3: "it costs 30 s of play: your grid and MIXMO wait 30 s while the others
play on". The cost used to live only in the screen's memory: leaving the table (ctrl+c)
and rejoining with the same `mixmo join` let the player place a tile at once. Now the
hint is the seat's action (a ``hint`` message submits it): the engine keeps when the cost
is paid in the seat's state, the room's log keeps the action, and the seat's grid edits
and MIXMO are refused until then, whoever asks and whenever they rejoined.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mixmo.engine.actions import PlaceTile
from mixmo.net.client import GameClient, SeatTokens
from mixmo.net.protocol import RoomSettings
from mixmo.net.remote_table import RemoteTable
from mixmo.net.rooms import Room
from mixmo.tui.app import MixmoApp
from tests.net.helpers import Raw, answer_to, place, rack_of, running_server, two_seated, url_of

SIZE = (140, 44)


def pay_the_hint(room: Room) -> None:
    """Thirty-one seconds of the room's game time go by (its clock, not the machine's)."""
    room._clock_base += 31


async def test_a_hinted_seat_waits_30_s_of_game_time_while_the_others_play_on() -> None:
    async with running_server() as server:
        code, ann, bob = await two_seated(server)
        assert server.rooms.get(code).game.phase.name == "PLAYING"  # type: ignore[union-attr]
        await ann.send({"type": "hint", "ref": 1})
        answer = await ann.until("events")
        assert answer["ref"] == 1 and [e["type"] for e in answer["events"]] == ["HintTaken"]
        assert 29 < answer["view"]["hint_wait"] <= 30
        tile = rack_of(answer, 0)[0]
        await ann.send(place(0, tile, 2))
        refused = await ann.until("error")
        assert refused["code"] == "hint-wait" and refused["ref"] == 2
        assert refused["fields"]["cost"] == 30 and 0 < refused["fields"]["seconds"] <= 30
        await ann.send({"type": "action", "ref": 3, "action": {"kind": "mixmo", "seat": 0}})
        assert (await ann.until("error"))["code"] == "hint-wait"
        await ann.send({"type": "hint", "ref": 4})  # a second hint while the first is paid
        assert (await ann.until("error"))["code"] == "hint-wait"
        bob_tile = rack_of(next(m for m in reversed(bob.seen) if "view" in m), 1)[0]
        await bob.send(place(1, bob_tile, 1))  # the others play on
        assert (await answer_to(bob, 1))["type"] == "events"
        pay_the_hint(server.rooms.get(code))
        await ann.send(place(0, tile, 5))
        placed = await answer_to(ann, 5)
        assert placed["type"] == "events" and "hint_wait" not in placed["view"]


async def test_a_seat_that_reconnects_still_owes_its_hint() -> None:
    async with running_server() as server:
        code, ann, _bob = await two_seated(server)
        token = next(m for m in ann.seen if m["type"] == "welcome")["token"]
        await ann.send({"type": "hint", "ref": 1})
        tile = rack_of(await ann.until("events"), 0)[0]
        await ann.close()
        back = await Raw.open(server)
        await back.send({"type": "reconnect", "room": code, "seat": 0, "token": token})
        snapshot = await back.until("snapshot")
        assert 0 < snapshot["view"]["hint_wait"] <= 30
        await back.send(place(0, tile, 1))
        assert (await back.until("error"))["code"] == "hint-wait"
        await back.close()


async def test_a_restarted_server_still_knows_the_hint_s_cost(tmp_path: Path) -> None:
    async with running_server(tmp_path) as server:
        code, ann, _bob = await two_seated(server)
        token = next(m for m in ann.seen if m["type"] == "welcome")["token"]
        await ann.send({"type": "hint", "ref": 1})
        tile = rack_of(await ann.until("events"), 0)[0]
    async with running_server(tmp_path) as again:  # the same database, a new process's rooms
        back = await Raw.open(again)
        await back.send({"type": "reconnect", "room": code, "seat": 0, "token": token})
        snapshot = await back.until("snapshot")
        assert 0 < snapshot["view"]["hint_wait"] <= 30
        await back.send(place(0, tile, 1))
        assert (await back.until("error"))["code"] == "hint-wait"
        pay_the_hint(again.rooms.get(code))
        await back.send(place(0, tile, 2))
        assert (await answer_to(back, 2))["type"] == "events"
        await back.close()


async def until(check: Callable[[], object], pilot: Any = None, seconds: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not check():
        assert loop.time() < deadline, "timed out"
        await (pilot.pause(0.05) if pilot is not None else asyncio.sleep(0.05))


async def seated(url: str, code: str, name: str, tmp_path: Path) -> RemoteTable:
    """``name``'s `mixmo join`: its seat taken (back) with the seats file of its computer."""
    client = GameClient(url, tokens=SeatTokens(tmp_path / f"{name}.json"))
    await client.connect(code)
    await client.join(code, name)
    table = RemoteTable(client)
    await until(lambda: table.started)
    return table


async def test_f3_then_leaving_and_rejoining_the_table_does_not_let_a_tile_in_early(
    tmp_path: Path,
) -> None:
    """A hint taken and left on a networked seat: F3, leave (ctrl+c), the same `mixmo join`, a
    letter at once. The letter is refused, as it was before leaving; once the cost is
    paid in the room's time, it is placed."""
    async with running_server() as server:
        url = url_of(server)
        opener = GameClient(url, tokens=SeatTokens(tmp_path / "Ann.json"))
        await opener.connect()
        code = await opener.create(RoomSettings(players=2, seed=3))
        await opener.join(code, "Ann")
        ann = RemoteTable(opener)
        bob = await seated(url, code, "Bob", tmp_path)
        await until(lambda: ann.started)
        letter = next(t.symbol for t in ann.round.player(0).rack if t.symbol.isalpha())
        assert "!" not in {t.symbol for t in ann.round.player(0).rack}  # no Bandit dialog
        app = MixmoApp(ann)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("f3", "f3")  # the cost told, then taken
            await until(lambda: app.panes[0].message.startswith("hint:"), pilot, 60)
            assert ann.hint_wait(0) > 0  # the server keeps the cost
            await pilot.press(letter.lower())
            await until(lambda: "the hint costs 30 s" in app.panes[0].message, pilot)
            app.exit()  # Ann leaves the table: her seat is held
            await until(lambda: not app.is_running, pilot)
        ann.close()
        await opener.close()

        again = await seated(url, code, "Ann", tmp_path)  # the same `mixmo join`
        assert again.seat == 0 and 20 < again.hint_wait(0) <= 30
        app = MixmoApp(again)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(letter.lower())
            await until(lambda: "the hint costs 30 s" in app.panes[0].message, pilot)
            assert len(again.round.player(0).grid) == len(bob.round.player(0).grid) == 0
            pay_the_hint(server.rooms.get(code))
            bob_letter = next(t.symbol for t in bob.round.player(1).rack if t.symbol.isalpha())
            assert await bob.apply(PlaceTile(seat=1, row=0, col=0, symbol=bob_letter)) is None
            await until(lambda: again.hint_wait(0) == 0, pilot)  # a fresh view: paid
            await pilot.press(letter.lower())
            await until(lambda: len(bob.round.player(0).grid) == 1, pilot)
        again.close()
        await again.client.close()
        await bob.client.close()
