"""The records of a match played on this screen: each finished round, then the match,
one entry per person this screen plays (never a bot, and at a server only its own seat).

Their times are the match's, from its state: a round lasts from its deal to its scores
(``RoundState.duration``), the match from its start (game time 0) to its last round's
scores; never this screen's clock, which runs on after the scores (and at a server ran
from the room's opening).

:class:`MatchRecorder` is the app's controller, knowing it only through
:class:`RecordsHost`; a record that cannot be written is said in the header, and
play goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from mixmo.i18n import _

if TYPE_CHECKING:
    from mixmo.engine import events as ev
    from mixmo.session.table import Table

# mixmo.data.records (SQLite) is imported when a round ends: the first frame does not need it.


class RecordsHost(Protocol):
    """What the records need from the app (or a test)."""

    table: Table
    clock: Callable[[], float]

    @property
    def notify(self) -> Callable[..., Any]: ...  # Textual's App.notify
    def people(self) -> list[int]: ...
    def plays_rounds(self) -> bool: ...
    def announce(self, text: str, *, seconds: float = ...) -> None: ...


class MatchRecorder:
    """Stores finished rounds and matches in the records (``mixmo stats``)."""

    def __init__(self, host: RecordsHost) -> None:
        self.host = host
        self.unrecorded: tuple[str, ...] = ()
        """What could not be recorded, and why: said at once, and again in the shell when
        the players leave the finished match."""

    def not_recorded(self, text: str) -> None:
        """Say that a record was lost (a toast stays above the score dialogs, unlike the
        header), and keep it for the shell."""
        self.unrecorded = (*self.unrecorded, text)
        self.host.announce(text, seconds=10)
        self.host.notify(text, severity="error", timeout=30)

    def rounds_changes(self) -> tuple[int, ...] | None:
        """What the round just scored changed in each seat's rounds won, when the match is
        played to rounds (+1 its winner, -1 a wrong final MIXMO: the records keep the
        round taken away); None when it is played to points."""
        if not self.host.plays_rounds():
            return None
        from mixmo.tui.pane_summary import rounds_standing

        return rounds_standing(self.host.table.state, 0).change

    def round_seconds(self) -> float:
        """How long the round just scored lasted, in game time, read when its scores are
        heard (the next round may be dealt before the records are written)."""
        round_ = self.host.table.round
        if round_.duration is not None:
            return round_.duration
        return max(0.0, self.host.clock() - round_.started_at)  # a view of an older server

    def record_round(self, scored: ev.RoundScored, seconds: float) -> None:
        """Store a finished round in the records, one entry per human player: ``seconds``
        from its deal to its scores (:meth:`round_seconds`)."""
        from mixmo.data import records

        table = self.host.table
        options, people = table.options, set(self.host.people())
        now = datetime.now().isoformat(timespec="seconds")
        changes = self.rounds_changes()
        runs = [
            records.Run(
                kind="round",
                finished_at=now,
                player=options.players[score.seat],
                language=options.language,
                table_size=len(options.players),
                variant=table.variant.name,
                seed=records.round_seed(options.seed, scored.round),
                seconds=seconds,
                tiles=len(table.round.player(score.seat).grid),
                won=score.seat == scored.winner,
                score=score.total,
                grid=table.round.player(score.seat).grid.to_text(),
                rounds=None if changes is None else changes[score.seat],
            )
            for score in scored.scores
            if score.seat in people
        ]
        try:
            records.record_all(runs)
        except (records.RecordsError, OSError) as error:
            self.not_recorded(_("the round could not be recorded: {error}").format(error=error))

    def record_match(self, over: ev.MatchOver) -> None:
        """Store the finished match in the records, one entry per human player."""
        from mixmo.data import records

        table, clock = self.host.table, self.host.clock
        options = table.options
        people = set(self.host.people())
        now = datetime.now().isoformat(timespec="seconds")
        try:
            for seat, name in enumerate(options.players):
                if seat not in people:
                    continue
                player = table.round.player(seat)
                records.record(
                    records.Run(
                        kind="game",
                        finished_at=now,
                        player=name,
                        language=options.language,
                        table_size=len(options.players),
                        variant=table.variant.name,
                        seed=str(options.seed),
                        seconds=table.round.ended_at or clock(),
                        tiles=len(player.grid),
                        won=seat == over.winner,
                        score=table.state.totals[seat],
                        grid=player.grid.to_text(),
                        rounds=table.state.rounds_won[seat] if self.host.plays_rounds() else None,
                    )
                )
        except (records.RecordsError, OSError) as error:
            self.not_recorded(_("the game could not be recorded: {error}").format(error=error))
