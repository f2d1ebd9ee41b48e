"""`mixmo top`: a server's leaderboard, per variant family (docs/network.md, Ratings)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import click

from mixmo.cli.options import TranslatedCommand
from mixmo.i18n import N_, _

if TYPE_CHECKING:
    from mixmo.net.community_messages import Leaderboard


@click.command(
    cls=TranslatedCommand,
    name="top",
    short_help=N_("A server's best rated players."),
    help=N_(
        """Show the best rated players of a server: ws://HOST:PORT.

    \b
    Rated rooms (`mixmo join ws://HOST:PORT --new --rated`) rate their players
    when a match ends; classic and Expert matches are rated apart (--expert).
    A newcomer is rated 1000.
    """
    ),
)
@click.argument("url", metavar="ws://HOST:PORT")
@click.option("--expert", is_flag=True, help=N_("The Expert variant's ratings."))
def top(url: str, expert: bool) -> None:
    """`mixmo top` (its help text is above, translated)."""
    import asyncio

    from rich.table import Table
    from rich.text import Text

    from mixmo.cli.common import console_for
    from mixmo.cli.join import split_url

    server, _code = split_url(url, new=True)
    board = asyncio.run(_fetch(server, "expert" if expert else "classic"))
    console = console_for()
    family = _("Expert") if expert else _("classic")
    if not board.players:
        console.print(Text(_("No rated match yet at {server}.").format(server=server)))
        return
    table = Table(
        "#", _("Player"), _("Rating"), _("Matches"),
        title=_("Best rated players at {server} ({family})").format(server=server, family=family),
    )  # fmt: skip
    for place, ranked in enumerate(board.players, start=1):
        name = _("{level} bot").format(level=ranked.name) if ranked.bot else ranked.name
        table.add_row(str(place), Text(name), str(ranked.rating), str(ranked.matches))
    console.print(table)


async def _fetch(server: str, family: Literal["classic", "expert"]) -> Leaderboard:
    from mixmo.cli.server_call import with_server
    from mixmo.net.community_messages import Leaderboard, Top

    return await with_server(server, lambda client: client.ask(Top(family=family), Leaderboard))
