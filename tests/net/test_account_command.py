"""`mixmo account`: a player makes an account on a server, lists and forgets the keys
this computer holds; the operator bans and unbans by the server's data folder; `mixmo
join` then seats the player under the account's name."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import pytest

from mixmo.net.client import ClientError, GameClient, SeatTokens
from mixmo.net.keys import KeyRing
from mixmo.net.protocol import RoomSettings
from tests.net.helpers import running_server, url_of


async def test_a_player_makes_an_account_and_this_computer_keeps_its_key_privately(
    mixmo, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    async with running_server(tmp_path / "server") as server:
        url = url_of(server)
        made = await asyncio.to_thread(mixmo, "--ui", "en", "account", "create", url, " Zoé ")
        again = await asyncio.to_thread(mixmo, "--ui", "en", "account", "create", url, "Zed")
    assert made.code == 0, made.err
    assert made.out == f"Account Zoé made at {url}: `mixmo join` signs in with it.\n"
    assert again.code == 2
    assert again.err.strip().endswith(
        f"you already have the account Zoé at {url} (mixmo account list)"
    )
    ring = KeyRing()
    assert stat.S_IMODE(os.stat(ring.path).st_mode) == 0o600
    listed = mixmo("--ui", "en", "account", "list")
    assert listed.out == f"{url}  Zoé\n"


async def test_a_taken_or_badly_formed_name_is_one_line_and_exit_2(mixmo) -> None:  # type: ignore[no-untyped-def]
    bad = mixmo("--ui", "en", "account", "create", "ws://127.0.0.1:9", "x")
    assert (bad.code, bad.out) == (2, "")
    assert bad.err.count("\n") == 1 and "fewer than 2 characters" in bad.err
    async with running_server() as server:
        server.accounts.store.create("Ann", b"k" * 32)
        taken = await asyncio.to_thread(
            mixmo, "--ui", "en", "account", "create", url_of(server), "ANN"
        )
    assert taken.code == 2 and "the name 'ANN' is taken on this server (by 'Ann')" in taken.err
    assert "Traceback" not in taken.err


def test_forgetting_a_key_asks_first(mixmo) -> None:  # type: ignore[no-untyped-def]
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    KeyRing().put("ws://127.0.0.1:8765", "Ann", Ed25519PrivateKey.generate())
    kept = mixmo("--ui", "en", "account", "forget", "ws://localhost:8765", stdin="n\n")
    assert "Kept." in kept.out and KeyRing().every() == [("ws://127.0.0.1:8765", "Ann")]
    gone = mixmo("--ui", "en", "account", "forget", "ws://localhost:8765", stdin="y\n")
    assert "Forgot the key of Ann" in gone.out and KeyRing().every() == []
    none = mixmo("--ui", "en", "account", "forget", "ws://localhost:8765")
    assert none.code == 2 and "no account key for ws://127.0.0.1:8765" in none.err


async def test_the_operator_bans_and_unbans_by_the_server_s_data_folder(
    mixmo, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    data = tmp_path / "server"
    async with running_server(data) as server:
        made = await asyncio.to_thread(
            mixmo, "--ui", "en", "account", "create", url_of(server), "Ann"
        )
        assert made.code == 0, made.err
        banned = mixmo(
            "--ui", "en", "account", "ban", "ann", "--data", str(data), "--reason", "spam"
        )
        assert banned.out == "Ann is banned: spam\n"
        assert server.accounts.store.by_name("Ann").banned == "spam"  # type: ignore[union-attr]
        unbanned = mixmo("--ui", "en", "account", "unban", "Ann", "--data", str(data))
        assert unbanned.out == "Ann may play again.\n"
    nobody = mixmo("--ui", "en", "account", "ban", "Bob", "--data", str(data))
    assert nobody.code == 2 and "no account Bob on this server" in nobody.err


async def test_join_signs_in_and_the_seat_takes_the_account_s_name(
    mixmo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    """`mixmo join URL/CODE` on a computer that holds an account for that server: the
    player's seat, and the standings printed on leaving, say the account's name."""
    from mixmo.cli import join as join_cli
    from mixmo.tui.app import MixmoApp

    async def player_quits(self: MixmoApp) -> None:  # the screen opens, the player leaves
        return None

    monkeypatch.setattr(MixmoApp, "run_async", player_quits)
    async with running_server() as server:
        url = url_of(server)
        made = await asyncio.to_thread(mixmo, "--ui", "en", "account", "create", url, "Zoé")
        assert made.code == 0, made.err
        host = GameClient(url, reconnect_for=0, tokens=SeatTokens(tmp_path / "host.json"))
        await host.connect()
        code = await host.create(RoomSettings(players=2))
        await host.join(code, "Bob")
        capsys.readouterr()
        account = join_cli._held_account(url)
        await join_cli._play_person(url, code, "Player", None, False, False, account)
        seats = [seat.name for seat in server.rooms.get(code).seats]
        guest = GameClient(url, reconnect_for=0)
        await guest.connect()
        with pytest.raises(ClientError) as refused:  # nobody else sits as Zoé there
            await guest.join(await guest.create(RoomSettings(players=2)), "zoe")
        await guest.close()
        await host.close()
    assert seats == ["Bob", "Zoé"]
    assert "2. Zoé  0 points  0 rounds won" in capsys.readouterr().out
    assert str(refused.value) == "the name 'Zoé' belongs to an account: sign in, or choose another"
