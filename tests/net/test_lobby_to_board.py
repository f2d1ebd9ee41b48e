"""From the lobby to the board: the clock's tick, or an event, that comes while the board
is being put up finds no board yet and waits for it (a browser once showed
"AttributeError: 'MixmoApp' object has no attribute 'header'" instead of the match)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mixmo.tui.app import MixmoApp
from mixmo.tui.lobby import StartScreen
from tests.net.helpers import running_server, url_of
from tests.net.test_lobby_keys import ann_and_bob_in_a_three_seat_room, lobby_of, until


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


async def test_a_tick_while_the_board_comes_up_waits_for_the_board(tmp_path: Path) -> None:
    async with running_server() as server:
        url = url_of(server)
        code, ann, bob = await ann_and_bob_in_a_three_seat_room(url, tmp_path)
        app = MixmoApp(ann, lobby=f"{url}/{code}")
        switch_mode = app.switch_mode

        async def switch_after_a_tick(mode: str) -> Any:
            # The seats are taken, the board's widgets are not made yet: the one-second
            # tick, a redraw for an event and a resize can all land here.
            app.tick()
            app.redraw()
            app.on_resize(type("Resize", (), {"size": app.size})())  # type: ignore[arg-type]
            return await switch_mode(mode)

        app.switch_mode = switch_after_a_tick  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: "3. free" in str(lobby_of(app).seats.render()), pilot)
            await pilot.press("s")
            await until(lambda: isinstance(app.screen, StartScreen), pilot)
            await pilot.press("w")
            await until(lambda: ann.started and app.seated, pilot)
            await until(lambda: "round 1" in str(app.header.render()), pilot)
        await ann.client.close()
        await bob.close()
