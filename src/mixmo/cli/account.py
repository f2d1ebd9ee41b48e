"""`mixmo account`: names of one's own on a server, and the operator's bans.

A player's key for each server is in this computer's data folder (`accounts.json`,
:mod:`mixmo.net.keys`); `mixmo join` signs in with it. The operator's `ban` and `unban`
work on a server's `--data` folder.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from mixmo.cli.common import fail
from mixmo.cli.options import TranslatedCommand, TranslatedGroup
from mixmo.i18n import N_, _

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from mixmo.net.keys import KeyRing


@click.group(
    cls=TranslatedGroup,
    name="account",
    short_help=N_("Your name of your own on a server; the operator's bans."),
    help=N_(
        """Make an account on a mixmo server: a name nobody else there may take.

    \b
    No password: this computer keeps a key (in its data folder) that proves the
    account each time `mixmo join` signs in; `mixmo join --guest` plays without.
    """
    ),
)
def account() -> None:
    """`mixmo account` (its help text is above, translated)."""


def _ring() -> KeyRing:
    from mixmo.net.keys import KeyRing

    return KeyRing()


def _server(url: str) -> str:
    from mixmo.cli.join import split_url
    from mixmo.net.client import server_key

    server, _code = split_url(url, new=True)
    return server_key(server)


@account.command(
    cls=TranslatedCommand,
    name="create",
    short_help=N_("Make an account on a server."),
    help=N_("Make the account NAME on the server ws://HOST:PORT, proved by a new key."),
)
@click.argument("url", metavar="ws://HOST:PORT")
@click.argument("name", metavar=N_("NAME"))
def create(url: str, name: str) -> None:
    import asyncio

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from mixmo.i18n.messages import say
    from mixmo.net.keys import KeyRingError
    from mixmo.net.names import account_name
    from mixmo.net.refusals import AccountNameError

    try:
        name = account_name(name)
    except AccountNameError as error:
        fail(say(error.message))
    server, ring = _server(url), _ring()
    try:
        held = ring.get(server)
    except KeyRingError as error:
        fail(_("cannot read your account keys: {error}").format(error=error))
    if held is not None:
        fail(
            _("you already have the account {name} at {server} (mixmo account list)").format(
                name=held.name, server=server
            )
        )
    key = Ed25519PrivateKey.generate()
    made = asyncio.run(_create(url, name, key))
    ring.put(server, made, key)
    click.echo(_("Account {name} made at {server}: `mixmo join` signs in with it.").format(
        name=made, server=server
    ))  # fmt: skip


async def _create(url: str, name: str, key: Ed25519PrivateKey) -> str:
    from mixmo.cli.join import split_url
    from mixmo.cli.server_call import with_server
    from mixmo.net.account_client import create_account

    server, _code = split_url(url, new=True)
    return (await with_server(server, lambda client: create_account(client, name, key))).name


@account.command(
    cls=TranslatedCommand,
    name="list",
    short_help=N_("The accounts this computer holds keys for."),
    help=N_("List the accounts this computer holds keys for: server and name."),
)
def list_accounts() -> None:
    from mixmo.net.keys import KeyRingError

    try:
        held = _ring().every()
    except KeyRingError as error:
        fail(_("cannot read your account keys: {error}").format(error=error))
    if not held:
        click.echo(_("No account yet: make one with `mixmo account create ws://HOST:PORT NAME`."))
    for server, name in held:
        click.echo(f"{server}  {name}")


@account.command(
    cls=TranslatedCommand,
    name="forget",
    short_help=N_("Delete this computer's key for a server."),
    help=N_(
        "Delete this computer's key for the account at ws://HOST:PORT. Without it, "
        "nobody can sign in to that account any more: it cannot be undone."
    ),
)
@click.argument("url", metavar="ws://HOST:PORT")
@click.option("--yes", is_flag=True, help=N_("Do not ask first."))
def forget(url: str, yes: bool) -> None:
    server, ring = _server(url), _ring()
    held = ring.get(server)
    if held is None:
        fail(_("no account key for {server} on this computer").format(server=server))
    question = _("Delete the key of {name} at {server}? It cannot be undone.").format(
        name=held.name, server=server
    )
    if not yes and not click.confirm(question, default=False):
        click.echo(_("Kept."))
        return
    ring.forget(server)
    click.echo(_("Forgot the key of {name} at {server}.").format(name=held.name, server=server))


def operator_options(command: Callable[..., None]) -> Callable[..., None]:
    """Where the server keeps its accounts: its data folder, or its PostgreSQL database."""
    command = click.option(
        "--database",
        metavar="postgresql://...",
        help=N_("The community server's database (its `mixmo serve --database`)."),
    )(command)
    return click.option(
        "--data",
        type=click.Path(file_okay=False, exists=True, path_type=Path),
        help=N_("The server's data folder (its `mixmo serve --data`)."),
    )(command)


@account.command(
    cls=TranslatedCommand,
    name="ban",
    short_help=N_("The operator bans an account from a server."),
    help=N_("Ban the account NAME from the server whose --data or --database is given."),
)
@click.argument("name", metavar=N_("NAME"))
@operator_options
@click.option("--reason", default="", help=N_("Why: its owner is told."))
def ban(name: str, data: Path | None, database: str | None, reason: str) -> None:
    _set_ban(name, data, database, reason.strip() or _("no reason given"))


@account.command(
    cls=TranslatedCommand,
    name="unban",
    short_help=N_("The operator lifts a ban."),
    help=N_("Lift the ban of the account NAME on the server whose --data or --database is given."),
)
@click.argument("name", metavar=N_("NAME"))
@operator_options
def unban(name: str, data: Path | None, database: str | None) -> None:
    _set_ban(name, data, database, None)


def _set_ban(name: str, data: Path | None, database: str | None, reason: str | None) -> None:
    from mixmo.net.account_store import AccountStore
    from mixmo.net.database import DATABASE_ERRORS, is_postgres, redacted

    if (data is None) == (database is None):
        fail(_("give the server's --data folder or its --database, one of them"))
    if database is not None and not is_postgres(database):
        fail(_("--database: a PostgreSQL address (postgresql://...)"))
    where = redacted(database) if database else str(data)
    try:
        store = AccountStore(data, database or "")
        found = store.ban(name, reason)
        store.close()
    except DATABASE_ERRORS as error:
        fail(_("{folder}: cannot open the accounts ({error})").format(folder=where, error=error))
    if found is None:
        fail(_("no account {name} on this server").format(name=name))
    if reason is None:
        click.echo(_("{name} may play again.").format(name=found.name))
    else:
        click.echo(_("{name} is banned: {reason}").format(name=found.name, reason=reason))
