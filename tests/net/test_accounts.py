"""Accounts on a server: a name of one's own, proved by a key that never leaves the
player's computer; look-alike names, replayed proofs and banned accounts are refused,
and a guest cannot sit under an account's name."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from mixmo.net.account_client import create_account, sign_in
from mixmo.net.client import ClientError, GameClient
from mixmo.net.keys import HeldAccount, encode, proof_payload, public_bytes
from mixmo.net.protocol import RoomSettings
from mixmo.net.server import GameServer
from tests.net.helpers import Raw, running_server, said, url_of


@asynccontextmanager
async def connected(server: GameServer) -> AsyncIterator[GameClient]:
    client = GameClient(url_of(server), reconnect_for=0)
    await client.connect()
    try:
        yield client
    finally:
        await client.close()


async def test_an_account_is_made_with_a_key_and_signed_in_again_with_it() -> None:
    key = Ed25519PrivateKey.generate()
    async with running_server() as server:
        async with connected(server) as client:
            made = await create_account(client, "Ann", key)
        async with connected(server) as client:
            again = await sign_in(client, HeldAccount(url_of(server), "Ann", key))
        stored = server.accounts.store.by_name("Ann")
    assert (made.name, again.name, again.account) == ("Ann", "Ann", made.account)
    assert stored is not None and stored.public_key == public_bytes(key)


async def test_a_name_that_looks_like_an_account_s_is_taken() -> None:
    async with running_server() as server:
        async with connected(server) as client:
            await create_account(client, "Ann", Ed25519PrivateKey.generate())
        async with connected(server) as client:
            with pytest.raises(ClientError) as refused:
                await create_account(client, "ÄNN", Ed25519PrivateKey.generate())
    assert refused.value.code == "account"
    assert str(refused.value) == "the name 'ÄNN' is taken on this server (by 'Ann')"


async def test_a_name_against_the_rules_is_refused_with_every_reason() -> None:
    async with running_server() as server, connected(server) as client:
        with pytest.raises(ClientError) as refused:
            await create_account(client, "-A\u202e", Ed25519PrivateKey.generate())
    said_ = str(refused.value)
    assert "U+202E" in said_ and "begin and end" in said_


async def test_another_key_does_not_sign_in_to_an_account() -> None:
    async with running_server() as server:
        async with connected(server) as client:
            await create_account(client, "Ann", Ed25519PrivateKey.generate())
        thief = HeldAccount(url_of(server), "Ann", Ed25519PrivateKey.generate())
        async with connected(server) as client:
            with pytest.raises(ClientError) as refused:
                await sign_in(client, thief)
    assert str(refused.value) == "the signature does not prove this account's key"


async def test_a_proof_signed_for_another_server_s_address_proves_nothing() -> None:
    """A relay that passes a server's challenge on to a player gets a signature made for
    the relay's address, which the server refuses."""
    key = Ed25519PrivateKey.generate()
    async with running_server() as server:
        async with connected(server) as client:
            await create_account(client, "Ann", key)
        raw = await Raw.open(server)
        await raw.send({"type": "sign-in", "name": "Ann"})
        challenge = await raw.until("challenge")
        assert challenge["host"] == f"127.0.0.1:{server.port}"
        relayed = key.sign(proof_payload("relay.example:8765", challenge["nonce"]))
        await raw.send({"type": "prove", "signature": encode(relayed)})
        refused = await raw.until("error")
        assert said(refused) == "the signature does not prove this account's key"
        await raw.send({"type": "prove", "signature": encode(relayed)})  # once only
        assert said(await raw.until("error")).startswith("ask to sign in first")


async def test_a_banned_account_is_told_why_and_an_unbanned_one_plays_again() -> None:
    key = Ed25519PrivateKey.generate()
    async with running_server() as server:
        async with connected(server) as client:
            await create_account(client, "Ann", key)
        server.accounts.store.ban("ann", "insults at the table")
        held = HeldAccount(url_of(server), "Ann", key)
        async with connected(server) as client:
            with pytest.raises(ClientError) as refused:
                await sign_in(client, held)
        assert str(refused.value) == (
            "the account 'Ann' is banned from this server: insults at the table"
        )
        server.accounts.store.ban("Ann", None)
        async with connected(server) as client:
            assert (await sign_in(client, held)).name == "Ann"


async def test_a_guest_cannot_sit_under_an_account_s_name_and_a_member_sits_under_theirs() -> None:
    key = Ed25519PrivateKey.generate()
    async with running_server() as server:
        async with connected(server) as client:
            await create_account(client, "Ann", key)
        async with connected(server) as host:
            code = await host.create(RoomSettings(players=2))
            with pytest.raises(ClientError) as refused:
                await host.join(code, "A.nn")
            assert str(refused.value) == (
                "the name 'Ann' belongs to an account: sign in, or choose another"
            )
        async with connected(server) as member:
            await sign_in(member, HeldAccount(url_of(server), "Ann", key))
            welcome = await member.join(code, "Whoever")
        assert welcome.name == "Ann"
