"""Where a MixUp game is saved, and how a new game keeps an unfinished one.

MixUp saves to a file of its own (``mixup-autosave.json`` beside Mixmo's
``autosave.json``), so a MixUp game never touches a Mixmo save. Starting a new
game over an unfinished one never destroys it: the old save is first copied to
``mixup-unfinished-N.json``, which ``--resume --save-file`` reopens.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from mixmo.data.storage import atomic_write_text, data_dir
from mixmo.i18n import _, ngettext
from mixmo.i18n.mixup import say
from mixmo.mixup.game import MixUpGame
from mixmo.mixup.save import SaveFileError, Seating, dumps, loads

AUTOSAVE_NAME = "mixup-autosave.json"
MAX_SAVE_BYTES = 1024 * 1024
"""A MixUp save is a few kilobytes (54 moves at most, the board, two names): a file
past this is not read on (``--save-file /dev/zero`` is refused, not read forever)."""


class UnreadableSaveError(ValueError):
    """A save that cannot be resumed: one line in the interface language, naming the file
    (the engine's ``SaveFileError``, when it is the reason, is its ``__cause__``)."""


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def save(game: MixUpGame, seating: Seating, path: Path, *, durable: bool = True) -> None:
    """Write the game atomically: a crash leaves the old save or the new one, never half."""
    atomic_write_text(path, dumps(game, seating), durable=durable)


def load(path: Path) -> tuple[MixUpGame, Seating]:
    """The game saved at ``path``; a missing or damaged file is an UnreadableSaveError
    naming it."""
    try:
        data = _read_at_most(path)
        if len(data) > MAX_SAVE_BYTES:
            raise UnreadableSaveError(
                ngettext(
                    "{name}: more than {count} byte, the limit for {what}",
                    "{name}: more than {count} bytes, the limit for {what}",
                    MAX_SAVE_BYTES,
                ).format(name=path, count=f"{MAX_SAVE_BYTES:,}", what=_("a saved MixUp game"))
            )
        text = data.decode("utf-8")
    except (FileNotFoundError, NotADirectoryError):  # (a file where the folder should be)
        raise UnreadableSaveError(
            _("{path}: no saved MixUp game to resume").format(path=path)
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise UnreadableSaveError(
            _("{path}: cannot read the saved game ({reason})").format(
                path=path, reason=getattr(error, "strerror", None) or error
            )
        ) from None
    try:
        return loads(text)
    except SaveFileError as error:
        raise UnreadableSaveError(f"{path}: {say(error)}") from error


def keep_unfinished(path: Path) -> Path | None:
    """Before a new game overwrites ``path``: copy an unfinished (or unreadable) save aside.

    Returns where it was kept, or None when there was nothing worth keeping
    (no save, a finished game, or no file at all: a device such as ``/dev/zero``).
    """
    if path.exists() and not path.is_file():
        return None  # a folder or a device holds no game: nothing to copy (or read forever)
    try:
        data = _read_at_most(path)
        text = data.decode("utf-8") if len(data) <= MAX_SAVE_BYTES else None
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError):
        text = None
    if text is not None:
        try:
            game, _ = loads(text)
        except SaveFileError:
            pass  # unreadable: keep it anyway, it may be repairable
        else:
            if game.state.over or not game.state.moves:
                return None
    number = 1
    while (kept := path.with_name(f"mixup-unfinished-{number}.json")).exists():
        number += 1
    if text is None:
        shutil.copyfile(path, kept)  # a file of finite size, copied whole as it is
    else:
        atomic_write_text(kept, text)
    return kept


def _read_at_most(path: Path) -> bytes:
    """The bytes of ``path``, but no more than one past ``MAX_SAVE_BYTES``."""
    with path.open("rb") as file:
        return file.read(MAX_SAVE_BYTES + 1)
