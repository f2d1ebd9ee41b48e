"""One request to a mixmo server from a command: connect, ask, close; a refusal or a
server that does not answer is one line and exit code 2 (`mixmo rooms`, `top`,
`account create`, `replay`, `web`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from mixmo.cli.common import fail

if TYPE_CHECKING:
    from mixmo.net.client import GameClient

T = TypeVar("T")


async def with_server(
    server: str,
    work: Callable[[GameClient], Awaitable[T]],
    *,
    room: str | None = None,
    where: str | None = None,
) -> T:
    """``work`` done over a new connection to ``server`` (to ``room``, if given), closed
    after; a failure is said at ``where`` (the address the player typed)."""
    from mixmo.cli.join import client_error
    from mixmo.net.client import ClientError, GameClient

    client = GameClient(server, reconnect_for=0)
    try:
        await client.connect(room)
        return await work(client)
    except ClientError as error:
        fail(client_error(server, error, where))
    finally:
        await client.close()
