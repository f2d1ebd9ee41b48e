"""What every ``mixmo`` command shares: exit codes, one-line errors, reading
input, opening a dictionary, and the options that mean the same everywhere.

Heavy modules (Rich, the dictionaries) are imported inside the functions that
need them, so that a command pays only for what it uses.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, NoReturn, TypeVar

import click

from mixmo.i18n import N_, _, ngettext

F = TypeVar("F", bound=Callable[..., object])

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
        fail(str(error))
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


def writes_styles(stream: IO[str] | None = None) -> bool:
    """Whether Rich would write escape codes (bold, colour) to ``stream``.

    Rich's own rules (its ``Console.is_terminal`` and colour system), without
    importing Rich (40 ms of a 100 ms command): a terminal gets styles unless
    its ``TERM`` is ``dumb`` or ``unknown``. A test holds this equal to Rich's
    answer.
    """
    import os

    return is_terminal(stream) and os.environ.get("TERM", "").lower() not in ("dumb", "unknown")


def is_terminal(stream: IO[str] | None = None) -> bool:
    """Rich's ``Console.is_terminal``: ``TTY_COMPATIBLE=0/1`` decides, else
    ``FORCE_COLOR`` (set and not empty: a terminal), else the stream's
    ``isatty()``; IDLE and Jupyter are no terminal (Jupyter gets HTML from Rich)."""
    import os

    stream = sys.stdout if stream is None else stream
    if stream is None or in_jupyter():
        return False
    if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return False
    tty_compatible = os.environ.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "1"
    force_color = os.environ.get("FORCE_COLOR")
    if force_color is not None:
        return force_color != ""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if isatty is not None else False
    except ValueError:  # a closed stream
        return False


def console_width(stream: IO[str] | None = None) -> int:
    """The width Rich's console takes when writing to ``stream`` (its ``Console.size``;
    not for Windows): ``COLUMNS``, else the first of standard input, output and error
    that is a terminal, else 80; a dumb terminal is 80 unless ``LINES`` is set too."""
    import os

    columns, lines = os.environ.get("COLUMNS"), os.environ.get("LINES")
    fixed = int(columns) if columns is not None and columns.isdigit() else None
    if fixed is not None and lines is not None and lines.isdigit():
        return fixed
    if is_terminal(stream) and os.environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return 80
    if fixed is not None:
        return fixed
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):
            continue
    return 80


def writes_colours(stream: IO[str] | None = None) -> bool:
    """Whether Rich would colour ``stream``: styles, and ``NO_COLOR`` unset or empty."""
    import os

    return writes_styles(stream) and os.environ.get("NO_COLOR", "") == ""


def in_jupyter() -> bool:
    """Rich's test for a notebook (it then renders HTML, not text)."""
    import builtins
    import os

    get_ipython = getattr(builtins, "get_ipython", None)
    if get_ipython is None:
        return False
    shell = get_ipython().__class__
    return (
        "google.colab" in str(shell)
        or bool(os.getenv("DATABRICKS_RUNTIME_VERSION"))
        or shell.__name__ == "ZMQInteractiveShell"
    )


def console_for(stream: IO[str] | None = None) -> Console:
    from rich.console import Console

    # No emoji codes: ":smile:" in a file name stays as written (and Rich's table
    # of codes is never loaded).
    return Console(file=stream or sys.stdout, highlight=False, soft_wrap=True, emoji=False)


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
    help=N_("Language of the embedded dictionary (and of Enchant suggestions)."),
)
dict_option = click.option(
    "--dict",
    "dict_spec",
    metavar="SPEC",
    help=N_(
        "Dictionary to use instead: a word-list file (one word per line), "
        "enchant:LANG for an Enchant/Hunspell dictionary of the system, "
        "or any to accept every word (the players judge them)."
    ),
)
json_option = click.option(
    "--json", "as_json", is_flag=True, help=N_("Print JSON instead of text.")
)
expert_option = click.option(
    "--expert", is_flag=True, help=N_("Expert rules: words of 3+ letters, no word twice.")
)
light_option = click.option(
    "--light", is_flag=True, help=N_("Light colours, for a light terminal.")
)


class TranslatedCommand(click.Command):
    """A command whose help speaks the interface language.

    Its help text, short help and options' help are English strings marked
    with :func:`~mixmo.i18n.N_` when the module is imported, before the
    language is chosen; they are translated here, when the help is shown.
    Every ``mixmo`` subcommand uses it (``@click.command(cls=TranslatedCommand)``).
    """

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        english = self.help
        self.help = _(english) if english else english
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = english

    def get_short_help_str(self, limit: int = 45) -> str:
        english = self.short_help
        self.short_help = _(english) if english else english
        try:
            return super().get_short_help_str(limit)
        finally:
            self.short_help = english

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The options, their help in the interface language."""
        rows = []
        for param in self.get_params(ctx):
            english = getattr(param, "help", None)
            if english:
                param.help = _(english)  # type: ignore[attr-defined]
            try:
                record = param.get_help_record(ctx)
            finally:
                if english:
                    param.help = english  # type: ignore[attr-defined]
            if record is not None:
                rows.append(record)
        if rows:
            with formatter.section(_("Options")):
                formatter.write_dl(rows)


class TranslatedGroup(TranslatedCommand, click.Group):
    """A command with subcommands whose help, options and command list speak the
    interface language (its subcommands are :class:`TranslatedCommand`)."""

    command_class = TranslatedCommand

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        TranslatedCommand.format_options(self, ctx, formatter)
        self.format_commands(ctx, formatter)


def follow_game_language(lang: str) -> None:
    """A game command speaks its ``--lang`` when given, unless ``--ui`` chose otherwise.

    ``mixmo play --lang fr`` is a French game, words and screen; ``mixmo --ui en
    play --lang fr`` plays French words on an English screen; with neither, the
    screen follows the locale (already chosen by ``main``).
    """
    from click.core import ParameterSource

    from mixmo.i18n import set_ui_language

    ctx = click.get_current_context()
    given = ctx.get_parameter_source("lang") is ParameterSource.COMMANDLINE
    if given and ctx.find_root().get_parameter_source("ui") is not ParameterSource.COMMANDLINE:
        set_ui_language(lang)


def listen_options(default_port: int, host_help: str) -> Callable[[F], F]:
    """``--host`` (loopback unless told otherwise) and ``--port``, for the commands that
    listen: the game server and the browser front."""

    def add(command: F) -> F:
        command = click.option(
            "--port",
            type=click.IntRange(0, 65535),
            default=default_port,
            show_default=True,
            help=N_("Port to listen on (0: any free port)."),
        )(command)
        return click.option("--host", default="127.0.0.1", show_default=True, help=host_help)(
            command
        )

    return add
