"""The garbage collector, paused while a command starts.

Importing a command's modules makes tens of thousands of objects that live as
long as the process, and the collections they set off find nothing to free:
about twenty in ``mixmo check`` (6 ms of its 110 ms of CPU), about 40 ms of
``mixmo play``'s first frame, which also imports Textual and builds its screen.
So :func:`mixmo.cli.main` pauses the collector, a command resumes it once its
start-up is done, and a screen resumes it after its first frame, freezing what
the start-up made (:func:`gc.freeze`: those objects are never scanned again, so
the first collections after the start-up do not walk them all).

A caller that had turned the collector off (a test, an embedding program) keeps
it off: only a pause made here is undone here.
"""

from __future__ import annotations

import gc

_paused = False
"""Whether :func:`pause_collector` turned the collector off, and :func:`resume_collector`
should turn it back on."""


def pause_collector() -> None:
    """Turn the collector off for the start-up, remembering whether it was on."""
    global _paused
    _paused = _paused or gc.isenabled()
    gc.disable()


def resume_collector(*, freeze: bool = False) -> None:
    """Turn the collector back on if :func:`pause_collector` turned it off; with
    ``freeze``, the objects made so far are left out of every later collection."""
    global _paused
    if _paused:
        _paused = False
        if freeze:
            gc.freeze()
        gc.enable()
