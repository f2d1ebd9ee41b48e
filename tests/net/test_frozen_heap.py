"""The server keeps its long-lived objects out of the collector's full passes: what a full
collection leaves is frozen, and thawed now and then so that cyclic garbage goes too."""

from __future__ import annotations

import asyncio
import gc
import weakref

from mixmo.net.heap import FrozenHeap
from tests.net.helpers import running_server


class Cycle:
    """Garbage that refers to itself: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


async def test_what_a_full_collection_leaves_is_frozen_until_the_next_thaw() -> None:
    gc.unfreeze()
    heap = FrozenHeap(thaw_every=0.3)
    heap.start()
    try:
        gc.collect()  # a full pass; its survivors are frozen once the loop turns
        await asyncio.sleep(0.05)
        assert gc.get_freeze_count() > 0
        await asyncio.sleep(0.4)
        assert gc.get_freeze_count() == 0  # thawed: the next full pass walks them all
    finally:
        heap.stop()


async def test_cyclic_garbage_among_the_frozen_is_collected_after_the_thaw() -> None:
    gc.unfreeze()
    heap = FrozenHeap(thaw_every=0.3)
    heap.start()
    try:
        cycle = Cycle()
        alive = weakref.ref(cycle)
        gc.collect()
        await asyncio.sleep(0.05)  # frozen now
        del cycle
        gc.collect()
        assert alive() is not None  # garbage, but frozen: no full pass sees it
        await asyncio.sleep(0.4)  # thawed
        gc.collect()
        assert alive() is None
    finally:
        heap.stop()


async def test_a_server_freezes_while_it_runs_and_thaws_when_it_closes() -> None:
    gc.unfreeze()
    async with running_server():
        gc.collect()
        await asyncio.sleep(0.05)
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    gc.collect()
    await asyncio.sleep(0.05)
    assert gc.get_freeze_count() == 0  # a closed server freezes nothing
