"""A browser killed right after taking a seat, its cookie never written to its disk,
takes the seat back when it comes back under the same name; a seat whose browser kept
its cookie, or whose process still plays, is never handed to another browser."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from mixmo.web import seat_claims
from tests.web.browser import headless_chromium
from tests.web.conftest import Started, open_room, serve_web
from tests.web.test_web_game import own_pane, rack_of, ready_for_two

SERVER = "ws://127.0.0.1:8765"


def _holding(root: Path, name: str, seat: int) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    seat_claims.tokens_of(folder).put(SERVER, "CDEFGH", "Ann", seat, "t" * 32)
    return folder


@pytest.mark.slow
async def test_a_browser_killed_after_taking_a_seat_takes_it_back_by_its_name(
    chromium: str,
    game_server: str,
    environment: dict[str, str],
    processes: list[Started],
    tmp_path: Path,
) -> None:
    code = open_room(game_server, environment, processes, tmp_path / "bot.log", "--seed", "3")
    bot = processes[-1]
    address = serve_web(f"{game_server}/{code}", environment, processes, tmp_path / "web.log")
    async with headless_chromium(chromium, tmp_path / "first.log") as browser:
        page = await browser.open(address + "/play?name=Ann")
        assert bot.wait_for_line("match: ").startswith("match: Bot, Ann")
        await page.wait_until(ready_for_two, "a rack and both panes", timeout=60)
        os.kill(browser.process.pid, signal.SIGKILL)  # its cookies die with it
        browser.process.wait()
    bot.wait_for_line("Ann (away)")
    # A fresh profile: the browser comes back without the cookie. The bot played on
    # meanwhile: its MIXMOs may have dealt Ann more than her first six tiles.
    async with headless_chromium(chromium, tmp_path / "second.log") as browser:
        page = await browser.open(address + "/play?name=Ann")
        screen = await page.wait_until(seated_again, "a rack and both panes", timeout=60)
        assert own_pane(screen) == "2. Ann", "the same seat, not a new one"
    assert not any("Ann 2" in line for line in bot.lines)


def seated_again(screen: str) -> bool:
    """The match's screen for two, with a rack of at least the six first tiles."""
    titled = any("▶" in line and ". " in line for line in screen.splitlines())
    return len(rack_of(screen)) >= 6 and titled and "1. Bot" in screen


def test_a_seat_whose_browser_kept_its_cookie_is_never_handed_over(tmp_path: Path) -> None:
    root = tmp_path / "web"
    kept = _holding(root, "kept", 1)
    os.utime(kept / seat_claims.TOKENS, (1, 1))  # taken long ago
    assert seat_claims.confirm(kept)  # and its browser showed its cookie since
    stranger = root / "stranger"
    stranger.mkdir()
    assert not seat_claims.reoffer(root, stranger, SERVER, "CDEFGH", "Ann", busy=())
    assert seat_claims.tokens_of(kept).get(SERVER, "CDEFGH", "Ann") == (1, "t" * 32)


def test_a_cookie_shown_again_at_once_does_not_confirm_the_seat(tmp_path: Path) -> None:
    folder = _holding(tmp_path / "web", "new", 1)
    assert not seat_claims.confirm(folder)  # the browser may not have written it yet


def test_a_seat_a_process_still_plays_is_not_handed_over(tmp_path: Path) -> None:
    root = tmp_path / "web"
    playing = _holding(root, "playing", 1)
    other = root / "other"
    other.mkdir()
    assert not seat_claims.reoffer(root, other, SERVER, "CDEFGH", "Ann", busy=[playing])
    assert seat_claims.reoffer(root, other, SERVER, "CDEFGH", "Ann", busy=())
    assert seat_claims.tokens_of(other).get(SERVER, "CDEFGH", "Ann") == (1, "t" * 32)
    assert seat_claims.tokens_of(playing).get(SERVER, "CDEFGH", "Ann") is None


def test_only_the_same_room_and_name_are_handed_over(tmp_path: Path) -> None:
    root = tmp_path / "web"
    _holding(root, "ann", 1)
    other = root / "other"
    other.mkdir()
    assert not seat_claims.reoffer(root, other, SERVER, "CDEFGH", "Bob", busy=())
    assert not seat_claims.reoffer(root, other, SERVER, "ACDEFG", "Ann", busy=())
