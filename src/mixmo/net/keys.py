"""The keys that prove a player's accounts, and what a proof signs.

Signing in sends no secret: the server sends a fresh random challenge with the address
the client reached it at (its ``Host``), and the client signs both with the account's
Ed25519 private key, which never leaves this computer. A proof is good once, at one
server: a signature made for another server's address, or for an old challenge, proves
nothing (the Ed25519 choice: small keys, fast and deterministic signatures, in the
maintained ``cryptography`` package).

This computer's keys are in ``DATA/accounts.json``, one per server (as
:func:`~mixmo.net.client.server_key` spells it) with its account's name, readable by
its owner only and written atomically.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from mixmo.data.storage import atomic_write_text, data_dir

PROOF_PREFIX = b"mixmo sign-in v1\n"


def proof_payload(host: str, nonce: str) -> bytes:
    """What a sign-in proof signs: the server's address as the client reached it, and the
    server's challenge."""
    return PROOF_PREFIX + host.lower().encode("utf-8") + b"\n" + nonce.encode("ascii")


def host_of(url: str) -> str:
    """The ``Host`` a WebSocket client sends for ``url`` (the port left out when it is
    the scheme's default), which the server's challenge must name."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if ":" in host:  # an IPv6 address is written in brackets
        host = f"[{host}]"
    default = 443 if parts.scheme == "wss" else 80
    return host if parts.port in (None, default) else f"{host}:{parts.port}"


def encode(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def decode(text: str) -> bytes:
    """``text`` as base64; ValueError if it is not."""
    return base64.b64decode(text.encode("ascii"), validate=True)


def public_bytes(key: Ed25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def verify(public_key: bytes, signature: bytes, payload: bytes) -> bool:
    """Whether ``signature`` is ``public_key``'s over ``payload``."""
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, payload)
    except (InvalidSignature, ValueError):
        return False
    return True


@dataclass(frozen=True, slots=True)
class HeldAccount:
    """An account this computer holds the key of."""

    server: str
    name: str
    key: Ed25519PrivateKey

    def sign(self, host: str, nonce: str) -> bytes:
        return self.key.sign(proof_payload(host, nonce))


class KeyRing:
    """This computer's account keys (``DATA/accounts.json``), one per server."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "accounts.json"

    def _read(self) -> dict[str, dict[str, str]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            raise KeyRingError(self.path, error) from None
        if not isinstance(data, dict):
            raise KeyRingError(self.path, ValueError("not a JSON object"))
        return data

    def get(self, server: str) -> HeldAccount | None:
        """The account held for ``server`` (a ``server_key``), if any."""
        entry = self._read().get(server)
        if not isinstance(entry, dict):
            return None
        try:
            key = Ed25519PrivateKey.from_private_bytes(decode(entry["key"]))
            return HeldAccount(server, str(entry["name"]), key)
        except (KeyError, ValueError, TypeError) as error:
            raise KeyRingError(self.path, error) from None

    def every(self) -> list[tuple[str, str]]:
        """(server, name) of every account held, sorted by server."""
        return sorted((server, str(entry.get("name"))) for server, entry in self._read().items())

    def put(self, server: str, name: str, key: Ed25519PrivateKey) -> None:
        data = self._read()
        raw = key.private_bytes_raw()
        data[server] = {"name": name, "key": encode(raw)}
        atomic_write_text(self.path, json.dumps(data, indent=1) + "\n")  # mode 0600 (mkstemp)

    def forget(self, server: str) -> bool:
        """Delete the key held for ``server``; whether there was one."""
        data = self._read()
        if data.pop(server, None) is None:
            return False
        atomic_write_text(self.path, json.dumps(data, indent=1) + "\n")
        return True


class KeyRingError(ValueError):
    """The key file cannot be read: ``path`` and why, in one line."""

    def __init__(self, path: Path, error: Exception) -> None:
        super().__init__(f"{path}: {error}")
        self.path = path
