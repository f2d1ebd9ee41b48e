"""A browser visitor plays in the same room as a terminal client: `mixmo web` end to end.

A real ``mixmo serve``, a room opened by a bot client in a terminal process,
``mixmo web`` in front of it, and headless Chromium as the visitors. The bot
client's lobby lines (what the server told it) show who took the seats, the
room's action log shows what the server applied, and the pages show what each
visitor sees. Screenshots stay in the test's tmp folder.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sqlite3
from pathlib import Path

import pytest

from tests.web.browser import headless_chromium
from tests.web.conftest import Started, open_room, serve_web
from tests.web.test_web_browser import assert_drawn

pytestmark = pytest.mark.slow  # tens of seconds: three processes and a browser per match

RACK = re.compile(r"Rack ((?:[A-Za-z?!] ){0,7}[A-Za-z?!])(?=\s)")
"""A rack's tiles (letters, ? a joker, ! the Bandit); another seat's rack reads
"Rack 6 tiles, hidden"."""


def rack_of(screen: str) -> list[str]:
    """The letters on the visitor's rack (the first rack drawn: their own pane's)."""
    found = RACK.search(screen)
    return found.group(1).split() if found else []


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry))
    return found


def own_pane(screen: str) -> str:
    """The title of the pane drawn first (top left): the visitor's own seat."""
    first = next(line for line in screen.splitlines() if "▶" in line and ". " in line)
    return first.split("▶", 1)[1].strip(" ━─┓┐╮").split("━")[0].split("─")[0].strip()


def placed_by(database: Path, seat: int) -> list[str]:
    """The letters the server applied as `place` actions of ``seat`` (its action log)."""
    with sqlite3.connect(database) as db:
        actions = [json.loads(row[0]) for row in db.execute("SELECT action FROM actions")]
    return [a["symbol"] for a in actions if a.get("kind") == "place" and a.get("seat") == seat]


async def wait_until_placed(database: Path, seat: int, letter: str) -> None:
    async with asyncio.timeout(30):
        while letter not in placed_by(database, seat):
            await asyncio.sleep(0.2)


async def test_a_browser_visitor_takes_a_seat_beside_a_terminal_player_and_plays(
    chromium: str,
    game_server: str,
    environment: dict[str, str],
    processes: list[Started],
    tmp_path: Path,
) -> None:
    code = open_room(game_server, environment, processes, tmp_path / "bot.log", "--seed", "3")
    bot = processes[-1]
    address = serve_web(f"{game_server}/{code}", environment, processes, tmp_path / "web.log")
    web = processes[-1]
    async with headless_chromium(chromium, tmp_path / "chromium.log") as browser:
        page = await browser.open(address + "/play?name=Ann")
        assert bot.wait_for_line("match: ").startswith("match: Bot, Ann (a seeded deal")
        screen = await page.wait_until(ready_for_two, "a rack and both panes", timeout=60)
        assert own_pane(screen) == "2. Ann" and "1. Bot" in screen
        assert_drawn(await page.screenshot(tmp_path / "joined.png"))
        rack = rack_of(screen)
        letter = next(symbol for symbol in rack if symbol.isalpha() and symbol.isupper())

        await page.press(letter.lower())
        await wait_until_placed(tmp_path / "server" / "rooms.sqlite3", 1, letter)
        left = sorted(rack)
        left.remove(letter)
        await page.wait_until(lambda text: sorted(rack_of(text)) == left, f"the rack {left}")
        await page.screenshot(tmp_path / "placed.png")
        visitors = children_of(web.process.pid)
        assert len(visitors) == 1, "one mixmo join for the one visitor"

    assert web.interrupt() == 0
    assert not any(Path(f"/proc/{pid}").exists() for pid in visitors), "its visitors end with it"


def ready_for_two(screen: str) -> bool:
    """The match's screen is drawn for two: a full rack and both seats' pane titles (a
    page shows the rack's line before the titles when it draws in two frames)."""
    titled = any("▶" in line and ". " in line for line in screen.splitlines())
    return len(rack_of(screen)) == 6 and titled and "1. Bot" in screen


def ready(screen: str) -> bool:
    """The match's screen is drawn: a full rack and the three seats' panes."""
    return len(rack_of(screen)) == 6 and all(f"{n}. " in screen for n in (1, 2, 3))


async def test_two_browsers_under_one_name_get_two_seats_and_a_reload_takes_its_own_back(
    chromium: str,
    game_server: str,
    environment: dict[str, str],
    processes: list[Started],
    tmp_path: Path,
) -> None:
    # Seed 2 deals no Bandit: its theme dialog would hide the panes the test reads.
    code = open_room(
        game_server, environment, processes, tmp_path / "bot.log", "--players", "3", "--seed", "2"
    )
    bot = processes[-1]
    address = serve_web(f"{game_server}/{code}", environment, processes, tmp_path / "web.log")
    async with headless_chromium(chromium, tmp_path / "chromium.log") as browser:
        first = await browser.open(address + "/play?name=Ann", own_cookies=True)
        assert bot.wait_for_line("lobby: Bot, Ann").startswith("lobby: Bot, Ann, (free)")
        second = await browser.open(address + "/play?name=Ann", own_cookies=True)
        assert bot.wait_for_line("match: ").startswith("match: Bot, Ann, Ann 2 (a seeded deal")
        assert own_pane(await first.wait_until(ready, "the match", timeout=60)) == "2. Ann"
        assert own_pane(await second.wait_until(ready, "the match", timeout=60)) == "3. Ann 2"
        await second.screenshot(tmp_path / "ann2.png")

        await first.reload()
        again = await first.wait_until(ready, "the match again", timeout=60)
        assert own_pane(again) == "2. Ann", "the reload took the same seat back"
        assert_drawn(await first.screenshot(tmp_path / "reloaded.png"))
        assert not await second.evaluate("document.body.classList.contains('-closed')")

        watcher = await browser.open(address + "/watch", own_cookies=True)
        seats = ("1. Bot", "2. Ann", "3. Ann 2")
        watched = await watcher.wait_for_text(*seats, timeout=60)
        assert not rack_of(watched), "a watcher sees no rack's letters"
        assert "tiles, hidden" in watched, "only how many tiles each rack holds"
        await watcher.screenshot(tmp_path / "watcher.png")
    assert not [line for line in bot.lines if ", Ann 3" in line], "no third Ann ever sat"
