"""`mixmo rooms`: the public rooms of a server that wait for players (docs/network.md)."""

from __future__ import annotations

import click

from mixmo.cli.options import TranslatedCommand
from mixmo.i18n import N_, _

OPEN = (
    N_("Open rooms at {server}"),
    N_("No open room at {server}: open one with `mixmo join {server} --new --public`."),
    N_("Join one with: mixmo join {server}/CODE"),
)
LIVE = (
    N_("Rated matches being played at {server}"),
    N_("No rated match is being played at {server} now."),
    N_("Watch one with: mixmo join {server}/CODE --watch"),
)
"""Each list's title, what is said when it is empty, and how to join a room of it."""


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

    from rich.table import Table
    from rich.text import Text

    from mixmo.cli.common import console_for
    from mixmo.cli.join import split_url
    from mixmo.cli.server_call import with_server
    from mixmo.net.room_words import WordedLive, WordedRooms

    server, _code = split_url(url, new=True)
    words = WordedLive if live else WordedRooms
    title, empty, hint = LIVE if live else OPEN
    rows = asyncio.run(with_server(server, lambda client: words(client).rows()))
    console = console_for()
    if not rows:
        console.print(Text(_(empty).format(server=server)))
        return
    table = Table(*(_(column) for column in words.columns), title=_(title).format(server=server))
    for _room, cells in rows:
        table.add_row(*(Text(cell) for cell in cells))
    console.print(table)
    console.print(Text(_(hint).format(server=server)))
