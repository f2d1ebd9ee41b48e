"""A browser's seat that outlives the browser's cookie.

A browser's seat token lives in its data folder, named after its cookie
(:func:`mixmo.web.front.visitor_folder`). A browser killed soon after taking a seat may
never have written that cookie to its disk: when it comes back it is a stranger, and
the seat it holds (a started match keeps it) would be lost for good.

So a seat is *unconfirmed* until the browser shows its cookie again on a request at
least :data:`CONFIRM_AFTER` seconds after the seat was taken (the terminal page asks
for ``seen`` after :data:`SEEN_AFTER` seconds; a reload or a return does too): by then
the browser has had time to write its cookies. While a seat is unconfirmed and no
visitor's process is using it, a visitor who asks for the same room under the same
name is given it: its token moves to that visitor's folder. A confirmed seat is
never handed to anyone else.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path

from mixmo.net.client import SeatTokens

TOKENS = "seats.json"
"""The seat tokens' file in a visitor's data folder (``mixmo join``'s, under
``MIXMO_DATA_DIR``)."""
CONFIRMED = "confirmed"
"""A marker in a visitor's folder: its browser kept its cookie."""
CONFIRM_AFTER = 60.0
"""Seconds after which a browser that still shows its cookie has kept it (Chromium
writes its cookies to disk within 30 seconds)."""
SEEN_AFTER = 90.0
"""Seconds after which the terminal page shows its cookie again (``seen``)."""


def tokens_of(folder: Path) -> SeatTokens:
    return SeatTokens(folder / TOKENS)


def confirm(folder: Path, now: float | None = None) -> bool:
    """The browser owning ``folder`` showed its cookie: its seats are confirmed once
    they are old enough. Whether they are."""
    marker = folder / CONFIRMED
    if marker.exists():
        return True
    try:
        taken = (folder / TOKENS).stat().st_mtime
    except OSError:
        return False
    if (time.time() if now is None else now) - taken < CONFIRM_AFTER:
        return False
    marker.touch()
    return True


def reoffer(
    root: Path, folder: Path, server: str, room: str, name: str, busy: Iterable[Path]
) -> bool:
    """Give ``folder`` the seat of ``room`` some other, unconfirmed and idle folder under
    ``root`` holds under ``name``, if ``folder`` holds none; whether one was given."""
    mine = tokens_of(folder)
    if mine.get(server, room, name) is not None:
        return False
    in_use = {path.resolve() for path in busy}
    for other in sorted(root.iterdir()) if root.is_dir() else ():
        if other == folder or other.resolve() in in_use or (other / CONFIRMED).exists():
            continue
        taken = tokens_of(other).take(server, room, name)
        if taken is not None:
            mine.put(server, room, name, *taken)
            return True
    return False
