"""`mixmo serve`: the game server for networked play (docs/network.md)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from mixmo.cli.common import fail
from mixmo.cli.options import TranslatedCommand, listen_options, listen_until_stopped
from mixmo.i18n import N_, _

if TYPE_CHECKING:
    from mixmo.net.cluster import Cluster
    from mixmo.net.server import GameServer

INVITE = N_("players join with: mixmo join ws://{address}/CODE (--new opens a room)")
NODE_INVITE = N_(
    "a node of the community {community} (its players are sent here as {advertise}): "
    "players use the load balancer's address"
)
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
@click.option(
    "--database",
    metavar="postgresql://...",
    help=N_(
        "Keep rooms, logs, accounts, ratings and the archive in this PostgreSQL database "
        "instead of --data's SQLite files (pip install 'mixmo[community]')."
    ),
)
@click.option(
    "--redis",
    metavar="redis://...",
    help=N_(
        "Run as one node of a community server: this Redis says which node plays each "
        "room (needs --database, shared by every node: docs/network.md)."
    ),
)
@click.option(
    "--advertise",
    metavar="ws://HOST:PORT",
    help=N_("With --redis: the address the other nodes send this node's players to."),
)
@click.option(
    "--lease",
    type=click.FloatRange(0.5, 600),
    default=10.0,
    show_default=True,
    metavar=N_("SECONDS"),
    help=N_("With --redis: how long a dead node keeps its rooms before another takes them."),
)
@click.option(
    "--community",
    default="mixmo",
    show_default=True,
    metavar=N_("NAME"),
    help=N_("With --redis: the community's name (its nodes share it; two may share a Redis)."),
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
def serve(**params: Any) -> None:
    """`mixmo serve`: the game server (its help text is above, translated)."""
    run_serve(ServeRequest(**params))


@dataclass(frozen=True, slots=True)
class ServeRequest:
    """What `mixmo serve` was asked for: its options as click parsed them."""

    host: str
    port: int
    data: Path | None
    shard: str | None
    expire_after: float
    web: bool
    database: str | None
    redis: str | None
    advertise: str | None
    lease: float
    community: str
    bot_speed: float
    bot_pace: float

    def check_community(self) -> None:
        """One line and exit 2 for community options that do not go together."""
        from mixmo.net.database import is_postgres

        if self.database is not None and not is_postgres(self.database):
            fail(_("--database: a PostgreSQL address (postgresql://...)"))
        if self.redis is None:
            if self.advertise is not None:
                fail(_("--advertise is a node's address: use it with --redis"))
            return
        if not self.redis.startswith(("redis://", "rediss://", "unix://")):
            fail(_("--redis: a Redis address (redis://HOST:PORT)"))
        if self.database is None:
            fail(_("--redis needs --database: every node keeps the rooms in PostgreSQL"))
        if self.shard is not None:
            fail(_("--shard routes by letters: a node of a community server takes any room"))
        if self.advertise is None and (self.port == 0 or self.host in ("0.0.0.0", "::", "")):
            fail(_("--redis: give --advertise, the address the other nodes send players to"))
        if self.advertise is not None and not self.advertise.startswith(("ws://", "wss://")):
            fail(_("--advertise: a WebSocket address (ws://HOST:PORT)"))

    def cluster(self) -> Cluster | None:
        """This node's place in the community (None: a server of its own)."""
        if self.redis is None:
            return None
        from mixmo.net.cluster import Cluster

        advertise = self.advertise or f"ws://{self.host}:{self.port}"
        return Cluster(self.redis, advertise, lease=self.lease, name=self.community)

    @property
    def folder(self) -> Path:
        from mixmo.data.storage import data_dir

        return self.data if self.data is not None else data_dir() / "server"

    @property
    def where(self) -> str:
        """The rooms' database, as an error names it (a PostgreSQL address without its
        password)."""
        from mixmo.net.database import redacted

        return redacted(self.database) if self.database else str(self.folder / "rooms.sqlite3")


def run_serve(request: ServeRequest) -> None:
    """Open the rooms' database, check the word lists, then listen until stopped."""
    import asyncio
    import logging
    import sys

    from mixmo.net.database import DATABASE_ERRORS

    request.check_community()
    folder = request.folder
    if folder.exists() and not folder.is_dir():
        fail(_("{folder}: not a folder").format(folder=folder))
    server = _open_server(request)

    from mixmo.cli.common import load_lexicon
    from mixmo.engine.lexicon import EMBEDDED_LANGUAGES

    for language in EMBEDDED_LANGUAGES:  # a damaged list: one line now, not a room's error
        load_lexicon(None, language)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr
    )

    if request.web:
        from mixmo.cli.web import require_textual_serve

        require_textual_serve()

    web = folder / "web" if request.web else None
    try:
        asyncio.run(_run(server, request.host, request.port, web))
    except DATABASE_ERRORS as error:
        _unusable(request, error)


def _unusable(request: ServeRequest, error: Exception) -> NoReturn:
    fail(
        _("{path}: cannot use the rooms' database ({error})").format(
            path=request.where, error=error
        )
    )


def _open_server(request: ServeRequest) -> GameServer:
    """The server, its database opened (and its folder made) before anything listens: a
    database that cannot be used is one line, not a traceback at the first move."""
    from mixmo.data.sqlite_schema import SchemaVersionError
    from mixmo.data.storage import why_not_written
    from mixmo.net.connection import Limits
    from mixmo.net.database import DATABASE_ERRORS
    from mixmo.net.rooms import parse_shard
    from mixmo.net.server import GameServer

    try:
        shards = parse_shard(request.shard) if request.shard else (0, 1)
    except ValueError as error:
        fail(f"--shard: {error}")
    try:
        return GameServer(
            request.folder,
            Limits(abandoned_room=request.expire_after * 3600),
            bot_speed=request.bot_speed,
            shard=shards,
            bot_pace=request.bot_pace,
            database=request.database or "",
            cluster=request.cluster(),
        )
    except OSError as error:  # read-only, no parent, a file in the way, no permission
        fail(
            _("{folder}: cannot hold the rooms' database ({reason})").format(
                folder=request.folder, reason=why_not_written(error)
            )
        )
    except DATABASE_ERRORS as error:  # not a database, a full disk, no PostgreSQL or Redis
        _unusable(request, error)
    except SchemaVersionError as error:  # a newer program's
        _unusable(request, error)


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
    if server.node is not None:
        cluster = server.node.cluster
        said = _(NODE_INVITE).format(community=cluster.name, advertise=cluster.advertise)
        also = said.replace("{", "{{").replace("}", "}}")  # a template of {address} no more
    await listen_until_stopped("ws", host, bound, "mixmo server", also)
    if runner is not None:
        await runner.cleanup()
    await server.close()
