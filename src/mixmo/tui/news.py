"""What the players are told when something happens, in plain words.

The engine's events become short lines: for the whole table (shown in the
header, where they hide no rack) or for one player (their pane's news line).
A line holds for a while and then goes, so an error from minutes ago is not
still on show. Engine refusals are reworded without internal terms (phase
ids, grid coordinates).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from mixmo.engine import events as ev

TABLE_NEWS_SECONDS = 6.0
"""How long a line for the whole table stays in the header."""
PANE_NEWS_SECONDS = 12.0
"""How long a line for one player stays on their pane."""

PHASES = {
    "playing": "play is on",
    "choosing-theme": "the Bandit's drawer is choosing a theme",
    "sprint": "the final sprint is on",
    "claiming": "theme words are being claimed",
    "voting": "the table is voting",
    "scored": "the round is over",
    "match-over": "the match is over",
}


def plain(message: str) -> str:
    """An engine refusal in the words of the table: no phase ids, no coordinates."""
    message = re.sub(r"\(([a-z-]+)\)", lambda m: f"({PHASES.get(m[1], m[1])})", message)
    # The board has no row numbers: a refusal about one cell says "that cell"; a
    # word's place in the grid (counted from its top-left tile, from 1) stays.
    message = re.sub(
        r"row -?\d+, column -?\d+ (is taken|already holds a tile|holds no tile)",
        r"that cell \1",
        message,
    )
    return re.sub(r"row -\d+, column -?\d+|row -?\d+, column -\d+", "that cell", message)


def plural(count: int, word: str) -> str:
    """``1 word``, ``2 words``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def subject(name: str, verb_s: str, verb: str) -> str:
    """``Ann is`` but ``You are`` (practice calls its player "You")."""
    return f"{name} {verb if name == 'You' else verb_s}"


@dataclass(frozen=True)
class News:
    """A line to show: for the table (``seat`` None) or for one player."""

    text: str
    seat: int | None = None
    error: bool = False
    bell: bool = False


def news_for(event: ev.Event, name: Callable[[int], str]) -> list[News]:
    """What to tell about ``event``."""
    if isinstance(event, ev.MixmoCalled):
        return [News(f"MIXMO! {name(event.seat)} called: everyone draws 2", bell=True)]
    if isinstance(event, ev.HastyCall):
        reason = plain(event.reasons[0]) if event.reasons else ""
        who = subject(name(event.seat), "is", "are")
        return [
            News(f"✗ hasty call: {reason}", seat=event.seat, error=True),
            News(f"Hasty call! {who} locked until the next MIXMO", error=True),
        ]
    if isinstance(event, ev.SimultaneousMixmo):
        return [News(f"{name(event.seat)} called MIXMO at the same time: no extra draw")]
    if isinstance(event, ev.TilesDrawn):
        return [News(f"drew {' '.join(t.symbol for t in event.tiles)}", seat=event.seat)]
    if isinstance(event, ev.BanditDrawn):
        return [News(f"BANDIT! {name(event.seat)} drew the Bandit")]
    if isinstance(event, ev.ThemeSet):
        return [News(f"Theme: {event.theme}")]
    if isinstance(event, ev.DeadlockDraw):
        return [News("Everyone is stuck: everyone draws 2")]
    if isinstance(event, ev.FinalMixmo):
        return [News(f"Final MIXMO by {name(event.seat)}! Everyone stops.", bell=True)]
    if isinstance(event, ev.FinalCallRejected):
        cost = f", {event.penalty} points" if event.penalty else ""
        reason = plain(event.reasons[0]) if event.reasons else ""
        return [
            News(f"{name(event.seat)}'s final grid is invalid{cost}: play goes on", error=True),
            News(f"✗ {reason}", seat=event.seat, error=True),
        ]
    return []
