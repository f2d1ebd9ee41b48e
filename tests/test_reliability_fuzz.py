"""The fuzzers that found the failures, kept as properties.

Whatever the bytes of a grid text, a saved game, a records row or a keys
file, the answer is a result or one clear error of the kind the caller
handles: never another exception, never a hang. Each property runs a bounded
number of examples in CI; the ``slow`` variants run many more
(``pytest -m slow tests/test_reliability_fuzz.py``).
"""

from __future__ import annotations

import functools
import json
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mixmo.data import records
from mixmo.engine.grid import Grid, GridSyntaxError
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.save import GameFileError, dumps, loads
from mixmo.engine.validation import validate
from mixmo.engine.variants import variant_for
from tests.game_helpers import lay_out, new_game

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=2_000, deadline=None, suppress_health_check=list(HealthCheck))

# --- grid text -----------------------------------------------------------------------------

CELLS = "ABCDEZ?!abz.  "
grid_texts = st.one_of(
    st.lists(st.text(CELLS, max_size=30), max_size=12).map("\n".join),
    st.text(CELLS + "#\n\r\t\0é😀\x1b", max_size=300),
    st.builds(lambda row, n: "\n".join([row] * n), st.text(CELLS, max_size=40), st.integers(0, 60)),
)


def grid_property(text: str) -> None:
    try:
        grid = Grid.parse(text)
    except GridSyntaxError as error:
        assert str(error).split(":", 2)[0].isdigit()  # line:col: ...
        return
    assert Grid.parse(grid.to_text()) == grid.normalized()
    report = validate(grid, AnyWord(language="en"), variant_for(expert=False))
    assert report.valid == (not report.problems)
    assert sum(len(group) for group in grid.groups()) == len(grid)


@FAST
@given(grid_texts)
def test_any_grid_text_is_a_grid_or_a_syntax_error(text: str) -> None:
    grid_property(text)


@pytest.mark.slow
@LONG
@given(grid_texts)
def test_any_grid_text_is_a_grid_or_a_syntax_error_long_run(text: str) -> None:
    grid_property(text)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(CELLS + "#\n\0é", max_size=200))
def test_mixmo_check_of_any_text_exits_0_1_or_2_without_a_traceback(mixmo, text: str) -> None:
    result = mixmo("check", "--dict", "any", "-", stdin=text)
    assert result.code in (0, 1, 2)
    if result.code == 2:
        assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err


# --- saved games ---------------------------------------------------------------------------

_GAME = new_game(2, seed=11)
lay_out(_GAME, 0)
SAVE: dict[str, Any] = json.loads(dumps(_GAME))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            found += paths(item, (*prefix, index))
    return found


SAVE_PATHS = [p for p in paths(SAVE) if p]


def mutated(where: tuple[Any, ...], value: Any) -> str:
    data = json.loads(json.dumps(SAVE))
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    return json.dumps(data)


def save_property(text: str) -> None:
    try:
        game = loads(text, lexicon=AnyWord(language="en"))
    except GameFileError as error:
        assert "\n" not in str(error)
        return
    assert loads(dumps(game), lexicon=AnyWord(language="en")).state == game.state


@FAST
@given(st.sampled_from(SAVE_PATHS), json_values)
def test_any_edit_of_a_save_loads_or_is_a_game_file_error(
    where: tuple[Any, ...], value: Any
) -> None:
    save_property(mutated(where, value))


@FAST
@given(st.integers(0, len(dumps(_GAME))), st.binary(max_size=20))
def test_any_corruption_of_a_save_loads_or_is_a_game_file_error(at: int, junk: bytes) -> None:
    text = dumps(_GAME)
    save_property(text[:at] + junk.decode("latin-1") + text[at + len(junk) :])


@pytest.mark.slow
@LONG
@given(st.sampled_from(SAVE_PATHS), json_values)
def test_any_edit_of_a_save_long_run(where: tuple[Any, ...], value: Any) -> None:
    save_property(mutated(where, value))


# --- records -------------------------------------------------------------------------------

sql_values = st.one_of(
    st.none(), st.integers(-(2**63), 2**63 - 1), st.floats(allow_nan=False), st.text(max_size=12),
    st.binary(max_size=8), st.just("[1, 2"), st.just("[" * 2_000),
)  # fmt: skip


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(records.COLUMNS), sql_values)
def test_any_value_in_a_records_row_is_read_or_a_records_error(
    tmp_path_factory: pytest.TempPathFactory, column: str, value: object
) -> None:
    path = tmp_path_factory.mktemp("records") / "records.sqlite3"
    records.record(records.Run(kind="practice", finished_at="2026-11-01T10:00:00", player="Ann",
                               language="en", table_size=2, variant="classic", seed="1",
                               seconds=300, tiles=60, won=True), path)  # fmt: skip
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA ignore_check_constraints = ON")
        try:
            connection.execute(f"UPDATE runs SET {column} = ?", (value,))
        except sqlite3.IntegrityError:  # NOT NULL: SQLite itself refuses the edit
            return
    connection.close()
    try:
        runs = records.recent(path=path) + records.personal_bests(path=path)
    except records.RecordsError as error:
        assert "\n" not in str(error) and str(path) in str(error)
        return
    for run in runs:
        assert isinstance(run.total_seconds, float | int)


@functools.cache
def database_bytes() -> bytes:
    """A records database of a month of runs, checkpointed into one file."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.sqlite3"
        records.record_all([records.Run(kind="practice", finished_at=f"2026-11-{day:02d}T10:00",
                                        player="Ann", language="en", table_size=2, variant="classic",
                                        seed=str(day), seconds=300 + day, tiles=60, won=True)
                            for day in range(1, 30)], path)  # fmt: skip
        with sqlite3.connect(path) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
        return path.read_bytes()


def damaged_database_property(folder: Path, at: int, junk: bytes) -> None:
    path = folder / "records.sqlite3"
    data = bytearray(database_bytes())
    data[at : at + len(junk)] = junk
    path.write_bytes(bytes(data))
    try:
        records.recent(path=path)
        records.personal_bests(path=path)
    except records.RecordsError as error:
        assert "\n" not in str(error)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 12_000), st.binary(min_size=1, max_size=64))
def test_any_damaged_bytes_in_the_database_are_read_or_a_records_error(
    tmp_path_factory: pytest.TempPathFactory, at: int, junk: bytes
) -> None:
    damaged_database_property(tmp_path_factory.mktemp("records"), at, junk)


@pytest.mark.slow
@LONG
@given(st.integers(0, 12_000), st.binary(min_size=1, max_size=512))
def test_any_damaged_bytes_in_the_database_long_run(
    tmp_path_factory: pytest.TempPathFactory, at: int, junk: bytes
) -> None:
    damaged_database_property(tmp_path_factory.mktemp("records"), at, junk)


# --- key bindings (the TUI's loader) -------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.one_of(
        st.text(max_size=200),
        st.builds(lambda n: "a = " + "[" * n + "]" * n, st.integers(1, 5_000)),
        st.builds(lambda n: "[" + ".".join(["a"] * n) + "]", st.integers(1, 3_000)),
    )
)
def test_any_keys_file_is_a_keymap_and_never_a_crash(
    tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    from mixmo.tui.keys import Keymap, load_keymap

    path = tmp_path_factory.mktemp("config") / "keys.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    keymap, _ = load_keymap(path)
    assert isinstance(keymap, Keymap)


def test_the_fuzzers_use_the_real_save(tmp_path: Path) -> None:
    assert loads(json.dumps(SAVE), lexicon=AnyWord(language="en")).log == _GAME.log
