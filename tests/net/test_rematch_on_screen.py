"""A seat's screen at a finished match plays again in the same room with Enter.

At a server the match's end said "Leave (Enter)" and the room ended with it. Now
the final scores offer "Play again (Enter)" there as at one keyboard: the seat asks
its room (``rematch``), and the host's request (or everyone's) starts the new
match, which replaces the finished one on every screen of the room."""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.engine.lexicon import AnyWord
from mixmo.engine.state import Phase
from mixmo.net.protocol import RoomSettings
from mixmo.tui.app import MixmoApp
from mixmo.tui.round_dialogs import MatchOverScreen
from tests.game_helpers import win_a_round
from tests.net.helpers import running_server, url_of
from tests.net.test_remote_seat import SIZE, opened, seated, until


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


async def test_the_host_plays_again_with_enter_and_every_screen_follows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_server() as server:
        monkeypatch.setattr(server.rooms, "lexicon", lambda language: AnyWord(language=language))
        url = url_of(server)
        settings = RoomSettings(players=2, variant="free-spirit", scoring="rounds", target=1)
        code, ann = await opened(url, settings, tmp_path)
        bob = await seated(url, code, "Bob", tmp_path)
        try:
            await until(lambda: ann.started and bob.started)
            room = server.rooms.get(code)
            assert room.game is not None
            win_a_round(room.game)  # Ann's MIXMOs, straight into the room's match
            for listener in server.listeners[code]:
                server._send_snapshot(listener)  # every screen sees the match over
            app = MixmoApp(ann)
            async with app.run_test(size=SIZE) as pilot:
                await until(lambda: isinstance(app.screen, MatchOverScreen), pilot)
                await pilot.press("enter")
                await until(lambda: ann.phase is not Phase.MATCH_OVER, pilot)
                await until(lambda: bob.phase is not Phase.MATCH_OVER, pilot)
                assert ann.state.rounds_won == (0, 0) and ann.round.number == 1
                assert not isinstance(app.screen, MatchOverScreen)
                assert app.is_running
        finally:
            await ann.client.close()
            await bob.client.close()
