"""`mixmo web`: a room's seats for players who only have a browser (docs/network.md)."""

from __future__ import annotations

import click

from mixmo.cli.common import fail
from mixmo.cli.options import TranslatedCommand, listen_options, listen_until_stopped
from mixmo.i18n import N_, _

NEEDS_TEXTUAL_SERVE = N_(
    "mixmo web needs textual-serve: pip install 'mixmo[web]' (or pip install textual-serve)"
)


@click.command(
    cls=TranslatedCommand,
    name="web",
    short_help=N_("Let players join a room from a web browser."),
    help=N_(
        """Serve a room's client to web browsers until interrupted.

    \b
    Each visitor types a name and gets their own `mixmo join` at the
    table: a seat in the same room as the players in terminals. Open the
    room first (`mixmo join ws://HOST:PORT --new`), then give the players
    the address this command prints. Use a reverse proxy for TLS (https):
    docs/network.md.
    """
    ),
)
@click.argument("url", metavar=N_("ws://HOST:PORT/CODE"))
@listen_options(8000, N_("Address to listen on (0.0.0.0 opens the page to the local network)."))
@click.option(
    "--public-url",
    metavar="URL",
    help=N_(
        "The address players open, behind a reverse proxy (https://play.example.org/mixmo/): "
        "its pages may open terminals, besides the address mixmo web listens on."
    ),
)
def web(url: str, host: str, port: int, public_url: str | None) -> None:
    """`mixmo web`: the browser front of a room (its help text is above, translated)."""
    from mixmo.cli.join import split_url

    server, code = split_url(url, new=False)
    assert code is not None
    require_textual_serve()
    import asyncio

    from mixmo.web.front import public_origin

    if public_url is not None:
        try:
            public_origin(public_url)
        except ValueError:
            fail(_("--public-url {url}: not an http:// or https:// address").format(url=public_url))
    asyncio.run(_serve(server, code, host, port, public_url))


def require_textual_serve() -> None:
    """One line and exit 2 when the browser front's libraries are not installed."""
    try:
        import aiohttp  # noqa: F401
        import textual_serve  # noqa: F401
    except ImportError:
        fail(_(NEEDS_TEXTUAL_SERVE))


async def _serve(server: str, code: str, host: str, port: int, public_url: str | None) -> None:
    from aiohttp import web as aioweb

    from mixmo.data.storage import data_dir
    from mixmo.web.front import WebFront

    front = WebFront(server, code, data_dir() / "web", public_url)
    runner = aioweb.AppRunner(front.application(), access_log=None, handle_signals=False)
    await runner.setup()
    try:
        site = aioweb.TCPSite(runner, host, port)
        try:
            await site.start()
        except OSError as error:
            fail(
                _("cannot listen on {host}:{port}: {reason}").format(
                    host=host, port=port, reason=error.strerror or error
                )
            )
        await _check_room(server, code)
        bound = runner.addresses[0][1] if runner.addresses else port
        await listen_until_stopped("http", host, bound, "mixmo web")
    finally:
        await runner.cleanup()


async def _check_room(server: str, code: str) -> None:
    """Exit 2 now if the server cannot be reached or has no such room (a typo in the code)."""
    from mixmo.cli.server_call import with_server

    await with_server(
        server, lambda client: client.watch(code), room=code, where=f"{server}/{code}"
    )
