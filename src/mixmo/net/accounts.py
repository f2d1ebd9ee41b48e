"""The server's accounts service: make an account, sign in, and who each connection is.

Both requests end the same way: the server sends a :class:`Challenge` (a fresh nonce
and the ``Host`` the client reached it at), the client answers with :class:`Prove`
(its key's signature of both, :mod:`mixmo.net.keys`), and the connection is signed in.
An account is written only once its key is proved, so nobody can register a key they
do not hold. New accounts are rate-limited per address; a banned account is told why.

Plugged into the server with :meth:`Accounts.install` (the server's table of handlers):
the server does not import this module's concepts, nor this module the server.
"""

from __future__ import annotations

import secrets
import weakref
from dataclasses import dataclass

from mixmo.engine.messages import CodedError
from mixmo.net import refusals
from mixmo.net.account_store import (
    Account,
    AccountStore,
    KeyTakenError,
    NameTakenError,
    account_player,
)
from mixmo.net.community_messages import Challenge, CreateAccount, Prove, SignedIn, SignIn
from mixmo.net.connection import Connection, TokenBucket
from mixmo.net.keys import decode, proof_payload, verify
from mixmo.net.names import account_name
from mixmo.net.ratings import Rating
from mixmo.net.refusals import AccountError
from mixmo.net.service import Handlers

KEY_BYTES, SIGNATURE_BYTES = 32, 64


@dataclass(frozen=True, slots=True)
class _Pending:
    """A challenge sent and not yet answered: for a new account (``name``, ``key``) or
    for an existing one."""

    nonce: str
    host: str
    name: str
    key: bytes
    new: bool


class Accounts:
    """Accounts of one server, and the connections signed in to them."""

    def __init__(
        self, store: AccountStore, new_per_address: float = 5, refill_seconds: float = 600.0
    ) -> None:
        self.store = store
        self.new_per_address = new_per_address
        self.refill_seconds = refill_seconds
        self._pending: weakref.WeakKeyDictionary[Connection, _Pending] = weakref.WeakKeyDictionary()
        self._signed_in: weakref.WeakKeyDictionary[Connection, Account] = (
            weakref.WeakKeyDictionary()
        )
        self._new_accounts: dict[str, TokenBucket] = {}

    def install(self, server: Handlers) -> None:
        server.handle(CreateAccount, self._create)
        server.handle(SignIn, self._sign_in)
        server.handle(Prove, self._prove)

    def account_of(self, conn: Connection) -> Account | None:
        """The account ``conn`` signed in as (None: a guest)."""
        return self._signed_in.get(conn)

    def seat_name(self, conn: Connection, asked: str, *, rated: bool = False) -> str:
        """The name ``conn`` takes a seat under: its account's, when signed in; else the
        name it asked for, unless that looks like an account's (impersonation) or the
        room is rated (accounts only)."""
        account = self._signed_in.get(conn)
        if account is not None:
            return account.name
        if rated:
            raise AccountError(reason=refusals.RATED_NEEDS_ACCOUNT())
        owner = self.store.by_name(asked)
        if owner is not None:
            raise AccountError(reason=refusals.NAME_OF_AN_ACCOUNT(name=owner.name))
        return asked

    def rating_of(self, conn: Connection, family: str) -> tuple[int, bool]:
        """``conn``'s shown rating in ``family`` (a guest's: a newcomer's), and whether it
        is signed in."""
        account = self._signed_in.get(conn)
        if account is None:
            return Rating().shown, False
        return self.store.rating(account_player(account.id), family).shown, True

    def seated(self, conn: Connection, code: str, seat: int) -> None:
        """``conn`` took seat ``seat`` of room ``code``: keep its account, for ratings."""
        account = self._signed_in.get(conn)
        if account is not None:
            self.store.seat_taken(code, seat, account.id)

    def _create(self, conn: Connection, message: CreateAccount, _arrival: float) -> None:
        try:
            name = account_name(message.name)
            key = decode(message.key)
        except CodedError as error:
            raise AccountError(reason=error.message) from None
        except ValueError:
            raise AccountError(reason=refusals.BAD_SIGNATURE()) from None
        if len(key) != KEY_BYTES:
            raise AccountError(reason=refusals.BAD_SIGNATURE())
        try:  # refused before the challenge; checked again as the account is written
            self.store.check_free(name, key)
        except (NameTakenError, KeyTakenError) as taken:
            raise _taken(name, taken) from None
        bucket = self._new_accounts.setdefault(
            conn.address, TokenBucket(1 / self.refill_seconds, self.new_per_address)
        )
        if bucket.peek() < 1:
            raise AccountError(reason=refusals.ACCOUNTS_TOO_FAST())
        self._challenge(conn, name, key, new=True)

    def _sign_in(self, conn: Connection, message: SignIn, _arrival: float) -> None:
        account = self.store.by_name(message.name)
        if account is None:
            raise AccountError(reason=refusals.NO_ACCOUNT(name=message.name))
        self._challenge(conn, account.name, account.public_key, new=False)

    def _challenge(self, conn: Connection, name: str, key: bytes, *, new: bool) -> None:
        host = conn.ws.request.headers.get("Host", "") if conn.ws.request else ""
        nonce = secrets.token_urlsafe(24)
        self._pending[conn] = _Pending(nonce, host.lower(), name, key, new)
        conn.send(Challenge(nonce=nonce, host=host.lower()).model_dump_json())

    def _prove(self, conn: Connection, message: Prove, _arrival: float) -> None:
        pending = self._pending.pop(conn, None)
        if pending is None:
            raise AccountError(reason=refusals.NO_CHALLENGE())
        try:
            signature = decode(message.signature)
        except ValueError:
            signature = b""
        payload = proof_payload(pending.host, pending.nonce)
        if len(signature) != SIGNATURE_BYTES or not verify(pending.key, signature, payload):
            raise AccountError(reason=refusals.BAD_SIGNATURE())
        if pending.new:
            account = self._new_account(conn, pending)
        else:
            found = self.store.by_key(pending.key)
            if found is None:  # deleted between the challenge and the proof
                raise AccountError(reason=refusals.NO_ACCOUNT(name=pending.name))
            account = found
        if account.banned is not None:
            raise AccountError(reason=refusals.BANNED(name=account.name, why=account.banned))
        self._signed_in[conn] = account
        conn.send(SignedIn(name=account.name, account=account.id).model_dump_json())

    def _new_account(self, conn: Connection, pending: _Pending) -> Account:
        try:
            account = self.store.create(pending.name, pending.key)
        except (NameTakenError, KeyTakenError) as taken:  # since the challenge
            raise _taken(pending.name, taken) from None
        self._new_accounts[conn.address].take()
        return account


def _taken(name: str, taken: NameTakenError | KeyTakenError) -> AccountError:
    """The refusal of an account whose name or key another account has."""
    if isinstance(taken, NameTakenError):
        return AccountError(reason=refusals.NAME_TAKEN(name=name, owner=taken.owner))
    return AccountError(reason=refusals.KEY_TAKEN(name=taken.owner))
