"""`mixmo stats`: personal bests, recent results and progress."""

from __future__ import annotations

import json

import click

from mixmo.cli.common import console_for, fail
from mixmo.cli.options import TranslatedCommand, json_option
from mixmo.i18n import N_, _


@click.command(
    cls=TranslatedCommand,
    name="stats",
    short_help=N_("Personal bests, recent results and progress over time."),
    help=N_(
        """Show your records: the best practice time for each table size and
    language (finished runs only), your recent practice runs, finished rounds
    and games, and your progress. A records database that cannot be read is
    one sentence and exit status 2."""
    ),
)
@click.option(
    "--recent",
    "recent_count",
    type=click.IntRange(1, 1000),
    default=10,
    show_default=True,
    help=N_("How many recent results to list."),
)
@click.option(
    "--player",
    metavar=N_("NAME"),
    help=N_("Only this player's records (the names given to mixmo play; practice: the first)."),
)
@json_option
def stats(recent_count: int, player: str | None, as_json: bool) -> None:
    """`mixmo stats`: the player's records (its help text is above, translated)."""
    from mixmo.cli.stats_report import bests_table, progress_chart, recent_table, stats_json
    from mixmo.data import records

    try:
        bests = records.personal_bests(player=player)
        latest = records.recent(recent_count, player=player)
        history = []
        if latest:
            practice = next((r for r in latest if r.kind == "practice"), None)
            if practice is not None:
                history = records.practice_history(
                    practice.table_size, practice.language, player=player
                )
    except records.RecordsError as error:
        fail(str(error))
    if as_json:
        click.echo(json.dumps(stats_json(bests, latest), ensure_ascii=False, indent=2))
        return
    console = console_for()
    if not latest:
        console.print(
            _("No records yet: finish a practice run (mixmo practice) or a game (mixmo play).")
        )
        return
    if bests:
        console.print(bests_table(bests))
    console.print(recent_table(latest))
    if history:
        size, language = history[0].table_size, history[0].language
        title = _("Progress, {size} players, {language}").format(size=size, language=language)
        console.print(progress_chart(history, title))
