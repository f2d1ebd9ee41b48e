"""A person in a real 80x24 terminal (tmux) plays through the community server's
balancer, and a watcher in another follows the room; the node that plays it is killed
(SIGKILL) mid-match: the person's header says the connection is lost, then the same
screen goes on at another node with the tile they had placed, what they type next is
played there, and the watcher, back by themselves, sees it."""

from __future__ import annotations

import json
import os
import re
import signal
from pathlib import Path

import psycopg
import pytest

from tests.community.nodes import Community, wait_until
from tests.tui.tmux import flat, join_in_terminal, kill, needs_tmux, tmux, wait_for

pytestmark = [needs_tmux, pytest.mark.slow]

SEED = 3
"""Deals Ann P F E H A O, no Bandit: the match starts without a theme to choose."""


def own_rack(screen: str) -> list[str]:
    """The letters on the rack line of one's own pane (the first "Rack" line)."""
    line = next(line for line in screen.splitlines() if "Rack" in line)
    return re.findall(r"\b([A-Z?!])\b", line.split("Rack", 1)[1].split("│")[0])


def anns_places(database: str, code: str) -> list[str]:
    """The letters Ann's placements in the room's log put down, in order."""
    with psycopg.connect(database) as db:
        rows = db.execute("SELECT action FROM actions WHERE code = %s ORDER BY n", (code,))
        actions = [json.loads(text) for (text,) in rows]
    return [a["symbol"] for a in actions if a["kind"] == "place" and a["seat"] == 0]


def test_a_person_s_match_goes_on_when_their_node_dies(
    tmp_path: Path, community_server: Community
) -> None:
    site = community_server
    ann, watcher = f"mixmo-node-ann-{os.getpid()}", f"mixmo-node-watch-{os.getpid()}"
    args = (site.url, "--new", "--players", "2", "--bots", "1", "--seed", str(SEED))
    try:
        join_in_terminal(ann, tmp_path / "ann", *args, "--name", "Ann", size=(80, 24))
        screen = wait_for(ann, lambda s: "Rack" in s and "1. Ann" in s, 40)
        assert own_rack(screen) == ["P", "F", "E", "H", "A", "O"]
        rooms = site.redis.keys(f"{site.community}:room:*")
        assert len(rooms) == 1
        code = rooms[0].rsplit(":", 1)[1]
        join_in_terminal(
            watcher, tmp_path / "watcher", f"{site.url}/{code}", "--watch", size=(80, 24)
        )
        wait_for(watcher, lambda s: "1. Ann" in s and "hidden" in s, 40)  # no rack shown
        tmux("send-keys", "-t", ann, "p")
        wait_until(lambda: anns_places(site.database, code) == ["P"], 20, "Ann's P in the log")

        holder = site.redis.get(f"{site.community}:room:{code}")
        assert holder is not None
        port = int(holder.rsplit(":", 1)[1])
        site.nodes[port].send_signal(signal.SIGKILL)
        site.nodes[port].wait(10)
        wait_for(ann, lambda s: "connection lost" in flat(s), 20)
        back = wait_for(ann, lambda s: "connection lost" not in flat(s), 40)
        now = site.redis.get(f"{site.community}:room:{code}")
        assert now is not None and not now.endswith(f":{port}")  # another node plays it
        assert "P" not in own_rack(back)  # her P came back from the log, on her grid

        tmux("send-keys", "-t", ann, "f")
        wait_until(lambda: anns_places(site.database, code) == ["P", "F"], 20, "Ann's F")
        wait_for(ann, lambda s: "P F" in s and own_rack(s) == ["E", "H", "A", "O"], 20)
        wait_for(watcher, lambda s: "P F" in s, 40)  # reconnected at the new node too
    finally:
        kill(ann)
        kill(watcher)
