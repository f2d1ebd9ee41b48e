"""The ``mixmo`` click group: its options, its lazily imported commands, and how
every error of a run becomes one line and an exit code.

Split from :mod:`mixmo.cli` so that ``mixmo --help`` need not import click
(see :mod:`mixmo.cli.help_text`); everything else runs through here.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

import click

from mixmo import __version__
from mixmo.cli.collector import resume_collector
from mixmo.cli.command_table import COMMANDS, GROUP_HELP, UI_HELP, UI_LANGUAGES, VERSION_HELP
from mixmo.cli.common import EXIT_OK, EXIT_USAGE
from mixmo.i18n import _, set_ui_language
from mixmo.outside_text import harmless


class LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module_name, attribute, _ = COMMANDS[cmd_name]
        command = getattr(importlib.import_module(module_name), attribute)
        resume_collector()  # the start-up's imports are done: the command runs as usual
        assert isinstance(command, click.Command)
        return command

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(_(GROUP_HELP))

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The options, their help in the interface language (click builds it earlier)."""
        rows = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            english = getattr(param, "help", None)
            if english:
                record = (record[0], record[1].replace(english, _(english), 1))
            rows.append(record)
        if rows:
            with formatter.section(_("Options")):
                formatter.write_dl(rows)
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [
            (name, _(short_help)) for name, (_module, _function, short_help) in COMMANDS.items()
        ]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)


def _choose_ui_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        set_ui_language(value)


@click.group(
    cls=LazyGroup, help=GROUP_HELP, context_settings={"help_option_names": ["-h", "--help"]}
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
        (group or cli).main(
            args=list(argv) if argv is not None else None, prog_name="mixmo", standalone_mode=False
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
    except click.exceptions.Abort:
        click.echo(_("mixmo: interrupted"), err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo(_("mixmo: interrupted"), err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    sys.exit(EXIT_OK)


def exit_as_under_click(error: BaseException) -> NoReturn:
    """End the process as :func:`run` would have, had ``error`` been raised by a
    command under click (for a command run without it, :mod:`mixmo.cli.plain`):
    the error is raised again by a click command run the same way, so that click's
    handling (an interrupt, a closed pipe) and ours (one line, the exit code) are
    the same ones, not copies."""

    def raise_again() -> None:
        raise error

    run([], click.Command("mixmo", callback=raise_again))
