"""Rich views of the records for `mixmo stats`: bests, recent results, progress.

Recent results list practice runs (unfinished ones say so), finished rounds
of matches and whole matches; with the rounds option, the rounds won and a
round taken away.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from mixmo.data.records import Run
from mixmo.i18n import _, ngettext
from mixmo.i18n.outside import harmless

BAR_WIDTH = 40


def clock(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}:{rest:02d}"


def bests_table(bests: Sequence[Run]) -> Table:
    table = Table(title=_("Personal bests (practice)"), title_justify="left")
    for column, justify in (
        (_("language"), "left"),
        (_("table"), "left"),
        (_("tiles"), "right"),
        (_("time"), "right"),
        (_("hints"), "right"),
        (_("date"), "left"),
    ):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for run in bests:
        table.add_row(
            outside(run.language),
            _("{count} players").format(count=run.table_size),
            str(run.tiles),
            clock(run.total_seconds),
            str(run.hints),
            outside(run.finished_at[:10]),
        )
    return table


def recent_table(runs: Sequence[Run]) -> Table:
    table = Table(title=_("Recent results"), title_justify="left")
    for column in (
        _("date"),
        _("kind"),
        _("player"),
        _("table"),
        _("language"),
        _("time"),
        _("result"),
    ):
        table.add_column(column)
    for run in runs:
        table.add_row(
            outside(run.finished_at[:16].replace("T", " ")),
            outside(_kind(run) + (" " + _("(daily)") if run.daily else "")),
            outside(shown_player(run.player)),
            f"{run.table_size}p",
            outside(run.language),
            clock(run.total_seconds),
            _result(run),
        )
    return table


DEFAULT_NAME = re.compile(r"Player ([1-6])")
"""The name ``mixmo play`` gives a person who gave none, as the records keep it in English."""


def shown_player(player: str) -> str:
    """A records' player in the interface language: practice's "You" and the default
    "Player 1" are the program's words, kept in English; a name a person gave is theirs."""
    if player == "You":
        return _("You")
    default = DEFAULT_NAME.fullmatch(player)
    if default is not None:
        return _("Player {n}").format(n=default.group(1))
    return player


def outside(field: str) -> Text:
    """A records field as plain text: the records file can be edited by hand, so its
    texts neither reach the terminal's controls nor read as Rich markup."""
    return Text(harmless(field))


def _kind(run: Run) -> str:
    """A record's kind in the interface language (the database keeps the English name);
    a round says which of its match it was ("round 2"): its time is that round's own,
    from its deal to its scores, next to the match's whole time on the game's row."""
    if run.round_number is not None:
        return _("round {number}").format(number=run.round_number)
    names = {"practice": _("practice"), "round": _("round"), "game": _("game")}
    return names.get(run.kind, run.kind)


def _result(run: Run) -> str:
    """``12 tiles, 2 hints`` for a practice run, ``won, 45 pts`` for a round or game;
    with the rounds option, a game says its rounds won (``won, 3 rounds won, 98 pts``)
    and a round the round won taken away by a wrong final MIXMO."""
    if run.kind == "practice":
        tiles = ngettext("{count} tile", "{count} tiles", run.tiles).format(count=run.tiles)
        result = tiles if run.won else _("unfinished, {tiles}").format(tiles=tiles)
        if run.hints:
            hints = ngettext("{count} hint", "{count} hints", run.hints).format(count=run.hints)
            result = _("{result}, {hints}").format(result=result, hints=hints)
        return result
    result = _("won") if run.won else _("lost")
    if run.kind == "game" and run.rounds is not None:  # played to rounds won: they decided it
        result = _("{result}, {rounds}").format(result=result, rounds=_rounds_won(run.rounds))
    if run.score is not None:
        result = _("{result}, {score} pts").format(result=result, score=run.score)
    if run.kind == "round" and run.rounds is not None and run.rounds < 0:
        # the round's dialog's words: "final MIXMO with an invalid grid: -1 round"
        change = ngettext("{change} round", "{change} rounds", -run.rounds).format(
            change=f"{run.rounds:+d}"
        )
        penalty = _("{why}: {change}").format(
            why=_("final MIXMO with an invalid grid"), change=change
        )
        result = _("{result}, {penalty}").format(result=result, penalty=penalty)
    return result


def _rounds_won(won: int) -> str:
    """A match's rounds won: "3 rounds won", or "-1 round" when penalties took more than
    were won (the words of the game's panes)."""
    if won < 0:
        return ngettext("{count} round", "{count} rounds", -won).format(count=won)
    return ngettext("{count} round won", "{count} rounds won", won).format(count=won)


def progress_chart(history: Sequence[Run], title: str) -> RenderableType:
    """One bar per run, oldest at the top: shorter is faster."""
    if not history:
        return Text("")
    longest = max(run.total_seconds for run in history) or 1.0
    best = min(run.total_seconds for run in history)
    lines = [Text(title, style="bold")]
    for run in history[-20:]:
        width = max(1, round(BAR_WIDTH * run.total_seconds / longest))
        line = Text(f"{harmless(run.finished_at[:10])} ")
        line.append("█" * width, style="green" if run.total_seconds == best else "cyan")
        best_mark = " " + _("best") if run.total_seconds == best else ""
        line.append(f" {clock(run.total_seconds)}" + best_mark)
        lines.append(line)
    return Group(*lines)


def stats_json(bests: Sequence[Run], recent: Sequence[Run]) -> dict[str, Any]:
    def plain(run: Run) -> dict[str, Any]:
        data = asdict(run)
        data["splits"] = list(run.splits)
        data["total_seconds"] = run.total_seconds
        if run.round_number is not None:
            data["round"] = run.round_number
        return data

    return {"personal_bests": [plain(r) for r in bests], "recent": [plain(r) for r in recent]}
