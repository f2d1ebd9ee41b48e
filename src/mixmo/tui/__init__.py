"""The Textual interface of mixmo: hot-seat play in one terminal."""

from mixmo.tui.app import MixmoApp

__all__ = ["MixmoApp"]
