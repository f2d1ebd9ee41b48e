"""`mixmo replay`: a finished match stepped through, from a server's archive or a save."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from mixmo.cli.common import fail
from mixmo.cli.options import TranslatedCommand
from mixmo.i18n import N_, _

if TYPE_CHECKING:
    from mixmo.engine.replay import Replay
    from mixmo.net.client import GameClient
    from mixmo.net.community_messages import ArchivedMatch


@click.command(
    cls=TranslatedCommand,
    name="replay",
    short_help=N_("Step through a finished match: a server's archive or a saved game."),
    help=N_(
        """Show a finished match at any action: SOURCE is a server's archived match
    (ws://HOST:PORT/CODE, or ws://HOST:PORT/CODE#N for the room's match N), or a
    saved game's file.

    \b
    Each player's grid and rack after the action --at N (default: the last), and
    at a MIXMO the grid the solver would have built from the caller's tiles.
    In a terminal without --at, a screen steps through the match: Left and Right
    one action, M the next MIXMO, Home and End the deal and the end.
    ws://HOST:PORT alone lists the server's archive, newest first.
    """
    ),
)
@click.argument("source", metavar=N_("SOURCE"))
@click.option("--at", "step", type=click.IntRange(0), help=N_("The action to stop after."))
def replay(source: str, step: int | None) -> None:
    """`mixmo replay` (its help text is above, translated)."""
    import asyncio

    if source.startswith(("ws://", "wss://")):
        from mixmo.cli.join import split_url

        address, _hash, number = source.partition("#")
        server, code = split_url(address, new=False, pick=True)
        if not number.isdigit() and number:
            fail(_("{source}: a match number after # is a whole number").format(source=source))
        if code is None:
            _list(asyncio.run(_archive_list(server)), server)
            return
        match, found = asyncio.run(_archived(server, code, int(number) if number else None))
        heading = _("Room {room}, match {number}").format(room=match.room, number=match.number)
    else:
        found = _saved(Path(source))
        heading = _("Saved game {path}").format(path=source)
    total = len(found.actions)
    if step is not None and step > total:
        fail(_("--at {step}: the match has {total} actions").format(step=step, total=total))
    from mixmo.cli.terminal import has_terminal

    if step is None and has_terminal():  # a person at a terminal steps through it
        from mixmo.tui.replay_app import ReplayApp

        ReplayApp(found, heading).run()
        return
    _show(found, heading, total if step is None else step)


def _saved(path: Path) -> Replay:
    from mixmo.data.storage import load_saved
    from mixmo.engine.replay import Replay
    from mixmo.engine.save import GameFileError
    from mixmo.i18n.messages import say

    try:
        game = load_saved(path).game
    except GameFileError as error:
        fail(say(error))
    return Replay(game.options, tuple(game.log))


async def _archive_list(server: str) -> list[ArchivedMatch]:
    from mixmo.cli.server_call import with_server
    from mixmo.net.community_messages import ListMatches, MatchList

    return (await with_server(server, lambda client: client.ask(ListMatches(), MatchList))).matches


async def _archived(server: str, code: str, number: int | None) -> tuple[ArchivedMatch, Replay]:
    """The archived match, fetched page by page."""
    from mixmo.cli.server_call import with_server
    from mixmo.engine.replay import Replay
    from mixmo.net.community_messages import GetMatch, MatchPage

    async def fetch(client: GameClient) -> tuple[ArchivedMatch, Replay]:
        page = await client.ask(GetMatch(room=code, number=number), MatchPage)
        actions = list(page.actions)
        while len(actions) < page.total and page.actions:
            ask = GetMatch(room=code, number=page.match.number, after=len(actions))
            page = await client.ask(ask, MatchPage)
            actions += page.actions
        return page.match, Replay(page.options, tuple(actions))

    return await with_server(server, fetch, where=f"{server}/{code}")


def _list(matches: list[ArchivedMatch], server: str) -> None:
    from datetime import datetime

    if not matches:
        click.echo(_("No finished match in the archive of {server} yet.").format(server=server))
        return
    for match in matches:
        when = datetime.fromtimestamp(match.finished).strftime("%Y-%m-%d %H:%M")
        players = ", ".join(f"{name} {points}" for name, points, _won in match.standings)
        click.echo(f"{server}/{match.room}#{match.number}  {when}  {players}")


def _show(found: Replay, heading: str, step: int) -> None:
    from mixmo.engine.game_errors import GameRuleError
    from mixmo.i18n.messages import say
    from mixmo.tui.replay_view import looked_at, player_blocks, solver_heading, step_line

    try:
        shown, suggestion = looked_at(found, step, solver=True)
    except GameRuleError as error:  # a word list that changed since: the log diverges
        fail(_("the match cannot be replayed here: {reason}").format(reason=say(error.message)))
    click.echo(heading)
    click.echo(step_line(shown))
    for block in player_blocks(shown.game):
        click.echo("")
        click.echo(block.title)
        click.echo(block.grid)
        click.echo(block.rack)
    if suggestion is not None:
        grid, whole = suggestion
        click.echo(solver_heading(shown, whole))
        click.echo(grid.to_text().rstrip("\n"))
