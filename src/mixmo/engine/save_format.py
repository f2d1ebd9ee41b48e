"""The name and version a saved game's JSON carries: read by the writer
(:mod:`mixmo.engine.save`, no pydantic) and the reader's models
(:mod:`mixmo.engine.save_models`) alike, so that neither imports the other for them."""

from __future__ import annotations

from typing import Final

FORMAT: Final = "mixmo-game"
VERSION: Final = 1
