"""Schema migrations shared by the records and the server's rooms: numbered steps,
each all or nothing, an older database brought forward, a newer one refused."""

from __future__ import annotations

import sqlite3

import pytest

from mixmo.data.sqlite_schema import SchemaVersionError, migrate


def _version(db: sqlite3.Connection) -> int:
    version: int = db.execute("PRAGMA user_version").fetchone()[0]
    return version


def _add_score(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE t ADD COLUMN score INTEGER")


STEPS = {1: "CREATE TABLE t (x TEXT);", 2: _add_score}


def test_each_step_above_the_database_s_version_runs_once_in_order() -> None:
    db = sqlite3.connect(":memory:")
    migrate(db, STEPS)
    assert _version(db) == 2
    assert [row[1] for row in db.execute("PRAGMA table_info(t)")] == ["x", "score"]
    migrate(db, STEPS)  # already there: nothing runs again
    assert _version(db) == 2


def test_a_step_that_fails_leaves_the_version_it_had_reached_and_nothing_of_itself() -> None:
    def fails_half_way(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE u (y)")
        db.execute("INSERT INTO missing VALUES (1)")

    db = sqlite3.connect(":memory:")
    with pytest.raises(sqlite3.OperationalError):
        migrate(db, {1: STEPS[1], 2: fails_half_way})
    assert _version(db) == 1
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert tables == {"t"}


@pytest.mark.parametrize(("version", "newer"), [(3, True), (-1, False)])
def test_a_version_the_steps_do_not_reach_is_refused(version: int, newer: bool) -> None:
    db = sqlite3.connect(":memory:")
    db.execute(f"PRAGMA user_version = {version}")
    with pytest.raises(SchemaVersionError) as refused:
        migrate(db, STEPS)
    assert refused.value.newer is newer and refused.value.version == version
