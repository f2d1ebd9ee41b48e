"""Three `mixmo serve` nodes behind HAProxy (docs/community/haproxy.cfg), sharing
PostgreSQL and Redis: a rated match of two bot clients, signed in to their accounts,
goes on at another node when the node that plays it is killed (SIGKILL), with every
acknowledged action kept, both clients agreeing, and the rating and the archive
holding the result."""

from __future__ import annotations

import re
import signal
import subprocess
from pathlib import Path

import psycopg

from tests.community.nodes import Community, environment, mixmo, wait_until


def run(data: Path, *args: str) -> str:
    done = subprocess.run(
        mixmo(data, *args), capture_output=True, text=True, env=environment(data), timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def logged(database: str, code: str) -> list[str]:
    with psycopg.connect(database) as db:
        rows = db.execute("SELECT action FROM actions WHERE code = %s ORDER BY n", (code,))
        return [text for (text,) in rows]


def moves_past(database: str, code: str, count: int) -> list[str] | None:
    """The room's log once it holds ``count`` actions."""
    log = logged(database, code)
    return log if len(log) >= count else None


def test_a_rated_match_outlives_the_node_that_played_it(
    tmp_path: Path, community_server: Community
) -> None:
    site = community_server
    ann, bob = tmp_path / "ann", tmp_path / "bob"
    run(ann, "account", "create", site.url, "Ann")
    run(bob, "account", "create", site.url, "Bob")

    bot = ["--bot", "normal", "--speed", "8"]
    first = subprocess.Popen(
        mixmo(ann, "join", site.url, "--new", "--rated", "--players", "2", "--rounds", "1", *bot),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment(ann),
    )  # fmt: skip
    assert first.stdout is not None
    code = re.fullmatch(r"room ([A-Z]{6})\n", first.stdout.readline())[1]  # type: ignore[index]
    second = subprocess.Popen(
        mixmo(bob, "join", f"{site.url}/{code}", *bot),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment(bob),
    )  # fmt: skip

    # Mid-match, the node that plays the room dies without a word.
    before = wait_until(lambda: moves_past(site.database, code, 30), 60, "30 moves")
    holder = site.redis.get(f"{site.community}:room:{code}")
    assert holder is not None
    port = int(holder.rsplit(":", 1)[1])
    site.nodes[port].send_signal(signal.SIGKILL)
    site.nodes[port].wait(10)

    outs = [process.communicate(timeout=240) for process in (first, second)]
    for process, (_out, err) in zip((first, second), outs, strict=True):
        assert process.returncode == 0, err
    standings = [out[out.index(" round(s)") :] for out, _err in outs]
    assert standings[0] == standings[1]  # both clients saw the same end
    assert "Ann" in standings[0] and "Bob" in standings[0]

    now = site.redis.get(f"{site.community}:room:{code}")
    assert now is None or not now.endswith(f":{port}")  # another node finished it
    with psycopg.connect(site.database) as db:
        archived = [
            text
            for (text,) in db.execute(
                "SELECT action FROM match_actions WHERE code = %s AND number = 1 ORDER BY n",
                (code,),
            )
        ]
    assert archived[: len(before)] == before  # nothing acknowledged was lost
    assert len(archived) > len(before)  # and the match went on elsewhere

    said = (tmp_path / "node1.log").read_text(encoding="utf-8")
    assert f"a node of the community {site.community} (its players are sent here as ws://" in said
    board = run(ann, "top", site.url)
    assert "Ann" in board and "Bob" in board
    assert code in run(ann, "replay", site.url)
