"""What a client of the game server says by itself: its own words (never on the wire),
the answers it gives itself for what the server never answered, and :class:`ClientError`.
Split from :mod:`mixmo.net.client`, which raises and gives them."""

from __future__ import annotations

from mixmo.engine.messages import CodedError, Kind, Message
from mixmo.net.protocol import ErrorMessage

# The client's own words (never on the wire), said in the player's language as a refusal is.
CANNOT_REACH = Kind("cannot-reach", "cannot reach {url}: {error}")
CONNECTION_LOST_TO = Kind("connection-lost-to", "lost the connection to {url}")
NOT_CONNECTED = Kind("not-connected", "not connected")
NO_ANSWER = Kind("no-answer", "the server did not answer")
CONNECTION_LOST = Kind("connection-lost", "the connection to the server was lost")
CLIENT_CLOSED = Kind("client-closed", "the client closed")
NO_ANSWER_TO_ACTION = Kind("no-answer-to-action", "no answer from the server")
NOT_CONNECTED_TO_SERVER = Kind("not-connected-to-server", "not connected to the server")
DISCONNECTED = Kind("disconnected", "{reason}")
CLOSED = Kind("closed", "{reason}")
"""The families of the answers this client gives itself for an action or a request left
unanswered (``reason``: which of the sentences above)."""


def stand_in(family: Kind, reason: Kind, ref: int | None = None) -> ErrorMessage:
    """The answer this client gives itself for a message the server never answered."""
    data = family(reason=reason()).to_data()
    return ErrorMessage(ref=ref, code=data["code"], fields=data["fields"])


class ClientError(CodedError, RuntimeError):
    """The server refused a request (its coded refusal, said in the player's language with
    :func:`mixmo.i18n.messages.say`), or could not be reached (this client's own words)."""

    def __init__(self, code: str, said: Message | str) -> None:
        super().__init__(said)
        self._code = code

    @property
    def code(self) -> str:
        return self._code
