"""Whole matches over the network: real servers, real bot clients, every client agreeing."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import get_args

import pytest

from mixmo.engine.bot import Level
from mixmo.engine.options import ScoringMode
from mixmo.engine.state import Phase
from mixmo.net.botclient import play_bot_seat, standings_of
from mixmo.net.client import SeatTokens
from mixmo.net.protocol import RoomSettings
from tests.net.helpers import running_server, url_of
from tests.ports import free_port

pytestmark = pytest.mark.slow

SPEED = 20.0
"""Bots play this many times faster than their level's pace, so a match takes seconds."""


async def test_a_whole_match_between_bot_clients_ends_with_standings_everyone_agrees_on(
    tmp_path: Path,
) -> None:
    settings = RoomSettings(
        players=3, bots=1, bot_level="hard", scoring=ScoringMode.ROUNDS, target=1, seed=11
    )
    async with running_server(tmp_path / "server", bot_speed=SPEED) as server:
        rooms: asyncio.Queue[str] = asyncio.Queue()
        first = asyncio.create_task(
            play_bot_seat(url_of(server), None, "Ann", Level.HARD, settings=settings,
                          speed=SPEED, on_room=rooms.put_nowait,
                          tokens=SeatTokens(tmp_path / "ann.json"))
        )  # fmt: skip
        code = await asyncio.wait_for(rooms.get(), 10)
        second = play_bot_seat(url_of(server), code, "Bob", Level.EASY, speed=SPEED,
                               tokens=SeatTokens(tmp_path / "bob.json"))  # fmt: skip
        ann, bob = await asyncio.wait_for(asyncio.gather(first, second), 240)
        game = server.rooms.get(code).game
        assert game is not None and game.phase is Phase.MATCH_OVER
        truth = standings_of(game.options, game.state)
    assert ann.standings == bob.standings == truth
    assert ann.totals == bob.totals == game.state.totals
    assert ann.options.players == ("Ann", "Bob", "Bot 1")
    assert max(game.state.rounds_won) == 1


def _serve(port: int, data: Path, log: Path) -> subprocess.Popen[str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "mixmo", "serve", "--port", str(port), "--data", str(data),
         "--bot-speed", str(SPEED)],
        stdout=subprocess.PIPE, stderr=log.open("a"), text=True,
    )  # fmt: skip
    assert server.stdout is not None
    assert server.stdout.readline().strip() == f"mixmo server on ws://127.0.0.1:{port}"
    return server


def _actions(data: Path) -> int:
    """The actions logged: the live log's, and a finished match's in the archive."""
    try:
        with sqlite3.connect(data / "rooms.sqlite3") as db:
            live, archived = db.execute(
                "SELECT (SELECT count(*) FROM actions), (SELECT count(*) FROM match_actions)"
            ).fetchone()
            return int(live) + int(archived)
    except sqlite3.Error:
        return 0


def test_the_server_killed_mid_match_comes_back_and_the_clients_finish_it(tmp_path: Path) -> None:
    port, data, log = free_port(), tmp_path / "server", tmp_path / "server.log"
    env = {**os.environ, "MIXMO_DATA_DIR": str(tmp_path / "client")}
    server = _serve(port, data, log)
    url = f"ws://127.0.0.1:{port}"
    join = [sys.executable, "-m", "mixmo", "join"]
    creator = subprocess.Popen(
        [*join, url, "--new", "--players", "3", "--bots", "1", "--level", "normal",
         "--rounds", "1", "--seed", "5", "--bot", "normal", "--name", "Ann",
         "--speed", str(SPEED)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert creator.stdout is not None
        first = creator.stdout.readline().split()
        assert first[0] == "room" and len(first[1]) == 6
        other = subprocess.Popen(
            [*join, f"{url}/{first[1]}", "--bot", "easy", "--name", "Bob", "--speed", str(SPEED)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        deadline = time.monotonic() + 120
        while _actions(data) < 25 and time.monotonic() < deadline:
            time.sleep(0.2)
        before = _actions(data)
        assert before >= 25, "the match did not get going"
        server.send_signal(signal.SIGKILL)
        server.wait()
        time.sleep(1.0)  # the clients notice and keep trying
        assert creator.poll() is None and other.poll() is None
        server = _serve(port, data, log)
        out_creator, err_creator = creator.communicate(timeout=240)
        out_other, err_other = other.communicate(timeout=60)
    finally:
        for process in (creator, server):
            if process.poll() is None:
                process.kill()
    assert creator.returncode == 0, err_creator
    assert other.returncode == 0, err_other
    assert _actions(data) > before
    standings = [line for line in out_creator.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert len(standings) == 3
    assert standings == [line for line in out_other.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert "restored" in log.read_text()


def test_a_room_takes_every_bot_level_of_the_engine_and_join_offers_them() -> None:
    """The wire spells the engine's levels as a Literal (for the type checker): they must
    stay the same levels, and `mixmo join --bot` offers exactly those."""
    from click.testing import CliRunner

    from mixmo.cli.join import join
    from mixmo.net.wire import BotLevel

    assert get_args(BotLevel) == tuple(level.value for level in Level)
    for level in Level:
        assert RoomSettings(players=2, bots=1, bot_level=level.value).bot_level == level.value
    with pytest.raises(ValueError, match="bot_level"):
        RoomSettings.model_validate({"players": 2, "bots": 1, "bot_level": "genius"})
    shown = CliRunner().invoke(join, ["--help"], terminal_width=200).output
    assert "easy|normal|hard|expert" in shown
