"""`mixmo serve --bot-pace`: the server's bots take their level's times, multiplied."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from mixmo.engine.bot import PACES, Bot, Level
from mixmo.net import room_bots as server_module
from mixmo.net.server import GameServer
from tests.net.helpers import Raw


class Seated:
    """Stands in for the server's bot loop: keeps the bot it was given, plays nothing."""

    bots: ClassVar[list[Bot]] = []

    def __init__(self, bot: Bot, **_: Any) -> None:
        Seated.bots.append(bot)

    async def run(self) -> None:
        return None


async def test_the_server_s_bots_play_at_its_bot_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "BotRunner", Seated)
    Seated.bots = []
    server = GameServer(bot_pace=2.0)
    await server.start("127.0.0.1", 0)
    try:
        ann = await Raw.open(server)
        await ann.send({"type": "create", "settings": {"players": 2, "bot_level": "normal"}})
        code = (await ann.until("created"))["room"]
        await ann.send({"type": "join", "room": code, "name": "Ann"})
        await ann.until("welcome")
        await ann.send({"type": "start", "fill_with_bots": True})
        await ann.until("snapshot")
        await ann.close()
    finally:
        await server.close()
    assert [bot.level for bot in Seated.bots] == [Level.NORMAL]
    assert Seated.bots[0].pace == PACES[Level.NORMAL].scaled(2.0)
    assert Seated.bots[0].pace.tile_time(10) == 2 * PACES[Level.NORMAL].tile_time(10)
