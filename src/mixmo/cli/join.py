"""`mixmo join`: open or join a room of a mixmo server (docs/network.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

import click

from mixmo.cli.common import fail, first_error
from mixmo.cli.match_options import match_options
from mixmo.cli.options import TranslatedCommand, light_option
from mixmo.cli.standings_text import print_standings
from mixmo.engine.levels import Level
from mixmo.i18n import N_, _, ngettext
from mixmo.i18n.messages import say
from mixmo.i18n.outside import harmless

if TYPE_CHECKING:
    from mixmo.net.client import GameClient
    from mixmo.net.community_messages import QuickMatch
    from mixmo.net.keys import HeldAccount
    from mixmo.net.protocol import RoomSettings, Welcome
    from mixmo.net.remote_table import RemoteTable

LEVELS = tuple(level.value for level in Level)


def split_url(url: str, new: bool, pick: bool = False) -> tuple[str, str | None]:
    """``ws://HOST:PORT[/CODE]`` as the server's address and the room code (if any; with
    ``pick``, none given means the player picks one from the open rooms)."""
    from mixmo.net.wire import normalize_room_code

    not_an_address = _(
        "{url}: not a server address (ws://HOST:PORT or wss://HOST, then /CODE)"
    ).format(url=url)
    try:
        parts = urlsplit(url)  # ValueError: a bracket left open ("ws://[::1")
    except ValueError:
        fail(not_an_address)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        fail(not_an_address)
    try:
        parts.hostname.encode("idna")  # what the connection does: a label empty or over 63
    except UnicodeError:
        fail(not_an_address)
    server = f"{parts.scheme}://{parts.netloc}"
    try:
        port = parts.port  # ValueError: out of range, or not a number
    except ValueError:
        port = 0
    if port == 0:
        fail(_("{server}: the port must be a number from 1 to 65535").format(server=server))
    path = parts.path.strip("/")
    if new:
        if path:
            fail(_("--new opens a new room: give the server's address without a room code"))
        return server, None
    if not path and pick:
        return server, None
    if not path:
        fail(
            _("{url}: which room? add its code (ws://HOST:PORT/CODE), or --new to open one").format(
                url=url
            )
        )
    try:
        return server, normalize_room_code(path)
    except ValueError as error:
        fail(str(error))


def client_error(server: str, error: Exception, where: str | None = None) -> str:
    """One line for a failed request to ``server`` (a ``ClientError``), told at ``where``.

    A server that does not answer is said in the player's words (is it running?), not
    as the socket's errno and the address twice.
    """
    code = getattr(error, "code", None)
    if code == "unreachable":
        return _("no mixmo server answers at {server}: is `mixmo serve` running there?").format(
            server=server
        )
    said = say(error)
    if code == "already-started":
        said += " " + seat_hint(server, where)
    return f"{where or server}: {said}"


def seat_hint(server: str, where: str | None) -> str:
    """Why a started room has no seat for this player, and where a seat's key is: a seat is
    taken back by its token, which only the computer that took it keeps (seats.json)."""
    from mixmo.net.client import SeatTokens

    tokens = SeatTokens()
    room = (where or "").rsplit("/", 1)[-1]
    names = tokens.names(server, room)
    if names:
        return _(
            "(this computer took a seat of this room as {names}: join again with that --name)"
        ).format(names=", ".join(repr(name) for name in names))
    return _(
        "(a seat is taken back only from the computer that took it, with the same --name: "
        "its key is in that computer's {file})"
    ).format(file=tokens.path.name)


@click.command(
    cls=TranslatedCommand,
    name="join",
    short_help=N_("Join a room of a mixmo server (or open one with --new)."),
    help=N_(
        """Open a room (--new) or take a seat in one: ws://HOST:PORT/CODE.

    \b
    With --new the first line printed is `room CODE`: give the code to the
    other players. The match starts when every seat is taken. A seat whose
    connection drops is held: the client reconnects by itself.
    """
    ),
)
@click.argument("url", metavar=N_("ws://HOST:PORT[/CODE]"))
@click.option("--new", is_flag=True, help=N_("Open a new room and print its code first."))
@click.option("--players", type=click.IntRange(2, 6), default=2, show_default=True,
              help=N_("With --new: seats at the table."))  # fmt: skip
@click.option("--quick", is_flag=True,
              help=N_("Wait to be seated with players of close rating who want the same table (--players, --lang, --expert; --bots 1 lets bots fill it)."))  # fmt: skip
@click.option("--rated", is_flag=True,
              help=N_("With --new: the match rates its players (accounts only, never seeded: mixmo top)."))  # fmt: skip
@click.option("--public", is_flag=True,
              help=N_("With --new: list the room among the server's open rooms (`mixmo rooms`)."))  # fmt: skip
@match_options
@click.option("--bots", type=click.IntRange(0, 6), default=0,
              help=N_("With --new: seats the server's own bots take (the last ones)."))  # fmt: skip
@click.option("--level", type=click.Choice(LEVELS), default="normal", show_default=True,
              help=N_("With --new: the server's bots' level."))  # fmt: skip
@click.option("--wait", "wait_seconds", type=click.IntRange(0, 3600), default=45, show_default=True,
              help=N_("With --new: seconds the table waits for a player's theme, claims, votes or scores before choosing for them (0: for ever)."))  # fmt: skip
@click.option("--bot", "bot_level", type=click.Choice(LEVELS), metavar=N_("LEVEL"),
              help=N_("Play this seat with a bot of LEVEL, with no screen; print the standings."))  # fmt: skip
@click.option("--name", help=N_("Your name at the table."))
@click.option("--guest", is_flag=True,
              help=N_("Do not sign in with this computer's account for the server (mixmo account)."))  # fmt: skip
@click.option("--watch", is_flag=True,
              help=N_("Follow a room's match: every grid, read-only (no code: pick a rated match being played)."))  # fmt: skip
@light_option
@click.option("--speed", type=click.FloatRange(0.1, 1000), default=1.0, show_default=True,
              help=N_("With --bot: play FACTOR times faster than the level's pace (tests, demos)."))  # fmt: skip
def join(**params: Any) -> None:
    """`mixmo join`: a seat at a server (its help text is above, translated)."""
    run_join(JoinRequest(**params))


@dataclass(frozen=True, slots=True)
class JoinRequest:
    """What `mixmo join` was asked for: its options as click parsed them."""

    url: str
    new: bool
    players: int
    public: bool
    quick: bool
    rated: bool
    lang: str
    expert: bool
    free_spirit: bool
    rounds: int | None
    points: int | None
    seed: int | None
    bots: int
    level: str
    wait_seconds: int
    bot_level: str | None
    name: str | None
    guest: bool
    watch: bool
    light: bool
    speed: float


def run_join(request: JoinRequest) -> None:
    """A person's seat, a watcher's screen or a bot's seat at the room asked for."""
    import asyncio

    from mixmo.net.wire import clean_name

    pick = request.bot_level is None  # a person picks a room, a watcher a live match
    server, code = split_url(request.url, request.new, pick)
    bot_level = request.bot_level
    if request.watch and (request.new or bot_level is not None):
        fail(_("--watch follows a room's match: leave out --new and --bot"))
    if request.rated and not request.new:
        fail(_("--rated rates a new room: use it with --new"))
    if request.public and not request.new:
        fail(_("--public lists a new room: use it with --new"))
    if request.rounds and request.points:
        fail(_("choose --rounds or --points, not both"))
    if request.quick and (request.new or request.watch or request.bot_level):
        fail(_("--quick finds a table for you: leave out --new, --watch and --bot"))
    if request.quick and code is not None:
        fail(_("--quick finds a room for you: give the server's address without a code"))
    settings: object = new_room_settings(request) if request.new else None
    try:
        default = f"{bot_level.capitalize()} bot" if bot_level else _default_name(server, code)
        seat_name = clean_name(default if request.name is None else request.name)  # "" is blank
    except ValueError as error:
        fail(_("--name: {reason}").format(reason=say(error)))
    if bot_level is None:
        from mixmo.cli.terminal import require_terminal

        require_terminal("mixmo join")
        account = None if request.guest or request.watch else _held_account(server)
        if request.quick:
            settings = _quick_request(request, seat_name)
        try:
            asyncio.run(
                _play_person(
                    server, code, seat_name, settings, request.watch, request.light, account
                )
            )
        except KeyboardInterrupt:  # Ctrl+C while waiting for a quick match
            click.echo(_("Stopped looking for a match."), err=True)
            raise SystemExit(130) from None
        return
    account = None if request.guest else _held_account(server)
    asyncio.run(_play_bot(server, code, seat_name, bot_level, settings, request.speed, account))


def new_room_settings(request: JoinRequest) -> RoomSettings:
    """The settings of the room ``--new`` asks the server for, or one line saying what is
    wrong with them."""
    from mixmo.engine.options import ScoringMode
    from mixmo.net.protocol import RoomSettings

    bots, players = request.bots, request.players
    if bots >= players:
        fail(
            _("--bots {bots} leaves no seat for this client among {players} players").format(
                bots=bots, players=players
            )
        )
    language, variant = _wish(request)
    try:
        return RoomSettings(
            players=players,
            variant=variant,
            scoring=ScoringMode.ROUNDS if request.rounds else ScoringMode.POINTS,
            target=request.rounds or request.points or 0,
            language=language,
            seed=request.seed,
            bots=bots,
            bot_level=request.level,  # type: ignore[arg-type]
            public=request.public,
            wait_seconds=request.wait_seconds,
            rated=request.rated,
        )
    except ValueError as error:
        fail(first_error(error))


def _default_name(server: str, code: str | None) -> str:
    """A seat's name when --name is not given: the name this computer holds the room's one
    seat under (a player whose terminal died comes back with the same command), else a
    friendly word, not the login name (often ``root`` or a user id); the server numbers a
    second one (``Player 2``)."""
    if code is not None:
        from mixmo.net.client import SeatTokens

        held = SeatTokens().names(server, code)
        if len(held) == 1:
            return held[0]
    return _("Player")


def standings_lines(table: RemoteTable) -> list[str]:
    """The match's standings as this seat last saw them: the final ones, or those so far
    (a player who leaves mid-match reads where everyone stood)."""
    from mixmo.engine.state import Phase
    from mixmo.net.botclient import standings_of

    state, options = table.confirmed, table.options
    over = state.round.phase is Phase.MATCH_OVER
    head = (
        _("Final standings:")
        if over
        else _("Standings so far (round {number}):").format(number=state.round.number)
    )
    lines = [head]
    for place, seat in enumerate(standings_of(options, state), start=1):
        points = ngettext("{count} point", "{count} points", state.totals[seat])
        won = ngettext("{count} round won", "{count} rounds won", state.rounds_won[seat])
        lines.append(
            f"{place}. {options.players[seat]}  "
            f"{points.format(count=state.totals[seat])}  {won.format(count=state.rounds_won[seat])}"
        )
    return lines


async def _seek(client: GameClient, request: QuickMatch) -> Welcome:
    """Wait in the quick-match queue, saying so when the connection is lost and when the
    client, having asked again by itself, is back in the queue."""

    def say(online: bool) -> None:
        if client.welcome is None:  # seated, the match's screen has its own way to say so
            click.echo(
                _("Back in the queue: still looking.")
                if online
                else _("Lost the connection to the server: trying again... Ctrl+C stops.")
            )

    client.on_online(say)
    return await client.quick(request)


def _looking_for(request: QuickMatch) -> str:
    """The line printed while a quick match is looked for."""
    from mixmo.engine.variants import VARIANTS
    from mixmo.i18n import WORD_LANGUAGES

    return _(
        "Looking for a table of {players} ({language}, {variant}) with players of your "
        "rating... Ctrl+C stops."
    ).format(
        players=request.players,
        language=_(WORD_LANGUAGES[request.language]),
        variant=_(VARIANTS[request.variant].title),
    )


def _wish(request: JoinRequest) -> tuple[Literal["en", "fr"], str]:
    """The language and variant a new room or a quick match asks for."""
    from mixmo.engine.variants import variant_for

    variant = variant_for(expert=request.expert, free_spirit=request.free_spirit).name
    return ("fr" if request.lang == "fr" else "en"), variant


def _quick_request(request: JoinRequest, name: str) -> QuickMatch:
    from mixmo.net.community_messages import QuickMatch

    language, variant = _wish(request)
    return QuickMatch(
        players=request.players,
        language=language,
        variant=variant,
        bots=request.bots > 0,
        name=name,
    )


def _held_account(server: str) -> HeldAccount | None:
    """This computer's account at ``server`` (`mixmo account create`), to sign in with."""
    from mixmo.net.client import server_key
    from mixmo.net.keys import KeyRing, KeyRingError

    try:
        return KeyRing().get(server_key(server))
    except KeyRingError as error:
        fail(_("cannot read your account keys: {error}").format(error=error))


async def _play_person(
    server: str,
    code: str | None,
    name: str,
    settings: object,
    watch: bool,
    light: bool,
    account: HeldAccount | None = None,
) -> None:
    """A person's seat (or a watcher's screen): one app, the lobby, then the game's screen."""
    from mixmo.net.client import ClientError, GameClient, SeatTokens
    from mixmo.net.community_messages import QuickMatch
    from mixmo.net.protocol import RoomSettings
    from mixmo.net.remote_table import RemoteTable
    from mixmo.tui.app import MixmoApp

    client = GameClient(server, tokens=SeatTokens())
    picker = None
    try:
        await client.connect(room=code, queue=isinstance(settings, QuickMatch))
        if account is not None:  # the seat then takes the account's name
            from mixmo.net.account_client import sign_in

            held = account
            client.prepare = lambda again: sign_in(again, held)  # at another node too
            await client.prepare(client)
        if isinstance(settings, RoomSettings):
            code = await client.create(settings)
            click.echo(f"room {code}")
        if isinstance(settings, QuickMatch):
            click.echo(_looking_for(settings))
            code = (await _seek(client, settings)).room  # seated: the lobby shows the table
        elif code is None:  # a room picked from the open ones (a watcher: the live ones)
            from mixmo.net.room_words import WordedLive, WordedRooms
            from mixmo.tui.rooms_screen import RoomsScreen

            words = WordedLive(client) if watch else WordedRooms(client)
            picker = RoomsScreen(words, server, name)
        elif watch:
            await client.watch(code)
        else:
            await client.join(code, name)
            _print_invite(server, code, client.welcome is not None and client.welcome.web)
    except ClientError as error:
        await client.close()
        fail(client_error(server, error, f"{server}/{code}" if code else None))
    table = RemoteTable(client)
    try:
        app = MixmoApp(  # the room's lobby first, until the match starts
            table,
            light=light,
            lobby=f"{server}/{code}" if code is not None else server,
            picker=picker,
            quit_question=_(
                "Leave the table? Your seat is kept: the same `mixmo join` takes it back."
            )
            if not watch
            else _("Stop watching?"),
        )
        await app.run_async()
    finally:
        table.close()
        await client.close()
    if table.started:
        for line in standings_lines(table):
            click.echo(harmless(line))  # the names are the server's
    if client.failure is not None:
        fail(f"{server}: {say(client.failure)}")
    if app.return_code:  # a crash inside the interface (Textual printed it): never exit 0
        raise SystemExit(app.return_code)
    if table.started:
        print_standings(table.options, table.state)


def _print_invite(server: str, code: str, web: bool) -> None:
    """Both forms of the room's invite, for the player to pass on (the terminal keeps
    them above the screen the client draws, and shows them again when it leaves)."""
    from mixmo.net.invite import Invite

    invite = Invite.of(f"{server}/{code}", web)
    click.echo(_("invite: mixmo join {address}").format(address=invite.terminal))
    if invite.browser is not None:
        click.echo(_("or in a browser: {page}").format(page=invite.browser))


async def _play_bot(
    server: str,
    code: str | None,
    name: str,
    level: str,
    settings: object,
    speed: float,
    account: HeldAccount | None,
) -> None:
    """A bot's seat (signed in as this computer's account for the server, if it holds one)."""
    from mixmo.net.botclient import play_bot_seat
    from mixmo.net.client import ClientError, SeatTokens
    from mixmo.net.protocol import Lobby, RoomSettings

    shown: list[str] = []

    def lobby(message: Lobby) -> None:
        seats = ", ".join(
            (info.name or "(free)") + (" [bot]" if info.bot else "")
            + ("" if info.connected or info.name is None else " (away)")
            for info in message.seats
        )  # fmt: skip
        seeded = (
            " (a seeded deal: whoever knows the seed knows the tiles)" if message.seeded else ""
        )
        line = f"{'match' if message.started else 'lobby'}: {seats}{seeded}"
        if not shown or shown[-1] != line:
            shown.append(line)
            click.echo(harmless(line))  # the names are the server's

    try:
        result = await play_bot_seat(
            server,
            code,
            name,
            Level(level),
            settings=settings if isinstance(settings, RoomSettings) else None,
            speed=speed,
            tokens=SeatTokens(),
            on_room=lambda room: click.echo(f"room {room}") if settings is not None else None,
            on_lobby=lobby,
            account=account,
        )
    except ClientError as error:
        fail(client_error(server, error, f"{server}/{code}" if code else None))
    for line in result.lines():
        click.echo(harmless(line))
