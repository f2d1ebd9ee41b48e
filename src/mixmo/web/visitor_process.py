"""A visitor's process, as textual-serve runs it, that says how it ended.

textual-serve's :class:`~textual_serve.app_service.AppService` starts the command it
is given and keeps the process to itself: its public API neither tells the exit code
nor kills a process that ignores its ``quit``. So the command the web front gives it
is this small parent::

    python -m mixmo.web.visitor_process RECORD -- mixmo join ...

It runs the visitor's ``mixmo join`` with the same standard streams (textual-serve's
pipes: the wrapper itself never reads or writes them), writes the child's process id
to ``RECORD/pid`` as soon as it runs, and its exit code to ``RECORD/exit`` when it
ends, then exits with that code. The front reads both (:class:`ProcessRecord`): the
code says whether to show the visitor an error, the id lets it kill a child that does
not quit. While this parent waits, the child cannot be reaped by anyone else, so its
id cannot name another process until ``exit`` is written.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

PID = "pid"
EXIT = "exit"


def _write(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all (the front may read at any moment)."""
    partial = path.with_name(path.name + ".part")
    partial.write_text(text)
    os.replace(partial, path)


@dataclass(frozen=True, slots=True)
class ProcessRecord:
    """The folder where a visitor's process leaves its id and its exit code."""

    folder: Path

    def pid(self) -> int | None:
        """The visitor's ``mixmo join`` process id, once it runs."""
        return _number(self.folder / PID)

    def exit_code(self) -> int | None:
        """How it ended (negative: killed by that signal), None while it runs."""
        return _number(self.folder / EXIT)

    def kill(self) -> bool:
        """Kill the process if it still runs; whether there was one to kill."""
        pid = self.pid()
        if pid is None or self.exit_code() is not None:
            return False
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            return False
        return True


def _number(path: Path) -> int | None:
    try:
        return int(path.read_text())
    except (OSError, ValueError):
        return None


def main(argv: list[str]) -> int:
    """``RECORD -- COMMAND...``: run COMMAND, recording its id and its exit code."""
    if len(argv) < 3 or argv[1] != "--":
        print("usage: python -m mixmo.web.visitor_process RECORD -- COMMAND...", file=sys.stderr)
        return 2
    record = Path(argv[0])
    # Ctrl+C in the terminal of `mixmo web` reaches the whole process group: the child
    # quits on it (or is killed), and this parent stays to write how it ended.
    signal.signal(signal.SIGINT, lambda *_: None)
    child = subprocess.Popen(argv[2:])
    signal.signal(signal.SIGTERM, lambda *_: child.terminate())
    _write(record / PID, str(child.pid))
    code = child.wait()
    _write(record / EXIT, str(code))
    return code if code >= 0 else 128 - code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
