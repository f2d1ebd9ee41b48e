"""Every way the records database can
be wrong is one sentence (exit 2 from `mixmo stats`), and only finished runs
are personal bests while finished rounds of matches are listed too."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mixmo.data import records
from mixmo.data.records import RecordsError, Run


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    return tmp_path


def run(seconds: float = 300, day: int = 1, **extra: object) -> Run:
    fields = {"kind": "practice", "finished_at": f"2026-11-{day:02d}T10:00:00", "player": "Ann",
              "language": "en", "table_size": 2, "variant": "classic", "seed": str(day),
              "seconds": seconds, "tiles": 60, "won": True, **extra}  # fmt: skip
    return Run(**fields)  # type: ignore[arg-type]


def stats_error(mixmo) -> str:
    result = mixmo("stats")
    assert result.code == 2, result.out
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    return result.err


def database(private_data: Path) -> Path:
    records.record(run())
    return private_data / "records.sqlite3"


def test_malformed_pages(mixmo, private_data: Path) -> None:
    path = database(private_data)
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xa5" * (4096 - 100)  # the schema page, overwritten
    path.write_bytes(bytes(data))
    assert "the records database is damaged" in stats_error(mixmo)


def test_a_damaged_index_is_reported_not_silently_skipped(mixmo, private_data: Path) -> None:
    path = database(private_data)
    for day in range(2, 200):
        records.record(run(300 + day, day % 28 + 1))
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA writable_schema = ON")
        page = connection.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'runs_by_table'"
        ).fetchone()[0]
        size = connection.execute("PRAGMA page_size").fetchone()[0]
    connection.close()
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    data = bytearray(path.read_bytes())
    start = (page - 1) * size
    data[start + 8 : start + size] = b"\x00" * (size - 8)  # the index's cells are gone
    path.write_bytes(bytes(data))
    err = stats_error(mixmo)
    assert "the records database is damaged" in err


def test_a_version_without_its_tables(mixmo, private_data: Path) -> None:
    with sqlite3.connect(private_data / "records.sqlite3") as connection:
        connection.execute(f"PRAGMA user_version = {records.SCHEMA_VERSION}")
    assert "its version has no runs table" in stats_error(mixmo)


def test_wrong_columns(mixmo, private_data: Path) -> None:
    with sqlite3.connect(private_data / "records.sqlite3") as connection:
        connection.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY, what TEXT)")
        connection.execute(f"PRAGMA user_version = {records.SCHEMA_VERSION}")
    assert "the runs table has other columns" in stats_error(mixmo)


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("splits", "[1, 2", "record 1 has bad splits"),
        ("splits", '{"a": 1}', "record 1 has bad splits"),
        ("splits", "[" * 100_000, "record 1 has bad splits"),
        ("seconds", "fast", "record 1 has a wrong seconds ('fast')"),
        ("tiles", "60 tiles", "record 1 has a wrong tiles ('60 tiles')"),
        ("player", b"Ann", "record 1 has a wrong player (b'Ann')"),
    ],
)
def test_a_row_of_the_wrong_types_or_bad_json(
    mixmo, private_data: Path, column: str, value: object, message: str
) -> None:
    path = database(private_data)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA ignore_check_constraints = ON")
        connection.execute(f"UPDATE runs SET {column} = ?", (value,))
    assert message in stats_error(mixmo)


LOCKER = textwrap.dedent(
    """
    import sqlite3, sys, time
    connection = sqlite3.connect(sys.argv[1], isolation_level=None)
    if sys.argv[2] == "everything":
        connection.execute("PRAGMA locking_mode = EXCLUSIVE")
    connection.execute("BEGIN EXCLUSIVE")
    connection.execute("UPDATE runs SET player = player")
    print("locked", flush=True)
    time.sleep(60)
    """
)


def locked_by_another_process(path: Path, what: str) -> subprocess.Popen[bytes]:
    locker = subprocess.Popen([sys.executable, "-c", LOCKER, str(path), what],
                              stdout=subprocess.PIPE)  # fmt: skip
    assert locker.stdout is not None and locker.stdout.readline() == b"locked\n"
    return locker


def test_a_database_another_process_writes_is_still_read(mixmo, private_data: Path) -> None:
    locker = locked_by_another_process(database(private_data), "writes")
    try:
        assert mixmo("stats").code == 0  # readers are not blocked by a writer
        with pytest.raises(RecordsError, match="is locked by another program"):
            records.record(run(200, 2))
    finally:
        locker.kill()
        locker.wait()
    assert [r.seconds for r in records.recent()] == [300]


def test_a_database_another_process_holds_entirely(mixmo, private_data: Path) -> None:
    locker = locked_by_another_process(database(private_data), "everything")
    try:
        assert "is locked by another program (close it and try again)" in stats_error(mixmo)
    finally:
        locker.kill()
        locker.wait()


def test_a_records_file_that_is_a_folder(mixmo, private_data: Path) -> None:
    (private_data / "records.sqlite3").mkdir()
    assert "it is a folder" in stats_error(mixmo)


def test_a_data_folder_that_is_a_file(mixmo, tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "data").write_text("")
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))
    assert "a file stands where the folder should be" in stats_error(mixmo)


def test_a_read_only_database(mixmo, private_data: Path, monkeypatch) -> None:
    path = database(private_data)
    real_connect = sqlite3.connect

    def read_only(target: object, *args: object, **kwargs: object) -> sqlite3.Connection:
        return real_connect(f"file:{target}?mode=ro", *args, uri=True, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(records.sqlite3, "connect", read_only)
    assert [r.seconds for r in records.recent()] == [300]  # reading works
    with pytest.raises(RecordsError, match="is read-only"):
        records.record(run(200, 2))
    del path


def test_a_newer_schema_is_one_sentence(mixmo, private_data: Path) -> None:
    path = database(private_data)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA user_version = 99")
    assert "schema version 99" in stats_error(mixmo)


def test_version_1_databases_migrate_and_keep_their_runs(private_data: Path) -> None:
    with sqlite3.connect(private_data / "records.sqlite3") as connection:
        connection.executescript(records.MIGRATIONS[1] + "PRAGMA user_version = 1;")
        connection.execute(
            "INSERT INTO runs (kind, finished_at, player, language, table_size, variant, seed,"
            " seconds, tiles, won) VALUES ('practice', '2026-11-01', 'Ann', 'en', 2, 'classic',"
            " '1', 250, 60, 1)"
        )
    assert [r.seconds for r in records.personal_bests()] == [250]
    records.record(run(kind="round", score=35, day=2))
    assert [r.kind for r in records.recent()] == ["round", "practice"]


# --- only a finished run is a personal best ---------------------------------------------


def test_an_unfinished_practice_run_is_never_a_personal_best(mixmo) -> None:
    records.record(run(400, 1))
    records.record(run(100, 2, won=False, tiles=41))  # faster, but tiles were left
    assert [r.seconds for r in records.personal_bests()] == [400]
    out = mixmo("stats").out
    assert "6:40" in out and "unfinished, 41 tiles" in out


def test_stats_lists_finished_rounds_of_matches(mixmo) -> None:
    records.record_all(
        [run(300, 3, kind="round", score=42, seed="9 round 1"),
         run(300, 3, kind="round", score=-5, won=False, player="Bob", seed="9 round 1")]
    )  # fmt: skip
    out = mixmo("stats").out
    assert "round" in out and "won, 42 pts" in out and "lost, -5 pts" in out


def test_records_on_a_read_only_disk_are_still_shown(
    mixmo, private_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = private_data / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)],
                             capture_output=True)  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        records.record(run(280, 4), disk / "records.sqlite3")
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        with pytest.raises(RecordsError, match=r"cannot be opened|read-only"):
            records.record(run(200, 5), disk / "records.sqlite3")
        assert [r.seconds for r in records.recent(path=disk / "records.sqlite3")] == [280]
        monkeypatch.setenv("MIXMO_DATA_DIR", str(disk))
        shown = mixmo("stats")
        assert shown.code == 0 and "4:40" in shown.out
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_damaged_header_with_a_negative_schema_version(mixmo, private_data: Path) -> None:
    path = database(private_data)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    data = bytearray(path.read_bytes())
    data[60] = 0x80  # the header's user_version, now negative (found by the fuzzer)
    path.write_bytes(bytes(data))
    assert "the records database is damaged (schema version -" in stats_error(mixmo)


# --- a full disk --------------------------------------------------------------------


def disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite may not grow any database by one page: its own "database or disk is full"."""
    real_connect = sqlite3.connect

    def full(target: object, *args: object, **kwargs: object) -> sqlite3.Connection:
        connection = real_connect(target, *args, **kwargs)  # type: ignore[call-overload]
        if target != ":memory:":  # only files are on the disk
            connection.execute("PRAGMA max_page_count = 1")  # SQLite keeps the pages in use
        return connection  # type: ignore[no-any-return]

    monkeypatch.setattr(records.sqlite3, "connect", full)


def test_a_run_recorded_on_a_full_disk_is_refused_with_the_path_and_the_disk_is_full(
    private_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk_full(monkeypatch)
    with pytest.raises(RecordsError) as refused:
        records.record(run())
    assert str(private_data / "records.sqlite3") in str(refused.value)
    assert "the disk is full" in str(refused.value)
    assert "cannot be read" not in str(refused.value)


def test_stats_on_a_full_disk_reads_the_records_kept_so_far(
    mixmo, private_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database(private_data)
    disk_full(monkeypatch)
    with pytest.raises(RecordsError, match="the disk is full"):
        records.record(run(200, 2, grid="WORD\n" * 4000))  # a page more than the disk has
    shown = mixmo("stats")
    assert shown.code == 0 and "5:00" in shown.out and "3:20" not in shown.out


def test_stats_after_a_first_record_failed_on_a_full_disk_says_no_records_yet(
    mixmo, private_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (private_data / "records.sqlite3").write_bytes(b"")  # created, never written: disk full
    disk_full(monkeypatch)
    shown = mixmo("stats")
    assert shown.code == 0, shown.err
    assert "No records yet" in shown.out


def test_a_real_full_disk_keeps_the_records_readable(
    mixmo, private_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = private_data / "full"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)],
                             capture_output=True)  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        with (disk / "filler").open("wb", buffering=0) as filler, pytest.raises(OSError):
            while True:  # fill the disk, as a download would
                filler.write(b"\0" * 4096)
                filler.flush()
        with pytest.raises(RecordsError, match="the disk is full"):
            records.record(run(280, 4), disk / "records.sqlite3")
        monkeypatch.setenv("MIXMO_DATA_DIR", str(disk))
        shown = mixmo("stats")
        assert shown.code == 0 and "No records yet" in shown.out, shown.err
        (disk / "filler").unlink()  # space freed: the next run is kept
        records.record(run(280, 4), disk / "records.sqlite3")
        shown = mixmo("stats")
        assert shown.code == 0 and "4:40" in shown.out
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_stats_on_a_disk_too_small_for_the_records_journal_says_no_records_yet(
    mixmo, private_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a 64 KiB disk SQLite's journal fills it mid-way through creating the tables:
    the half-made database is read (journal included) without writing, never called damaged."""
    disk = private_data / "tiny"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)],
                             capture_output=True)  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        with pytest.raises(RecordsError, match="the disk is full"):
            records.record(run(280, 4), disk / "records.sqlite3")
        monkeypatch.setenv("MIXMO_DATA_DIR", str(disk))
        for _ in range(2):  # and again: the first reading wrote nothing that breaks the next
            shown = mixmo("stats")
            assert shown.code == 0 and "No records yet" in shown.out, shown.err
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)
