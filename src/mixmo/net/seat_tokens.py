"""A client's seats, kept so that a player whose terminal died takes theirs back with the
same command: one token per server, room and name, in a file only its owner reads
(``DATA/seats.json``). Split from :mod:`mixmo.net.client`, which uses it."""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from mixmo.data.storage import atomic_write_text, data_dir

log = logging.getLogger("mixmo.net.client")

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "::1"})
DEFAULT_PORTS = {"ws": 80, "wss": 443}
SEAT_MEMORY = 30 * 24 * 3600.0
"""Seconds a seat's token is kept after it was last taken: a room is long over by then
(the server expires a room nobody played in for a day)."""


def server_key(url: str) -> str:
    """``url``'s server as one spelling: the scheme and host in lower case, every loopback
    name as 127.0.0.1, the default port written out. ``ws://localhost:P`` and
    ``ws://127.0.0.1:P`` are one server, so a seat taken through one is taken back
    through the other."""
    try:
        parts = urlsplit(url.strip())
        host, port = parts.hostname, parts.port
    except ValueError:  # not an address: kept as written (nothing will match it anyway)
        return url.rstrip("/")
    scheme = parts.scheme.lower()
    if host is None:
        return url.rstrip("/")
    host = host.lower().rstrip(".")
    if host in LOOPBACK_NAMES or host.startswith("127."):
        host = "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}:{port or DEFAULT_PORTS.get(scheme, 0)}"


class SeatTokens:
    """Seat tokens kept in a file readable by its owner only (``DATA/seats.json``), one per
    server, room and name; a token not taken for :data:`SEAT_MEMORY` seconds, or of a room
    whose match is over, is let go."""

    def __init__(self, path: Path | None = None, now: Callable[[], float] = time.time) -> None:
        self.path = path or data_dir() / "seats.json"
        self.now = now

    def _read(self) -> dict[str, dict[str, object]]:
        """Every entry, keyed as :meth:`key` spells it today (an older file's keys, which
        kept the address as it was typed, are spelled again)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        entries: dict[str, dict[str, object]] = {}
        for key, entry in data.items():
            where, _hash, name = key.rpartition("#")
            url, _slash, room = where.rpartition("/")
            if isinstance(entry, dict) and url and room:
                entries[self.key(url, room, name)] = entry
        return entries

    @staticmethod
    def key(url: str, room: str, name: str) -> str:
        return f"{server_key(url)}/{room}#{name.casefold()}"

    def get(self, url: str, room: str, name: str) -> tuple[int, str] | None:
        entry = self._read().get(self.key(url, room, name))
        if isinstance(entry, dict):
            seat, token = entry.get("seat"), entry.get("token")
            if isinstance(seat, int) and isinstance(token, str):
                return seat, token
        return None

    def names(self, url: str, room: str) -> list[str]:
        """The names this file holds a seat of ``room`` under (as the player wrote them;
        casefolded in a file of an older client, which did not keep them)."""
        prefix = self.key(url, room, "")
        return sorted(
            str(entry.get("name") or key[len(prefix) :])
            for key, entry in self._read().items()
            if key.startswith(prefix)
        )

    def put(self, url: str, room: str, name: str, seat: int, token: str) -> None:
        data = self._read()
        entry = {"seat": seat, "token": token, "name": name, "at": self.now()}
        data[self.key(url, room, name)] = entry
        self._write(data)

    def forget(self, url: str, room: str, name: str | None = None) -> None:
        """Let go of every seat of ``room`` (its match is over, or the server has no seat
        to give back), or of ``name``'s alone (its player left the lobby)."""
        data = self._read()
        prefix = self.key(url, room, "")
        whose = None if name is None else self.key(url, room, name)
        kept = {
            key: entry
            for key, entry in data.items()
            if not (key == whose if whose is not None else key.startswith(prefix))
        }
        if len(kept) != len(data):
            self._write(kept)

    def take(self, url: str, room: str, name: str) -> tuple[int, str] | None:
        """The seat kept for ``name`` in ``room``, removed from this file (handed over)."""
        found = self.get(url, room, name)
        if found is not None:
            data = self._read()
            data.pop(self.key(url, room, name), None)
            self._write(data)
        return found

    def _write(self, data: dict[str, dict[str, object]]) -> None:
        """Write the entries, without those not taken for :data:`SEAT_MEMORY` seconds (an
        entry of an older file, which has no time, is dated now)."""
        now = self.now()
        for entry in data.values():
            entry.setdefault("at", now)
        data = {
            key: entry
            for key, entry in data.items()
            if isinstance(entry["at"], int | float) and now - entry["at"] < SEAT_MEMORY
        }
        try:
            atomic_write_text(self.path, json.dumps(data, indent=1), durable=True)
            os.chmod(self.path, 0o600)
        except OSError as error:  # the seat still plays; only a restarted client loses it
            log.warning("cannot keep the seat's token in %s: %s", self.path, error.strerror)
