"""What every ``mixmo`` command shares: exit codes, one-line errors, reading
input, opening a dictionary, and the options that mean the same everywhere.

Heavy modules (Rich, the dictionaries) are imported inside the functions that
need them, so that a command pays only for what it uses. The click options and
command classes are in :mod:`mixmo.cli.options`.
"""

from __future__ import annotations

import sys
from typing import IO, TYPE_CHECKING, NoReturn

from mixmo.cli.constants import EXIT_INVALID as EXIT_INVALID  # (commands read them here)
from mixmo.cli.constants import EXIT_OK as EXIT_OK
from mixmo.cli.constants import EXIT_USAGE as EXIT_USAGE
from mixmo.cli.constants import LANGUAGES as LANGUAGES
from mixmo.i18n import N_, _, ngettext
from mixmo.i18n.messages import say

if TYPE_CHECKING:
    from rich.console import Console

    from mixmo.engine.lexicon import Lexicon


def fail(message: str) -> NoReturn:
    """Stop the command: ``message`` is its one line on standard error, exit code 2."""
    from mixmo.cli.options import InputError

    raise InputError(message)


def read_source(
    path: str, *, max_bytes: int | None = None, what: str = N_("this input")
) -> tuple[str, str]:
    """The text of ``path`` (``-`` for standard input) and the name to show for it.

    Every way the input can fail is one line and exit 2: no such file, a
    folder, no permission, standard input closed (``<&-``), bytes that are not
    UTF-8 (whatever the locale says), or more than ``max_bytes`` (read no
    further, so ``/dev/zero`` or a 10 GB file is refused at once).
    """
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = _read_bytes(stdin_bytes(), max_bytes)
        else:
            with open(path, "rb") as handle:
                data = _read_bytes(handle, max_bytes)
    except FileNotFoundError:
        fail(_("{path}: no such file").format(path=path))
    except IsADirectoryError:
        fail(_("{path}: is a folder, not a grid file").format(path=path))
    except OSError as error:
        fail(_("{name}: cannot read ({reason})").format(name=name, reason=error.strerror or error))
    if max_bytes is not None and len(data) > max_bytes:
        message = ngettext(
            "{name}: more than {count} byte, the limit for {what}",
            "{name}: more than {count} bytes, the limit for {what}",
            max_bytes,
        )
        fail(message.format(name=name, count=f"{max_bytes:,}", what=_(what)))
    return decode_utf8(data, name), name


def stdin_bytes() -> IO[bytes]:
    """Standard input as bytes; closed standard input (``<&-``) is a one-line error."""
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None) if stream is not None else None
    if buffer is None or stream is None or stream.closed:
        fail(_("standard input is closed: give a file name, or pipe the input in"))
    return buffer  # type: ignore[no-any-return]


def _read_bytes(handle: IO[bytes], max_bytes: int | None) -> bytes:
    return handle.read() if max_bytes is None else handle.read(max_bytes + 1)


def decode_utf8(data: bytes, name: str) -> str:
    """``data`` as text; bytes that are not UTF-8 are reported at their line and column."""
    if data.startswith(b"\xef\xbb\xbf"):  # a byte-order mark: not part of the text
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        text_before = data[: error.start].decode("utf-8", "replace")
        line = text_before.count("\n") + 1
        col = len(text_before) - (text_before.rfind("\n") + 1) + 1
        message = _("{name}:{line}:{col}: not UTF-8 text (byte 0x{byte:02x})")
        fail(message.format(name=name, line=line, col=col, byte=data[error.start]))


def load_lexicon(spec: str | None, language: str) -> Lexicon:
    """Open the dictionary, then exempt it from garbage collection.

    A loaded word list is hundreds of thousands of long-lived objects: every
    full collection would walk them again (about 45 ms each for French,
    measured in docs/performance.md); frozen, they are never scanned.
    """
    import gc

    from mixmo.engine.dictionary_spec import open_lexicon
    from mixmo.engine.lexicon import LexiconError

    check_dictionary_spec(spec)
    use_compiled_lists()
    try:
        lexicon = open_lexicon(spec, language)
    except LexiconError as error:
        fail(say(error))
    gc.freeze()
    return lexicon


def check_dictionary_spec(spec: str | None) -> None:
    """Refuse a --dict that names a device (``/dev/zero`` would be read forever);
    a pipe (``<(zcat words.gz)``) is fine, and a missing file is the lexicon's to report."""
    import os
    import stat

    if not spec or spec == "any" or spec.startswith(("enchant:", "embedded:")):
        return
    try:
        mode = os.stat(spec).st_mode
    except (OSError, ValueError):
        return
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        fail(_("{spec}: a device, not a word-list file").format(spec=spec))


def use_compiled_lists() -> None:
    """Keep the embedded word lists compiled in the user cache folder
    (``MIXMO_CACHE_DIR`` overrides): every start after the first maps them in a
    millisecond instead of parsing them (:mod:`mixmo.engine.compiled_lexicon`)."""
    import os

    from mixmo.engine.lexicon import use_cache_folder

    folder = os.environ.get("MIXMO_CACHE_DIR")
    if not folder and sys.platform.startswith("linux"):
        # platformdirs' answer on Linux, without its import (a tenth of `mixmo word`).
        base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
        folder = os.path.join(base, "mixmo")
    if not folder:
        import platformdirs

        folder = platformdirs.user_cache_dir("mixmo")
    use_cache_folder(folder)


def console_for(stream: IO[str] | None = None) -> Console:
    from rich.console import Console

    # No emoji codes: ":smile:" in a file name stays as written (and Rich's table
    # of codes is never loaded).
    return Console(file=stream or sys.stdout, highlight=False, soft_wrap=True, emoji=False)


def random_seed() -> int:
    """A fresh seed for a new game (the engine itself never draws on global randomness):
    31 random bits from the system, read directly (``secrets`` costs 3 ms to import)."""
    import os

    return int.from_bytes(os.urandom(4), "big") >> 1


def first_error(error: ValueError) -> str:
    """One line from a pydantic validation error (or any ValueError)."""
    from pydantic import ValidationError

    if isinstance(error, ValidationError):
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"])
        return f"{field}: {first['msg'].removeprefix('Value error, ')}"
    return say(error)
