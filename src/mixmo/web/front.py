"""The browser front of a room (``mixmo web``): one ``mixmo join`` process per visitor.

A visitor opens the page, types a name, and their browser gets a terminal
(textual-serve's xterm.js page script, ``textual.js``) wired over a websocket
to their own ``mixmo join SERVER/CODE --name NAME`` process, run by
textual-serve's :class:`~textual_serve.app_service.AppService` with Textual's
web driver. The browser and the terminal therefore share one client: whatever
``mixmo join`` shows in a terminal, the browser shows.

What this module adds around textual-serve, and why:

* **A name form** (``/``): the visitor chooses the name the table sees
  (``/play?name=Ann`` skips it, for links). The game server makes names
  unique in a room ("Ann 2").
* **A seat per browser, kept across reloads.** A random cookie identifies the
  browser; each one gets its own data folder (``DATA/web/<hash of the cookie>``,
  given to the child as ``MIXMO_DATA_DIR``), where ``mixmo join`` keeps its
  seat's secret token. A reload (or a dropped connection) takes the same seat
  back; two visitors who type the same name never share a seat, which a shared
  token file keyed by name would do. A folder left empty is removed when its
  visitor leaves; a visitor without the cookie gets a temporary one.
* **Relative addresses everywhere** (page, script, websocket): the page works
  behind a reverse proxy, under a path prefix, over https/wss. Only the origin
  checks of the terminal's websocket need the public address (``--public-url``):
  the ``Host`` header is never trusted (DNS rebinding).
* **No third-party requests**: the font is textual-serve's bundled Roboto Mono,
  not Google Fonts.
* **A failure the visitor can read**: when ``mixmo join`` stops before drawing
  anything (a full room, a match already started), its one-line error is
  written into the visitor's terminal instead of a blank page.
* **Limits**: at most :data:`MAX_VISITORS` processes at once, browser frames of
  at most 64 KiB, terminal sizes clamped.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import ipaddress
import json
import os
import secrets
import shlex
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from mixmo.i18n import _, ui_language
from mixmo.net.health import HEALTH_PATH, health_body
from mixmo.net.wire import MAX_NAME, clean_name, normalize_room_code
from mixmo.web import seat_claims
from mixmo.web.pages import FORM_PAGE, TERMINAL_PAGE
from mixmo.web.visitor_process import ProcessRecord

STATIC = Path(textual_serve.__file__).parent / "static"
"""textual-serve's page script (xterm.js and its Textual bridge), its CSS and fonts."""

MAX_VISITORS = 16
"""Processes at once: a room has at most 6 seats; the rest is for reloads and watchers."""

MAX_FRAME = 64 * 1024
COOKIE = "mixmo_visitor"
"""The browser's secret identity: it names the data folder holding its seats' tokens."""
NAME_COOKIE = "mixmo_name"
"""The name this browser last played under, to fill in the form."""
HEADERS = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": "frame-ancestors 'none'",  # no page of another site frames it
    "Referrer-Policy": "no-referrer",
}
STOP_GRACE = 5.0
"""Seconds a visitor's process has to quit once its browser has gone, before it is killed."""


def public_origin(url: str) -> str:
    """The origin (``scheme://host[:port]``) of a public address such as
    ``https://play.example.org/mixmo/``, as a browser's ``Origin`` header writes it;
    ValueError if ``url`` is not an http(s) address."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url}: not an http:// or https:// address")
    port = parts.port  # ValueError when it is not a port
    default = 443 if parts.scheme == "https" else 80
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}" + ("" if port in (None, default) else f":{port}")


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``host`` as an IP address (an IPv4 address mapped into IPv6 as itself), or None."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def visitor_folder(root: Path, visitor: str) -> Path:
    """The private data folder of the browser holding cookie ``visitor``.

    The folder is named after a hash of the cookie, so a directory listing
    does not give away the cookies (which take the seats back)."""
    return root / hashlib.sha256(visitor.encode()).hexdigest()[:32]


def visitor_command(
    command: str, environment: dict[str, str], errors: Path | None, record: Path | None = None
) -> str:
    """``command`` run by the shell with ``environment`` added and its standard error
    written to ``errors``: what textual-serve runs for one visitor. With ``record``, the
    command runs under :mod:`mixmo.web.visitor_process`, which leaves its process id and
    its exit code in that folder."""
    if os.name != "posix":  # (cmd.exe: the variables only; mixmo web is tested on POSIX)
        return "".join(f"set {key}={value}&& " for key, value in environment.items()) + command
    lines = [f"export {key}={shlex.quote(value)}" for key, value in environment.items()]
    if errors is not None:
        lines.append(f"exec 2>{shlex.quote(str(errors))}")
    if record is not None:
        wrapper = [sys.executable, "-m", "mixmo.web.visitor_process", str(record), "--"]
        command = "exec " + shlex.join([*wrapper, "/bin/sh", "-c", command])
    return "; ".join([*lines, command])


class VisitorApp(AppService):
    """One visitor's ``mixmo join`` process, with its own environment.

    textual-serve's :class:`AppService` starts the process, writes the browser's
    keys and sizes to it and reads its one Textual app's screen (``mixmo join``
    runs one app: the lobby, then the match). What this subclass adds goes
    through the command it is given and AppService's public hooks:

    * the visitor's environment (their data folder) and where the process's
      standard error goes (:func:`visitor_command`), so that a process that
      stops at once can tell the visitor why (:attr:`errors`);
    * whether it ever drew anything (:meth:`on_data`);
    * an app's ``exit`` does not close the browser (:meth:`on_meta`): the page
      stays until the process itself has ended (:attr:`ended`), so that an error
      line written after the app (a server gone for good) reaches it;
    * how the process ended, and a kill when it does not quit (:meth:`end`):
      AppService keeps the process it starts to itself, so the command runs under
      :mod:`mixmo.web.visitor_process`, which records both in ``record``.
    """

    def __init__(
        self,
        command: str,
        environment: dict[str, str],
        *,
        errors: Path | None = None,
        record: Path | None = None,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[None]],
        download_manager: DownloadManager,
    ) -> None:
        super().__init__(
            visitor_command(command, environment, errors, record),
            write_bytes=write_bytes,
            write_str=write_str,
            close=close,
            download_manager=download_manager,
        )
        self.environment = environment
        self.errors_file = errors
        """Where the process's standard error goes (None: textual-serve's own way)."""
        self.record = ProcessRecord(record) if record is not None else None
        """Where the process leaves its id and exit code (None: it runs unwatched)."""
        self.drew = False
        self.ended = asyncio.Event()
        self._stopping: asyncio.Future[None] | None = None

    @property
    def errors(self) -> bytes:
        """The end of what the process wrote on standard error."""
        if self.errors_file is None:
            return b""
        try:
            with self.errors_file.open("rb") as file:
                file.seek(max(0, self.errors_file.stat().st_size - 4096))
                return file.read()
        except OSError:
            return b""

    async def stop(self) -> None:
        """Ask the process to quit and wait for it, once however many ask at once.

        The browser closing its socket and ``mixmo web`` shutting down may both stop
        a visitor at the same moment; textual-serve's own ``stop`` then awaits a task
        the other call has just set to None (a TypeError at shutdown)."""
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(super().stop())
        await asyncio.shield(self._stopping)

    async def run(self) -> None:
        """textual-serve's relay of the process's screen, until the process ends."""
        try:
            await super().run()
        finally:
            self.ended.set()

    async def on_data(self, payload: bytes) -> None:
        self.drew = True
        await super().on_data(payload)

    async def on_meta(self, data: bytes) -> None:
        """The app's requests (a link to open, a file), but its ``exit``: not the end yet."""
        with contextlib.suppress(ValueError):
            meta = json.loads(data)
            if isinstance(meta, dict) and meta.get("type") == "exit":
                return
        await super().on_meta(data)

    async def exit_code(self) -> int | None:
        """The process's exit code once it has ended (None if it has not within a moment)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ended.wait(), STOP_GRACE)
        return self.record.exit_code() if self.record is not None else None

    async def end(self) -> None:
        """Ask the process to quit, and kill it if it has not within :data:`STOP_GRACE`."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stop(), STOP_GRACE)
        if self.record is not None and self.record.kill():
            with contextlib.suppress(TimeoutError):  # its output closes as it dies
                await asyncio.wait_for(self.ended.wait(), STOP_GRACE)


class WebFront:
    """The web application: the name form, the terminal page and one process per visitor.

    With a ``room`` (``mixmo web``), that room's pages are at the root. Without one
    (``mixmo serve --web``), every room of ``server`` has its pages under ``/CODE/``, and
    ``game`` answers the game's own WebSocket connections at ``/`` and ``/CODE`` (the
    terminal clients'), so that one address serves both."""

    def __init__(
        self,
        server: str,
        room: str | None,
        data: Path,
        public_url: str | None = None,
        *,
        shown_server: str | None = None,
        game: Callable[[web.Request], Awaitable[web.StreamResponse]] | None = None,
    ) -> None:
        self.server = server
        self.room = room
        self.shown_server = shown_server or server
        """The server's address as the players know it (the form shows it)."""
        self.game = game
        self.data = data
        self.public_origins = frozenset({public_origin(public_url)} if public_url else ())
        """The origin of the address players are given (behind a proxy), trusted."""
        self.visitors: set[VisitorApp] = set()
        self.busy: set[Path] = set()
        """The data folders a visitor's process is using now (their seats are not handed over)."""
        self.downloads = DownloadManager()

    def command_for(self, name: str | None, room: str | None = None) -> str:
        """The shell command textual-serve runs for a visitor called ``name``
        (None: a visitor who watches every grid, with no seat) in ``room`` (this
        front's one room when None).

        ``exec``: the shell becomes ``mixmo join``, so ending the visitor's process
        (a kill after :data:`STOP_GRACE`) ends the client itself, not just a shell.
        """
        argv = [sys.executable, "-m", "mixmo", "--ui", ui_language(), "join",
                f"{self.server}/{room or self.room}"]  # fmt: skip
        argv += ["--watch"] if name is None else ["--name", name]
        return ("exec " if os.name == "posix" else "") + shlex.join(argv)

    def application(self) -> web.Application:
        app = web.Application(client_max_size=MAX_FRAME)
        room = "" if self.room is not None else "/{code}"
        pages = [
            web.get(room + "/", self.form),
            web.get(room + "/play", self.play),
            web.get(room + "/ws/{name}", self.terminal),
            web.get(room + "/watch", self.watch),
            web.get(room + "/watch-ws", self.terminal),
            web.get(room + "/seen", self.seen),
        ]
        if self.room is None:  # the health check first: "/healthz" is no room's code
            pages += [
                web.get(HEALTH_PATH, self.health),
                web.get("/", self.server_root),
                web.get("/{code}", self.room_root),
            ]
        app.add_routes([*pages, web.static("/static", STATIC)])
        app.on_shutdown.append(self._close_visitors)
        return app

    def room_of(self, request: web.Request) -> str:
        """The room a request is about: this front's one room, or the code in its path."""
        if self.room is not None:
            return self.room
        try:
            return normalize_room_code(request.match_info["code"])
        except ValueError as error:
            raise web.HTTPNotFound(text=str(error)) from None

    async def server_root(self, request: web.Request) -> web.StreamResponse:
        """The game's connections without a room (``--new``); a page that says where rooms are."""
        if self.game is not None and _is_websocket(request):
            return await self.game(request)
        text = _("A mixmo server: a room's page is at /CODE (its six letters).")
        return web.Response(text=text, headers=HEADERS)

    async def health(self, request: web.Request) -> web.Response:
        """``GET /healthz`` at ``serve --web``'s public address, as the game server answers it."""
        return web.Response(text=health_body(), content_type="application/json")

    async def room_root(self, request: web.Request) -> web.StreamResponse:
        """``/CODE``: the game's connection for that room, or, from a browser, its form."""
        if self.game is not None and _is_websocket(request):
            return await self.game(request)
        raise web.HTTPFound(self.room_of(request) + "/")  # relative: behind a proxy too

    # --- pages ---------------------------------------------------------------------------

    async def form(self, request: web.Request) -> web.Response:
        """The name form (the last name this browser used, filled in)."""
        name = unquote(request.cookies.get(NAME_COOKIE, ""))
        return self._form(self.room_of(request), name, error=None)

    def _form(self, room: str, name: str, error: str | None, status: int = 200) -> web.Response:
        body = FORM_PAGE.format(
            lang=ui_language(),
            static=self._static,
            title=html.escape(_("Mixmo: room {room}").format(room=room)),
            heading=html.escape(_("Room {room}").format(room=room)),
            server=html.escape(_("on {server}").format(server=self.shown_server)),
            label=html.escape(_("Your name at the table")),
            name=html.escape(name, quote=True),
            max=MAX_NAME,
            button=html.escape(_("Take a seat")),
            watch=html.escape(_("Watch")),
            error=f'<p class="error">{html.escape(error)}</p>' if error else "",
        )
        return web.Response(text=body, content_type="text/html", status=status, headers=HEADERS)

    async def play(self, request: web.Request) -> web.Response:
        """The terminal page for the name asked (back to the form if it is not a name)."""
        room = self.room_of(request)
        try:
            name = clean_name(request.query.get("name", ""))
        except ValueError as error:
            return self._form(room, request.query.get("name", ""), str(error), status=400)
        title = _("Mixmo: {name} in room {room}").format(name=name, room=room)
        response = self._terminal_page(room, title, "ws/" + quote(name, safe=""))
        # Over https (here, or at a TLS proxy that says so), the cookies never travel
        # in clear text.
        secure = request.secure or request.headers.get("X-Forwarded-Proto") == "https"
        if COOKIE not in request.cookies:
            response.set_cookie(COOKIE, secrets.token_urlsafe(24), httponly=True,
                                samesite="Strict", max_age=30 * 24 * 3600,
                                secure=secure)  # fmt: skip
        response.set_cookie(NAME_COOKIE, quote(name, safe=""), samesite="Strict",
                            max_age=30 * 24 * 3600, secure=secure)  # fmt: skip
        return response

    async def watch(self, request: web.Request) -> web.Response:
        """The terminal page of a watcher: every grid, read-only, no seat taken."""
        room = self.room_of(request)
        title = _("Mixmo: watching room {room}").format(room=room)
        return self._terminal_page(room, title, "watch-ws")

    @property
    def _static(self) -> str:
        """textual-serve's files, relative to a page: beside it, or above a room's folder."""
        return "static/" if self.room is not None else "../static/"

    def _terminal_page(self, room: str, title: str, socket: str) -> web.Response:
        body = TERMINAL_PAGE.format(
            lang=ui_language(),
            static=self._static,
            title=html.escape(title),
            socket=json.dumps(socket),
            connecting=html.escape(_("Connecting to room {room}…").format(room=room)),
            seen_after=int(seat_claims.SEEN_AFTER * 1000),
            ended=html.escape(_("The session has ended.")),
            again=html.escape(_("Play again")),
            change=html.escape(_("Change name")),
        )
        return web.Response(text=body, content_type="text/html", headers=HEADERS)

    # --- a visitor's terminal ------------------------------------------------------------

    async def terminal(self, request: web.Request) -> web.StreamResponse:
        """The websocket of a visitor's terminal: start their process, relay both ways."""
        self.room_of(request)  # a room code, or nothing starts
        name: str | None = None  # a watcher's
        if "name" in request.match_info:
            try:
                name = clean_name(request.match_info["name"])
            except ValueError as error:
                raise web.HTTPBadRequest(text=str(error)) from None
        origin = request.headers.get("Origin")
        if origin is not None and not self.trusts_origin(origin, request):
            # Another site's page opening a terminal here through its visitor's browser
            # (which can reach a loopback-only front): only this front's own page may.
            raise web.HTTPForbidden(text=_("this page's terminal opens from its own site only"))
        if len(self.visitors) >= MAX_VISITORS:
            raise web.HTTPServiceUnavailable(text=_("too many visitors at once: try again later"))
        cookie = request.cookies.get(COOKIE)
        with self._visitor_folder(cookie) as folder:
            if cookie is not None and name is not None:
                seat_claims.confirm(folder)
                room = self.room_of(request)
                seat_claims.reoffer(self.data, folder, self.server, room, name, self.busy)
            self.busy.add(folder)
            try:
                return await self._run_visitor(request, name, folder)
            finally:
                self.busy.discard(folder)

    async def seen(self, request: web.Request) -> web.Response:
        """The terminal page, a while after it opened, shows its cookie again: its seats
        are confirmed (:mod:`mixmo.web.seat_claims`)."""
        cookie = request.cookies.get(COOKIE)
        if cookie is not None and visitor_folder(self.data, cookie).is_dir():
            seat_claims.confirm(visitor_folder(self.data, cookie))
        return web.Response(status=204, headers=HEADERS)

    def trusts_origin(self, origin: str, request: web.Request) -> bool:
        """Whether a page of ``origin`` may open a terminal here.

        Never judged by the request's ``Host`` header: a page of another site whose
        name it has pointed at this machine (DNS rebinding) sends a ``Host`` and an
        ``Origin`` that agree. Trusted: the configured public origin, and the address
        the connection actually arrived on, as an IP address (``localhost`` too when
        that address is loopback), which no other site's page can have."""
        if origin in self.public_origins:
            return True
        try:
            parts = urlsplit(origin)
            port = parts.port or 80
        except ValueError:
            return False
        local = request.transport.get_extra_info("sockname") if request.transport else None
        if parts.scheme != "http" or not parts.hostname or not local or port != local[1]:
            return False
        arrived = _address(str(local[0]))
        if arrived is None:
            return False
        if parts.hostname == "localhost":
            return arrived.is_loopback
        return _address(parts.hostname) == arrived

    @contextlib.contextmanager
    def _visitor_folder(self, visitor: str | None) -> Iterator[Path]:
        """The data folder of a visitor's ``mixmo join``, for as long as it runs.

        A browser with the cookie has its own, kept while it holds something (the
        seat's token); an empty one is removed when the visitor leaves. A visitor
        without the cookie (a watcher, a script) gets a folder of its own that is
        removed when it leaves: nobody can fill the disk with folders by opening
        sockets."""
        if visitor is None:
            self.data.mkdir(parents=True, exist_ok=True, mode=0o700)
            with tempfile.TemporaryDirectory(prefix="visit-", dir=self.data) as temporary:
                yield Path(temporary)
            return
        kept = visitor_folder(self.data, visitor)
        kept.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            yield kept
        finally:
            with contextlib.suppress(OSError):  # not empty: its seat is kept
                kept.rmdir()

    async def _run_visitor(
        self, request: web.Request, name: str | None, folder: Path
    ) -> web.StreamResponse:
        """Start a visitor's process with ``folder`` as its data folder; relay until it ends."""
        socket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_FRAME)
        await socket.prepare(request)
        with tempfile.TemporaryDirectory(prefix="mixmo-visitor-") as process:  # not its data
            return await self._relay_visitor(socket, request, name, folder, Path(process))

    async def _relay_visitor(
        self,
        socket: web.WebSocketResponse,
        request: web.Request,
        name: str | None,
        folder: Path,
        process: Path,
    ) -> web.StreamResponse:
        app = VisitorApp(
            self.command_for(name) if self.room else self.command_for(name, self.room_of(request)),
            {"MIXMO_DATA_DIR": str(folder)},
            errors=process / "stderr.txt",
            record=process,
            write_bytes=socket.send_bytes,
            write_str=socket.send_str,
            close=lambda: _close(socket),
            download_manager=self.downloads,
        )
        self.visitors.add(app)
        try:
            await app.start(_size(request, "width", 80), _size(request, "height", 24))
            relay = asyncio.create_task(_relay(socket, app))
            ended = asyncio.create_task(app.ended.wait())
            try:
                await asyncio.wait({relay, ended}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                relay.cancel()
                ended.cancel()
                await asyncio.gather(relay, ended, return_exceptions=True)
            if app.ended.is_set() and not socket.closed:
                code = await app.exit_code()
                if not app.drew or code not in (0, None):
                    await _show_failure(socket, app)
        finally:
            await app.end()
            self.visitors.discard(app)
            if not socket.closed:
                await socket.close()
        return socket

    async def _close_visitors(self, _app: web.Application) -> None:
        await asyncio.gather(*(app.end() for app in list(self.visitors)))


def _is_websocket(request: web.Request) -> bool:
    """Whether the request asks for a WebSocket (a terminal client), not a page."""
    return request.headers.get("Upgrade", "").lower() == "websocket"


def _size(request: web.Request, key: str, default: int) -> int:
    """A terminal dimension from the page, clamped to something a screen can be."""
    try:
        value = int(request.query.get(key, default))
    except ValueError:
        value = default
    return max(10, min(value, 500))


async def _relay(socket: web.WebSocketResponse, app: VisitorApp) -> None:
    """Keys, resizes and focus from the browser to the visitor's process (textual.js's messages)."""
    async for message in socket:
        if message.type != WSMsgType.TEXT:
            continue
        try:
            kind, data = json.loads(message.data)
        except (ValueError, TypeError):
            continue
        if kind == "stdin" and isinstance(data, str):
            await app.send_bytes(data.encode("utf-8"))
        elif kind == "resize" and isinstance(data, dict):
            width, height = data.get("width"), data.get("height")
            if isinstance(width, int) and isinstance(height, int):
                await app.set_terminal_size(max(10, min(width, 500)), max(10, min(height, 500)))
        elif kind == "ping":
            await socket.send_json(["pong", data])
        elif kind == "blur":
            await app.blur()
        elif kind == "focus":
            await app.focus()


async def _close(socket: web.WebSocketResponse) -> None:
    await socket.close()


async def _show_failure(socket: web.WebSocketResponse, app: VisitorApp) -> None:
    """Write why the process stopped (its last error line) into the visitor's terminal,
    on a cleared screen if an app had drawn there."""
    lines = bytes(app.errors).decode("utf-8", "replace").strip().splitlines()
    reason = lines[-1] if lines else _("mixmo join stopped without a word")
    clear = "\x1b[?1049l\x1b[2J\x1b[H" if app.drew else ""
    text = clear + "\r\n  " + reason.replace("\r", "") + "\r\n"
    with contextlib.suppress(ConnectionError, RuntimeError):
        await socket.send_bytes(text.encode("utf-8"))
