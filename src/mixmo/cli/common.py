"""What every ``mixmo`` command shares: exit codes, one-line errors, reading
input, opening a dictionary, and the options that mean the same everywhere.

Heavy modules (Rich, the dictionaries) are imported inside the functions that
need them, so that a command pays only for what it uses.
"""

from __future__ import annotations

import sys
from typing import IO, TYPE_CHECKING, NoReturn

import click

if TYPE_CHECKING:
    from rich.console import Console

    from mixmo.engine.lexicon import Lexicon

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2

#: The embedded word lists (kept equal to ``mixmo.engine.lexicon.EMBEDDED_LANGUAGES``
#: by a test, so that the options need not import the engine).
LANGUAGES = ("en", "fr")


class InputError(click.ClickException):
    """Bad input from the user: reported on one line, exit code 2."""

    exit_code = EXIT_USAGE


def fail(message: str) -> NoReturn:
    raise InputError(message)


def read_source(path: str) -> tuple[str, str]:
    """The text of ``path`` (``-`` for standard input) and the name to show for it."""
    if path == "-":
        data = sys.stdin.buffer.read()
        name = "<stdin>"
    else:
        name = path
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            fail(f"{path}: no such file")
        except IsADirectoryError:
            fail(f"{path}: is a folder, not a grid file")
        except OSError as error:
            fail(f"{path}: cannot read ({error.strerror or error})")
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as error:
        text_before = data[: error.start].decode("utf-8", "replace")
        line = text_before.count("\n") + 1
        col = len(text_before) - (text_before.rfind("\n") + 1) + 1
        fail(f"{name}:{line}:{col}: not UTF-8 text (byte 0x{data[error.start]:02x})")


def load_lexicon(spec: str | None, language: str) -> Lexicon:
    """Open the dictionary, then exempt it from garbage collection.

    A loaded word list is hundreds of thousands of long-lived objects: every
    full collection would walk them again (about 45 ms each for French,
    measured in docs/performance.md); frozen, they are never scanned.
    """
    import gc

    from mixmo.engine.lexicon import LexiconError, open_lexicon

    try:
        lexicon = open_lexicon(spec, language)
    except LexiconError as error:
        fail(str(error))
    gc.freeze()
    return lexicon


def console_for(stream: IO[str] | None = None) -> Console:
    from rich.console import Console

    return Console(file=stream or sys.stdout, highlight=False, soft_wrap=True)


def random_seed() -> int:
    """A fresh seed for a new game (the engine itself never draws on global randomness)."""
    import secrets

    return secrets.randbelow(2**31)


def first_error(error: ValueError) -> str:
    """One line from a pydantic validation error (or any ValueError)."""
    from pydantic import ValidationError

    if isinstance(error, ValidationError):
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"])
        return f"{field}: {first['msg'].removeprefix('Value error, ')}"
    return str(error)


lang_option = click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default="en",
    show_default=True,
    help="Language of the embedded dictionary (and of Enchant suggestions).",
)
dict_option = click.option(
    "--dict",
    "dict_spec",
    metavar="SPEC",
    help="Dictionary to use instead: a word-list file (one word per line), "
    "enchant:LANG for an Enchant/Hunspell dictionary of the system, "
    "or any to accept every word (the players judge them).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
expert_option = click.option(
    "--expert", is_flag=True, help="Expert rules: words of 3+ letters, no word twice."
)
light_option = click.option("--light", is_flag=True, help="Light colours, for a light terminal.")
