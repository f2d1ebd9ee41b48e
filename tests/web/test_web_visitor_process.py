"""How a visitor's process ended, and a process that ignores its quit, through
textual-serve's public API only: the command runs under mixmo.web.visitor_process,
which records the process's id and exit code for the front."""

from __future__ import annotations

import asyncio
import os
import shlex
import sys
from pathlib import Path

import pytest
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from mixmo.web import front
from mixmo.web.front import VisitorApp

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a POSIX shell runs the command")


async def _nothing(*_: object) -> None:
    return None


def _visitor(script: str, record: Path) -> VisitorApp:
    return VisitorApp(
        "exec " + shlex.join([sys.executable, "-c", script]),
        {},
        errors=record / "stderr.txt",
        record=record,
        write_bytes=_nothing,
        write_str=_nothing,
        close=_nothing,
        download_manager=DownloadManager(),
    )


def test_the_visitor_app_overrides_no_private_method_of_textual_serve() -> None:
    private = [
        name
        for name in vars(VisitorApp)
        if name.startswith("_") and not name.startswith("__") and hasattr(AppService, name)
    ]
    assert private == []


async def test_a_process_that_ends_at_once_tells_its_exit_code(tmp_path: Path) -> None:
    visitor = _visitor("import sys; sys.exit('no room with that code')", tmp_path)
    await visitor.start(80, 24)
    assert await visitor.exit_code() == 1
    assert visitor.errors.strip().endswith(b"no room with that code")
    await visitor.end()


async def test_a_process_that_ignores_its_quit_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(front, "STOP_GRACE", 0.5)
    # Draws nothing, never reads its quit, and shrugs off a polite SIGTERM.
    script = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(60)"
    visitor = _visitor(script, tmp_path)
    await visitor.start(80, 24)
    assert visitor.record is not None
    async with asyncio.timeout(30):  # until the wrapper has started it
        while visitor.record.pid() is None:
            await asyncio.sleep(0.05)
    pid = visitor.record.pid()
    assert pid is not None and Path(f"/proc/{pid}").exists()
    await visitor.end()
    assert visitor.ended.is_set()
    assert visitor.record.exit_code() == -9
    assert not Path(f"/proc/{pid}").exists()
