"""`mixmo stats` over a long history: the same bests, read in one pass over the runs.

A player with thousands of practice runs (a script can make them) made the
personal bests query compare every run with every other of its table: 6,000
runs took 3.7 s, 30,000 over two minutes (benchmarks/stats.py has the figures).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from mixmo.data import records
from mixmo.data.records import Run


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    return tmp_path


def many_runs(count: int) -> list[Run]:
    """Finished and unfinished practice runs at every table size in both languages,
    with tied times (and tied times on the same day), and a few games."""
    runs = [
        Run(kind="practice", finished_at=f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T10:00:00",
            player="Ann", language=("en", "fr")[i // 6 % 2], table_size=1 + i % 6, variant="classic",
            seed=str(i), seconds=float(60 + (i * 7919) % 97), tiles=20, won=i % 5 != 0,
            penalty_seconds=float(i % 3) * 5, hints=i % 3)
        for i in range(count)
    ]  # fmt: skip
    runs += [
        Run(kind="game", finished_at="2026-12-01T10:00:00", player="Ann", language="en",
            table_size=2, variant="classic", seed="g", seconds=1.0, tiles=0, won=True, score=9)
    ]  # fmt: skip
    return runs


def expected_bests(runs: list[Run]) -> list[tuple[str, int, float, str, str]]:
    """The rule, written plainly: per language and table size, the finished practice run
    with the least time plus penalties; the earliest among equals, then the first stored."""
    best: dict[tuple[str, int], tuple[float, str, int, Run]] = {}
    for number, run in enumerate(runs):
        if run.kind != "practice" or not run.won:
            continue
        key = (run.language, run.table_size)
        candidate = (run.total_seconds, run.finished_at, number, run)
        if key not in best or candidate[:3] < best[key][:3]:
            best[key] = candidate
    return [
        (run.language, run.table_size, run.total_seconds, run.finished_at, run.seed)
        for _, (_, _, _, run) in sorted(best.items())
    ]


def test_personal_bests_over_thousands_of_runs_are_the_fastest_of_each_table() -> None:
    runs = many_runs(3000)
    records.record_all(runs)
    bests = records.personal_bests()
    assert [(r.language, r.table_size, r.total_seconds, r.finished_at, r.seed) for r in bests] == (
        expected_bests(runs)
    )
    assert len(bests) == 12


def test_mixmo_stats_json_over_thousands_of_runs(mixmo) -> None:  # type: ignore[no-untyped-def]
    runs = many_runs(3000)
    records.record_all(runs)
    run = mixmo("stats", "--json")
    assert run.code == 0
    shown = json.loads(run.out)["personal_bests"]
    assert [(b["language"], b["table_size"], b["total_seconds"], b["finished_at"], b["seed"])
            for b in shown] == expected_bests(runs)  # fmt: skip


@contextmanager
def _counting_steps(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """SQLite's virtual-machine steps (in thousands) spent by the records' queries: a
    measure of work that does not depend on the machine's load, unlike a clock."""
    steps = [0]
    opened = records.connect

    def tick() -> int:
        steps[0] += 1
        return 0

    @contextmanager
    def connect(*args: object, **kwargs: object) -> Iterator[object]:
        with opened(*args, **kwargs) as connection:  # type: ignore[arg-type]
            connection.set_progress_handler(tick, 1000)
            yield connection

    with monkeypatch.context() as patch:
        patch.setattr(records, "connect", connect)
        yield steps


def test_personal_bests_read_each_run_a_bounded_number_of_times(
    private_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = {}
    for count in (1000, 4000):
        path = private_data / f"{count}.sqlite3"
        records.record_all(many_runs(count), path)
        with _counting_steps(monkeypatch) as steps:
            records.personal_bests(path)
        work[count] = steps[0]
    # four times the runs: about four times the work (a sort: a little more), not sixteen
    assert work[4000] <= 6 * max(work[1000], 1), work
