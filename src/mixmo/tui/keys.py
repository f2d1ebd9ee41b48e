"""The keymap: which key does what, with user overrides from a config file.

Letters, ``?`` and ``!`` always place tiles, so no command may live on them;
the arrows, space, Backspace and Delete edit the grid and are not rebindable.
``keys.toml`` in the user config folder rebinds commands by id::

    [keys]
    mixmo = "f2"
    help = "f1,ctrl+g"

A bad file is reported on screen and the defaults stay: it is never fatal.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

COMMANDS: dict[str, tuple[str, str, str]] = {
    # id: (default keys, footer label, help text)
    "mixmo": ("f5", "MIXMO!", "call MIXMO: your rack is empty and your grid is valid"),
    "stuck": (
        "f6",
        "Stuck",
        "say you are stuck (again: you are not); all stuck = everyone draws 2",
    ),
    "next_player": ("tab", "Next", "make the next player's pane active"),
    "previous_player": ("shift+tab", "Prev", "make the previous player's pane active"),
    "help": ("f1,ctrl+g", "Help", "this screen"),
    "toggle_check": ("f4", "Check", "live word checking on or off (where the game allows it)"),
    "highlight": ("f7", "Find", "then a letter: highlight every tile of that letter"),
    "take_apart": ("f8", "Apart", "take your whole grid apart, back to the rack"),
    "sort_rack": ("f9", "Sort", "sort your rack"),
    "shuffle_rack": ("f10", "Shuffle", "shuffle your rack"),
    "flip": ("ctrl+r", "Flip", "flip the selected block (rows become columns)"),
    "quit": ("ctrl+q,ctrl+c", "Quit", "save and quit (asks first)"),
}

FIXED_KEYS: list[tuple[str, str]] = [
    ("A-Z", "place a tile of that letter from your rack, then step on"),
    ("?  !", "place a joker / the Bandit"),
    ("arrows", "move the cursor"),
    ("space", "type across or down"),
    ("backspace / delete", "send the tile before / under the cursor back to the rack"),
    ("shift+arrows", "select a block of tiles"),
    ("alt+arrows", "move the selected block"),
    ("ctrl+arrows", "shift the whole grid"),
    ("escape", "clear the selection"),
    ("alt+1 ... alt+6", "make that player's pane active"),
    ("mouse", "click a pane to make it active; click a rack tile then a cell; drag a tile"),
]

RESERVED = {"up", "down", "left", "right", "space", "backspace", "delete", "escape", "enter"}


class KeymapError(ValueError):
    """A keys.toml that cannot be used, and why."""


class Keymap(BaseModel):
    """Key strings by command id (comma-separated alternatives)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mixmo: str = COMMANDS["mixmo"][0]
    stuck: str = COMMANDS["stuck"][0]
    next_player: str = COMMANDS["next_player"][0]
    previous_player: str = COMMANDS["previous_player"][0]
    help: str = COMMANDS["help"][0]
    toggle_check: str = COMMANDS["toggle_check"][0]
    highlight: str = COMMANDS["highlight"][0]
    take_apart: str = COMMANDS["take_apart"][0]
    sort_rack: str = COMMANDS["sort_rack"][0]
    shuffle_rack: str = COMMANDS["shuffle_rack"][0]
    flip: str = COMMANDS["flip"][0]
    quit: str = COMMANDS["quit"][0]

    @field_validator("*")
    @classmethod
    def _not_a_tile_key(cls, value: str) -> str:
        keys = [key.strip().lower() for key in value.split(",") if key.strip()]
        if not keys:
            raise ValueError("needs at least one key")
        for key in keys:
            if len(key) == 1 or key in RESERVED or (key.startswith("shift+") and len(key) == 7):
                raise ValueError(f"{key!r} types tiles or edits the grid; choose another key")
        return ",".join(keys)

    @model_validator(mode="after")
    def _no_key_twice(self) -> Keymap:
        seen: dict[str, str] = {}
        for command, value in self.model_dump().items():
            for key in value.split(","):
                if key in seen:
                    raise ValueError(f"{key!r} is bound to both {seen[key]} and {command}")
                seen[key] = command
        return self


def load_keymap(path: Path) -> tuple[Keymap, str | None]:
    """The keymap of ``path`` (defaults when it does not exist), and an error to show, if any."""
    if not path.exists():
        return Keymap(), None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return Keymap.model_validate(data.get("keys", {})), None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return Keymap(), f"{path}: cannot read the key bindings ({error}); using the defaults"
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "keys"
        message = first["msg"].removeprefix("Value error, ")
        return Keymap(), f"{path}: {where}: {message}; using the default keys"
