"""Logging for networked play: what may be logged, and what never is.

The WebSocket library's debug records quote whole frames, and a frame can hold
a seat token: the loggers handed to it drop everything below INFO.
"""

from __future__ import annotations

import logging


class _NoFrames(logging.Filter):
    """Drops the WebSocket library's debug records: they quote whole frames, tokens included."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.INFO


def wire_logger(name: str) -> logging.Logger:
    """The logger given to the WebSocket library: connections and errors, never frames."""
    logger = logging.getLogger(name)
    if not any(isinstance(f, _NoFrames) for f in logger.filters):
        logger.addFilter(_NoFrames())
    return logger


def room_label(code: str) -> str:
    """A room as logs show it: enough to tell rooms apart, not enough to join one."""
    return f"{code[:2]}****"
