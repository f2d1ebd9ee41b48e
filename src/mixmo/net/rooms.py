"""Rooms: a match's seats, secrets, clock and engine, with no network in sight.

A :class:`Room` is where the server's authority lives: it checks that an
action is for the sender's own seat, has its match (the session's
:class:`~mixmo.session.core.MatchCore`, as a local table's) stamp it with the
room's game time on receipt and apply it (the engine refuses rule breaks,
changing nothing), and writes it to the room's log before anyone hears of it.
What is the room's own is around that: seats and tokens, the store, the lobby.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import InitVar, dataclass, field, replace

from mixmo.data.storage import disk_is_full
from mixmo.engine import events as ev
from mixmo.engine.actions import Action, CloseVoting, NextRound
from mixmo.engine.game import Game
from mixmo.engine.game_errors import GameRuleError
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState, Phase
from mixmo.net.database import DATABASE_ERRORS
from mixmo.net.protocol import Lobby, RoomSettings, SeatInfo
from mixmo.net.refusals import (
    MOVE_UNSAVED,
    MOVES_UNSAVED,
    NO_SUCH_SEAT,
    STARTED_ALREADY,
    STARTED_SEATS_TAKEN,
    STORE_REFUSALS,
    TOKEN_NOT_SEAT,
    AlreadyStartedError,
    BadTokenError,
    DiskFullError,
    MatchNotOverError,
    MatchPausedError,
    NotFirstSeatError,
    NotStartedError,
    NotYourSeatError,
    RoomFullError,
    StorageError,
    TooFewPlayersError,
    match_over,
)
from mixmo.net.store import RoomStore, SeatRecord, StoredRoom
from mixmo.net.views import ViewMaker
from mixmo.net.wire import ROOM_ALPHABET, ROOM_CODE_LENGTH, clean_name
from mixmo.session.core import GameClock, MatchCore

Clock = Callable[[], float]
log = logging.getLogger("mixmo.net.rooms")


def storage_error(error: Exception, what: str) -> StorageError:
    """The refusal for a write of ``what`` (a key of :data:`STORE_REFUSALS`) that failed."""
    full, other = STORE_REFUSALS[what]
    return DiskFullError(reason=full()) if disk_is_full(error) else StorageError(reason=other())


def new_room_code(taken: Callable[[str], bool], shard: tuple[int, int] = (0, 1)) -> str:
    """Six letters from an alphabet without look-alikes, from ``secrets`` (not guessable).

    ``shard`` ``(k, n)``: the first letter is one of those whose place in the alphabet is
    ``k`` modulo ``n``, so that a proxy can route a room to its server by that letter.
    """
    index, count = shard
    firsts = [ch for i, ch in enumerate(ROOM_ALPHABET) if i % count == index]
    while True:
        rest = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_CODE_LENGTH - 1))
        code = secrets.choice(firsts) + rest
        if not taken(code):
            return code


def parse_shard(text: str) -> tuple[int, int]:
    """``K/N`` as ``(K, N)``; ValueError unless 0 <= K < N <= the alphabet's size."""
    try:
        index, count = (int(part) for part in text.split("/"))
    except ValueError:
        raise ValueError(f"{text!r} is not a shard: write K/N, e.g. 0/3") from None
    if not 0 <= index < count <= len(ROOM_ALPHABET):
        raise ValueError(f"shard {text}: K must be below N, and N at most {len(ROOM_ALPHABET)}")
    return index, count


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the server keeps of a token: its SHA-256 (a leaked database takes no seat)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatState:
    name: str | None = None
    token_hash: str | None = None
    bot_level: str | None = None
    connections: int = 0

    @property
    def free(self) -> bool:
        return self.name is None

    def record(self) -> SeatRecord:
        return SeatRecord(self.name, self.token_hash, self.bot_level)


@dataclass
class Room:
    """One room: its settings, its seats, and its match once started."""

    code: str
    settings: RoomSettings
    lexicons: Callable[[str], Lexicon]
    store: RoomStore | None = None
    created: float = field(default_factory=time.time)
    seats: list[SeatState] = field(default_factory=list)
    match: MatchCore | None = None
    """The match once started: its game on the room's clock."""
    views: ViewMaker | None = None
    broken: bool = False
    """An action could not be written to the log: the room refuses every action since."""
    rematch_asked: set[int] = field(default_factory=set)
    """Seats that asked for a new match once this one is over (see :meth:`rematch`)."""
    ready: set[int] = field(default_factory=set)
    """Seats that asked for the next round while the scores are up (see :meth:`next_round_due`)."""
    final: list[tuple[str, int, int]] = field(default_factory=list)
    """Once the match is over: its standings (name, points, rounds won), first to last."""
    ratings: dict[int, int] = field(default_factory=dict)
    """In a rated room: each seat's player's shown rating, for the lobby (the server's
    ratings service keeps it; the room knows no accounts)."""
    owner: str | None = None
    """The address that opened the room or filled it with bots: its bots count against that
    address's budget (in memory only: a restored room's bots count for the server alone)."""
    _clock_start: InitVar[float | None] = None
    """When the room's clock started (the monotonic clock's now by default)."""
    clock: GameClock = field(init=False)
    """The room's game time, from the match's start: it runs for everyone, connected or
    not (it's a race)."""

    def __post_init__(self, _clock_start: float | None) -> None:
        self.clock = GameClock() if _clock_start is None else GameClock(start=_clock_start)
        if not self.seats:
            humans = self.settings.players - self.settings.bots
            self.seats = [SeatState() for _ in range(humans)] + [
                SeatState(name=f"Bot {n}", bot_level=self.settings.bot_level)
                for n in range(1, self.settings.bots + 1)
            ]

    # --- the clock ------------------------------------------------------------------

    def now(self) -> float:
        """The room's game time now (:attr:`clock`)."""
        return self.clock()

    @property
    def _clock_base(self) -> float:
        """The game time the clock had at its start (tests move it on)."""
        return self.clock.base

    @_clock_base.setter
    def _clock_base(self, base: float) -> None:
        self.clock.base = base

    @property
    def game(self) -> Game | None:
        return self.match.game if self.match is not None else None

    # --- seats --------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def finished(self) -> bool:
        return self.game is not None and self.game.phase is Phase.MATCH_OVER

    def current_state(self) -> MatchState | None:
        return self.game.state if self.game is not None else None

    def bot_seats(self) -> list[int]:
        return [seat for seat, s in enumerate(self.seats) if s.bot_level is not None]

    def join(self, name: str) -> tuple[int, str]:
        """Seat ``name`` at the first free seat; the seat and its secret token."""
        if self.finished:
            raise match_over(self.final)
        if self.started:
            return self._take_freed()
        free = [seat for seat, s in enumerate(self.seats) if s.free]
        if not free:
            raise RoomFullError()
        seat = free[0]
        token = new_token()
        self.seats[seat] = SeatState(
            name=self._unique(clean_name(name)), token_hash=token_hash(token)
        )
        try:
            if any(s.free for s in self.seats):
                self.save("seat")
            else:
                self._start()  # the last seat: the match starts (and is stored) with it
        except StorageError:
            self.seats[seat] = SeatState()  # nobody got the token: the seat stays free
            raise
        return seat, token

    def _take_freed(self) -> tuple[int, str]:
        """A seat the host freed during the match (:func:`mixmo.net.host.hand_over`), taken
        under the name it plays by in the match; the seat and its new token."""
        freed = [s for s, st in enumerate(self.seats) if st.bot_level is None and not st.token_hash]
        if not freed:
            raise AlreadyStartedError(reason=STARTED_SEATS_TAKEN())
        seat, token = freed[0], new_token()
        held = self.seats[seat]
        self.seats[seat] = SeatState(name=held.name, token_hash=token_hash(token))
        try:
            self.save("seat")
        except StorageError:
            self.seats[seat] = held
            raise
        return seat, token

    def _unique(self, name: str) -> str:
        taken = {s.name.casefold() for s in self.seats if s.name}
        candidate, n = name, 1
        while candidate.casefold() in taken:
            n += 1
            candidate = f"{name} {n}"
        return candidate

    def free(self, seat: int) -> None:
        """The player of ``seat`` left the lobby: the seat is free again, its token no longer
        takes it (AlreadyStartedError once the match is on: a seat at the table is held)."""
        if self.started:
            raise AlreadyStartedError(reason=STARTED_ALREADY())
        before = self.seats[seat]
        self.seats[seat] = SeatState()
        try:
            self.save("seat")
        except StorageError:
            self.seats[seat] = before
            raise

    def check_token(self, seat: int, token: str) -> None:
        """Nothing if ``token`` is ``seat``'s; BadTokenError otherwise (compared in constant time)."""
        if not 0 <= seat < len(self.seats):
            raise BadTokenError(reason=NO_SUCH_SEAT())
        expected = self.seats[seat].token_hash
        if expected is None or not hmac.compare_digest(expected, token_hash(token)):
            raise BadTokenError(reason=TOKEN_NOT_SEAT())

    def start(self, by_seat: int, fill_with_bots: bool) -> None:
        """The first seat's player starts now: free seats go to bots or are left out."""
        if self.started:
            raise AlreadyStartedError(reason=STARTED_ALREADY())
        humans = [seat for seat, s in enumerate(self.seats) if s.bot_level is None]
        if not humans or by_seat != humans[0]:
            raise NotFirstSeatError()
        before = list(self.seats)
        if fill_with_bots:
            n, seats = len(self.bot_seats()), []
            for seat in self.seats:
                if seat.free:
                    n += 1
                    seat = SeatState(name=f"Bot {n}", bot_level=self.settings.bot_level)
                seats.append(seat)
            self.seats = seats
        else:
            taken = [s for s in self.seats if not s.free]
            if len(taken) < 2:
                raise TooFewPlayersError()
            self.seats = taken
        try:
            self._start()
        except StorageError:
            self.seats = before  # the lobby as it was: starting can be tried again
            raise

    def _start(self, what: str = "start") -> None:
        """Begin the match and store it (StorageError, the room back unstarted, if the
        store refuses: ``what`` names the request for the player, as :meth:`save`)."""
        names = tuple(self._unique_bot_names())
        settings = self.settings
        seed = settings.seed if settings.seed is not None else secrets.randbelow(2**62)
        options = MatchOptions(
            players=names,
            variant=settings.variant,
            scoring=settings.scoring,
            target=settings.target,
            language=settings.language,
            seed=seed,
            wait_seconds=settings.wait_seconds,
        )
        self._begin(options)
        try:
            self.save(what)
        except StorageError:
            self.match = self.views = None
            raise

    def rematch(self, seat: int) -> bool:
        """``seat`` asks to play again, in this room and its seats: the new match starts
        (True) when the host (the first player's seat) asks, or once every player at the
        table has. Raises MatchNotOverError while the match is played, StorageError (the
        finished match kept) if the store refuses."""
        game = self.game
        if game is None or game.phase is not Phase.MATCH_OVER:
            raise MatchNotOverError()
        self.rematch_asked.add(seat)
        humans = [s for s, st in enumerate(self.seats) if st.bot_level is None]
        waiting = {s for s in self.present_seats() if s in humans} - self.rematch_asked
        if humans and seat != humans[0] and waiting:
            return False
        old = game.options
        seed = (old.seed + 1) % 2**62 if isinstance(old.seed, int) else secrets.randbelow(2**62)
        options = replace(old, seed=seed)
        before = self.match, self.views
        self._begin(options)
        self.final = []  # the room plays on: its code no longer answers "match over"
        if self.store is not None:
            try:
                self.store.rematch(self.code, options)
            except DATABASE_ERRORS as error:
                self.match, self.views = before
                log.error("room %s: cannot store the new match (%s)", self.code[:2], error)
                raise storage_error(error, "start") from None
        self.rematch_asked.clear()
        self.ready.clear()
        return True

    def _unique_bot_names(self) -> list[str]:
        names: list[str] = []
        for seat in self.seats:
            name = seat.name or "?"
            while name.casefold() in {n.casefold() for n in names}:
                name += "'"
            names.append(name)
        return names

    def _begin(self, options: MatchOptions) -> None:
        self.match = MatchCore(Game(options, self.lexicons(options.language)), self.clock)
        self.views = ViewMaker(options)
        # Game time is the match's: 0 when it starts, not when the room was opened (the
        # minutes in the lobby are nobody's round). A restored room sets it again after.
        self.clock.restart()

    # --- actions ------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[ev.Event]:
        """Apply ``action`` for ``seat``, stamped now; its events, once written to the log.

        Raises NotStartedError, NotYourSeatError or the engine's GameRuleError,
        changing nothing.
        """
        match = self.match
        if match is None:
            raise NotStartedError()
        game = match.game
        if action.seat != seat:
            raise NotYourSeatError(seat=seat, action_seat=action.seat)
        if self.broken:
            raise StorageError(reason=MOVES_UNSAVED())
        if self.clock.paused:
            raise MatchPausedError()
        if isinstance(action, NextRound) and game.phase is Phase.SCORED:
            # At a table the next round starts when everyone has read the scores: a seat's
            # request waits for every connected player's (the bots always agree).
            self.ready.add(seat)
            if self.next_round_due() is None:
                return []
        events = self._apply_and_log(match, action)
        if self.voting_due():
            # Everyone at the table has voted; an away player's votes follow the list.
            events += self._apply_and_log(match, CloseVoting(seat=seat))
        return events

    def _apply_and_log(self, match: MatchCore, action: Action) -> list[ev.Event]:
        events = match.apply(action)  # stamped with the room's game time
        game = match.game
        if game.phase is not Phase.SCORED:
            self.ready.clear()
        if self.store is not None:
            try:
                self.store.append_action(self.code, len(game.log), game.log[-1])
                if game.phase is Phase.MATCH_OVER:
                    self.store.finish(self.code, self._final(events), time.time())
            except DATABASE_ERRORS as error:
                # Nobody hears of an action that is not in the log: the room stops here, and
                # a restart brings it back as its players last saw it.
                self.broken = True
                log.error("room %s: cannot save an action (%s): play stops", self.code[:2], error)
                raise StorageError(reason=MOVE_UNSAVED()) from None
        return events

    def _final(self, events: list[ev.Event]) -> list[tuple[str, int, int]]:
        """The match's final standings (name, points, rounds won), in the engine's order
        (its :class:`MatchOver` event's), kept in :attr:`final`."""
        assert self.game is not None
        state, names = self.game.state, self.game.options.players
        order = next((e.standings for e in events if isinstance(e, ev.MatchOver)), None)
        seats = order if order is not None else tuple(range(len(names)))
        self.final = [(names[s], state.totals[s], state.rounds_won[s]) for s in seats]
        return self.final

    def settle_waits(self) -> list[tuple[int, list[ev.Event]]]:
        """The choices made for the players a wait ran out on (the match's own
        ``wait_seconds``: :meth:`MatchCore.overdue`), applied and logged: each one's seat
        and events. At the scores the bots and those who asked are not waited for."""
        match = self.match
        if match is None or self.broken:
            return []
        done: list[tuple[int, list[ev.Event]]] = []
        for action in match.overdue(self.ready | set(self.bot_seats())):
            try:
                done.append((action.seat, self._apply_and_log(match, action)))
            except GameRuleError:
                break  # an earlier one moved play on: the next wait has its own time
        return done

    # --- hints ----------------------------------------------------------------------

    def hint_wait(self, seat: int | None) -> float:
        """Seconds of game time before ``seat``'s grid edits and MIXMO are taken again: the
        rest of its last hint's cost, as its state in the match keeps it (the engine refuses
        them meanwhile; a hint is the seat's ``TakeHint`` action, kept in the log)."""
        if seat is None or self.match is None:
            return 0.0
        return self.match.hint_wait(seat)

    def present_seats(self) -> set[int]:
        """The bots and the players connected now."""
        return {s for s, st in enumerate(self.seats) if st.bot_level is not None or st.connections}

    def voting_due(self) -> bool:
        """The vote is on and every player at the table has voted on every claim of the
        others: an away player does not hold the vote up (the engine closes it by itself
        when every seat has voted)."""
        if self.game is None or self.game.phase is not Phase.VOTING:
            return False
        round_, present = self.game.state.round, self.present_seats()
        return all(
            set(round_.votes.get((claimant, word), {})) >= present - {claimant}
            for claimant in range(len(round_.players))
            for word in round_.player(claimant).claims or ()
        )

    def next_round_due(self) -> int | None:
        """A seat that asked for the next round, once every connected player has; else None.

        Bots and away players are not waited for: a player who left the table does not
        hold the others up, as their game time runs on too.
        """
        waiting = {
            seat for seat in self.present_seats() - self.ready if self.seats[seat].bot_level is None
        }
        return min(self.ready) if self.ready and not waiting else None

    # --- what others see --------------------------------------------------------------

    def lobby(self) -> Lobby:
        return Lobby(
            room=self.code,
            seats=[
                SeatInfo(
                    seat=seat,
                    name=s.name,
                    bot=s.bot_level is not None,
                    connected=s.bot_level is not None or s.connections > 0,
                    ready=seat in self.ready,
                    open=self.started and s.bot_level is None and not s.token_hash,
                    rating=self.ratings.get(seat),
                )
                for seat, s in enumerate(self.seats)
            ],
            started=self.started,
            seeded=self.settings.seed is not None,
            settings=self.settings.model_copy(update={"seed": None}),  # the seed is secret
            paused=self.clock.paused,
        )

    # --- persistence --------------------------------------------------------------------

    def save(self, what: str = "room") -> None:
        """Store the room's settings, seats and options; StorageError (said in the server's
        log in one line) if the store refuses: ``what`` (room, seat or start) was being
        stored, and the player is told so (:data:`STORE_REFUSALS`)."""
        if self.store is None:
            return
        try:
            self.store.save_room(
                self.code,
                self.settings,
                [s.record() for s in self.seats],
                self.game.options if self.game else None,
                self.created,
            )
        except DATABASE_ERRORS as error:
            stored = {"room": "the new room", "seat": "a seat", "start": "the match's start"}
            log.error("room %s****: cannot store %s (%s)", self.code[:2], stored[what], error)
            raise storage_error(error, what) from None

    @classmethod
    def restore(
        cls, stored: StoredRoom, lexicons: Callable[[str], Lexicon], store: RoomStore
    ) -> Room:
        """A room from the store, its match replayed action by action (GameRuleError if damaged)."""
        room = cls(
            code=stored.code,
            settings=stored.settings,
            lexicons=lexicons,
            store=store,
            created=stored.created,
            seats=[SeatState(s.name, s.token_hash, s.bot_level) for s in stored.seats],
        )
        if stored.options is not None:
            room._begin(stored.options)
            assert room.match is not None
            for action in stored.actions:
                room.match.apply(action, stamp=False)  # each keeps the time it was taken at
            last = stored.actions[-1].at if stored.actions else 0.0
            # The time the room had reached (kept every few seconds and when the server
            # stopped), not its last action's: the minutes after it happened too.
            room.clock.restart(max(last, stored.clock or 0.0))
            if stored.paused:  # a break is the host's to end, restart or not
                room.clock.pause()
        return room
