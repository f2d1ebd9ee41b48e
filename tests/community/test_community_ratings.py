"""Ratings on a community server: two nodes that end two matches of one player at the
same moment both count, one after the other (each node rates in one transaction, under
a lock per player)."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from mixmo.net.account_store import AccountStore
from mixmo.net.ratings import Rating


def one_more_match(before: list[Rating]) -> Sequence[Rating]:
    time.sleep(0.3)  # the other node's match ends meanwhile
    return [Rating(rating.mu + 1, rating.sigma, rating.matches + 1) for rating in before]


def test_two_nodes_rating_one_player_at_once_both_count(database: str) -> None:
    nodes = [AccountStore(None, database), AccountStore(None, database)]
    rated = [
        threading.Thread(
            target=node.record_match, args=(f"ROOM{n}A", 1, "classic", ["a:1"], one_more_match)
        )
        for n, node in enumerate(nodes)
    ]
    for thread in rated:
        thread.start()
    for thread in rated:
        thread.join()
    after = nodes[0].rating("a:1", "classic")
    for node in nodes:
        node.close()
    assert after.matches == 2 and after.mu == Rating().mu + 2
