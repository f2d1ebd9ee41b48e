"""Personal records in SQLite: stored in one transaction, versioned schema, `mixmo stats`."""

from __future__ import annotations

import json
import sqlite3

import pytest

from mixmo.data import records
from mixmo.data.records import RecordsError, Run


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    return tmp_path


def practice(seconds: float, day: int, size: int = 2, language: str = "en", **extra) -> Run:
    return Run(kind="practice", finished_at=f"2026-11-{day:02d}T10:00:00", player="Ann",
               language=language, table_size=size, variant="classic", seed=str(day),
               seconds=seconds, tiles={2: 60, 6: 20}[size], **{"won": True, **extra})  # fmt: skip


def test_a_finished_run_is_stored_and_read_back() -> None:
    run = practice(300.5, 1, hints=2, penalty_seconds=30, splits=(40.0, 90.5))
    run_id = records.record(run)
    (stored,) = records.recent()
    assert stored == run and stored.id == run_id
    assert stored.total_seconds == 330.5


def test_personal_bests_per_table_size_and_language() -> None:
    for seconds, day in [(300, 1), (250, 2), (280, 3)]:
        records.record(practice(seconds, day))
    records.record(practice(100, 4, size=6))
    records.record(practice(400, 5, language="fr"))
    records.record(practice(240, 6, penalty_seconds=20))  # 260 with its hint penalty
    bests = {(r.language, r.table_size): r.total_seconds for r in records.personal_bests()}
    assert bests == {("en", 2): 250, ("en", 6): 100, ("fr", 2): 400}


def test_progress_over_time_is_oldest_first() -> None:
    for seconds, day in [(300, 3), (250, 1), (280, 2)]:
        records.record(practice(seconds, day))
    assert [r.seconds for r in records.practice_history(2, "en")] == [250, 280, 300]


def test_the_schema_has_a_version_and_a_newer_one_is_refused(private_data) -> None:
    records.record(practice(300, 1))
    path = private_data / "records.sqlite3"
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == records.SCHEMA_VERSION
        connection.execute("PRAGMA user_version = 99")
    with pytest.raises(RecordsError, match="schema version 99"):
        records.recent()


def test_a_failed_write_leaves_no_half_record(monkeypatch) -> None:
    records.record(practice(300, 1))
    with pytest.raises(RecordsError, match="-5 seconds"):
        records.record(practice(-5, 2))  # a negative time is no record
    assert len(records.recent()) == 1


def test_a_damaged_database_is_a_clear_error(private_data) -> None:
    (private_data / "records.sqlite3").write_bytes(b"this is not a database" * 100)
    with pytest.raises(RecordsError, match="is damaged"):
        records.recent()


def test_mixmo_stats_shows_bests_recent_and_progress(mixmo) -> None:
    assert "No records yet" in mixmo("stats").out
    for seconds, day in [(300, 1), (250, 2)]:
        records.record(practice(seconds, day))
    records.record(Run(kind="game", finished_at="2026-11-03T12:00:00", player="Ann", language="en",
                       table_size=2, variant="classic", seed="9", seconds=900, tiles=60, won=True,
                       score=120))  # fmt: skip
    run = mixmo("stats")
    assert run.code == 0
    assert "Personal bests" in run.out and "4:10" in run.out
    assert "won, 120 pts" in run.out
    assert "Progress, 2 players, en" in run.out and "best" in run.out
    data = json.loads(mixmo("stats", "--json").out)
    assert data["personal_bests"][0]["total_seconds"] == 250
    assert [r["kind"] for r in data["recent"]] == ["game", "practice", "practice"]


def test_mixmo_stats_on_a_damaged_database_exits_2(mixmo, private_data) -> None:
    (private_data / "records.sqlite3").write_bytes(b"garbage" * 300)
    run = mixmo("stats")
    assert run.code == 2 and "is damaged" in run.err


def test_a_process_killed_while_recording_loses_no_finished_record(private_data) -> None:
    import os
    import signal
    import subprocess
    import sys

    child = subprocess.Popen(
        [sys.executable, "-c", (
            "import sys\n"
            "from mixmo.data import records\n"
            "from mixmo.data.records import Run\n"
            "n = 0\n"
            "while True:\n"
            "    n += 1\n"
            "    records.record(Run(kind='practice', finished_at=f'2026-11-29T10:{n % 60:02d}:00',"
            " player='Ann', language='en', table_size=2, variant='classic', seed=str(n),"
            " seconds=float(n), tiles=60))\n"
            "    print(n, flush=True)\n"
        )],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "MIXMO_DATA_DIR": str(private_data)},
    )  # fmt: skip
    assert child.stdout is not None
    committed = 0
    while committed < 25:
        committed = int(child.stdout.readline())
    child.send_signal(signal.SIGKILL)
    child.wait()
    with sqlite3.connect(private_data / "records.sqlite3") as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert len(records.recent(limit=100_000)) >= committed
