"""`mixmo serve`: the game server for networked play (docs/network.md)."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import click

from mixmo.cli.common import fail
from mixmo.cli.options import TranslatedCommand, listen_options, listen_until_stopped
from mixmo.i18n import N_, _


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
        "Folder of the rooms' database (every action is written there; a restart brings "
        "back every unfinished room) [default: the mixmo data folder's server/]."
    ),
)
@click.option(
    "--shard",
    metavar="K/N",
    help=N_("One of N servers behind a proxy: new room codes start with this server's letters."),
)
@click.option("--bot-speed", type=click.FloatRange(0.1, 1000), default=1.0, hidden=True)
@click.option(
    "--bot-pace",
    type=click.FloatRange(0.25, 10),
    default=1.0,
    show_default=True,
    metavar="FACTOR",
    help=N_("Multiplies the time bots take for each tile and decision (2: twice as slow)."),
)
def serve(
    host: str, port: int, data: Path | None, shard: str | None, bot_speed: float, bot_pace: float
) -> None:
    """`mixmo serve`: the game server (its help text is above, translated)."""
    import asyncio
    import logging
    import sqlite3
    import sys

    from mixmo.data.sqlite_schema import SchemaVersionError
    from mixmo.data.storage import data_dir, why_not_written
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
        server = GameServer(folder, bot_speed=bot_speed, shard=shards, bot_pace=bot_pace)
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

    async def run() -> None:
        try:
            await server.start(host, port)
        except OSError as error:
            fail(
                _("cannot listen on {host}:{port}: {reason}").format(
                    host=host, port=port, reason=error.strerror or error
                )
            )
        await listen_until_stopped("ws", host, server.port, "mixmo server")
        await server.close()

    try:
        asyncio.run(run())
    except sqlite3.Error as error:
        unusable(error)
