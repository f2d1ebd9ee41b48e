"""Quick matches: players who ask for the same table are seated together, first with
close ratings, the window widening as they wait; bots fill a table if a seeker asks."""

from __future__ import annotations

import asyncio

import pytest

from mixmo.net.client import GameClient
from mixmo.net.community_messages import QuickMatch
from mixmo.net.quick_match import Seeker, tables
from mixmo.net.server import GameServer
from tests.net.helpers import running_server, url_of
from tests.net.test_remote_seat import until
from tests.ports import free_port


def seeker(rating: int, since: float = 0.0, **wish: object) -> Seeker:
    players = int(wish.get("players", 2))  # type: ignore[call-overload]
    language = str(wish.get("language", "en"))
    return Seeker(object(), players, language, "classic", rating, since, bool(wish.get("bots")))


def test_two_players_of_close_rating_who_ask_for_the_same_table_are_seated_together() -> None:
    ann, bob = seeker(1000), seeker(1060)
    [table] = tables([ann, bob], now=0.0)
    assert table.seekers == [ann, bob] and table.bots == 0


def test_a_far_rating_waits_until_the_window_has_widened_to_it() -> None:
    ann, zed = seeker(1000), seeker(1400)
    assert tables([ann, zed], now=0.0) == []  # 400 apart: the window is 100
    assert tables([ann, zed], now=11.0) == []  # 100 + 25 x 11 = 375
    assert len(tables([ann, zed], now=12.0)) == 1  # 400: seated


def test_players_who_ask_for_other_tables_are_never_seated_together() -> None:
    assert tables([seeker(1000), seeker(1000, language="fr")], now=999.0) == []
    assert tables([seeker(1000), seeker(1000, players=3)], now=999.0) == []


def test_the_closest_ratings_fill_a_table_and_the_others_wait() -> None:
    ann, bob, cy, dee = seeker(1000), seeker(1090), seeker(1020), seeker(950)
    [table] = tables([ann, bob, cy, dee], now=0.0)
    assert table.seekers == [ann, cy]  # Bob and Dee, 140 apart, wait
    assert tables([bob, dee], now=1.0) == []  # 125 apart at most
    assert len(tables([bob, dee], now=2.0)) == 1  # 150: within reach


def test_bots_fill_the_table_of_a_seeker_who_asked_once_nobody_came() -> None:
    lone = seeker(1200, players=3, bots=True)
    assert tables([lone], now=10.0, bots_after=30.0) == []
    [table] = tables([lone], now=30.0, bots_after=30.0)
    assert (table.seekers, table.bots, table.bot_level) == ([lone], 2, "hard")


async def test_two_clients_asking_for_a_quick_match_play_in_one_room() -> None:
    async with running_server() as server:
        ann, bob = (GameClient(url_of(server), reconnect_for=0) for _ in range(2))
        await ann.connect()
        await bob.connect()
        welcomed = await asyncio.gather(
            ann.quick(QuickMatch(players=2, name="Ann")),
            bob.quick(QuickMatch(players=2, name="Bob")),
        )
        room = server.rooms.get(welcomed[0].room)
        await until(lambda: room.started)
        await ann.close()
        await bob.close()
    assert welcomed[0].room == welcomed[1].room
    assert sorted(w.name for w in welcomed) == ["Ann", "Bob"]
    assert not room.settings.rated  # guests: an unrated table


async def test_a_seeker_who_accepts_bots_plays_with_them_when_nobody_comes() -> None:
    async with running_server() as server:
        server.quick.bots_after = 0.5
        ann = GameClient(url_of(server), reconnect_for=0)
        await ann.connect()
        welcome = await ann.quick(QuickMatch(players=3, name="Ann", bots=True))
        room = server.rooms.get(welcome.room)
        await ann.close()
    assert room.started and [s.bot_level for s in room.seats] == [None, "normal", "normal"]


@pytest.fixture
def ann_leaves_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """`mixmo join`'s screen of the table closes as soon as it opens (Ann leaves)."""
    from mixmo.tui.app import MixmoApp

    async def player_quits(self: MixmoApp) -> None:
        return None

    monkeypatch.setattr(MixmoApp, "run_async", player_quits)


@pytest.mark.usefixtures("ann_leaves_the_table")
async def test_join_quick_prints_what_it_looks_for_then_plays_the_table_it_finds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from mixmo.cli import join as join_cli

    async with running_server() as server:
        url = url_of(server)
        bob = GameClient(url, reconnect_for=0)
        await bob.connect()
        ann_request = QuickMatch(players=2, language="fr", name="Ann")
        await asyncio.gather(
            join_cli._play_person(url, None, "Ann", ann_request, False, False),
            bob.quick(QuickMatch(players=2, language="fr", name="Bob")),
        )
        await bob.close()
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "Looking for a table of 2 (French, Classic) with players of your rating... Ctrl+C stops."
    )
    assert "1. Ann  0 points  0 rounds won" in out or "2. Ann  0 points  0 rounds won" in out


@pytest.mark.usefixtures("ann_leaves_the_table")
async def test_a_seeker_whose_server_restarts_waits_on_says_so_and_is_seated(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from mixmo.cli import join as join_cli

    printed: list[str] = []

    def has_printed(line: str) -> bool:
        printed.extend(capsys.readouterr().out.splitlines())
        return line in printed

    lost = "Lost the connection to the server: trying again... Ctrl+C stops."
    back = "Back in the queue: still looking."
    port = free_port()
    url = f"ws://127.0.0.1:{port}"
    first = GameServer()
    await first.start("127.0.0.1", port)
    ann = asyncio.create_task(
        join_cli._play_person(url, None, "Ann", QuickMatch(players=2, name="Ann"), False, False)
    )
    await until(lambda: first.quick.queue)
    await first.close()  # the server restarts: Ann's connection is lost
    await until(lambda: has_printed(lost))
    second = GameServer()
    await second.start("127.0.0.1", port)
    await until(lambda: second.quick.queue)  # Ann asked again, by herself
    bob = GameClient(url, reconnect_for=0)
    await bob.connect()
    welcome = await bob.quick(QuickMatch(players=2, name="Bob"))
    await ann
    assert second.rooms.get(welcome.room).seats[0].name == "Ann"
    await bob.close()
    await second.close()
    assert has_printed(back)
    assert printed[:3] == [
        "Looking for a table of 2 (English, Classic) with players of your rating... Ctrl+C stops.",
        lost,
        back,
    ]


def test_quick_with_a_room_code_or_new_is_one_line_and_exit_2(mixmo) -> None:  # type: ignore[no-untyped-def]
    with_code = mixmo("--ui", "en", "join", "ws://127.0.0.1:9/ACDEFG", "--quick")
    with_new = mixmo("--ui", "en", "join", "ws://127.0.0.1:9", "--quick", "--new")
    assert with_code.code == with_new.code == 2
    assert "give the server's address without a code" in with_code.err
    assert "leave out --new, --watch and --bot" in with_new.err
