"""What every seat hears of a room's match: the events its match tells its subscribers (the
server is one), in the order it told them, whatever else the room returns."""

from __future__ import annotations

import pytest

from mixmo.engine import events as ev
from mixmo.net.rooms import Room
from tests.net.helpers import rack_of, running_server, two_seated


async def test_every_seat_hears_what_the_room_s_match_tells_its_subscribers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    applied = Room.apply

    def apply_and_return_nothing(self: Room, seat: int, action: object) -> list[ev.Event]:
        applied(self, seat, action)  # type: ignore[arg-type]
        return []  # the server must not need the list: it listens to the match

    monkeypatch.setattr(Room, "apply", apply_and_return_nothing)
    async with running_server() as server:
        code, ann, bob = await two_seated(server)
        match = server.rooms.get(code).match
        assert match is not None
        told: list[ev.Event] = []
        match.subscribe(told.append)
        tile = rack_of(ann.seen[-1], 0)[0]
        place = {"kind": "place", "seat": 0, "row": 0, "col": 0, "symbol": tile}
        await ann.send({"type": "action", "ref": 1, "action": place})
        mine = await ann.until("events")
        theirs = await bob.until("events")
        assert mine["ref"] == 1 and theirs["ref"] is None
        assert told, "the match told its subscribers something"
        names = [type(event).__name__ for event in told]
        assert [e["type"] for e in mine["events"]] == names
        assert [e["type"] for e in theirs["events"]] == names
        assert theirs["view"]["state"]["round"]["players"][0]["grid"] == [[0, 0, tile]]
