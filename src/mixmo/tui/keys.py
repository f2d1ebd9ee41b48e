"""The keymap: which key does what, with user overrides from a config file.

Letters, ``?`` and ``!`` always place tiles, and the board's other keys (arrows,
space, Backspace, Delete, the digits...) are fixed: no command may live on
them. ``keys.toml`` in the user config folder rebinds commands by id::

    [keys]
    mixmo = "f2"
    help = "f1,ctrl+g"

A bad binding is reported on screen, naming its line, and that command keeps
its default; the other bindings of the file still apply. A file that cannot be
read at all (not TOML, too large, nested too deep) leaves every default: a bad
keymap is never fatal.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from mixmo.i18n import N_, _

COMMANDS: dict[str, tuple[str, str, str]] = {
    # id: (default keys, footer label, help text)
    "mixmo": ("f5", N_("MIXMO!"), N_("call MIXMO: your rack is empty and your grid is valid")),
    "stuck": (
        "f6",
        N_("Stuck"),
        N_("say you are stuck (again: you are not); all stuck = everyone draws 2"),
    ),
    "next_player": ("tab", N_("Next"), N_("make the next player's pane active")),
    "previous_player": ("shift+tab", N_("Prev"), N_("make the previous player's pane active")),
    "help": ("f1,ctrl+g", N_("Help"), N_("this screen")),
    "hint": (
        "f3",
        N_("Hint"),
        N_("a hint from the solver (press twice): it costs 30 s, none if it finds nothing"),
    ),
    "toggle_check": (
        "f4",
        N_("Check"),
        N_("live word checking on or off (where the game allows it)"),
    ),
    "highlight": ("f7", N_("Find"), N_("then a letter: highlight every tile of that letter")),
    "take_apart": (
        "f8",
        N_("Apart"),
        N_("take your whole grid apart, back to the rack (asks first)"),
    ),
    "sort_rack": ("f9", N_("Sort"), N_("sort your rack")),
    "shuffle_rack": ("f10", N_("Shuffle"), N_("shuffle your rack")),
    "undo": ("ctrl+z", N_("Undo"), N_("undo your last grid edit (never a draw or a lock)")),
    "redo": ("ctrl+y", N_("Redo"), N_("redo the grid edit you undid")),
    "flip": ("ctrl+r", N_("Flip"), N_("flip the selected block (rows become columns)")),
    "scores": ("f12", N_("Scores"), N_("the last round's scores again")),
    "react": (
        "ctrl+o",
        N_("React"),
        N_("at a server: say a quick word to the others (well played, one moment...)"),
    ),
    "zoom": (
        "ctrl+l",
        N_("Zoom"),
        N_("show a pane full size (again: the next one; escape: back)"),
    ),
    "host": (
        "ctrl+p",
        N_("Table"),
        N_("the room's host: pause the match, free an away seat or give it to a bot"),
    ),
    "quit": ("ctrl+q,ctrl+c", N_("Quit"), N_("save and quit (asks first)")),
}

ARROWS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
PANE_KEYS = 6
"""Digits 1-6 (and alt+1-6 where the terminal sends them) make that pane active."""


def _fixed_actions() -> dict[str, str]:
    """The board's fixed keys and the app action each one runs."""
    fixed: dict[str, str] = {}
    for key, (drow, dcol) in ARROWS.items():
        fixed[key] = f"move_cursor({drow}, {dcol})"
        fixed[f"shift+{key}"] = f"select({drow}, {dcol})"
        fixed[f"alt+{key}"] = f"move_selection({drow}, {dcol})"
        fixed[f"ctrl+{key}"] = f"shift_grid({drow}, {dcol})"
    for n in range(1, PANE_KEYS + 1):
        fixed[str(n)] = f"switch({n - 1})"
        fixed[f"alt+{n}"] = f"switch({n - 1})"
    fixed |= {
        "space": "toggle_direction",
        "backspace": "erase(True)",
        "delete": "erase(False)",
        "escape": "clear_selection",
    }
    return fixed


FIXED_ACTIONS = _fixed_actions()
"""Fixed key -> action. The app runs these itself, in the order the keys arrive."""

FIXED_KEYS: list[tuple[str, str]] = [
    ("A-Z", N_("place a tile of that letter from your rack, then step on")),
    ("?  !", N_("place a joker / the Bandit")),
    (N_("arrows"), N_("move the cursor")),
    (N_("space"), N_("type across or down")),
    (N_("backspace / delete"), N_("send the tile before / under the cursor back to the rack")),
    (N_("shift+arrows"), N_("select a block of tiles")),
    (N_("alt+arrows"), N_("move the selected block")),
    (N_("ctrl+arrows"), N_("shift the whole grid")),
    (N_("escape"), N_("clear the selection")),
    (N_("mouse"), N_("click a rack tile then a cell; drag a tile")),
]

HOT_SEAT_KEYS: list[tuple[str, str]] = [
    ("1 ... 6", N_("make that player's pane active (also alt+1 ... alt+6)")),
    (N_("click a pane"), N_("make that player's pane active")),
]
"""The keys of a table at one keyboard: a seat at a server has one pane to play."""
HOT_SEAT_COMMANDS = frozenset({"next_player", "previous_player"})
"""The commands that give the keyboard to another pane (one keyboard for the table)."""
WATCHER_HIDDEN = frozenset(
    {"mixmo", "stuck", "hint", "take_apart", "undo", "redo", "flip", "sort_rack", "shuffle_rack"}
)
"""The commands that play a seat: a watcher's key bar and help leave them out."""

MAX_FILE_BYTES = 64 * 1024
"""A keys.toml larger than this is not a keymap (and is not parsed)."""

_TERMINAL_ALIASES = {
    "ctrl+m": "Enter",
    "ctrl+i": "Tab",
    "ctrl+h": "Backspace",
    "ctrl+j": "Enter",
    "ctrl+[": "Escape",
}
"""Ctrl keys a terminal cannot tell apart from another key."""

_NAMED = {"tab", "shift+tab", "home", "end", "pageup", "pagedown", "insert"}
_FUNCTION = {f"f{n}" for n in range(1, 25)}


def real_key(key: str) -> bool:
    """Whether a terminal can send ``key`` as a key of its own (as Textual names it)."""
    if key in _NAMED or key in _FUNCTION:
        return True
    modifier, _, base = key.rpartition("+")
    if modifier in ("ctrl", "alt") and len(base) == 1 and base in string.ascii_lowercase:
        return key not in _TERMINAL_ALIASES
    if modifier in ("ctrl", "shift", "alt", "ctrl+shift") and base in _FUNCTION:
        return True
    return modifier in ("ctrl", "shift", "alt") and base in ("home", "end", "pageup", "pagedown")


def key_problem(key: str) -> str | None:
    """Why ``key`` cannot carry a command, or None if it can."""
    if len(key) == 1 and (key.isalpha() or key in "?!"):
        return _("{key!r} types tiles").format(key=key)
    if key in FIXED_ACTIONS or key in ("enter", "shift+space"):
        return _("{key!r} is a fixed key of the board").format(key=key)
    if key in _TERMINAL_ALIASES:
        return _("{key!r} reaches the game as {other}").format(
            key=key, other=_TERMINAL_ALIASES[key]
        )
    if not real_key(key):
        return _("{key!r} is not a key (try names like f2, ctrl+e, alt+k, home)").format(key=key)
    return None


@dataclass(frozen=True, slots=True)
class Keymap:
    """Key strings by command id (comma-separated alternatives).

    Built only from bindings :func:`parse_keymap` checked, so a plain frozen
    dataclass: an unknown command is a ``TypeError``, as any unknown argument.
    """

    mixmo: str = COMMANDS["mixmo"][0]
    stuck: str = COMMANDS["stuck"][0]
    next_player: str = COMMANDS["next_player"][0]
    previous_player: str = COMMANDS["previous_player"][0]
    help: str = COMMANDS["help"][0]
    hint: str = COMMANDS["hint"][0]
    toggle_check: str = COMMANDS["toggle_check"][0]
    highlight: str = COMMANDS["highlight"][0]
    take_apart: str = COMMANDS["take_apart"][0]
    sort_rack: str = COMMANDS["sort_rack"][0]
    shuffle_rack: str = COMMANDS["shuffle_rack"][0]
    undo: str = COMMANDS["undo"][0]
    redo: str = COMMANDS["redo"][0]
    flip: str = COMMANDS["flip"][0]
    scores: str = COMMANDS["scores"][0]
    react: str = COMMANDS["react"][0]
    zoom: str = COMMANDS["zoom"][0]
    host: str = COMMANDS["host"][0]
    quit: str = COMMANDS["quit"][0]

    def bindings(self) -> dict[str, str]:
        """Command id -> its keys (what ``App.set_keymap`` takes)."""
        return asdict(self)


def _lines(text: str) -> dict[str, int]:
    """The line of each ``name = ...`` of the file, for messages."""
    found: dict[str, int] = {}
    pattern = re.compile(r"""^\s*["']?([A-Za-z_][\w-]*)["']?\s*=""")
    for number, line in enumerate(text.splitlines(), start=1):
        match = pattern.match(line)
        if match:
            found.setdefault(match.group(1), number)
    return found


def parse_keymap(text: str, where: str = "keys.toml") -> tuple[Keymap, list[str]]:
    """The keymap a keys.toml text asks for, and one message per binding refused."""
    keys, refusal = _keys_table(text, where)
    if keys is None:
        return Keymap(), [refusal]
    lines = _lines(text)
    problems: list[tuple[int, str]] = []  # (line, message), told in line order

    def tell(line: int, message: str) -> None:
        problems.append((line, message))

    chosen = _chosen_keys(keys, lines, where, tell)
    final = _without_clashes(chosen, lines, where, tell)
    return Keymap(**final), [message for _line, message in sorted(problems, key=lambda p: p[0])]


def _keys_table(text: str, where: str) -> tuple[dict[str, Any] | None, str]:
    """The file's ``[keys]`` table, or None and the one line that says why there is none."""
    if len(text.encode("utf-8", "replace")) > MAX_FILE_BYTES:
        message = _("{where}: too large for a key bindings file; using the default keys")
        return None, message.format(where=where)
    import tomllib  # only when there is a keys.toml: most players have none

    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, MemoryError, ValueError) as error:
        reason = _("nested too deeply") if isinstance(error, RecursionError) else str(error)
        # tomllib says "... (at line 3, column 10)": that place goes first, file:line:col
        place = re.search(r" \(at line (\d+), column (\d+)\)$", reason)
        if place:
            where = f"{where}:{place[1]}:{place[2]}"
            reason = reason[: place.start()]
        message = _("{where}: cannot read the key bindings ({reason}); using the defaults")
        return None, message.format(where=where, reason=reason)
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        message = _('{where}: [keys] must be a table of command = "key"; using defaults')
        return None, message.format(where=where)
    return keys, ""


def _chosen_keys(
    keys: dict[str, Any], lines: dict[str, int], where: str, tell: Callable[[int, str], None]
) -> dict[str, str]:
    """Each command's keys as the file asks, for the bindings that can be had; the others
    are told (an unknown command, a value that is no key) and keep their default."""
    chosen: dict[str, str] = {}
    for command, value in keys.items():
        line = lines.get(command, 1)
        at = f"{where}:{line}"
        if command not in COMMANDS:
            tell(
                line,
                _("{at}: {command!r} is not a command ({commands})").format(
                    at=at, command=command, commands=", ".join(COMMANDS)
                ),
            )
            continue
        default = COMMANDS[command][0]
        if not isinstance(value, str):
            tell(
                line,
                _(
                    '{at}: {command} needs a key in quotes, e.g. "f2"; {command} stays on {default}'
                ).format(at=at, command=command, default=default),
            )
            continue
        # The same key written twice for one command ("ctrl+z,ctrl+z", "f2,F2") is one binding.
        wanted = list(dict.fromkeys(k.strip().lower() for k in value.split(",") if k.strip()))
        bad = next((p for p in map(key_problem, wanted) if p), None)
        if not wanted or bad:
            reason = bad or _("needs at least one key")
            tell(
                line,
                _("{at}: {command}: {reason}; {command} stays on {default}").format(
                    at=at, command=command, reason=reason, default=default
                ),
            )
            continue
        chosen[command] = ",".join(wanted)
    return chosen


def _without_clashes(
    chosen: dict[str, str], lines: dict[str, int], where: str, tell: Callable[[int, str], None]
) -> dict[str, str]:
    """Every command's keys, a key serving one command only: a binding that clashes keeps
    its command's default (a swap, mixmo = "f6" with stuck = "f5", is fine: no key ends up
    twice)."""
    chosen = dict(chosen)
    while True:
        final = {c: chosen.get(c, COMMANDS[c][0]) for c in COMMANDS}
        owners: dict[str, list[str]] = {}
        for command, value in final.items():
            for key in value.split(","):
                owners.setdefault(key, []).append(command)
        clash = next(((k, cs) for k, cs in owners.items() if len(cs) > 1), None)
        if clash is None:
            return final
        key, sharing = clash
        refused = next(c for c in reversed(sharing) if c in chosen)
        other = next(c for c in sharing if c != refused)
        line = lines.get(refused, 1)
        tell(
            line,
            _("{at}: {refused}: {key!r} is {other}'s key; {refused} stays on {default}").format(
                at=f"{where}:{line}",
                refused=refused,
                key=key,
                other=other,
                default=COMMANDS[refused][0],
            ),
        )
        del chosen[refused]


def load_keymap(path: Path) -> tuple[Keymap, str | None]:
    """The keymap of ``path`` (defaults when it does not exist), and what to tell, if anything."""
    try:
        if not path.exists():
            return Keymap(), None
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            message = _("{where}: too large for a key bindings file; using the default keys")
            return Keymap(), message.format(where=path)
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        message = _("{where}: cannot read the key bindings ({reason}); using the defaults")
        return Keymap(), message.format(where=path, reason=error)
    keymap, problems = parse_keymap(text, str(path))
    return keymap, "\n".join(problems) or None
