"""The server's long-lived objects, kept out of the garbage collector's full passes.

A match keeps every action, the events of each and every player's grid edits of the
round (its log, the undo history): at 200 rooms a server holds about 280,000 objects
that Python's cyclic collector walks at each full pass, 70-150 ms with the event loop
standing still, every few seconds while the rooms' logs grow. One action in a hundred
waited for one: that was most of the server's p99 (docs/performance.md).

So the survivors of each full pass are frozen (:func:`gc.freeze`), and the next passes
walk only what was made since. A frozen object is still freed as soon as nothing refers
to it; only garbage that refers to itself in a cycle waits among the frozen, until they
are thawed (:func:`gc.unfreeze`) every ``thaw_every`` seconds and the next full pass
takes it, and freezes what is left.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any


class FrozenHeap:
    """Freezes what each full collection leaves, and thaws it now and then (module doc)."""

    def __init__(self, thaw_every: float) -> None:
        self.thaw_every = thaw_every
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thawing: asyncio.TimerHandle | None = None

    def start(self) -> None:
        """From the server's event loop, where the freezing is done (a collection may run
        in any thread: a bot's, the store's)."""
        self._loop = asyncio.get_running_loop()
        gc.callbacks.append(self._collected)
        self._thawing = self._loop.call_later(self.thaw_every, self._thaw)

    def stop(self) -> None:
        """Stop freezing, and thaw: what the server let go of can be collected again."""
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        if self._thawing is not None:
            self._thawing.cancel()
            self._thawing = None
        gc.unfreeze()

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        loop = self._loop
        if (
            phase == "stop"
            and info["generation"] == 2
            and loop is not None
            and not loop.is_closed()
        ):
            loop.call_soon_threadsafe(gc.freeze)

    def _thaw(self) -> None:
        gc.unfreeze()
        assert self._loop is not None
        self._thawing = self._loop.call_later(self.thaw_every, self._thaw)
