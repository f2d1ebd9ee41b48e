"""`mixmo serve`: the game server for networked play (docs/network.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from mixmo.cli.common import fail
from mixmo.cli.options import TranslatedCommand, listen_options, listen_until_stopped
from mixmo.i18n import N_, _

if TYPE_CHECKING:
    from mixmo.net.server import GameServer

INVITE = N_("players join with: mixmo join ws://{address}/CODE (--new opens a room)")
BROWSER_INVITE = N_("or in a browser: http://{address}/CODE")


@click.command(
    cls=TranslatedCommand,
    name="serve",
    short_help=N_("Run a game server: every player on their own keyboard."),
    help=N_(
        """Run a mixmo game server until interrupted.

    \b
    Players join with `mixmo join ws://HOST:PORT/CODE` after one of them
    opens a room with `mixmo join ws://HOST:PORT --new --players N`.
    Use a reverse proxy for TLS (wss://): docs/network.md.
    """
    ),
)
@listen_options(8765, N_("Address to listen on (0.0.0.0 opens the server to the local network)."))
@click.option(
    "--data",
    type=click.Path(file_okay=False, path_type=Path),
    help=N_(
        "Folder of the rooms' database (every action is written there; after a restart a "
        "room comes back when someone names its code) [default: the mixmo data folder's "
        "server/]."
    ),
)
@click.option(
    "--shard",
    metavar="K/N",
    help=N_("One of N servers behind a proxy: new room codes start with this server's letters."),
)
@click.option(
    "--expire-after",
    "expire_after",
    type=click.FloatRange(min=0.01, max=24 * 365),
    default=24.0,
    show_default=True,
    metavar=N_("HOURS"),
    help=N_(
        "Close a room nobody was connected to for HOURS: its code then says so (the "
        "database keeps its log)."
    ),
)
@click.option(
    "--web",
    is_flag=True,
    help=N_(
        "Also serve every room to web browsers at http://HOST:PORT/CODE, on the same "
        "address (needs textual-serve: pip install 'mixmo[web]')."
    ),
)
@click.option("--bot-speed", type=click.FloatRange(0.1, 1000), default=1.0, hidden=True)
@click.option(
    "--bot-pace",
    type=click.FloatRange(0.25, 10),
    default=1.0,
    show_default=True,
    metavar=N_("FACTOR"),
    help=N_("Multiplies the time bots take for each tile and decision (2: twice as slow)."),
)
def serve(
    host: str,
    port: int,
    data: Path | None,
    shard: str | None,
    expire_after: float,
    web: bool,
    bot_speed: float,
    bot_pace: float,
) -> None:
    """`mixmo serve`: the game server (its help text is above, translated)."""
    import asyncio
    import logging
    import sqlite3
    import sys

    from mixmo.data.sqlite_schema import SchemaVersionError
    from mixmo.data.storage import data_dir, why_not_written
    from mixmo.net.connection import Limits
    from mixmo.net.rooms import parse_shard
    from mixmo.net.server import GameServer

    try:
        shards = parse_shard(shard) if shard else (0, 1)
    except ValueError as error:
        fail(f"--shard: {error}")

    folder = data if data is not None else data_dir() / "server"
    if folder.exists() and not folder.is_dir():
        fail(_("{folder}: not a folder").format(folder=folder))

    def unusable(error: sqlite3.Error | SchemaVersionError) -> NoReturn:
        fail(
            _("{path}: cannot use the rooms' database ({error})").format(
                path=folder / "rooms.sqlite3", error=error
            )
        )

    try:  # the folder made and the database opened before anything listens
        limits = Limits(abandoned_room=expire_after * 3600)
        server = GameServer(folder, limits, bot_speed=bot_speed, shard=shards, bot_pace=bot_pace)
    except OSError as error:  # read-only, no parent, a file in the way, no permission
        fail(
            _("{folder}: cannot hold the rooms' database ({reason})").format(
                folder=folder, reason=why_not_written(error)
            )
        )
    except (sqlite3.Error, SchemaVersionError) as error:  # not a database, a full disk, newer
        unusable(error)

    from mixmo.cli.common import load_lexicon
    from mixmo.engine.lexicon import EMBEDDED_LANGUAGES

    for language in EMBEDDED_LANGUAGES:  # a damaged list: one line now, not a room's error
        load_lexicon(None, language)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr
    )

    if web:
        from mixmo.cli.web import require_textual_serve

        require_textual_serve()

    try:
        asyncio.run(_run(server, host, port, folder / "web" if web else None))
    except sqlite3.Error as error:
        unusable(error)


async def _run(server: GameServer, host: str, port: int, web: Path | None) -> None:
    """Listen (with the browser front of every room when ``web`` holds its visitors'
    folders) until SIGINT or SIGTERM."""
    runner = None
    try:
        if web is not None:
            from mixmo.web.rooms_front import start_rooms_front

            runner = await start_rooms_front(server, host, port, web)
        else:
            await server.start(host, port)
    except OSError as error:
        await server.close()
        fail(
            _("cannot listen on {host}:{port}: {reason}").format(
                host=host, port=port, reason=error.strerror or error
            )
        )
    bound = runner.addresses[0][1] if runner is not None else server.port
    also = _(INVITE) + ("\n" + _(BROWSER_INVITE) if web is not None else "")
    await listen_until_stopped("ws", host, bound, "mixmo server", also)
    if runner is not None:
        await runner.cleanup()
    await server.close()
