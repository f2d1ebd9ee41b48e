"""The server's archive: every finished match, listed and fetched page by page.

The store copies a match into its archive as it ends (:meth:`RoomStore.finish`), so a
rematch in the room, an expiry or a restart loses nothing. A client lists the newest
matches (``matches``) and fetches one's options and actions in pages (``match``); it
replays them through its own engine (``mixmo replay``): the server sends a log, never
a second copy of the rules.
"""

from __future__ import annotations

import json

from mixmo.engine.save_models import ACTION_ADAPTER, OPTIONS_ADAPTER
from mixmo.net.community_messages import (
    MATCH_PAGE,
    ArchivedMatch,
    GetMatch,
    ListMatches,
    MatchList,
    MatchPage,
)
from mixmo.net.connection import Connection
from mixmo.net.refusals import NO_ARCHIVED_MATCH, Refused
from mixmo.net.service import Handlers
from mixmo.net.store import ArchivedRow, RoomStore
from mixmo.net.wire import MAX_LISTED


def _listed(row: ArchivedRow) -> ArchivedMatch:
    standings = [(str(n), int(p), int(w)) for n, p, w in json.loads(row.standings)]
    return ArchivedMatch(
        room=row.code, number=row.number, finished=row.finished, standings=standings
    )


class ArchiveService:
    """Answers the archive's requests from a server's store (none without ``--data``)."""

    def __init__(self, store: RoomStore | None) -> None:
        self.store = store

    def install(self, server: Handlers) -> None:
        server.handle(ListMatches, self._list)
        server.handle(GetMatch, self._page)

    def _list(self, conn: Connection, message: ListMatches, _arrival: float) -> None:
        rows = [] if self.store is None else self.store.archived(MAX_LISTED, message.before)
        conn.send(MatchList(matches=[_listed(row) for row in rows]).model_dump_json())

    def _page(self, conn: Connection, message: GetMatch, _arrival: float) -> None:
        found = None
        if self.store is not None:
            found = self.store.archived_match(message.room, message.number)
        if found is None:
            raise Refused(reason=NO_ARCHIVED_MATCH(room=message.room))
        row, total = found
        assert self.store is not None
        texts = self.store.archived_actions(row.code, row.number, message.after, MATCH_PAGE)
        page = MatchPage(
            match=_listed(row),
            options=OPTIONS_ADAPTER.validate_json(row.options),
            total=total,
            after=message.after,
            actions=[ACTION_ADAPTER.validate_json(text) for text in texts],
        )
        conn.send(page.model_dump_json())
