"""A visitor stopped twice at once (its browser closing as `mixmo web` shuts down) is
stopped once: both callers wait for the same stop, and neither fails."""

from __future__ import annotations

import asyncio

import pytest
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from mixmo.web.front import VisitorApp


async def _nothing(*_: object) -> None:
    return None


def _visitor() -> VisitorApp:
    return VisitorApp(
        "true",
        {},
        write_bytes=_nothing,
        write_str=_nothing,
        close=_nothing,
        download_manager=DownloadManager(),
    )


async def test_a_visitor_stopped_twice_at_once_is_stopped_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stops: list[str] = []

    async def textual_serve_stop(self: AppService) -> None:
        # textual-serve's stop awaits its task, then sets it to None: a second call
        # that began meanwhile then awaits None (TypeError), as CI saw at shutdown.
        stops.append("began")
        await asyncio.sleep(0.05)
        stops.append("ended")

    monkeypatch.setattr(AppService, "stop", textual_serve_stop)
    visitor = _visitor()
    await asyncio.gather(visitor.stop(), visitor.stop(), visitor.stop())
    assert stops == ["began", "ended"]
    await visitor.stop()  # and once stopped, stopping again is nothing
    assert stops == ["began", "ended"]


async def test_a_stop_given_up_by_one_caller_goes_on_for_the_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``end()`` gives a stop a few seconds (``wait_for``): its timing out must not
    cancel the stop another caller still waits for."""
    finished = asyncio.Event()

    async def slow_stop(self: AppService) -> None:
        await asyncio.sleep(0.1)
        finished.set()

    monkeypatch.setattr(AppService, "stop", slow_stop)
    visitor = _visitor()
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(visitor.stop(), 0.01)
    await visitor.stop()
    assert finished.is_set()
