"""The header line: where the match stands, or the news of the moment, and the clock.

A pure function of the table (no widget here): the app pushes its result into
its header. While the connection to a server is lost that is said first.
"""

from __future__ import annotations

from rich.text import Text

from mixmo.engine.options import ScoringMode
from mixmo.i18n import _, ngettext
from mixmo.session.table import Table
from mixmo.tui.pane_summary import rounds_goal_text
from mixmo.tui.wait_notice import wait_notice


def clock_text(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60:02d}:{whole % 60:02d}"


def header_line(
    table: Table, *, clock: float, live_check: bool, headline: str | None, goal: bool = True
) -> Text:
    """The header: a lost connection, else the news (``headline``), else the match's
    settings (with its goal unless ``goal`` is False: a tutorial's lesson has none to
    tell); with the clock and where the round stands."""
    round_ = table.round
    bag = table.bag_left
    time = (clock_text(clock), "bold")
    where = " · " + _("round {number} · bag {bag}").format(number=round_.number, bag=bag)
    connection = table.connection
    if connection.lost is not None and connection.taken:
        return Text.assemble((connection.lost, "bold reverse"), " · ", time, where)
    if connection.lost is not None:
        notice = _("connection lost: {reason} (quit, then run the same mixmo join)").format(
            reason=connection.lost
        )
        return Text.assemble((notice, "bold reverse"), " · ", time, where)
    if not connection.online:
        notice = _("connection lost, reconnecting...")
        if connection.waiting:
            notice += " " + ngettext(
                "({count} move waits to be sent)",
                "({count} moves wait to be sent)",
                connection.waiting,
            ).format(count=connection.waiting)
        return Text.assemble((notice, "bold reverse"), " · ", time, where)
    if headline is not None:
        # The news first (it is what changed), then the clock, then where the round stands.
        return Text.assemble((headline, "bold reverse"), " · ", time, where)
    waits = wait_notice(table, clock)
    if waits is not None:  # what play waits for (and until when), or the last draw
        return Text.assemble((waits, "bold reverse"), " · ", time, where)
    # Free Spirit plays without themes: "theme none" (the variant is named once, further on)
    theme = round_.theme or (_("none") if not table.variant.themes else "—")
    options = table.options
    checking = _("check on") if live_check else _("check off")
    if not goal:
        settings = _("round {number} · bag {bag} · theme {theme}").format(
            number=round_.number, bag=bag, theme=theme
        )
    elif options.scoring is ScoringMode.POINTS:
        target = ngettext("{target} pt", "{target} pts", options.target).format(
            target=options.target
        )
        settings = _("round {number} · bag {bag} · theme {theme} · to {goal}").format(
            number=round_.number, bag=bag, theme=theme, goal=target
        )
    else:  # Option 1: the table plays for rounds won, and the header says how many
        settings = _("round {number} · bag {bag} · theme {theme} · {goal}").format(
            number=round_.number,
            bag=bag,
            theme=theme,
            goal=rounds_goal_text(options.target, options.rounds_to_play),
        )
    return Text.assemble(
        ("MIXMO ", "bold"),
        settings + " · ",
        f"{_(table.variant.title)} · {checking} · ",
        time,
    )
