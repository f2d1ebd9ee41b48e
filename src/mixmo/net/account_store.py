"""A server's accounts, in ``DIR/accounts.sqlite3`` beside its rooms.

An account is a name and the Ed25519 public key that proves it: the server keeps no
secret of anyone's (nothing to leak, nothing to hash). A name is unique by its
:func:`~mixmo.net.names.skeleton`, so look-alikes cannot impersonate it. The operator
bans an account (``mixmo account ban``) with a reason its owner is told.

Each write is its own transaction, committed at once: accounts are rare and small, and
an account a player was told exists must survive a crash.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mixmo.data.sqlite_schema import Step, migrate
from mixmo.net.names import skeleton
from mixmo.net.ratings import Rating

SCHEMA = """
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    skeleton TEXT NOT NULL UNIQUE,
    public_key BLOB NOT NULL UNIQUE,
    created REAL NOT NULL,
    banned TEXT
);
"""

RATINGS = """
CREATE TABLE ratings (
    player TEXT NOT NULL,
    family TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL,
    PRIMARY KEY (player, family)
) WITHOUT ROWID;
CREATE TABLE rated (
    code TEXT NOT NULL,
    seed INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (code, seed)
) WITHOUT ROWID;
CREATE TABLE seat_accounts (
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    account INTEGER NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (code, seat)
) WITHOUT ROWID;
"""
"""Version 2: each rated player's rating per family (``player``: ``a:ID`` for an account,
``bot:LEVEL`` for the server's bots), the matches already rated (a room's code and its
match's seed: never twice), and the account each seat of a room was taken by."""

MIGRATIONS: dict[int, Step] = {1: SCHEMA, 2: RATINGS}


def account_player(account: int) -> str:
    return f"a:{account}"


def bot_player(level: str) -> str:
    return f"bot:{level}"


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    """Stable for the account's life: what ratings and the archive refer to."""
    name: str
    public_key: bytes
    created: float
    banned: str | None
    """Why the operator banned it (None: it is not banned)."""


class NameTakenError(ValueError):
    """The name's skeleton is another account's (``owner``: that account's name)."""

    def __init__(self, owner: str) -> None:
        super().__init__(owner)
        self.owner = owner


class KeyTakenError(ValueError):
    """The key already proves an account (``owner``: its name)."""

    def __init__(self, owner: str) -> None:
        super().__init__(owner)
        self.owner = owner


class AccountStore:
    """The accounts of one server (``folder``: its ``--data`` folder)."""

    def __init__(self, folder: Path | None) -> None:
        """``folder`` None: in memory (a server without ``--data`` keeps nothing)."""
        where = ":memory:"
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            where = str(folder / "accounts.sqlite3")
        self._db = sqlite3.connect(where, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        migrate(self._db, MIGRATIONS)

    def close(self) -> None:
        self._db.close()

    def create(self, name: str, public_key: bytes, now: float | None = None) -> Account:
        """A new account ``name`` (already an account name) proved by ``public_key``."""
        self.check_free(name, public_key)
        created = time.time() if now is None else now
        cursor = self._db.execute(
            "INSERT INTO accounts (name, skeleton, public_key, created) VALUES (?, ?, ?, ?)",
            (name, skeleton(name), public_key, created),
        )
        assert cursor.lastrowid is not None
        return Account(cursor.lastrowid, name, public_key, created, None)

    def check_free(self, name: str, public_key: bytes) -> None:
        """NameTakenError if ``name`` looks like an account's, KeyTakenError if the key
        already proves one."""
        owner = self.by_name(name)
        if owner is not None:
            raise NameTakenError(owner.name)
        holder = self.by_key(public_key)
        if holder is not None:
            raise KeyTakenError(holder.name)

    def by_name(self, name: str) -> Account | None:
        """The account whose name looks like ``name`` (same skeleton), if any."""
        return self._one("WHERE skeleton = ?", skeleton(name))

    def by_key(self, public_key: bytes) -> Account | None:
        return self._one("WHERE public_key = ?", public_key)

    def every(self) -> list[Account]:
        """Every account, the oldest first."""
        rows = self._db.execute(f"{_SELECT} ORDER BY id").fetchall()
        return [Account(*row) for row in rows]

    def ban(self, name: str, reason: str | None) -> Account | None:
        """Ban the account ``name`` (``reason``: why; None lifts the ban); the account
        as it is now, or None when there is none."""
        account = self.by_name(name)
        if account is not None:
            self._db.execute("UPDATE accounts SET banned = ? WHERE id = ?", (reason, account.id))
        return self.by_name(name)

    # --- seats and ratings ------------------------------------------------------------

    def seat_taken(self, code: str, seat: int, account: int) -> None:
        """The account ``account`` took seat ``seat`` of room ``code``."""
        self._db.execute(
            "INSERT OR REPLACE INTO seat_accounts (code, seat, account) VALUES (?, ?, ?)",
            (code, seat, account),
        )

    def seat_accounts(self, code: str) -> dict[int, int]:
        """The accounts the seats of room ``code`` were taken by (seat -> account id)."""
        rows = self._db.execute("SELECT seat, account FROM seat_accounts WHERE code = ?", (code,))
        return {int(seat): int(account) for seat, account in rows}

    def rating(self, player: str, family: str) -> Rating:
        row = self._db.execute(
            "SELECT mu, sigma, matches FROM ratings WHERE player = ? AND family = ?",
            (player, family),
        ).fetchone()
        return Rating() if row is None else Rating(*row)

    def record_match(
        self, code: str, seed: int, family: str, results: Sequence[tuple[str, Rating]]
    ) -> bool:
        """Keep the ratings after the match of room ``code`` dealt from ``seed``, once:
        False (and nothing written) when that match was rated already."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            fresh = self._db.execute(
                "INSERT OR IGNORE INTO rated (code, seed, at) VALUES (?, ?, ?)",
                (code, seed, time.time()),
            ).rowcount
            if fresh:
                self._db.executemany(
                    "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?)",
                    [(p, family, r.mu, r.sigma, r.matches) for p, r in results],
                )
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        return bool(fresh)

    def top(self, family: str, limit: int = 50) -> list[tuple[str, Rating]]:
        """The best rated players of ``family`` (name, rating), best first; a bot's name is
        its level's player key (``bot:LEVEL``), an account's its name."""
        rows = self._db.execute(
            "SELECT COALESCE(a.name, r.player), r.mu, r.sigma, r.matches FROM ratings r"
            " LEFT JOIN accounts a ON r.player = 'a:' || a.id"
            " WHERE r.family = ? AND a.banned IS NULL"
            " ORDER BY r.mu - 3 * r.sigma DESC LIMIT ?",
            (family, limit),
        )
        return [(str(name), Rating(mu, sigma, matches)) for name, mu, sigma, matches in rows]

    def _one(self, where: str, value: object) -> Account | None:
        row = self._db.execute(f"{_SELECT} {where}", (value,)).fetchone()
        return None if row is None else Account(*row)


_SELECT = "SELECT id, name, public_key, created, banned FROM accounts"
