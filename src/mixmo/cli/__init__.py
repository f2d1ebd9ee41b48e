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

import gc
import sys
from collections.abc import Sequence
from typing import Any

from mixmo.i18n import N_, restore_ui_language, set_ui_language

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

GROUP_HELP = N_("Mixmo, the word-race tile game, in the terminal.")
VERSION_HELP = N_("Show the version and exit.")
UI_HELP = N_("Language of the interface (default: your locale).")
UI_LANGUAGES = ("en", "fr")
"""``--ui``'s choices (kept equal to :data:`mixmo.i18n.UI_LANGUAGES` by a test)."""


_collector_paused = False
"""Whether :func:`main` paused the garbage collector, and :func:`resume_collector` should
turn it back on."""


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command; every user error is one line on stderr and exit code 2.

    The garbage collector is paused while the command's modules are imported
    (:func:`resume_collector`, when the command is found, turns it back on):
    importing them makes tens of thousands of objects that live as long as the
    process, and the collections they set off, about twenty in ``mixmo check``,
    found nothing to free (6 ms of its 110 ms of CPU).
    """
    global _collector_paused
    _collector_paused = gc.isenabled()
    gc.disable()
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


def resume_collector() -> None:
    """Turn the garbage collector back on if :func:`main` paused it for the start-up."""
    global _collector_paused
    if _collector_paused:
        _collector_paused = False
        gc.enable()


def __getattr__(name: str) -> Any:
    """``cli`` and ``LazyGroup``, the click group, imported when first asked for."""
    if name in ("cli", "LazyGroup"):
        from mixmo.cli import group

        return getattr(group, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
