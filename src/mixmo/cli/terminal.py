"""The commands that open a screen need a terminal on both ends: keys in, screen out.

Without one, Textual reads end-of-file from a standard input such as /dev/null
over and over (a core at 80 %, for ever) or writes its escape sequences into
a file. `mixmo play`, `practice`, `tutorial`, `join` (a person's seat) and
`mixup` therefore refuse at once, in one line with exit code 2, when standard
input or output is not a terminal; the bots-only modes (`--headless`) need none,
nor an app that Textual draws with another driver (the browser's, under `mixmo web`).
"""

from __future__ import annotations

import os
import sys
from typing import IO

from mixmo.cli.common import fail
from mixmo.i18n import _


def is_a_tty(stream: IO[str] | None) -> bool:
    """Whether ``stream`` is an open terminal (a closed or missing stream is not)."""
    if stream is None:
        return False
    try:
        return not stream.closed and stream.isatty()
    except (ValueError, AttributeError):
        return False


def has_terminal() -> bool:
    """Standard input and output are both a terminal, or Textual was given another
    driver to draw with (``TEXTUAL_DRIVER``: textual-serve and `mixmo web` run each
    visitor's app over pipes with the web driver)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    return is_a_tty(sys.stdin) and is_a_tty(sys.stdout)


def require_terminal(command: str, *, headless_hint: bool | str = False) -> None:
    """Stop ``command`` in one line (exit 2) unless keys can be read and a screen drawn.

    ``headless_hint`` adds how to play without a terminal: True says it in Mixmo's
    words (bots), a string in the command's own (MixUp says "computer players").
    """
    if has_terminal():
        return
    if sys.stdin is None or sys.stdin.closed:
        message = _("standard input is closed: {command} needs a terminal to read keys from")
    elif not is_a_tty(sys.stdin):
        message = _("standard input is not a terminal: {command} reads keys from a terminal")
    else:
        message = _("standard output is not a terminal: {command} draws its screen in a terminal")
    if isinstance(headless_hint, str):
        message += headless_hint
    elif headless_hint:
        message += _(" (--headless plays bots only, without one)")
    fail(message.format(command=command))
