"""Files on disk: atomic writes, the autosave, and where they live.

Nothing a player did may be lost: a write goes to a temporary file in the
same folder, is flushed to disk, then renamed over the old file, so a crash or
a SIGKILL leaves either the old save or the new one, never half of one. The
temporary file's name carries the writer's process id, so that the next start
can remove those a killed process left behind (:func:`clean_temporary_files`).

A disk that refuses to be written (read-only, full, a file where the folder
should be, no permission) never stops a game: :class:`Autosaver` keeps the
last good save, says once what went wrong and where, and tries again after
the next move.
"""

from __future__ import annotations

import errno
import os
import re
import sqlite3
import tempfile
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from mixmo.engine.game import Game
from mixmo.engine.levels import Level
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.messages import AT_PATH
from mixmo.engine.save import GameFileError, LoadedGame, dumps, load
from mixmo.i18n import N_, _

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


def lock_path(path: Path) -> Path:
    """The lock file beside a save: ``autosave.json.lock``."""
    return path.with_name(f"{path.name}.lock")


_HELD: dict[Path, int] = {}
"""The lock files this process holds, by save: open until the process ends."""
_WINDOWS_LOCK_OFFSET = 1 << 20
"""Where msvcrt locks its one byte, past the process id written at the start of the file."""


def hold_save(path: Path) -> int | None:
    """Make this process the only one playing the save at ``path``, until it ends.

    An exclusive lock on ``path``'s lock file (:func:`fcntl.flock`; :mod:`msvcrt` on
    Windows), which holds this process's id for the next one to name. The kernel
    releases it when the process ends, even killed with SIGKILL: a stale lock never
    blocks the next start. None when this process holds the save (or when no lock can
    be had: a folder that cannot be written is told about when saving fails, and a
    system without either module plays as before); otherwise the id of the process
    holding it (0 when its file does not say).
    """
    if path in _HELD:
        return None
    for other in list(_HELD):  # one game at a time: a new save lets go of the one before
        release_save(other)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return None
    try:
        if not _try_lock(handle):
            with os.fdopen(os.dup(handle), "rb") as file:
                holder = file.read(20).split(b"\n")[0].strip()
            os.close(handle)
            return int(holder) if holder.isdigit() else 0
        os.ftruncate(handle, 0)
        os.lseek(handle, 0, os.SEEK_SET)
        os.write(handle, f"{os.getpid()}\n".encode())
    except OSError:
        os.close(handle)
        return None
    _HELD[path] = handle
    return None


def release_save(path: Path) -> None:
    """Let another process play the save at ``path`` (the end of the process does it too)."""
    handle = _HELD.pop(path, None)
    if handle is not None:
        with suppress(OSError):
            os.close(handle)  # closing the last descriptor drops the lock


def _try_lock(handle: int) -> bool:
    """Lock ``handle`` without waiting: False when another process holds it."""
    try:
        import fcntl
    except ImportError:  # Windows
        try:
            import msvcrt
        except ImportError:
            return True
        os.lseek(handle, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


SAVE_SIZE_LIMIT = 16_000_000
"""The largest saved game read (a long match is a few megabytes at most)."""


def _temporary_prefix(path: Path) -> str:
    return f".{path.name}."


def atomic_write_text(path: Path, text: str, *, durable: bool = True) -> None:
    """Replace ``path`` with ``text`` all at once.

    The rename alone survives the process being killed; ``durable`` also
    flushes the data to the disk, against a power cut (slower: not for every key).
    A failed write (disk full, read-only) raises ``OSError`` and leaves the old
    file as it was, with no temporary file behind.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(
        prefix=f"{_temporary_prefix(path)}{os.getpid()}.", dir=path.parent
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            if durable:
                os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with suppress(OSError):
            Path(temporary).unlink(missing_ok=True)
        raise


def _process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


_TEMPORARY = re.compile(r"^\.(?P<name>.+?)\.(?P<pid>\d{1,9})\.[^.]+$")
"""A temporary file of :func:`atomic_write_text`: a dot, the file's name, the writing
process's id and a random suffix from :func:`tempfile.mkstemp` (``.autosave.json.4242.k3j9x1q``)."""


def clean_temporary_files(path: Path) -> list[Path]:
    """Remove the temporary files that interrupted writes left in ``path``'s folder.

    Those of every file written there (the save, the view beside it...) whose
    writing process is gone are removed; one named after a process that still
    runs is kept (it may be writing now). Files of ``path`` from before names
    carried a process id are removed too. Never raises: a folder that cannot
    be listed or written has nothing this can clean. The paths removed.
    """
    removed: list[Path] = []
    try:
        candidates = [p for p in path.parent.iterdir() if p.name.startswith(".")]
    except OSError:
        return removed
    for candidate in candidates:
        match = _TEMPORARY.match(candidate.name)
        if match is not None:
            if _process_alive(int(match["pid"])):
                continue
        elif not candidate.name.startswith(_temporary_prefix(path)):
            continue
        with suppress(OSError):
            candidate.unlink()
            removed.append(candidate)
    return removed


_REASONS = {
    errno.EROFS: N_("the folder is read-only"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOTDIR: N_("a file stands where the folder should be"),
    errno.EEXIST: N_("a file stands where the folder should be"),
    errno.EISDIR: N_("a folder stands where the save file should be"),
    errno.EIO: N_("the disk reports an input/output error"),
}


def disk_is_full(error: BaseException) -> bool:
    """The disk (or the quota) is full: the system's ENOSPC or EDQUOT, or SQLite's
    SQLITE_FULL (which a database at its size limit raises too)."""
    if isinstance(error, OSError):
        return error.errno in (errno.ENOSPC, errno.EDQUOT)
    code = getattr(error, "sqlite_errorcode", None)
    return code == sqlite3.SQLITE_FULL or "disk is full" in str(error)


def why_not_written(error: OSError) -> str:
    """A plain reason for a failed write, for the player."""
    known = _REASONS.get(error.errno or 0)
    return _(known) if known else (error.strerror or str(error)).lower()


@dataclass(frozen=True, slots=True)
class SaveOutcome:
    """What came of one save: whether it was written, and what (if anything)
    the player should be told now. ``message`` is set only when something
    changed: the first failure of a run of failures, and the first success
    after one."""

    saved: bool
    message: str | None = None
    error: OSError | None = None


class Autosaver:
    """Saves one game file after every move, and never lets a broken disk stop play.

    On a failure the last good save stays as it was (the write is atomic), the
    player is told once, and the next move tries again; when a save succeeds
    again the player is told that too. Temporary files of interrupted earlier
    saves are removed when the autosaver is made, at the start of a game.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.failing: str | None = None
        """The reason of the current run of failures, or None while saves succeed."""
        self.bots: Mapping[int, Level] = {}
        """The seats bots play and their levels, saved with every game so that a resumed
        game (and the next match after "play again") brings them back as they were."""
        clean_temporary_files(path)

    def save(self, game: Game, *, durable: bool = False) -> SaveOutcome:
        try:
            save_game(game, self.path, durable=durable, bots=self.bots)
        except OSError as error:
            reason = why_not_written(error)
            told = self.failing == reason
            self.failing = reason
            if told:
                return SaveOutcome(saved=False, error=error)
            return SaveOutcome(
                saved=False,
                error=error,
                message=_(
                    "Cannot save the game to {path}: {reason}. "
                    "Play goes on, and saving is tried again after every move."
                ).format(path=self.path, reason=reason),
            )
        if self.failing is None:
            return SaveOutcome(saved=True)
        self.failing = None
        message = _("The game is saved again to {path}.").format(path=self.path)
        return SaveOutcome(saved=True, message=message)


def save_game(
    game: Game,
    path: Path | None = None,
    *,
    durable: bool = True,
    bots: Mapping[int, Level] | None = None,
) -> Path:
    """Write ``game`` and its ``bots`` atomically (to the autosave by default); the path written."""
    path = path or autosave_path()
    atomic_write_text(path, dumps(game, bots), durable=durable)
    return path


def load_game(path: Path | None = None, lexicon: Lexicon | None = None) -> Game:
    """The game saved at ``path``; a missing or damaged file is a GameFileError."""
    return load_saved(path, lexicon).game


def load_saved(path: Path | None = None, lexicon: Lexicon | None = None) -> LoadedGame:
    """The game saved at ``path`` and its bots; a missing or damaged file is a GameFileError."""
    path = path or autosave_path()
    try:
        with path.open("rb") as file:
            data = file.read(SAVE_SIZE_LIMIT + 1)
        if len(data) > SAVE_SIZE_LIMIT:
            raise GameFileError(
                _("{path}: damaged saved game: larger than {count} bytes").format(
                    path=path, count=f"{SAVE_SIZE_LIMIT:,}"
                )
            )
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise GameFileError(_("{path}: no saved game to resume").format(path=path)) from None
    except IsADirectoryError:
        message = _("{path}: is a folder, not a saved game")
        raise GameFileError(message.format(path=path)) from None
    except OSError as error:
        message = _("{path}: cannot read the saved game ({reason})")
        raise GameFileError(message.format(path=path, reason=why_not_written(error))) from None
    except UnicodeDecodeError as error:
        message = _("{path}: damaged saved game: not UTF-8 text (byte {byte})")
        raise GameFileError(message.format(path=path, byte=error.start)) from None
    try:
        return load(text, lexicon)
    except GameFileError as error:
        raise type(error)(
            AT_PATH(path=str(path), error=error.message)
        ) from None  # (its kind stays)
