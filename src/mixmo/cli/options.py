"""The click side of :mod:`mixmo.cli.common`: the options that mean the same in
every command, the commands whose help speaks the interface language, and the
error a user's bad input raises.

Apart from common so that the functions there (``fail``, ``read_source``,
``load_lexicon``...) need no click.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from mixmo.cli.constants import EXIT_USAGE, LANGUAGES
from mixmo.i18n import N_, _
from mixmo.i18n.outside import harmless

F = TypeVar("F", bound=Callable[..., object])


class InputError(click.ClickException):
    """Bad input from the user: reported on one line, exit code 2."""

    exit_code = EXIT_USAGE

    def format_message(self) -> str:
        # Messages quote what came from outside (a server's error, a file's text, an
        # argument): shown harmlessly, never as the terminal's controls.
        return harmless(self.message)


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
    metavar=N_("SPEC"),
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


class TranslatedFormatter(click.HelpFormatter):
    """click's help formatter, its headings ("Options:") written through the catalogue,
    so that French puts its space before the colon ("Options :")."""

    def write_heading(self, heading: str) -> None:
        # click's own line, but for the colon, which is the catalogue's ("{heading} :").
        line = _("{heading}:").format(heading=heading)
        self.write(f"{'':>{self.current_indent}}{line}\n")


class TranslatedContext(click.Context):
    """The context of every ``mixmo`` command: its help is written by
    :class:`TranslatedFormatter` (click's documented ``formatter_class``)."""

    formatter_class = TranslatedFormatter


#: click's metavars, as its types and commands name them; translated where shown.
LIBRARY_METAVARS = (
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
    N_("[COMMAND] [ARGS]..."),
    N_("INTEGER"),
    N_("INTEGER RANGE"),
    N_("FLOAT"),
    N_("FLOAT RANGE"),
    N_("TEXT"),
    N_("FILE"),
    N_("DIRECTORY"),
    N_("PATH"),
)


class TranslatedCommand(click.Command):
    """A command whose help speaks the interface language.

    Its help text, short help and options' help are English strings marked
    with :func:`~mixmo.i18n.N_` when the module is imported, before the
    language is chosen; they are translated here, when the help is shown, with
    the metavars (``INTEGER``, ``[OPTIONS]``) and, through its context's
    formatter, the headings. Every ``mixmo`` subcommand uses it
    (``@click.command(cls=TranslatedCommand)``).
    """

    context_class = TranslatedContext

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        return [_(piece) for piece in super().collect_usage_pieces(ctx)]

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
            metavar = param.metavar
            if english:
                param.help = _(english)
            param.metavar = _(param.make_metavar(ctx))
            try:
                record = param.get_help_record(ctx)
            finally:
                param.metavar = metavar
                if english:
                    param.help = english
            if record is not None:
                rows.append((record[0], _translated_extras(record[1])))
        if rows:
            with formatter.section(_("Options")):
                formatter.write_dl(rows)


def _translated_extras(help_text: str) -> str:
    """An option's help with click's bracket of extras (``[default: 2; 1<=x<=6]``) joined
    as the interface language writes it (French: a space before the semicolon)."""
    text, bracket, extras = help_text.rpartition("[")
    if not bracket or not extras.endswith("]") or (text and not text.endswith("  ")):
        return help_text
    return f"{text}[{extras.replace('; ', _('; '))}"


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
        return click.option(
            "--host", default="127.0.0.1", show_default=True, help=host_help, callback=_host
        )(command)

    return add


def _host(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    """``--host`` as the socket layer can take it: no empty label, none over 63 characters
    (the idna encoding getaddrinfo applies; it raised UnicodeError, a traceback)."""
    try:
        value.encode("idna")
    except UnicodeError:
        raise click.BadParameter(
            _("{host!r} is not a host name or address").format(host=value)
        ) from None
    return value


async def listen_until_stopped(
    scheme: str, host: str, port: int, what: str, also: str | None = None
) -> None:
    """Say where ``what`` (``mixmo server``, ``mixmo web``) listens, as the first line of
    standard output (scripts and tests read it to find a port picked by ``--port 0``),
    then ``also`` (a template of the address: ``{address}``), then wait until SIGINT or
    SIGTERM asks it to stop."""
    import asyncio
    import signal
    import sys

    shown = f"[{host}]" if ":" in host else host  # an IPv6 address in a URL
    click.echo(f"{what} on {scheme}://{shown}:{port}")
    if also is not None:
        click.echo(also.format(address=f"{shown}:{port}"))
    sys.stdout.flush()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
