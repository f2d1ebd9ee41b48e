"""An open room's settings in the player's words, for the list of open rooms (the
command line's table and the terminal client's screen say the same)."""

from __future__ import annotations

from mixmo.engine.options import ScoringMode
from mixmo.i18n import N_, _, ngettext
from mixmo.net.protocol import OpenRoom

LANGUAGES = {"en": N_("English"), "fr": N_("French")}
COLUMNS = (N_("Room"), N_("Language"), N_("Variant"), N_("Target"), N_("Players"), N_("Free"))


def target(room: OpenRoom) -> str:
    """What ends the match: a number of rounds, a score, or the rulebook's default."""
    if room.target == 0:
        return _("default")
    if room.scoring is ScoringMode.ROUNDS:
        return ngettext("{count} round", "{count} rounds", room.target).format(count=room.target)
    return ngettext("{count} point", "{count} points", room.target).format(count=room.target)


def cells(room: OpenRoom) -> tuple[str, str, str, str, str, str]:
    """One row of the list: code, language, variant, target, players, free seats."""
    return (
        room.room,
        _(LANGUAGES[room.language]),
        room.variant,
        target(room),
        ", ".join(room.players) or "-",
        str(room.free),
    )
