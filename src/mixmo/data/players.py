"""The players' names, asked once and remembered: ``players.json`` in the data folder.

``mixmo play`` asks the people at the keyboard their names the first time (or takes
``--names``) and keeps them, so that the next game offers them again and the records
(``mixmo stats``) name each person, not "Player 1". A file that cannot be read or
written is no names: the game goes on with the default ones.
"""

from __future__ import annotations

import json
from pathlib import Path

from mixmo.data.storage import atomic_write_text, data_dir
from mixmo.engine.names import same_name_key

MAX_NAMES = 6
MAX_NAME_LENGTH = 40


def players_path() -> Path:
    return data_dir() / "players.json"


def remembered_names(path: Path | None = None) -> tuple[str, ...]:
    """The names last given, in seat order (none: never asked, or a file not ours)."""
    try:
        data = json.loads((path or players_path()).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return ()
    names = data.get("names") if isinstance(data, dict) and data.get("version") == 1 else None
    if not isinstance(names, list):
        return ()
    kept: dict[str, str] = {}  # the first of names one table takes for one player
    for name in names[:MAX_NAMES]:
        if isinstance(name, str) and name.strip() and len(name) <= MAX_NAME_LENGTH:
            kept.setdefault(same_name_key(name), name)
    return tuple(kept.values())


def remember_names(names: tuple[str, ...] | list[str], path: Path | None = None) -> bool:
    """Keep ``names`` for the next game; False when the data folder refused them."""
    text = json.dumps({"version": 1, "names": list(names)[:MAX_NAMES]}, ensure_ascii=False)
    try:
        target = path or players_path()
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, text, durable=False)
    except OSError:
        return False
    return True
