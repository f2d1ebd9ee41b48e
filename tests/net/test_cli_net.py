"""`mixmo serve` and `mixmo join` as a user types them: one-line errors and exit code 2."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

UNREACHABLE = (
    "mixmo: error: no mixmo server answers at ws://127.0.0.1:9: is `mixmo serve` running there?"
)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["ws://127.0.0.1:9/CDEFGH"], UNREACHABLE),
        (["ws://127.0.0.1:9", "--new", "--players", "3"], UNREACHABLE),
        (["ws://127.0.0.1:9", "--new", "--watch"], "--watch follows a room"),
        (["http://example.org/CDEFGH", "--bot", "easy"], "not a server address"),
        (["ws://127.0.0.1:9/ABC", "--bot", "easy"], "'ABC' is not a room code"),
        (["ws://127.0.0.1:9", "--bot", "easy"], "which room?"),
        (["ws://127.0.0.1:9/CDEFGH", "--new", "--bot", "easy"], "without a room code"),
        (["ws://127.0.0.1:9", "--new", "--bot", "easy", "--players", "2", "--bots", "2"],
         "leaves no seat"),
        (["ws://127.0.0.1:9", "--new", "--bot", "easy", "--rounds", "2", "--points", "9"],
         "not both"),
        (["ws://127.0.0.1:9/CDEFGH", "--bot", "easy", "--name", " "], "--name"),
        (["ws://127.0.0.1:9", "--new", "--name", ""],
         "mixmo: error: --name: a player's name cannot be blank"),
        (["ws://127.0.0.1:9", "--new", "--bot", "easy", "--seed", str(2**64)], "seed"),
        (["ws://127.0.0.1:9/CDEFGH", "--bot", "easy"], UNREACHABLE),
        (["ws://[::1", "--new"],
         "ws://[::1: not a server address (ws://HOST:PORT or wss://HOST, then /CODE)"),
        (["ws://127.0.0.1:99999", "--new", "--bot", "easy"],
         "ws://127.0.0.1:99999: the port must be a number from 1 to 65535"),
        (["ws://127.0.0.1:port/CDEFGH"],
         "ws://127.0.0.1:port: the port must be a number from 1 to 65535"),
        (["ws://:18781", "--new"], "not a server address"),
        (["ws://" + "a" * 64 + ":18781", "--new", "--bot", "easy"], "not a server address"),
        (["ws://mixmo..example:18781", "--new", "--bot", "easy"], "not a server address"),
    ],
    ids=["human-seat", "human-creator", "watch-new", "http", "short-code", "no-code", "new-with-code",
         "all-bots", "rounds-and-points", "blank-name", "empty-name", "huge-seed", "unreachable",
         "open-bracket", "port-out-of-range", "port-not-a-number", "no-host",
         "label-too-long", "empty-label"],
)  # fmt: skip
def test_join_refuses_what_it_cannot_do_in_one_line(
    mixmo, monkeypatch, args: list[str], says: str
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr("mixmo.cli.terminal.has_terminal", lambda: True)  # as in a terminal
    run = mixmo("join", *args)
    assert run.code == 2
    assert says in run.err and run.err.count("\n") == 1 and "Traceback" not in run.err


def test_serve_says_when_its_port_is_taken(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(
            [sys.executable, "-m", "mixmo", "serve", "--port", str(port), "--data", str(tmp_path)],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert run.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in run.stderr.splitlines()[-1]


def test_serve_refuses_a_shard_that_is_not_k_of_n(mixmo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    run = mixmo("serve", "--port", "0", "--data", str(tmp_path), "--shard", "3/3")
    assert run.code == 2 and "--shard" in run.err and run.err.count("\n") == 1


def test_serve_says_when_its_database_is_not_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "rooms.sqlite3").write_bytes(b"this is not a database" * 100)
    run = subprocess.run(
        [sys.executable, "-m", "mixmo", "serve", "--port", "0", "--data", str(tmp_path)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 2
    last = run.stderr.splitlines()[-1]
    assert "rooms.sqlite3: cannot use the rooms' database" in last and "Traceback" not in run.stderr


@pytest.mark.parametrize(
    "command",
    [["serve", "--port", "0"], ["web", "ws://127.0.0.1:9/CDEFGH", "--port", "0"]],
    ids=["serve", "web"],
)
@pytest.mark.parametrize("host", ["mixmo..example", "a" * 64], ids=["empty-label", "long-label"])
def test_a_host_no_socket_can_take_is_refused_in_one_line(
    mixmo, tmp_path, command: list[str], host: str
) -> None:  # type: ignore[no-untyped-def]
    data = ["--data", str(tmp_path)] if command[0] == "serve" else []  # (the server's rooms)
    run = mixmo(*command, *data, "--host", host)
    assert run.code == 2
    assert run.err == (
        f"mixmo {command[0]}: error: Invalid value for '--host': {host!r} is not a host name "
        f"or address (see mixmo {command[0]} --help)\n"
    )


def _no_folder_there(tmp_path: Path) -> Path:
    """A folder under a path that leads nowhere: a link to nothing."""
    (tmp_path / "gone").symlink_to(tmp_path / "nowhere")
    return tmp_path / "gone" / "server"


def _under_a_file(tmp_path: Path) -> Path:
    (tmp_path / "a-file").write_text("not a folder")
    return tmp_path / "a-file" / "server"


@pytest.fixture
def folder_it_may_not_write(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A folder the server may not write in, and the reason the system gives.

    A player's folder without write permission; root (as CI runs) writes
    anywhere, so there a read-only file system mounted for the test.
    """
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    if os.geteuid() != 0:
        yield locked, "permission denied"
        return
    subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(locked)], check=True)
    try:
        yield locked, "the folder is read-only"
    finally:
        subprocess.run(["umount", str(locked)], check=True)


def test_serve_refuses_a_data_folder_it_may_not_write_in_one_line(
    mixmo, folder_it_may_not_write: tuple[Path, str]
) -> None:  # type: ignore[no-untyped-def]
    locked, reason = folder_it_may_not_write
    data = locked / "server"
    run = mixmo("serve", "--port", "0", "--data", str(data))
    assert run.code == 2 and "Traceback" not in run.err
    assert run.err == f"mixmo: error: {data}: cannot hold the rooms' database ({reason})\n"


@pytest.mark.parametrize(
    ("folder", "reason"),
    [
        (_no_folder_there, "a file stands where the folder should be"),
        (_under_a_file, "a file stands where the folder should be"),
        (lambda _tmp: Path("/proc/mixmo-no-such-process/server"), "no such file or directory"),
    ],
    ids=["dangling-link", "under-a-file", "parent-missing"],
)
def test_serve_refuses_a_data_folder_it_cannot_make_in_one_line(
    mixmo, tmp_path: Path, folder: Callable[[Path], Path], reason: str
) -> None:  # type: ignore[no-untyped-def]
    data = folder(tmp_path)
    run = mixmo("serve", "--port", "0", "--data", str(data))
    assert run.code == 2 and "Traceback" not in run.err
    assert run.err == f"mixmo: error: {data}: cannot hold the rooms' database ({reason})\n"


def test_serve_refuses_a_database_on_a_full_disk_in_one_line(
    mixmo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    def full(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr("mixmo.net.store.RoomStore.__init__", full)
    run = mixmo("serve", "--port", "0", "--data", str(tmp_path))
    assert run.code == 2
    assert run.err == (
        f"mixmo: error: {tmp_path / 'rooms.sqlite3'}: cannot use the rooms' database"
        " (database or disk is full)\n"
    )
