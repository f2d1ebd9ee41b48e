"""Whatever value of its column's SQL type one room's row or log holds, a real server starts
on the database, and the room nobody touched still plays."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.net.helpers import Raw, running_server
from tests.net.stored_rooms import StoredRoom, copy_folder, plays_on, two_rooms_in_play

COLUMNS = {
    ("rooms", "code"): "text",
    ("rooms", "settings"): "json",
    ("rooms", "seats"): "json",
    ("rooms", "options"): "json",
    ("rooms", "finished"): "integer",
    ("rooms", "created"): "real",
    ("rooms", "clock"): "real",
    ("rooms", "damaged"): "text",
    ("rooms", "seen"): "real",
    ("rooms", "expired"): "real",
    ("rooms", "standings"): "json",
    ("actions", "code"): "text",
    ("actions", "n"): "integer",
    ("actions", "action"): "json",
}
"""Every column of the store, and the kind of value it holds."""

LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["", "place", "expert", "classic", "fr", "Ann", "0"])
)
JSON = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)


def _mutated(value: Any, draw: st.DrawFn) -> Any:
    """``value`` with one of its parts (or itself) replaced by any JSON value."""
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: _mutated(value[key], draw)}
    if isinstance(value, list) and value and draw(st.booleans()):
        index = draw(st.integers(0, len(value) - 1))
        return [*value[:index], _mutated(value[index], draw), *value[index + 1 :]]
    return draw(JSON)


@st.composite
def _value(draw: st.DrawFn, kind: str, current: object) -> object:
    """A value of the column's SQL type: NULL, or any text, integer or real; for a JSON
    column also the current JSON with one part changed."""
    if draw(st.integers(0, 9)) == 0:
        return None
    if kind == "integer":
        return draw(st.integers(-(2**63), 2**63 - 1))
    if kind == "real":
        return draw(st.floats(allow_nan=False))
    if kind == "json" and isinstance(current, str) and draw(st.booleans()):
        return json.dumps(_mutated(json.loads(current), draw), allow_nan=True)
    return draw(st.text(max_size=40) | JSON.map(json.dumps))


@pytest.fixture(scope="module")
def stopped_server(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, StoredRoom, StoredRoom]:
    data = tmp_path_factory.mktemp("stopped") / "server"
    first, second = asyncio.run(two_rooms_in_play(data))
    return data, first, second


async def _serves(data: Path, damaged: StoredRoom, untouched: StoredRoom) -> None:
    async with running_server(data) as server:
        assert server.rooms.rooms == {}  # each comes back when someone names it
        someone = await Raw.open(server)
        await someone.send({"type": "watch", "room": damaged.code})
        assert (await someone.recv())["type"] in ("lobby", "error")  # whatever it is now
        await someone.close()
        server.sweep()  # and the sweep that expires rooms reads every row
        assert await plays_on(server, untouched)


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.data())
def test_any_value_in_any_column_of_one_room_spares_the_server_and_the_other_rooms(
    stopped_server: tuple[Path, StoredRoom, StoredRoom],
    tmp_path_factory: pytest.TempPathFactory,
    data: st.DataObject,
) -> None:
    source, damaged, untouched = stopped_server
    folder = copy_folder(source, tmp_path_factory.mktemp("damaged") / "server")
    table, column = data.draw(st.sampled_from(sorted(COLUMNS)), label="column")
    with sqlite3.connect(folder / "rooms.sqlite3") as db:
        (current,) = db.execute(
            f"SELECT {column} FROM {table} WHERE code = ? LIMIT 1", (damaged.code,)
        ).fetchone()
        value = data.draw(_value(COLUMNS[table, column], current), label="value")
        assume(not (column == "code" and value == untouched.code))  # that is the other room
        try:
            db.execute(f"UPDATE {table} SET {column} = ? WHERE code = ?", (value, damaged.code))
        except sqlite3.IntegrityError:  # NOT NULL, or a key already taken: no such database
            assume(False)
    db.close()
    asyncio.run(_serves(folder, damaged, untouched))
