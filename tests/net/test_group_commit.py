"""The server commits the actions of many players in one transaction under load, and
nobody hears of an action before its commit."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from mixmo.net.connection import Limits
from tests.net.helpers import rack_of, running_server, two_seated


def _place(seat: int, symbol: str, ref: int, col: int) -> dict[str, object]:
    action = {"kind": "place", "seat": seat, "row": 0, "col": col, "symbol": symbol}
    return {"type": "action", "ref": ref, "action": action}


async def test_an_idle_server_answers_at_once_and_a_busy_one_after_the_commit_window(
    tmp_path: Path,
) -> None:
    async with running_server(tmp_path, Limits(commit_window=0.0)) as server:
        _, ann, _bob = await two_seated(server)
        await ann.quiet(0.1)
        server.commits.limits = replace(server.limits, commit_window=60.0)
        server.commits.flushed = time.monotonic() - 61.0  # nothing flushed for a minute: idle
        rack = rack_of(ann.seen[-1], 0)
        await ann.send(_place(0, rack[0], ref=1, col=0))
        assert (await ann.until("events", timeout=5.0))["ref"] == 1
        await ann.send(_place(0, rack[1], ref=2, col=1))
        assert await ann.quiet(0.5) == [], "a flush a moment ago: this one waits the window"


async def test_actions_of_two_players_within_the_window_share_one_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_server(tmp_path, Limits(commit_window=0.0)) as server:
        _, ann, bob = await two_seated(server)
        server.commits.limits = replace(
            server.limits, commit_window=2.0
        )  # long, for a slow machine
        assert server.store is not None
        commits: list[int] = []
        commit = server.store.commit
        monkeypatch.setattr(server.store, "commit", lambda: commits.append(1) or commit())
        server.commits.flush()  # as if a flush had just run: the next one waits for the window
        await ann.send(_place(0, rack_of(ann.seen[-1], 0)[0], ref=1, col=0))
        await bob.send(_place(1, rack_of(bob.seen[-1], 1)[0], ref=2, col=0))
        assert await ann.quiet(0.5) == [], "not a word before the commit"
        mine = await ann.until("events", timeout=5.0)
        theirs = await ann.until("events", timeout=5.0)
        assert (mine["ref"], theirs["seat"]) == (1, 1)
        assert commits == [1], "one transaction for both"
        assert (await bob.until("events"))["ref"] is None
        assert (await bob.until("events"))["ref"] == 2
