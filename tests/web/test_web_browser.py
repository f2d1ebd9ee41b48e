"""`mixmo web` in a real headless Chromium: what a visitor with only a browser sees.

Each test keeps its screenshots in its tmp folder (``*.png``), for a person to
look at when it fails.
"""

from __future__ import annotations

import asyncio
import io
import os
import pty
import shlex
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from aiohttp import web
from PIL import Image
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from mixmo.web import front as webfront
from mixmo.web.front import WebFront
from tests.web.browser import headless_chromium
from tests.web.conftest import MIXMO, Started, open_room, serve_web


def assert_drawn(png: bytes) -> None:
    """The screenshot is a drawn screen, not a blank page: many colours, text everywhere."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (1200, 800)
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None
    background = max(colours)[0]
    drawn = image.width * image.height - background
    assert len(colours) >= 16, f"only {len(colours)} colours: a blank page"
    assert drawn >= 0.01 * image.width * image.height, f"{drawn} drawn pixels: a blank page"


TUTORIAL = shlex.join([sys.executable, "-m", "mixmo", "tutorial"])
"""``mixmo tutorial`` needs no server: a front that serves it tests the plumbing alone."""


class CommandFront(WebFront):
    """The web front serving another command than ``mixmo join``."""

    def __init__(self, command: str, data: Path) -> None:
        super().__init__("ws://127.0.0.1:9", "CDEFGH", data)
        self.command = command

    def command_for(self, name: str | None) -> str:
        return self.command


@asynccontextmanager
async def tutorial_front(
    data: Path, prefix: str = "", command: str = TUTORIAL
) -> AsyncIterator[str]:
    """A front on a free loopback port; its address (under ``prefix``, as a reverse
    proxy that maps ``https://example.org/PREFIX/`` to it would show it)."""
    front = CommandFront(command, data).application()
    if prefix:
        outer = web.Application()
        outer.add_subapp(prefix, front)
        front = outer
    runner = web.AppRunner(front)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}{prefix.rstrip('/')}"
    finally:
        await runner.cleanup()


async def test_a_visitors_keys_reach_their_own_app_and_its_screen_reaches_the_browser(
    chromium: str, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("LANGUAGE", "en")
    async with (
        tutorial_front(tmp_path / "web") as address,
        headless_chromium(chromium, tmp_path / "chromium.log") as browser,
    ):
        page = await browser.open(address + "/play?name=Ann")
        await page.wait_for_text("Lesson 1 of 13", "Rack A N M I D E")
        assert_drawn(await page.screenshot(tmp_path / "lesson.png"))
        await page.press("m")
        after = await page.wait_for_text("Rack A N I D E")
        grid = [line for line in after.splitlines() if line.startswith("┃ · ")]
        assert sum(line.count(" M ") for line in grid) == 1, "the M left the rack for the grid"
        await page.screenshot(tmp_path / "typed.png")
        assert len(list((tmp_path / "web").iterdir())) == 1, "the visitor's own data folder"

        await page.reload()
        await page.wait_for_text("Lesson 1 of 13")
        assert len(list((tmp_path / "web").iterdir())) == 1, "a reload keeps its folder"

        other = await browser.open(address + "/play?name=Ann", own_cookies=True)
        await other.wait_for_text("Lesson 1 of 13")
        assert len(list((tmp_path / "web").iterdir())) == 2, "another browser, another folder"


async def test_a_visitor_whose_seat_cannot_be_taken_reads_why_in_the_browser(
    chromium: str,
    game_server: str,
    environment: dict[str, str],
    processes: list[Started],
    tmp_path: Path,
) -> None:
    # Both seats taken (a bot client and the server's bot): the match is on, no seat is free.
    code = open_room(game_server, environment, processes, tmp_path / "bot.log", "--bots", "1")
    room = f"{game_server}/{code}"
    leader, follower = pty.openpty()  # a terminal, as a person's `mixmo join` has
    # Ann's own computer: a folder that holds no seat of the room, as the browser's has
    # (one that held the bot's seat would say "this computer took a seat ... as 'bot'").
    own_computer = {**environment, "MIXMO_DATA_DIR": str(tmp_path / "ann")}
    try:
        in_a_terminal = subprocess.run(
            [*MIXMO, "join", room, "--name", "Ann"], env=own_computer, stdin=follower,
            stdout=follower, stderr=subprocess.PIPE, text=True, timeout=60,
        )  # fmt: skip
    finally:
        os.close(leader)
        os.close(follower)
    assert in_a_terminal.returncode == 2
    why = in_a_terminal.stderr.strip().splitlines()[-1]

    address = serve_web(room, environment, processes, tmp_path / "web.log")
    async with headless_chromium(chromium, tmp_path / "chromium.log") as browser:
        page = await browser.open(address + "/play?name=Ann")
        # (the page's terminal wraps a line longer than it is wide: compared word by word)
        shown = await page.wait_until(lambda text: words(why) in words(text), repr(why))
        assert await page.wait_for_class("-closed")
        assert "The session has ended." in await page.evaluate("document.body.innerText")
        assert_drawn(await page.screenshot(tmp_path / "refused.png"))
    assert words(shown) == words(why)


def words(text: str) -> str:
    return " ".join(text.split())


async def test_the_page_works_under_a_path_prefix_as_behind_a_reverse_proxy(
    chromium: str, tmp_path: Path
) -> None:
    """Every address in the pages is relative: /mixmo/ in front changes nothing."""
    async with (
        tutorial_front(tmp_path / "web", prefix="/mixmo/") as address,
        headless_chromium(chromium, tmp_path / "chromium.log") as browser,
    ):
        page = await browser.open(address + "/")
        await page.wait_for_selector("input[name=name]")
        await page.evaluate(
            "document.querySelector('input[name=name]').value = 'Ann';"
            "document.querySelector('form').submit()"
        )
        await page.wait_for_text("Lesson 1 of 13")
        assert await page.evaluate("location.pathname") == "/mixmo/play"


async def test_a_front_full_of_visitors_refuses_the_next_one(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(webfront, "MAX_VISITORS", 1)
    async with tutorial_front(tmp_path / "web") as address:
        socket = address.replace("http://", "ws://") + "/ws/Ann?width=80&height=24"
        async with connect(socket) as first:
            assert await asyncio.wait_for(first.recv(), 30)  # the first visitor's screen
            with pytest.raises(InvalidStatus) as refused:
                await connect(socket + "&second")
            assert refused.value.response.status_code == 503
            assert b"too many visitors at once" in refused.value.response.body


async def test_a_process_that_fails_after_drawing_leaves_its_error_line_on_a_clear_page(
    chromium: str, tmp_path: Path
) -> None:
    script = Path(__file__).with_name("app_then_error.py")
    command = shlex.join([sys.executable, str(script), "fail"])
    async with (
        tutorial_front(tmp_path / "web", command=command) as address,
        headless_chromium(chromium, tmp_path / "chromium.log") as browser,
    ):
        page = await browser.open(address + "/play?name=Ann")
        await page.wait_for_text("First app: press n")
        await page.press("n")
        shown = await page.wait_for_text("the server is gone")
        assert await page.wait_for_class("-closed")
        await page.screenshot(tmp_path / "gone.png")
    assert shown.strip() == "mixmo: error: ws://127.0.0.1:9: the server is gone"
