"""Where each key of the app's one route goes: the open dialog, the board, or a command.

:mod:`mixmo.tui.key_routing` brings every key to ``MixmoApp.take_key`` in the order
typed; :class:`KeyDispatch` plays it there, in full, before the next is read: in the
dialog on screen by then, else on the board (the fixed keys and the tiles typed),
else as a command of the keymap, run as Textual would run its binding. The app's
controller, knowing it only through :class:`KeyDispatchHost` (the app imports it,
never the other way round).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from textual import events

from mixmo.engine.lexicon import fold
from mixmo.tui.keys import FIXED_ACTIONS

if TYPE_CHECKING:
    from textual.screen import Screen

    from mixmo.tui.board_input import BoardInput
    from mixmo.tui.keys import Keymap
    from mixmo.tui.relay import RelayDriver
    from mixmo.tui.round_flow import RoundFlow

ACTIONS = {"quit": "quit_game"}
"""Commands whose action has another name (App already has an ``action_quit``)."""


def tile_symbol(event: events.Key) -> str | None:
    """The tile a key types (``A``-``Z``, ``?``, ``!``), if it types one: an accented
    letter types its plain tile (é, è, ê: E; ç: C), as on a French keyboard's word games."""
    char = event.character
    if not char or len(char) != 1 or "ctrl+" in event.key or "alt+" in event.key:
        return None
    letter = fold(char)
    if len(letter) == 1 and letter.isascii() and letter.isalpha():
        return letter
    return char if char in "?!" else None


class KeyDispatchHost(Protocol):
    """What the keys' dispatch needs from the app (or a test)."""

    seated: bool
    keymap_config: Keymap
    relay_keys: RelayDriver
    board_input: BoardInput
    flow: RoundFlow

    @property
    def screen(self) -> Screen[Any]: ...  # Textual's App.screen
    @property
    def screen_stack(self) -> list[Screen[Any]]: ...  # Textual's App.screen_stack
    @property
    def has_class(self) -> Callable[..., bool]: ...  # Textual's DOMNode.has_class
    @property
    def run_action(self) -> Callable[..., Awaitable[Any]]: ...  # Textual's App.run_action

    def action_quit_game(self) -> None: ...
    def action_help(self) -> None: ...


class KeyDispatch:
    """The app's one route for keys, past the focused widget (``MixmoApp.take_key``)."""

    def __init__(self, host: KeyDispatchHost) -> None:
        self.host = host

    async def take_key(self, event: events.Key) -> bool:
        """Play one key now, in full, before the next is read: in the dialog on screen,
        else on the board, else as a command. False: none of the game's keys (Textual's
        own handling then)."""
        host = self.host
        # Too small a terminal shows neither the board nor a dialog: a key would act unseen
        # (a theme typed blind). Only quitting works until the terminal is enlarged.
        if host.has_class("too-small") and event.key not in self.command_keys.get(
            ACTIONS["quit"], ()
        ):
            return True
        if await self.dialog_key(event):
            return True
        if host.screen is not host.screen_stack[0] or not host.seated:
            return False  # a screen of Textual's own: its keys are its own
        return await self.board_key(event) or await self.command_key(event)

    @property
    def command_keys(self) -> dict[str, tuple[str, ...]]:
        """The keys of each command's action, from the keymap (keys.toml included)."""
        keymap = self.host.keymap_config.bindings()
        return {
            ACTIONS.get(command, command): tuple(key.strip() for key in keys.split(","))
            for command, keys in keymap.items()
        }

    async def command_key(self, event: events.Key) -> bool:
        """Run the command bound to the key, if any, as Textual would run its binding
        (``check_action`` decides whether it may run now)."""
        for action, keys in self.command_keys.items():
            if event.key in keys:
                await self.host.run_action(action)
                return True
        return False

    async def dialog_key(self, event: events.Key) -> bool:
        """Run a key in the open dialog at once, in full; False when no dialog takes it.

        A dialog's keys keep their order as the board's do: Enter answers it before
        the key after it is read, and that key goes to what is on screen next (the
        board, or the next dialog once it is drawn). Over the round's dialogs the
        quit command and help work too (the table may stop at a claim)."""
        host = self.host
        if host.seated:  # (the lobby's dialog comes before any round)
            host.flow.drop_if_passed()
        dialog = host.screen
        if dialog is host.screen_stack[0]:
            return False
        take_key: Callable[[events.Key], Awaitable[bool]] | None = getattr(dialog, "take_key", None)
        if take_key is None:
            return False
        if getattr(dialog, "stops_for_quit", False) and self.stop_key(event.key):
            return True
        return await take_key(event)

    def stop_key(self, key: str) -> bool:
        """Ask the quit question, or show help, if ``key`` is bound to one (over a dialog)."""
        host = self.host
        keys = host.keymap_config
        for bound, run in ((keys.quit, host.action_quit_game), (keys.help, host.action_help)):
            if key in {k.strip() for k in bound.split(",")}:
                run()
                return True
        return False

    async def board_key(self, event: events.Key) -> bool:
        """Run a board key at once; False when it is not one (commands go on to the bindings)."""
        host = self.host
        action = FIXED_ACTIONS.get(event.key)
        if host.relay_keys.holds_keys():  # the hand-over pause: the board's keys go nowhere
            return action is not None or tile_symbol(event) is not None
        if action is not None:
            await host.run_action(action)
            return True
        symbol = tile_symbol(event)
        if symbol is not None:
            host.board_input.type_symbol(symbol)
            return True
        return False
