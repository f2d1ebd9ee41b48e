"""What the table waits for, for the header: the engine's wait said in the player's language.

"waiting for Bob to choose a theme (0:25)" on every screen of a table (each seat's,
a watcher's, one keyboard's), from the table's state alone (:mod:`mixmo.engine.waits`:
the round's ``waiting_since`` and the match's ``wait_seconds``, which a server's
views carry); else, while the bag holds less than a draw, that the next MIXMO ends
the round. The scores at one keyboard are not a wait (one Enter deals the next round).
"""

from __future__ import annotations

from mixmo.engine.waits import WaitKind, last_draw_warning, waiting
from mixmo.i18n import _
from mixmo.i18n.messages import say
from mixmo.session.table import Table


def countdown(seconds: float) -> str:
    whole = int(seconds + 0.999)  # 0:01 until the very end, never 0:00 while it still waits
    return f"{whole // 60}:{whole % 60:02d}"


def wait_notice(table: Table, clock: float) -> str | None:
    """The header's notice of what play waits for (with the time left), or of the last
    draw; None while the round plays on with tiles in the bag."""
    if table.paused:
        return _("the host paused the match")
    wait = waiting(table.state, table.options, table.ready_seats)
    if wait is not None:
        left = wait.left(clock)
        if wait.kind is WaitKind.SCORES and left is None:
            return None
        text = say(wait.message(table.name(seat) for seat in wait.seats))
        return text if left is None else f"{text} ({countdown(left)})"
    warning = last_draw_warning(table.round, table.bag_left)
    return None if warning is None else say(warning)
