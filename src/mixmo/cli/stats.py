"""`mixmo stats`: personal bests, recent results and progress."""

from __future__ import annotations

import json

import click

from mixmo.cli.common import console_for, fail, json_option


@click.command(name="stats", short_help="Personal bests, recent results and progress over time.")
@click.option(
    "--recent",
    "recent_count",
    type=click.IntRange(1, 1000),
    default=10,
    show_default=True,
    help="How many recent results to list.",
)
@json_option
def stats(recent_count: int, as_json: bool) -> None:
    """Show your records: the best practice time for each table size and
    language (finished runs only), your recent practice runs, finished rounds
    and games, and your progress. A records database that cannot be read is
    one sentence and exit status 2."""
    from mixmo import records
    from mixmo.stats_view import bests_table, progress_chart, recent_table, stats_json

    try:
        bests = records.personal_bests()
        latest = records.recent(recent_count)
        history = []
        if latest:
            practice = next((r for r in latest if r.kind == "practice"), None)
            if practice is not None:
                history = records.practice_history(practice.table_size, practice.language)
    except records.RecordsError as error:
        fail(str(error))
    if as_json:
        click.echo(json.dumps(stats_json(bests, latest), ensure_ascii=False, indent=2))
        return
    console = console_for()
    if not latest:
        console.print(
            "No records yet: finish a practice run (mixmo practice) or a game (mixmo play)."
        )
        return
    if bests:
        console.print(bests_table(bests))
    console.print(recent_table(latest))
    if history:
        size, language = history[0].table_size, history[0].language
        console.print(progress_chart(history, f"Progress, {size} players, {language}"))
