"""The server's ratings: a rated room's finished match updates its players' ratings,
once, and the ``top`` request answers with the leaderboard.

A rated room seats only signed-in players (:meth:`mixmo.net.accounts.Accounts.seat_name`)
and the server's bots; each seat's account is kept as it is taken. When the match is
over, every seat's place (rounds won, then points; equal is a tie) rates the match
(:mod:`mixmo.net.ratings`) in one transaction with the match's mark (its room's code
and its deal's seed), so a match is never rated twice, whatever is replayed.
"""

from __future__ import annotations

import logging

from mixmo.net.account_store import AccountStore, account_player, bot_player
from mixmo.net.community_messages import Leaderboard, Ranked, Top
from mixmo.net.connection import Connection
from mixmo.net.database import DATABASE_ERRORS
from mixmo.net.ratings import family_of, places_of, rate
from mixmo.net.rooms import Room
from mixmo.net.service import Handlers

log = logging.getLogger("mixmo.net.server")


class Ratings:
    """Ratings of one server's accounts and bots."""

    def __init__(self, store: AccountStore) -> None:
        self.store = store

    def install(self, server: Handlers) -> None:
        server.handle(Top, self._top)

    def _players(self, room: Room) -> list[str | None]:
        """Whose rating each seat of ``room`` is: its bots' level's, its account's, or
        nobody's (a seat no account took)."""
        accounts = self.store.seat_accounts(room.code)
        return [
            bot_player(state.bot_level)
            if state.bot_level is not None
            else account_player(accounts[seat])
            if seat in accounts
            else None
            for seat, state in enumerate(room.seats)
        ]

    def show(self, room: Room) -> None:
        """Put each seat's rating in ``room`` (a rated one), for its lobby."""
        if not room.settings.rated:
            return
        family = family_of(room.settings.variant)
        room.ratings = {
            seat: self.store.rating(player, family).shown
            for seat, player in enumerate(self._players(room))
            if player is not None
        }

    def match_over(self, room: Room) -> bool:
        """Rate ``room``'s finished match if it is rated and was not rated yet; whether
        it was rated now."""
        game = room.game
        if not room.settings.rated or game is None or not isinstance(game.options.seed, int):
            return False
        seated = self._players(room)
        players = [player for player in seated if player is not None]
        if len(players) != len(seated):  # a seat no account took: no fair rating
            log.warning("room %s****: a seat of a rated match has no account", room.code[:2])
            return False
        scores = [(game.state.rounds_won[s], game.state.totals[s]) for s in range(len(players))]
        family = family_of(room.settings.variant)
        places = places_of(scores)
        try:
            rated = self.store.record_match(
                room.code, game.options.seed, family, players, lambda before: rate(before, places)
            )
            self.show(room)
            return rated
        except DATABASE_ERRORS as error:  # the match stands; its rating waits for no one
            log.error("room %s****: cannot keep its ratings (%s)", room.code[:2], error)
            return False

    def _top(self, conn: Connection, message: Top, _arrival: float) -> None:
        ranked = [
            Ranked(
                name=name.removeprefix("bot:"),
                bot=name.startswith("bot:"),
                rating=rating.shown,
                matches=rating.matches,
            )
            for name, rating in self.store.top(message.family)
        ]
        conn.send(Leaderboard(family=message.family, players=ranked).model_dump_json())
