"""A real headless Chromium for tests, driven over the DevTools protocol (CDP).

Debian's ``chromium`` is started with ``--remote-debugging-port=0``: it picks a
free loopback port and writes it to ``DevToolsActivePort`` in its profile
folder. A few CDP commands over the ``websockets`` package (already a mixmo
dependency) open a page, read what its terminal shows and take a screenshot:
no driver, no downloaded browser build.

textual-serve draws the app with xterm.js on a canvas, so the page's DOM holds
no text. Before any page script runs, :data:`FIND_TERMINALS` hooks the moment
textual.js's terminal client stores its websocket address, which keeps that
client (and its xterm ``terminal``) in ``window.__mixmoTerminals``: the test
then reads the terminal's screen buffer line by line, the text a visitor sees.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import shutil
import subprocess
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

WIDTH, HEIGHT = 1200, 800

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--hide-scrollbars",
    "--no-first-run",
    "--no-default-browser-check",
    "--mute-audio",
    f"--window-size={WIDTH},{HEIGHT}",
    "--remote-debugging-address=127.0.0.1",
    "--remote-debugging-port=0",
)

FIND_TERMINALS = """
Object.defineProperty(Object.prototype, "websocket_url", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "websocket_url",
      {value, writable: true, configurable: true, enumerable: true});
    (window.__mixmoTerminals = window.__mixmoTerminals || []).push(this);
  },
});
"""
"""Keep textual.js's terminal clients reachable (it assigns ``this.websocket_url`` first)."""

SCREEN_TEXT = """
(() => {
  const clients = window.__mixmoTerminals || [];
  if (!clients.length || !clients[0].terminal) return null;
  const terminal = clients[0].terminal, buffer = terminal.buffer.active, lines = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
})()
"""
"""The terminal's visible lines as text (null until textual.js has made its terminal)."""


def chromium_path() -> str | None:
    """Debian's ``chromium`` (or a ``chromium-browser``/``google-chrome``), if installed."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


NAVIGATING = "Inspected target navigated or closed"
"""What DevTools answers a script sent while the tab leaves its page for the next."""


class BrowserError(RuntimeError):
    """The browser did not start, or a DevTools command failed."""


class Page:
    """One tab of the browser, attached through a flat CDP session."""

    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        return await self.browser.send(method, session=self.session, **params)

    async def evaluate(self, expression: str) -> Any:
        answer = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in answer:
            raise BrowserError(f"script failed: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    async def screen_text(self) -> str | None:
        """What the page's terminal shows, line by line (None before it exists, and while
        the tab goes from one page to the next, as after a form's submit)."""
        text = await self.poll(SCREEN_TEXT)
        return text if isinstance(text, str) else None

    async def poll(self, expression: str) -> Any:
        """``expression``'s value, or None while the tab goes from one page to the next."""
        try:
            return await self.evaluate(expression)
        except BrowserError as error:
            if NAVIGATING not in str(error):
                raise
            return None

    async def wait_for_text(self, *wanted: str, timeout: float = 30.0) -> str:
        """The terminal's text once it shows every string of ``wanted``."""
        return await self.wait_until(
            lambda text: all(part in text for part in wanted), repr(wanted), timeout
        )

    async def wait_until(
        self, shows: Callable[[str], object], what: str, timeout: float = 30.0
    ) -> str:
        """The terminal's text once ``shows(text)`` is true (``what`` names it on failure)."""
        text: str | None = None
        try:
            async with asyncio.timeout(timeout):
                while True:
                    text = await self.screen_text()
                    if text is not None and shows(text):
                        return text
                    await asyncio.sleep(0.2)
        except TimeoutError:
            raise AssertionError(
                f"the page never showed {what}; its terminal shows:\n{text}"
            ) from None

    async def wait_for_selector(self, selector: str, timeout: float = 30.0) -> None:
        """Wait until the page has an element matching the CSS ``selector``."""
        async with asyncio.timeout(timeout):
            while not await self.poll(f"!!document.querySelector({selector!r})"):
                await asyncio.sleep(0.2)

    async def wait_for_class(self, name: str, timeout: float = 30.0) -> bool:
        """True once the page's body has class ``name`` (textual.js marks ``-closed``)."""
        async with asyncio.timeout(timeout):
            while not await self.poll(f"document.body.classList.contains({name!r})"):
                await asyncio.sleep(0.2)
        return True

    async def press(self, *keys: str) -> None:
        """Type ``keys`` (single characters) into the page's terminal, as a visitor would."""
        await self.evaluate("window.__mixmoTerminals[0].terminal.focus()")
        for key in keys:
            for kind in ("keyDown", "keyUp"):
                await self.send("Input.dispatchKeyEvent", type=kind, key=key, text=key,
                                unmodifiedText=key)  # fmt: skip

    async def reload(self) -> None:
        """Reload the page, as a visitor pressing F5 (the hook stays installed)."""
        await self.evaluate("window.__mixmoTerminals = []")
        await self.send("Page.reload", ignoreCache=True)

    async def screenshot(self, path: Path) -> bytes:
        """A PNG of the page as a visitor sees it, also written to ``path``."""
        answer = await self.send("Page.captureScreenshot", format="png")
        png = base64.b64decode(answer["data"])
        path.write_bytes(png)
        return png


class Browser:
    """A headless Chromium process and its DevTools connection."""

    def __init__(self, process: subprocess.Popen[bytes], ws: ClientConnection) -> None:
        self.process = process
        self.ws = ws
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for raw in self.ws:
            message = json.loads(raw)
            future = self._waiting.pop(message.get("id", -1), None)
            if future is not None and not future.done():
                future.set_result(message)

    async def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        ident = next(self._ids)
        message: dict[str, Any] = {"id": ident, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ident] = future
        await self.ws.send(json.dumps(message))
        async with asyncio.timeout(30):
            answer = await future
        if "error" in answer:
            raise BrowserError(f"{method}: {answer['error'].get('message')}")
        return answer.get("result", {})  # type: ignore[no-any-return]

    async def open(self, url: str, *, own_cookies: bool = False) -> Page:
        """A new tab that has started loading ``url`` (hooked to find its terminals).

        With ``own_cookies`` the tab lives in a browser context of its own (like a
        private window): another person's browser, sharing no cookie with the others.
        """
        context: dict[str, Any] = {}
        if own_cookies:
            created = await self.send("Target.createBrowserContext")
            context["browserContextId"] = created["browserContextId"]
        target = await self.send("Target.createTarget", url="about:blank", **context)
        attached = await self.send(
            "Target.attachToTarget", targetId=target["targetId"], flatten=True
        )
        page = Page(self, attached["sessionId"])
        await page.send("Page.enable")
        await page.send("Runtime.enable")
        await page.send("Page.addScriptToEvaluateOnNewDocument", source=FIND_TERMINALS)
        await page.send(
            "Emulation.setDeviceMetricsOverride",
            width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=False,
        )  # fmt: skip
        await page.send("Page.navigate", url=url)
        return page

    async def close(self) -> None:
        with suppress(Exception):
            await self.send("Browser.close")
        self._reader.cancel()
        await self.ws.close()
        try:
            await asyncio.to_thread(self.process.wait, 10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@asynccontextmanager
async def headless_chromium(executable: str, log: Path) -> AsyncIterator[Browser]:
    """A headless Chromium on a free loopback DevTools port, closed afterwards."""
    with tempfile.TemporaryDirectory(prefix="mixmo-chromium-") as profile:
        with log.open("ab") as errors:
            process = subprocess.Popen(
                [executable, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "about:blank"],
                stdin=subprocess.DEVNULL, stdout=errors, stderr=errors,
            )  # fmt: skip
        try:
            port_file = Path(profile) / "DevToolsActivePort"
            async with asyncio.timeout(30):
                while not port_file.exists() or len(port_file.read_text().split()) < 2:
                    if process.poll() is not None:
                        raise BrowserError(f"chromium exited ({process.returncode}); see {log}")
                    await asyncio.sleep(0.1)
            port, path = port_file.read_text().split()[:2]
            ws = await connect(f"ws://127.0.0.1:{port}{path}", max_size=64 * 2**20)
            browser = Browser(process, ws)
            try:
                yield browser
            finally:
                await browser.close()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
