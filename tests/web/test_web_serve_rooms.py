"""One invite for the terminal and the browser: `mixmo serve --web` serves every room's
page at http://HOST:PORT/CODE beside its WebSocket endpoint ws://HOST:PORT/CODE.

A real `mixmo serve --web`, bot clients in terminals that open their rooms through
that one address, a person's `mixmo join` in a pseudo-terminal that prints both forms
of the invite, and headless Chromium following the link to take a seat.
"""

from __future__ import annotations

import os
import pty
import select
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.web.browser import headless_chromium
from tests.web.conftest import MIXMO, Started, open_room, start
from tests.web.test_web_game import own_pane, ready_for_two

pytestmark = pytest.mark.slow


@pytest.fixture
def web_server(tmp_path: Path, environment: dict[str, str], processes: list[Started]) -> str:
    """``mixmo serve --web`` on a free loopback port; its ws:// address."""
    server = start([*MIXMO, "serve", "--web", "--port", "0", "--data", str(tmp_path / "server")],
                   environment, tmp_path / "serve.log")  # fmt: skip
    processes.append(server)
    assert server.first_line.startswith("mixmo server on ws://127.0.0.1:")
    return server.first_line.removeprefix("mixmo server on ")


def read_until(fd: int, wanted: str, timeout: float = 60) -> str:
    """What a pseudo-terminal's program wrote, up to the first time it writes ``wanted``."""
    seen = b""
    deadline = time.monotonic() + timeout
    while wanted.encode() not in seen:
        assert time.monotonic() < deadline, f"never wrote {wanted!r}: {seen[-2000:]!r}"
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            seen += os.read(fd, 65536)
    return seen.decode("utf-8", "replace")


def test_serve_web_prints_both_forms_of_the_invite(
    web_server: str, processes: list[Started]
) -> None:
    server = processes[-1]
    address = web_server.removeprefix("ws://")
    server.wait_for_line("players join with")
    assert server.lines[0].strip() == (
        f"players join with: mixmo join ws://{address}/CODE (--new opens a room)"
    )
    assert server.lines[1].strip() == f"or in a browser: http://{address}/CODE"


def test_serve_web_answers_the_health_check_at_its_public_address(web_server: str) -> None:
    """A proxy in front of `serve --web` asks the address players use, not the game's own."""
    url = f"{web_server.replace('ws://', 'http://')}/healthz"
    with urllib.request.urlopen(url) as answer:
        assert answer.status == 200
        assert answer.headers["Content-Type"].startswith("application/json")
        assert answer.read() == b'{"status": "ok", "protocol": 1}\n'


def test_join_prints_the_terminal_and_the_browser_invite(
    web_server: str, environment: dict[str, str], processes: list[Started], tmp_path: Path
) -> None:
    code = open_room(web_server, environment, processes, tmp_path / "bot.log", "--players", "3")
    leader, follower = pty.openpty()  # a person's terminal
    ann = subprocess.Popen(
        [*MIXMO, "join", f"{web_server}/{code}", "--name", "Ann"], env=environment,
        stdin=follower, stdout=follower, stderr=follower,
    )  # fmt: skip
    try:
        printed = read_until(leader, f"or in a browser: {web_server.replace('ws', 'http')}/{code}")
        assert f"invite: mixmo join {web_server}/{code}" in printed
        read_until(leader, "or in a browser")  # and the lobby's screen, under the terminal's
    finally:
        ann.kill()
        ann.wait(10)
        os.close(leader)
        os.close(follower)


async def test_a_browser_visitor_joins_a_room_through_the_servers_link(
    chromium: str,
    web_server: str,
    environment: dict[str, str],
    processes: list[Started],
    tmp_path: Path,
) -> None:
    # Two rooms opened through the one address: each has its page, no restart needed.
    other = open_room(web_server, environment, processes, tmp_path / "other.log")
    code = open_room(web_server, environment, processes, tmp_path / "bot.log", "--seed", "3")
    bot = processes[-1]
    link = f"{web_server.replace('ws://', 'http://')}/{code}"
    with urllib.request.urlopen(f"{web_server.replace('ws://', 'http://')}/{other}") as page:
        assert f"Room {other}" in page.read().decode()
    async with headless_chromium(chromium, tmp_path / "chromium.log") as browser:
        page = await browser.open(link)
        await page.wait_for_selector("#name")
        assert await page.evaluate("document.querySelector('h1').innerText") == f"Room {code}"
        await page.evaluate(
            "document.getElementById('name').value = 'Ann';"
            "document.querySelector('button[type=submit]').click()"
        )
        assert bot.wait_for_line("match: ").startswith("match: Bot, Ann")
        screen = await page.wait_until(ready_for_two, "a rack and both panes", timeout=60)
        assert own_pane(screen) == "2. Ann" and "1. Bot" in screen
