"""``mixmo play``, ``mixmo check GRID`` and ``mixmo word WORD...`` as typed most
often, run without click.

click, with what it imports (``inspect``, ``uuid``, ``platform``, ``datetime``...),
is about a third of ``check``'s and ``word``'s CPU and 15 ms of ``play``'s first
frame, and those calls leave it nothing to parse: every argument is a grid file or
a word, every option is left at its default. So
:func:`plain_call` recognises exactly that shape (no argument starting with ``-``,
not on Windows, where click expands wildcards, nor when the shell asks click for
completions) and the command's own function runs with the defaults click would
give it (``PLAIN_DEFAULTS`` in the command's module; a test holds them equal to
click's parse). Anything else, ``--lang fr`` or ``-`` or ``--help`` included, goes
through click as before.

An error is reported as under click: the error is raised again inside a click
command (:func:`mixmo.cli.group.exit_as_under_click`), so that click and
:func:`mixmo.cli.group.run` treat it as ever (one line, exit code). Only then is
click imported.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from mixmo.cli.collector import resume_collector

if TYPE_CHECKING:
    import click

#: command -> (module, function, how many arguments: none, exactly one, or at least one).
PLAIN_COMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("mixmo.cli.play_game", "run_play", "none"),
    "check": ("mixmo.cli.check", "run_check", "one"),
    "word": ("mixmo.cli.word", "run_word", "some"),
}

ARITIES: dict[str, Callable[[int], bool]] = {
    "none": lambda count: count == 0,
    "one": lambda count: count == 1,
    "some": lambda count: count >= 1,
}
"""Whether a plain call of a command of each arity may have this many arguments."""

COMPLETION_VARIABLE = "_MIXMO_COMPLETE"
"""Set by the shell when it asks click for completions (``_{PROG}_COMPLETE``)."""


def plain_call(args: Sequence[str]) -> Callable[[], None] | None:
    """The command ``args`` stand for, ready to run without click, or None when
    they hold anything for click to parse."""
    if not args or args[0] not in PLAIN_COMMANDS:
        return None
    if os.name == "nt" or os.environ.get(COMPLETION_VARIABLE):
        return None
    rest = list(args[1:])
    if any(argument.startswith("-") for argument in rest):
        return None
    module_name, function, arity = PLAIN_COMMANDS[args[0]]
    if not ARITIES[arity](len(rest)):
        return None

    def call() -> None:
        module = importlib.import_module(module_name)
        resume_collector()  # the start-up's imports are done, as in LazyGroup.get_command
        run = getattr(module, function)
        if arity == "none":
            run(**module.PLAIN_DEFAULTS)
        else:
            run(rest[0] if arity == "one" else tuple(rest), **module.PLAIN_DEFAULTS)

    return call


def run_plain(call: Callable[[], None]) -> NoReturn:
    """Run ``call`` (a command, which ends with ``sys.exit``); an error ends the
    process as it would have under click."""
    try:
        call()
    except SystemExit:
        raise
    except BaseException as error:
        from mixmo.cli.group import exit_as_under_click

        exit_as_under_click(error)
    raise SystemExit(0)


def made_on_first_use(
    module: str, name: str, make: Callable[[], click.Command]
) -> Callable[[str], Any]:
    """A module ``__getattr__`` giving the module's click command ``name``, made by
    ``make`` when first asked for: the plain route runs the command's own function
    without it, and without click."""
    made: list[click.Command] = []

    def __getattr__(attribute: str) -> Any:
        if attribute != name:
            raise AttributeError(f"module {module!r} has no attribute {attribute!r}")
        if not made:
            made.append(make())
        return made[0]

    return __getattr__
