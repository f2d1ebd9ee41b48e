"""Files on disk: atomic writes, the autosave, and where they live.

Nothing a player did may be lost: a write goes to a temporary file in the
same folder, is flushed to disk, then renamed over the old file, so a crash or
a SIGKILL leaves either the old save or the new one, never half of one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs

from mixmo.engine.game import Game
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.save import GameFileError, dumps, loads

APP_NAME = "mixmo"


def data_dir() -> Path:
    """Where saved games live (``MIXMO_DATA_DIR`` overrides, for tests and portable setups)."""
    override = os.environ.get("MIXMO_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def config_dir() -> Path:
    """Where the configuration (key bindings) lives (``MIXMO_CONFIG_DIR`` overrides)."""
    override = os.environ.get("MIXMO_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def atomic_write_text(path: Path, text: str, *, durable: bool = True) -> None:
    """Replace ``path`` with ``text`` all at once.

    The rename alone survives the process being killed; ``durable`` also
    flushes the data to the disk, against a power cut (slower: not for every key).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            if durable:
                os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save_game(game: Game, path: Path | None = None, *, durable: bool = True) -> Path:
    """Write ``game`` atomically (to the autosave by default); the path written."""
    path = path or autosave_path()
    atomic_write_text(path, dumps(game), durable=durable)
    return path


def load_game(path: Path | None = None, lexicon: Lexicon | None = None) -> Game:
    """The game saved at ``path``; a missing or damaged file is a GameFileError."""
    path = path or autosave_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameFileError(f"{path}: no saved game to resume") from None
    except (OSError, UnicodeDecodeError) as error:
        raise GameFileError(f"{path}: cannot read the saved game ({error})") from None
    try:
        return loads(text, lexicon)
    except GameFileError as error:
        raise GameFileError(f"{path}: {error}") from None
