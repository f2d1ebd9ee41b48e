"""What a client's frame says: a message, or the one error that tells why it is none.

Split from the server (:mod:`mixmo.net.server`) so that each module keeps one job.
"""

from __future__ import annotations

import json

from pydantic import ValidationError

from mixmo.engine.messages import CodedError, Message
from mixmo.net.connection import Connection
from mixmo.net.protocol import CLIENT_MESSAGE, ClientMessage
from mixmo.net.refusals import (
    BAD_FIELD,
    BAD_JSON,
    BAD_MESSAGE,
    BAD_SHAPE,
    NESTED_TOO_DEEPLY,
    NOT_AN_OBJECT,
    VERSION,
)
from mixmo.net.wire import MAX_REF, PROTOCOL_VERSION


def parse_message(conn: Connection, raw: str) -> ClientMessage | None:
    """The message ``raw`` holds, or None once ``conn`` is told (in one error) why not."""
    try:
        message = CLIENT_MESSAGE.validate_json(raw)  # a good message: one pass
    except (ValidationError, RecursionError):
        pass  # a bad one: find out why, step by step, to say so
    else:
        if "v" in message.model_fields_set:  # the version was said, not defaulted
            return message
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        conn.refuse(BAD_JSON())
        return None
    if not isinstance(data, dict):
        conn.refuse(BAD_MESSAGE(reason=NOT_AN_OBJECT()))
        return None
    if data.get("v") != PROTOCOL_VERSION:
        conn.refuse(VERSION(version=PROTOCOL_VERSION))
        return None
    try:
        return CLIENT_MESSAGE.validate_python(data)
    except (ValidationError, RecursionError) as error:
        ref = data.get("ref")
        if not (isinstance(ref, int) and 0 <= ref < MAX_REF):  # not a Ref: nothing to echo
            ref = None
        conn.refuse(BAD_MESSAGE(reason=first_error(error)), ref)
        return None


def first_error(error: Exception) -> Message:
    """A validation error's first problem, where it is and what it is: the refusal of one of
    mixmo's own checks (a name) as its code, else the validator's English words (a detail of
    the protocol for a program's author, not a player's sentence)."""
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        cause = first.get("ctx", {}).get("error")
        problem = cause.message if isinstance(cause, CodedError) else str(first["msg"])
        return BAD_FIELD(where=where, problem=problem) if where else BAD_SHAPE(problem=problem)
    return NESTED_TOO_DEEPLY()


def ref_of(raw: str | bytes) -> int | None:
    """The ref of a message refused unread (sent too fast), so its sender knows which one
    was refused; None when it names none (a request, or not a JSON object)."""
    if isinstance(raw, bytes):
        return None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    return (
        ref if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < MAX_REF else None
    )
