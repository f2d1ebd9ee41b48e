"""A client's side of accounts: make one, sign in with the key this computer holds.

The private key never leaves this computer (:mod:`mixmo.net.keys`); the server gets the
public key once, at creation, and afterwards a signature of each fresh challenge.
"""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from mixmo.net.client import ClientError, GameClient
from mixmo.net.community_messages import Challenge, CreateAccount, Prove, SignedIn, SignIn
from mixmo.net.keys import HeldAccount, encode, proof_payload, public_bytes
from mixmo.net.refusals import WRONG_HOST


async def create_account(client: GameClient, name: str, key: Ed25519PrivateKey) -> SignedIn:
    """Make the account ``name`` proved by ``key`` at ``client``'s server; signed in."""
    message = CreateAccount(name=name, key=encode(public_bytes(key)))
    return await _prove(client, await client.ask(message, Challenge), key)


async def sign_in(client: GameClient, held: HeldAccount) -> SignedIn:
    """Sign ``client``'s connection in as ``held``'s account."""
    return await _prove(client, await client.ask(SignIn(name=held.name), Challenge), held.key)


async def _prove(client: GameClient, challenge: Challenge, key: Ed25519PrivateKey) -> SignedIn:
    dialled = client.host
    if challenge.host != dialled:  # a relay between us and the server: sign nothing for it
        raise ClientError(WRONG_HOST.code, WRONG_HOST(named=challenge.host, dialled=dialled))
    signature = key.sign(proof_payload(challenge.host, challenge.nonce))
    return await client.ask(Prove(signature=encode(signature)), SignedIn)
