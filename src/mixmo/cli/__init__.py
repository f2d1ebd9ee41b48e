"""The ``mixmo`` command.

Every failure a user can cause (a bad grid file, a bad option, a missing
dictionary) ends with one line on standard error and exit code 2; a checked
grid or word list that breaks a rule exits 1; success exits 0.

Each command lives in a module of its own, imported only when it runs, so
that ``mixmo --help`` and ``mixmo word`` do not pay for the game's interface.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

import click

from mixmo import __version__
from mixmo.cli.common import EXIT_OK, EXIT_USAGE
from mixmo.i18n import N_, _, restore_ui_language, set_ui_language

#: name -> (module, function, one-line help), in the order ``--help`` lists them.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "tutorial": ("mixmo.cli.tutorial", "tutorial", N_("Learn to play, one lesson at a time.")),
    "play": ("mixmo.cli.play", "play", N_("Play Mixmo: 2 to 6 players at one keyboard.")),
    "practice": (
        "mixmo.cli.practice",
        "practice",
        N_("Practice alone against the clock, with hints."),
    ),
    "check": (
        "mixmo.cli.check",
        "check",
        N_("Check a grid: its words, jokers, problems and score."),
    ),
    "word": ("mixmo.cli.word", "word", N_("Settle a dispute: is each word in the dictionary?")),
    "solve": ("mixmo.cli.solve", "solve", N_("Complete a rack into a valid grid.")),
    "stats": (
        "mixmo.cli.stats",
        "stats",
        N_("Personal bests, recent results and progress over time."),
    ),
    "serve": (
        "mixmo.cli.serve",
        "serve",
        N_("Run a game server: every player on their own keyboard."),
    ),
    "join": (
        "mixmo.cli.join",
        "join",
        N_("Join a room of a mixmo server (or open one with --new)."),
    ),
    "web": ("mixmo.cli.web", "web", N_("Let players join a room from a web browser.")),
    "mixup": (
        "mixmo.cli.mixup",
        "mixup",
        N_("Play MixUp: colours against shapes, 2 players or vs the computer."),
    ),
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module_name, attribute, _ = COMMANDS[cmd_name]
        command = getattr(importlib.import_module(module_name), attribute)
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


GROUP_HELP = N_("Mixmo, the word-race tile game, in the terminal.")


def _choose_ui_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        set_ui_language(value)


@click.group(
    cls=LazyGroup, help=GROUP_HELP, context_settings={"help_option_names": ["-h", "--help"]}
)
@click.version_option(__version__, prog_name="mixmo", help=N_("Show the version and exit."))
@click.option(
    "--ui",
    type=click.Choice(["en", "fr"]),
    is_eager=True,
    expose_value=False,
    callback=_choose_ui_language,
    help=N_("Language of the interface (default: your locale)."),
)
def cli() -> None:
    pass


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command; every user error is one line on stderr and exit code 2."""
    saved = set_ui_language(None)
    try:
        _run(argv)
    finally:
        restore_ui_language(saved)


def _run(argv: Sequence[str] | None) -> None:
    try:
        cli.main(
            args=list(argv) if argv is not None else None, prog_name="mixmo", standalone_mode=False
        )
    except click.exceptions.NoArgsIsHelpError as error:
        click.echo(error.ctx.get_help() if error.ctx else str(error))
        sys.exit(EXIT_USAGE)
    except click.UsageError as error:
        command = error.ctx.command_path if error.ctx else "mixmo"
        message = _("{command}: error: {message} (see {command} --help)")
        click.echo(message.format(command=command, message=error.format_message()), err=True)
        sys.exit(EXIT_USAGE)
    except click.ClickException as error:
        click.echo(_("mixmo: error: {message}").format(message=error.format_message()), err=True)
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
