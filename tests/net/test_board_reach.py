"""Grid coordinates are bounded on the wire and in the engine: a seat cannot make its room
unable to send a view (a row of 4,300 nines, then a move by as much, used to make every
later send fail and the room die at each restart)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mixmo.engine.actions import BOARD
from mixmo.net.views import ViewMaker
from tests.net.helpers import Raw, rack_of, running_server, said, two_seated
from tests.net.stored_rooms import StoredRoom, copy_folder, plays_on, two_rooms_in_play, update

HUGE = int("9" * 4300)


def _action(ref: int, **action: object) -> dict[str, object]:
    return {"type": "action", "ref": ref, "action": {"seat": 0, **action}}


async def test_a_place_and_a_move_past_the_board_are_refused_and_the_room_plays_on() -> None:
    async with running_server() as server:
        _, ann, bob = await two_seated(server)
        tile = rack_of(ann.seen[-1], 0)[0]
        await ann.send(_action(1, kind="place", row=HUGE, col=0, symbol=tile))
        refused = await ann.until("error")
        assert (refused["code"], refused["ref"]) == ("bad-message", 1)
        await ann.send(_action(2, kind="place", row=0, col=0, symbol=tile))
        assert (await ann.until("events"))["ref"] == 2
        await ann.send(_action(3, kind="move", cells=[[0, 0]], drow=HUGE, dcol=HUGE))
        assert (await ann.until("error"))["code"] == "bad-message"
        await ann.send(_action(4, kind="move", cells=[[0, 0]], drow=BOARD + 1, dcol=0))
        off = await ann.until("error")
        assert (off["code"], off["ref"]) == ("off-board", 4)
        await ann.send(_action(5, kind="move", cells=[[0, 0]], drow=BOARD, dcol=0))
        moved = await ann.until("events")
        assert moved["view"]["state"]["round"]["players"][0]["grid"] == [[BOARD, 0, tile]]
        theirs = [m for m in await bob.quiet() if m["type"] == "events"]
        assert len(theirs) == 2  # the place and the move, never a refusal


async def test_a_stored_move_past_the_board_sets_its_room_aside_when_contacted(
    tmp_path: Path,
) -> None:
    data = tmp_path / "server"
    damaged, other = await two_rooms_in_play(data)
    data = copy_folder(data, tmp_path / "copy")
    move = {"kind": "move", "seat": 0, "at": 1.0, "cells": [[0, 1]], "drow": HUGE, "dcol": 0}
    update(
        data,
        "INSERT INTO actions (code, n, action) VALUES (?, 99, ?)",
        damaged.code,
        json.dumps(move),
    )
    async with running_server(data) as server:
        assert server.rooms.rooms == {}  # each comes back when someone names it
        assert await plays_on(server, StoredRoom(other.code, other.token))
        late = await Raw.open(server)
        await late.send({"type": "watch", "room": damaged.code})
        assert (await late.until("error"))["code"] == "damaged-room"
        await late.close()


async def test_a_view_that_cannot_be_written_is_one_error_and_the_connection_lives(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_server() as server:
        _, ann, _bob = await two_seated(server)
        tile = rack_of(ann.seen[-1], 0)[0]
        real = ViewMaker.view_json

        def failing_once(self: ViewMaker, state: Any, seat: int | None, *args: Any) -> bytes:
            if seat != 0:  # Ann's view alone
                return real(self, state, seat, *args)
            monkeypatch.setattr(ViewMaker, "view_json", real)
            raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")

        monkeypatch.setattr(ViewMaker, "view_json", failing_once)
        await ann.send(_action(1, kind="place", row=0, col=0, symbol=tile))
        failed = await ann.until("error")
        assert failed["code"] == "server-error" and "reconnect" in said(failed)
        await ann.send(_action(2, kind="take-back", cells=[[0, 0]]))
        assert (await ann.until("events"))["ref"] == 2
    assert [r.levelname for r in caplog.records if "cannot write" in r.getMessage()] == ["ERROR"]
