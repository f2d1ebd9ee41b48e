"""Keys take one route, in the order they are typed.

Textual forwards each key to the focused widget; what that widget does not handle
itself bubbles up through its parents to the bindings. A typed letter and a bound key
(Backspace, Enter, an arrow) would so travel routes of different lengths, and in a
burst of keys (a fast typist, SSH) a letter could overtake the Backspace typed before
it. Here the focused widget owns every key it is given, in its ``on_key``: the grid of
the active pane, or the widget of an open dialog (the box, the lists, the buttons).
Each one hands its key to the app's one route (:class:`KeyTaker`), which plays it in
full before the widget reads the next: on the board, or in the dialog that is on screen
by then (a key typed after a dialog's Enter goes to the board, one typed after F8 to
its question).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from textual import events
from textual.message_pump import MessagePump


@runtime_checkable
class KeyTaker(Protocol):
    """The app's one route for keys (``MixmoApp.take_key``)."""

    async def take_key(self, event: events.Key) -> bool:
        """Play ``event`` now; False when it is none of the game's keys (Textual's then)."""
        ...


async def route_key(node: MessagePump, event: events.Key) -> None:
    """Play a key that reached ``node`` by the app's route; handled, it goes no further."""
    app = node.app
    if isinstance(app, KeyTaker) and await app.take_key(event):
        event.stop()
        event.prevent_default()  # not the widget's own handling too (a box's typing)


class RoutedKeys(MessagePump):
    """A widget (or screen) whose keys take the app's route, before its own handling."""

    async def on_key(self, event: events.Key) -> None:
        await route_key(self, event)
