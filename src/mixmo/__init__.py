"""Mixmo, the word-race tile game, in the terminal."""

__version__ = "0.1.0"
