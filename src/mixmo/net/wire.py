"""What every message of the network protocol shares: its version, the base of its
models, and the room codes, seats, references and names they carry.

Split from :mod:`mixmo.net.protocol` so that the table's messages (there) and the
community server's (:mod:`mixmo.net.community_messages`) build on one ground.
Pure data, as the protocol is.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from mixmo.engine.names import has_visible_character
from mixmo.engine.tiles import MAX_PLAYERS
from mixmo.engine.variants import VARIANTS
from mixmo.i18n.outside import has_control
from mixmo.net import refusals  # also registers the server's codes, for ErrorMessage.said()
from mixmo.net.refusals import BadNameError

PROTOCOL_VERSION: Literal[1] = 1
MAX_FRAME = 64 * 1024
"""Bytes: the largest frame either side accepts (a whole match view is well under 16 KiB)."""

ROOM_ALPHABET = "ACDEFGHJKMNPRTVWXY"
"""Room-code letters: no look-alikes (no B/8, I/L/1, O/Q/0, S/5, U/V... pairs kept apart)."""
ROOM_CODE_LENGTH = 6
MAX_NAME = 24
SEAT_TAKEN_CLOSE = 4000
"""The close code of a seat's connection when a newer one took the seat (``seat-taken``)."""

QUICK_PATH = "quick"
"""The path a quick-match seeker connects with (``ws://HOST:PORT/quick``): a community
server's nodes lead it to the node that keeps the queue."""

RoomCode = Annotated[
    str, Field(min_length=ROOM_CODE_LENGTH, max_length=ROOM_CODE_LENGTH, pattern="^[A-Z]+$")
]
Token = Annotated[str, Field(min_length=16, max_length=64, pattern="^[A-Za-z0-9_-]+$")]
Seat = Annotated[int, Field(ge=0, lt=MAX_PLAYERS)]
MAX_REF = 2**31
Ref = Annotated[int, Field(ge=0, lt=MAX_REF)]
BotLevel = Literal["easy", "normal", "hard", "expert"]
"""The engine's bot levels (:class:`mixmo.engine.levels.Level`) as the wire spells them; a
Literal, for the type checker, that a test holds to the engine's."""


def normalize_room_code(text: str) -> str:
    """A room code as typed (any case, spaces) in its canonical form; ValueError if not one."""
    code = "".join(text.split()).upper()
    if len(code) != ROOM_CODE_LENGTH or any(ch not in ROOM_ALPHABET for ch in code):
        raise ValueError(f"{text!r} is not a room code (6 letters from {ROOM_ALPHABET})")
    return code


def clean_name(name: str) -> str:
    """A player's name: trimmed, printable, 1 to 24 characters; BadNameError (a
    ValueError) otherwise."""
    name = " ".join(name.split())
    if not name:
        raise BadNameError(reason=refusals.NAME_BLANK())
    if len(name) > MAX_NAME:
        raise BadNameError(reason=refusals.NAME_TOO_LONG(most=MAX_NAME))
    if has_control(name):
        raise BadNameError(reason=refusals.NAME_CONTROL())
    if not has_visible_character(name):  # "ㅤ" (U+3164), "⠀" (U+2800): an empty seat
        raise BadNameError(reason=refusals.NAME_INVISIBLE())
    return name


class WireMessage(BaseModel):
    """What every message is: frozen, strict, and tagged with the protocol's version."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    v: Literal[1] = PROTOCOL_VERSION


MAX_LISTED = 50
"""Rooms, matches or players in one list message at most (the frame stays small)."""


def registered_variant(name: str) -> str:
    """``name`` if it is a variant's (a room's or a quick match's); ValueError if not."""
    if name not in VARIANTS:
        raise ValueError(f"no variant {name!r}: choose one of {', '.join(sorted(VARIANTS))}")
    return name
