"""`mixmo rooms`: the public rooms of a server that wait for players (docs/network.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from mixmo.cli.options import TranslatedCommand
from mixmo.i18n import N_, _

if TYPE_CHECKING:
    from mixmo.net.protocol import LiveMatch, OpenRoom


@click.command(
    cls=TranslatedCommand,
    name="rooms",
    short_help=N_("List a server's open rooms (or its rated matches being played)."),
    help=N_(
        """List the public rooms of a server that wait for players: ws://HOST:PORT.

    \b
    A room is listed while its match has not started and a seat is free,
    if it was opened with --public; join one with `mixmo join ws://HOST:PORT/CODE`,
    or pick it from the list `mixmo join ws://HOST:PORT` shows. With --live,
    the rated matches being played: watch one with
    `mixmo join ws://HOST:PORT/CODE --watch`, or pick it with Enter from the list
    `mixmo join ws://HOST:PORT --watch` shows.
    """
    ),
)
@click.argument("url", metavar="ws://HOST:PORT")
@click.option("--live", is_flag=True, help=N_("The rated matches being played, to watch."))
def rooms(url: str, live: bool) -> None:
    """`mixmo rooms`: a server's open rooms (its help text is above, translated)."""
    import asyncio

    from mixmo.cli.join import split_url

    server, _code = split_url(url, new=True)
    if live:
        _print_live(server, asyncio.run(_fetch_live(server)))
        return
    listed = asyncio.run(_fetch(server))
    from rich.table import Table
    from rich.text import Text

    from mixmo.cli.common import console_for
    from mixmo.net.room_words import COLUMNS, cells

    console = console_for()
    if not listed:
        console.print(
            Text(
                _(
                    "No open room at {server}: open one with `mixmo join {server} --new --public`."
                ).format(server=server)
            )
        )
        return
    table = Table(
        *(_(column) for column in COLUMNS), title=_("Open rooms at {server}").format(server=server)
    )
    for room in listed:
        table.add_row(*(Text(cell) for cell in cells(room)))
    console.print(table)
    console.print(Text(_("Join one with: mixmo join {server}/CODE").format(server=server)))


async def _fetch(server: str) -> list[OpenRoom]:
    from mixmo.cli.server_call import with_server

    return await with_server(server, lambda client: client.open_rooms())


async def _fetch_live(server: str) -> list[LiveMatch]:
    from mixmo.cli.server_call import with_server

    return await with_server(server, lambda client: client.live_matches())


def _print_live(server: str, matches: list[LiveMatch]) -> None:
    """The rated matches being played, as a table (or one line when there is none)."""
    from rich.table import Table
    from rich.text import Text

    from mixmo.cli.common import console_for
    from mixmo.net.room_words import LIVE_COLUMNS, live_cells

    console = console_for()
    if not matches:
        console.print(
            Text(_("No rated match is being played at {server} now.").format(server=server))
        )
        return
    title = _("Rated matches being played at {server}").format(server=server)
    table = Table(*(_(column) for column in LIVE_COLUMNS), title=title)
    for match in matches:
        table.add_row(*(Text(cell) for cell in live_cells(match)))
    console.print(table)
    console.print(Text(_("Watch one with: mixmo join {server}/CODE --watch").format(server=server)))
