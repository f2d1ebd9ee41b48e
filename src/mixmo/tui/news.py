"""What the players are told when something happens, in plain words.

The engine's events become short lines: for the whole table (shown in the
header, where they hide no rack) or for one player (their pane's news line).
A line holds for a while and then goes, so an error from minutes ago is not
still on show. Engine refusals and reasons are said from their codes and fields
(:mod:`mixmo.i18n.messages`); a refusal about one cell says "that cell".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mixmo.engine import events as ev
from mixmo.engine.messages import Message
from mixmo.i18n import N_, _, ngettext
from mixmo.i18n.messages import say

TABLE_NEWS_SECONDS = 6.0
"""How long a line for the whole table stays in the header."""
PANE_NEWS_SECONDS = 12.0
"""How long a line for one player stays on their pane."""

BOARD_CELL_SENTENCES = {
    "cell-holds-tile": N_("that cell already holds a tile"),
    "empty-cell": N_("that cell holds no tile"),
    "cannot-move-there": N_("the tiles cannot move there: that cell is taken"),
}
"""The refusals that name a cell by the engine's coordinates, as the board says them: the
board has no row numbers (a word's place, counted from the grid's top-left tile, stays)."""


def refusal_text(refusal: Message | str) -> str:
    """A refusal of the table in the player's language and the board's words."""
    if isinstance(refusal, Message) and refusal.code in BOARD_CELL_SENTENCES:
        return _(BOARD_CELL_SENTENCES[refusal.code])
    return say(refusal)


TUTORIAL_SUGGESTION = N_("New to Mixmo? Quit and try `mixmo tutorial`")
"""The header's welcome on a first game (``mixmo play`` with nothing saved yet)."""


def gives_way_to_play(headline: str) -> bool:
    """Whether the header's ``headline`` goes once the player makes a move: the tutorial's
    suggestion is for someone who has not started; a player placing tiles has. Other
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
    explain: Callable[[int, Message], str] | None = None,
) -> list[News]:
    """What to tell about ``event``.

    ``explain(seat, reason)`` words a wrong call's reason in terms of that player's
    board (:mod:`mixmo.tui.call_reasons`); without it the reason is said as it is.
    """
    explain = explain or (lambda _seat, reason: say(reason))
    if isinstance(event, ev.MixmoCalled):
        if is_you(name(event.seat)):  # a verb that agrees with its subject: "Vous avez annoncé"
            return [News(_("You called MIXMO! Everyone draws 2"), bell=True)]
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
        if is_you(name(event.seat)):
            return [News(_("You called MIXMO at the same time: no extra draw"))]
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
        if is_you(name(event.seat)):
            return [News(_("You called the final MIXMO! Everyone stops."), bell=True)]
        text = _("Final MIXMO by {name}! Everyone stops.").format(name=name(event.seat))
        return [News(text, bell=True)]
    if isinstance(event, ev.FinalCallRejected):
        reason = explain(event.seat, event.reasons[0]) if event.reasons else ""
        return [
            News(_final_grid_invalid(name(event.seat), event.penalty), error=True),
            News(f"✗ {reason}", seat=event.seat, error=True),
        ]
    return []


def _final_grid_invalid(name: str, penalty: int) -> str:
    """The table's line on a wrong final MIXMO: whose grid, and its penalty if any."""
    if is_you(name) and penalty:
        text = ngettext(
            "Your final grid is invalid, {penalty} point: play goes on",
            "Your final grid is invalid, {penalty} points: play goes on",
            penalty,
        )
    elif is_you(name):
        text = _("Your final grid is invalid: play goes on")
    elif penalty:
        text = ngettext(
            "{name}'s final grid is invalid, {penalty} point: play goes on",
            "{name}'s final grid is invalid, {penalty} points: play goes on",
            penalty,
        )
    else:
        text = _("{name}'s final grid is invalid: play goes on")
    return text.format(name=name, penalty=penalty)
