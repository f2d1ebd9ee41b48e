"""The ``mixmo`` click group: its options, its lazily imported commands, and how
every error of a run becomes one line and an exit code.

The commands are loaded as click's documentation shows ("Lazily Loading
Subcommands"): a :class:`LazyGroup` imports a command's module only when that
command runs, so ``mixmo --help`` and ``mixmo word`` do not pay for the game's
interface. The group's help lists the commands from :mod:`mixmo.cli.command_table`
(their one-line help is there), so that it imports none of them.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

import click

from mixmo import __version__
from mixmo.cli.command_table import COMMANDS, GROUP_HELP, UI_HELP, UI_LANGUAGES, VERSION_HELP
from mixmo.cli.constants import EXIT_OK, EXIT_USAGE
from mixmo.cli.options import TranslatedGroup
from mixmo.cli.output import flush_output, output_lost
from mixmo.i18n import _, set_ui_language
from mixmo.i18n.outside import harmless


class LazyGroup(TranslatedGroup):
    """A group whose commands are imported on first use (click's ``LazyGroup``
    pattern): ``lazy_subcommands`` maps a name to ``"module.attribute"``."""

    def __init__(
        self, *args: Any, lazy_subcommands: Mapping[str, str] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_subcommands = dict(lazy_subcommands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return super().list_commands(ctx) + list(self.lazy_subcommands)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy_subcommands:
            return self._lazy_load(cmd_name)
        return super().get_command(ctx, cmd_name)

    def _lazy_load(self, cmd_name: str) -> click.Command:
        module_name, attribute = self.lazy_subcommands[cmd_name].rsplit(".", 1)
        command = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{module_name}.{attribute} is not a click command")
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands and their one-line help, read from the command table: listing
        them imports none (click would import each one for its short help)."""
        rows = [(name, _(short_help)) for name, (_module, _attr, short_help) in COMMANDS.items()]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)


def _choose_ui_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        set_ui_language(value)


@click.group(
    cls=LazyGroup,
    lazy_subcommands={name: f"{module}.{attr}" for name, (module, attr, _h) in COMMANDS.items()},
    help=GROUP_HELP,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="mixmo", help=VERSION_HELP)
@click.option(
    "--ui",
    type=click.Choice(UI_LANGUAGES),
    is_eager=True,
    expose_value=False,
    callback=_choose_ui_language,
    help=UI_HELP,
)
def cli() -> None:
    pass


def run(argv: Sequence[str] | None, group: click.Command | None = None) -> NoReturn:
    """Run the group (or another command, ``group``) on ``argv`` (None: the process's
    arguments); always exits."""
    try:
        try:
            _run(argv, group or cli)
        except SystemExit:
            # What the command printed may still wait in the buffer: written now, a
            # closed or full output is reported (Python would only complain at exit).
            flush_output()
            raise
        flush_output()
    except OSError as error:
        code = output_lost(error)
        if code is None:
            raise
        sys.exit(code)
    sys.exit(EXIT_OK)


def _run(argv: Sequence[str] | None, group: click.Command) -> None:
    """``group.main`` on ``argv``, click's errors each made one line and an exit."""
    try:
        group.main(
            args=list(argv) if argv is not None else None,
            prog_name="mixmo",
            standalone_mode=False,
        )
    except click.exceptions.NoArgsIsHelpError as error:
        click.echo(error.ctx.get_help() if error.ctx else str(error))
        sys.exit(EXIT_USAGE)
    except click.UsageError as error:
        command = error.ctx.command_path if error.ctx else "mixmo"
        message = _("{command}: error: {message} (see {command} --help)")
        said = harmless(error.format_message())  # it may quote an argument: any characters
        click.echo(message.format(command=command, message=said), err=True)
        sys.exit(EXIT_USAGE)
    except click.ClickException as error:
        said = harmless(error.format_message())
        click.echo(_("mixmo: error: {message}").format(message=said), err=True)
        sys.exit(error.exit_code)
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo(_("mixmo: interrupted"), err=True)
        sys.exit(130)
