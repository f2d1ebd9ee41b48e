"""SQLite schemas that grow: numbered steps, applied in order, each in one transaction.

The records (``records.sqlite3``) and the server's rooms (``rooms.sqlite3``) both keep
their schema's version in ``PRAGMA user_version`` and bring an older database forward
on open with :func:`migrate`, so a migration the disk cuts short leaves the database at
the last version it fully reached, never half-way between two.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping

Step = str | Callable[[sqlite3.Connection], None]
"""A migration: an SQL script, or a function given the connection (for what SQL alone
cannot decide, such as adding a column only when an older program left it out)."""


class SchemaVersionError(ValueError):
    """A database whose schema version this program cannot bring forward: damaged
    (not a whole number, or negative) or written by a newer program (``newer``)."""

    def __init__(self, version: object, known: int) -> None:
        self.version = version
        self.known = known
        self.newer = isinstance(version, int) and version > known
        super().__init__(f"schema version {version}; this program knows {known}")


def migrate(connection: sqlite3.Connection, steps: Mapping[int, Step]) -> None:
    """Bring the database up to the last of ``steps`` (keyed 1, 2, ... by the version
    each makes), running only those above its version, each with its new version in
    one transaction. A :class:`SchemaVersionError` if its version is not one of them."""
    known = len(steps)
    if sorted(steps) != list(range(1, known + 1)):
        raise ValueError(f"migrations are numbered 1 to {known}, not {sorted(steps)}")
    version: object = connection.execute("PRAGMA user_version").fetchone()[0]
    if not isinstance(version, int) or not 0 <= version <= known:
        raise SchemaVersionError(version, known)
    for target in range(version + 1, known + 1):
        step = steps[target]
        if isinstance(step, str):
            with connection:  # executescript commits first; BEGIN makes the script one
                connection.executescript(f"BEGIN; {step} PRAGMA user_version = {target};")
            continue
        with connection:  # committed at the end, rolled back on any error
            connection.execute("BEGIN")
            step(connection)
            connection.execute(f"PRAGMA user_version = {target}")
