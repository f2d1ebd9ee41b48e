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
from mixmo.i18n import N_, _, ngettext

TABLE_NEWS_SECONDS = 6.0
"""How long a line for the whole table stays in the header."""
PANE_NEWS_SECONDS = 12.0
"""How long a line for one player stays on their pane."""

PHASES = {
    "playing": N_("play is on"),
    "choosing-theme": N_("the Bandit's drawer is choosing a theme"),
    "sprint": N_("the final sprint is on"),
    "claiming": N_("theme words are being claimed"),
    "voting": N_("the table is voting"),
    "scored": N_("the round is over"),
    "match-over": N_("the match is over"),
}


def plain(message: str) -> str:
    """An engine refusal in the words of the table: no phase ids, no coordinates."""
    message = re.sub(
        r"\(([a-z-]+)\)", lambda m: f"({_(PHASES[m[1]]) if m[1] in PHASES else m[1]})", message
    )
    # The board has no row numbers: a refusal about one cell says "that cell"; a
    # word's place in the grid (counted from its top-left tile, from 1) stays.
    message = re.sub(
        r"row -?\d+, column -?\d+ (is taken|already holds a tile|holds no tile)",
        r"that cell \1",
        message,
    )
    message = re.sub(r"row -\d+, column -?\d+|row -?\d+, column -\d+", "that cell", message)
    # The same, for the engine's sentences in the interface language.
    for sentence, said in CELL_SENTENCES:
        message = _cell_pattern(_(sentence)).sub(_(said), message)
    negative = _cell_pattern(_(A_CELL), row=r"-\d+"), _cell_pattern(_(A_CELL), col=r"-\d+")
    for pattern in negative:
        message = pattern.sub(_("that cell"), message)
    return message


A_CELL = N_("row {row}, column {col}")
CELL_SENTENCES = (
    (N_("row {row}, column {col} already holds a tile"), N_("that cell already holds a tile")),
    (N_("row {row}, column {col} holds no tile"), N_("that cell holds no tile")),
    (
        N_("the tiles cannot move there: row {row}, column {col} is taken"),
        N_("the tiles cannot move there: that cell is taken"),
    ),
)
"""The engine's sentences that name a cell by its internal coordinates, and what to say."""


def _cell_pattern(template: str, *, row: str = r"-?\d+", col: str = r"-?\d+") -> re.Pattern[str]:
    """A regular expression for ``template`` with its ``{row}`` and ``{col}`` filled."""
    escaped = re.escape(template)
    return re.compile(escaped.replace(r"\{row\}", row).replace(r"\{col\}", col))


TUTORIAL_SUGGESTION = N_("New to Mixmo? Quit and try `mixmo tutorial`")
"""The header's welcome on a first game (``mixmo play`` with nothing saved yet)."""


def gives_way_to_play(headline: str) -> bool:
    """Whether the header's ``headline`` goes once the player makes a move: the tutorial's
    suggestion is for someone who has not started; a player placing tiles has (QA). Other
    welcomes (a game that cannot be saved, options a resumed game does not use) stay their
    time: they are news whatever the player does."""
    return headline == _(TUTORIAL_SUGGESTION)


def is_you(name: str) -> bool:
    """Whether ``name`` is practice's player, "You" (the sentence changes with it)."""
    return name in ("You", _("You"))


@dataclass(frozen=True, slots=True)
class News:
    """A line to show: for the table (``seat`` None) or for one player."""

    text: str
    seat: int | None = None
    error: bool = False
    bell: bool = False


def news_for(
    event: ev.Event,
    name: Callable[[int], str],
    explain: Callable[[int, str], str] | None = None,
) -> list[News]:
    """What to tell about ``event``.

    ``explain(seat, reason)`` words a wrong call's reason in terms of that player's
    board (:mod:`mixmo.tui.call_reasons`); without it the reason only loses its
    internal words (:func:`plain`).
    """
    explain = explain or (lambda _seat, reason: plain(reason))
    if isinstance(event, ev.MixmoCalled):
        text = _("MIXMO! {name} called: everyone draws 2").format(name=name(event.seat))
        return [News(text, bell=True)]
    if isinstance(event, ev.HastyCall):
        reason = explain(event.seat, event.reasons[0]) if event.reasons else ""
        if is_you(name(event.seat)):
            locked = _("Hasty call! You are locked until the next MIXMO")
        else:
            locked = _("Hasty call! {name} is locked until the next MIXMO").format(
                name=name(event.seat)
            )
        return [
            News(
                "✗ " + _("hasty call: {reason}").format(reason=reason), seat=event.seat, error=True
            ),
            News(locked, error=True),
        ]
    if isinstance(event, ev.SimultaneousMixmo):
        text = _("{name} called MIXMO at the same time: no extra draw")
        return [News(text.format(name=name(event.seat)))]
    if isinstance(event, ev.TilesDrawn):
        tiles = " ".join(t.symbol for t in event.tiles)
        return [News(_("drew {tiles}").format(tiles=tiles), seat=event.seat)]
    if isinstance(event, ev.BanditDrawn):
        if is_you(name(event.seat)):  # the tutorial's and practice's player: "Vous avez pioché"
            return [News(_("BANDIT! You drew the Bandit"))]
        return [News(_("BANDIT! {name} drew the Bandit").format(name=name(event.seat)))]
    if isinstance(event, ev.ThemeSet):
        return [News(_("Theme: {theme}").format(theme=event.theme))]
    if isinstance(event, ev.DeadlockDraw):
        if event.everyone_locked:
            return [News(_("Everyone is locked: a special MIXMO ends the locks"))]
        return [News(_("Everyone is stuck: everyone draws 2"))]
    if isinstance(event, ev.FinalMixmo):
        text = _("Final MIXMO by {name}! Everyone stops.").format(name=name(event.seat))
        return [News(text, bell=True)]
    if isinstance(event, ev.FinalCallRejected):
        reason = explain(event.seat, event.reasons[0]) if event.reasons else ""
        if event.penalty:
            invalid = ngettext(
                "{name}'s final grid is invalid, {penalty} point: play goes on",
                "{name}'s final grid is invalid, {penalty} points: play goes on",
                event.penalty,
            )
        else:
            invalid = _("{name}'s final grid is invalid: play goes on")
        return [
            News(invalid.format(name=name(event.seat), penalty=event.penalty), error=True),
            News(f"✗ {reason}", seat=event.seat, error=True),
        ]
    return []
