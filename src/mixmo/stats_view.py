"""Rich views of the records for `mixmo stats`: bests, recent results, progress.

Recent results list practice runs (unfinished ones say so), finished rounds
of matches and whole matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from mixmo.records import Run

BAR_WIDTH = 40


def clock(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}:{rest:02d}"


def bests_table(bests: Sequence[Run]) -> Table:
    table = Table(title="Personal bests (practice)", title_justify="left")
    for column in ("language", "table", "tiles", "time", "hints", "date"):
        table.add_column(
            column, justify="right" if column in ("tiles", "time", "hints") else "left"
        )
    for run in bests:
        table.add_row(
            run.language,
            f"{run.table_size} players",
            str(run.tiles),
            clock(run.total_seconds),
            str(run.hints),
            run.finished_at[:10],
        )
    return table


def recent_table(runs: Sequence[Run]) -> Table:
    table = Table(title="Recent results", title_justify="left")
    for column in ("date", "kind", "player", "table", "language", "time", "result"):
        table.add_column(column)
    for run in runs:
        if run.kind == "practice":
            result = ("" if run.won else "unfinished, ") + f"{run.tiles} tiles"
            result += f", {run.hints} hints" if run.hints else ""
        else:
            result = ("won" if run.won else "lost") + (
                f", {run.score} pts" if run.score is not None else ""
            )
        table.add_row(
            run.finished_at[:16].replace("T", " "),
            run.kind + (" (daily)" if run.daily else ""),
            run.player,
            f"{run.table_size}p",
            run.language,
            clock(run.total_seconds),
            result,
        )
    return table


def progress_chart(history: Sequence[Run], title: str) -> RenderableType:
    """One bar per run, oldest at the top: shorter is faster."""
    if not history:
        return Text("")
    longest = max(run.total_seconds for run in history) or 1.0
    best = min(run.total_seconds for run in history)
    lines = [Text(title, style="bold")]
    for run in history[-20:]:
        width = max(1, round(BAR_WIDTH * run.total_seconds / longest))
        line = Text(f"{run.finished_at[:10]} ")
        line.append("█" * width, style="green" if run.total_seconds == best else "cyan")
        line.append(f" {clock(run.total_seconds)}" + (" best" if run.total_seconds == best else ""))
        lines.append(line)
    return Group(*lines)


def stats_json(bests: Sequence[Run], recent: Sequence[Run]) -> dict[str, Any]:
    def plain(run: Run) -> dict[str, Any]:
        data = asdict(run)
        data["splits"] = list(run.splits)
        data["total_seconds"] = run.total_seconds
        return data

    return {"personal_bests": [plain(r) for r in bests], "recent": [plain(r) for r in recent]}
