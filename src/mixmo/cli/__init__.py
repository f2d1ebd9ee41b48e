"""The ``mixmo`` command.

Every failure a user can cause (a bad grid file, a bad option, a missing
dictionary, an output that cannot be written) ends with one line on standard
error and exit code 2; a checked grid or word list that breaks a rule exits 1;
success exits 0.

The click group is in :mod:`mixmo.cli.group`; each command lives in a module of
its own, imported only when it runs (click's lazy subcommands), so that
``mixmo --help`` and ``mixmo word`` do not pay for the game's interface.
"""

from __future__ import annotations

from collections.abc import Sequence

from mixmo.cli.command_table import COMMANDS as COMMANDS  # (read here by tests and tools)
from mixmo.cli.command_table import UI_LANGUAGES as UI_LANGUAGES
from mixmo.cli.group import LazyGroup as LazyGroup
from mixmo.cli.group import cli as cli
from mixmo.cli.group import run
from mixmo.cli.output import closed_output
from mixmo.i18n import restore_ui_language, set_ui_language


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command; every user error is one line on stderr and exit code 2."""
    closed_output()
    saved = set_ui_language(None)
    try:
        run(argv)
    finally:
        restore_ui_language(saved)
