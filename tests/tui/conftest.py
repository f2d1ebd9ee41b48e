"""Fixtures of the terminal tests: a `mixmo serve` of the test's own (``served``)."""

from tests.tui.tmux import served

__all__ = ["served"]
