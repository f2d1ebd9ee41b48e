"""A standard output that cannot take a command's output: closed (``>&-``), full
(``>/dev/full``), or a pipe whose reader has gone (``| head -1``).

Python reports these as an ``OSError`` wherever the write or the flush happens,
or only at exit, after the command has chosen its exit code. :func:`closed_output`
stands in for a closed standard output so that writing to it fails as a full one
does, :func:`flush_output` makes the last writes fail while they can still be
reported, and :func:`output_lost` turns the failure into one line on standard
error and an exit code: 2 for a closed or full output, the quiet exit click uses
for a closed pipe (1, and nothing said) for a reader that has gone.
"""

from __future__ import annotations

import errno
import io
import os
import sys

from mixmo.cli.constants import EXIT_USAGE

EXIT_PIPE_CLOSED = 1
"""click's exit code when the reader of its output has gone (``Command.main``)."""


class ClosedOutput(io.TextIOBase):
    """Standard output when it was closed before the command started (Python then
    sets ``sys.stdout`` to None, and every library's writes would vanish)."""

    encoding = "utf-8"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))

    def isatty(self) -> bool:
        return False


def closed_output() -> None:
    """Put a :class:`ClosedOutput` in the place of a closed standard output."""
    if sys.stdout is None:
        sys.stdout = ClosedOutput()


def flush_output() -> None:
    """Write what the command left in standard output's buffer (may raise OSError)."""
    if sys.stdout is not None:
        sys.stdout.flush()


def output_lost(error: OSError) -> int | None:
    """The exit code for ``error`` when it is standard output's (after its one line
    on standard error), or None when it is not about standard output."""
    from mixmo.i18n import _

    if error.errno == errno.EPIPE:
        _discard_output()
        return EXIT_PIPE_CLOSED
    closed = isinstance(sys.stdout, ClosedOutput)
    if not closed and _output_writes():
        return None  # the output is fine: the error was another file's
    reason = _("it is closed") if closed else error.strerror or str(error)
    message = _("mixmo: error: cannot write to standard output ({reason})")
    _discard_output()
    try:
        sys.stderr.write(message.format(reason=reason) + "\n")
        sys.stderr.flush()
    except (OSError, AttributeError, ValueError):
        pass  # no standard error either: the exit code says it
    return EXIT_USAGE


def _output_writes() -> bool:
    """Whether standard output takes writes: what is left in its buffer is written
    (a failed write may have left some there), and an empty write goes through."""
    try:
        flush_output()
    except (OSError, ValueError):
        return False
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return True  # not a file (a test's capture): its flush said it all
    try:
        os.write(descriptor, b"")
    except OSError:
        return False
    return True


def _discard_output() -> None:
    """Send standard output to the null device, so that what is still in its buffer
    does not fail again when Python flushes it at exit (a second message)."""
    try:
        stdout_fd = sys.stdout.fileno() if not isinstance(sys.stdout, ClosedOutput) else -1
    except (AttributeError, OSError, ValueError):
        stdout_fd = -1
    if stdout_fd >= 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout_fd)
        os.close(devnull)
