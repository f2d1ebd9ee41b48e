"""The ``mixmo`` command.

Every failure a user can cause (a bad grid file, a bad option, a missing
dictionary) ends with one line on standard error and exit code 2; a checked
grid or word list that breaks a rule exits 1; success exits 0.

Each command lives in a module of its own, imported only when it runs, so
that ``mixmo --help`` and ``mixmo word`` do not pay for the game's interface.
This package itself imports no click: the group is in :mod:`mixmo.cli.group`,
and ``mixmo --help`` (or ``-h``, or ``mixmo`` alone) is written by
:mod:`mixmo.cli.help_text` without it (click is half of that command's time;
a test holds both writings equal).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from mixmo.cli.collector import pause_collector, resume_collector
from mixmo.cli.command_table import COMMANDS as COMMANDS  # (read here by tests and tools)
from mixmo.cli.command_table import UI_LANGUAGES as UI_LANGUAGES
from mixmo.i18n import restore_ui_language, set_ui_language


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command; every user error is one line on stderr and exit code 2.

    The garbage collector is paused while the command's modules are imported
    (:mod:`mixmo.cli.collector`): the command turns it back on once they are,
    a game's screen after its first frame.
    """
    pause_collector()
    saved = set_ui_language(None)
    try:
        args = list(sys.argv[1:] if argv is None else argv)
        if args in ([], ["--help"], ["-h"]):
            from mixmo.cli.help_text import show_group_help

            # Exits (2 for `mixmo` alone: bad usage, as click says), unless it leaves
            # the help to click (an output that is not UTF-8).
            show_group_help(exit_code=0 if args else 2)
        from mixmo.cli.plain import plain_call, run_plain

        call = plain_call(args)
        if call is not None:  # `mixmo check GRID`, `mixmo word WORD...`: nothing to parse
            run_plain(call)
        from mixmo.cli.group import run

        run(argv)
    finally:
        restore_ui_language(saved)
        resume_collector()


def __getattr__(name: str) -> Any:
    """``cli`` and ``LazyGroup``, the click group, imported when first asked for."""
    if name in ("cli", "LazyGroup"):
        from mixmo.cli import group

        return getattr(group, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
