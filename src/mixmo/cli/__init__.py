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

#: name -> (module, function, one-line help), in the order ``--help`` lists them.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("mixmo.cli.play", "play", "Play Mixmo: 2 to 6 players at one keyboard."),
    "practice": ("mixmo.cli.practice", "practice", "Practice alone against the clock, with hints."),
    "check": ("mixmo.cli.check", "check", "Check a grid: its words, jokers, problems and score."),
    "word": ("mixmo.cli.word", "word", "Settle a dispute: is each word in the dictionary?"),
    "solve": ("mixmo.cli.solve", "solve", "Complete a rack into a valid grid."),
    "stats": ("mixmo.cli.stats", "stats", "Personal bests, recent results and progress over time."),
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

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, short_help) for name, (_, _, short_help) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mixmo")
def cli() -> None:
    """Mixmo, the word-race tile game, in the terminal."""


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command; every user error is one line on stderr and exit code 2."""
    try:
        cli.main(
            args=list(argv) if argv is not None else None, prog_name="mixmo", standalone_mode=False
        )
    except click.exceptions.NoArgsIsHelpError as error:
        click.echo(error.ctx.get_help() if error.ctx else str(error))
        sys.exit(EXIT_USAGE)
    except click.UsageError as error:
        command = error.ctx.command_path if error.ctx else "mixmo"
        click.echo(f"{command}: error: {error.format_message()} (see {command} --help)", err=True)
        sys.exit(EXIT_USAGE)
    except click.ClickException as error:
        click.echo(f"mixmo: error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except click.exceptions.Abort:
        click.echo("mixmo: interrupted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("mixmo: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    sys.exit(EXIT_OK)
