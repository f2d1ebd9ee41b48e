"""`mixmo play --relay SECONDS`: a fair hot-seat, where the keyboard passes by itself.

At one keyboard the player who holds it longest builds the most. With a relay,
each human player holds it for the same number of seconds, then it passes to
the next human seat (bots play on their own and are skipped). Every hand-over
opens a short pause, "Pass the keyboard to NAME", that counts for nobody and
during which the board takes no keys, so the next player's time starts only
once they sit down. Time stops while a dialog is open or the round is not in
play (a theme to choose, the scores), so the relay measures building time only.

:class:`Relay` is the bookkeeping (pure, driven by game time); :class:`RelayDriver`
is the app's controller that ticks it, refuses keys during the pause and shows it,
knowing the app only through :class:`RelayHost`.
Each player's building time is kept in the view file beside the autosave
(:mod:`mixmo.tui.view_state`): it is a measure of the interface's relay, not a
rule of Mixmo, so the engine's save (the match itself) stays free of it, and a
view file left over from another match is ignored like the rest of the view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from rich.text import Text

from mixmo.engine.state import Phase
from mixmo.i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable

    from mixmo.session.table import Table
    from mixmo.tui.view_state import ViewState

PAUSE_SECONDS = 3.0
"""The hand-over pause: time to pass the keyboard, counted for nobody."""
RELAY_TICK = 0.25
"""How often the app advances the relay (seconds of real time)."""
MIN_RELAY, MAX_RELAY = 10, 600
"""The range of ``--relay`` in seconds."""
OPEN_IN_PAUSE = frozenset({"help", "quit_game"})
"""Commands that still work during the hand-over pause (nothing that changes a grid)."""


def minutes(seconds: float) -> str:
    """``m:ss``, as a clock shows it."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass
class Relay:
    """Who holds the keyboard, for how much longer, and each seat's building time."""

    seconds: float
    """Each turn at the keyboard."""
    seats: list[int]
    """The human seats, in the order the keyboard goes round."""
    holder: int
    built: dict[int, float] = field(default_factory=dict)
    """Per seat: the seconds spent holding the keyboard, pauses left out."""
    turn: float = 0.0
    """Seconds of the current turn already used."""
    pause_left: float = PAUSE_SECONDS
    """Seconds of hand-over pause still to go (the game starts with one too)."""
    last: float | None = None
    """Game time of the last :meth:`advance`."""

    def __post_init__(self) -> None:
        if self.holder not in self.seats:
            self.holder = self.seats[0]
        for seat in self.seats:
            self.built.setdefault(seat, 0.0)

    @property
    def paused(self) -> bool:
        return self.pause_left > 0

    def left(self) -> float:
        """Seconds left in the current turn."""
        return max(0.0, self.seconds - self.turn)

    def advance(self, now: float, *, running: bool) -> bool:
        """Move the relay on to game time ``now``; True when the keyboard changed hands.

        While not ``running`` (a dialog is open, the round is not in play) time
        passes for nobody. A turn is credited exactly its seconds: time beyond
        them (a late tick, a suspended computer) counts for nobody, and the next
        player still gets their whole hand-over pause.
        """
        elapsed = 0.0 if self.last is None else max(0.0, now - self.last)
        self.last = now
        if not running or elapsed == 0:
            return False
        if self.paused:
            self.pause_left = max(0.0, self.pause_left - elapsed)
            return False
        used = min(elapsed, self.left())
        self.turn += used
        self.built[self.holder] += used
        if self.turn < self.seconds:
            return False
        position = self.seats.index(self.holder)
        self.holder = self.seats[(position + 1) % len(self.seats)]
        self.turn = 0.0
        self.pause_left = PAUSE_SECONDS
        return True


class RelayHost(Protocol):
    """What the relay's controller needs from the app (or a test)."""

    table: Table
    active: int
    relay: Relay | None
    clock: Callable[[], float]

    def closing(self) -> bool:
        """True once the app is closing (a timer may fire once more while its panes go)."""
        ...

    def board_shown(self) -> bool:
        """True while the board is on screen, no dialog over it."""
        ...

    def activate(self, seat: int) -> None: ...
    def refresh_pane(self, seat: int, *, force: bool = False) -> None: ...
    def update_header(self) -> None: ...
    def save_view(self) -> None: ...


class RelayDriver:
    """The app's side of the relay: ticking it, holding keys in the pause, showing it."""

    def __init__(self, host: RelayHost) -> None:
        self.host = host

    @property
    def relay(self) -> Relay | None:
        return self.host.relay

    def tick(self) -> None:
        """Advance the relay; at a hand-over, give the next player's pane the keyboard."""
        host, relay = self.host, self.relay
        if relay is None or host.closing():
            return
        running = host.table.phase is Phase.PLAYING and host.board_shown()
        was_paused = relay.paused
        if relay.advance(host.clock(), running=running):
            host.activate(relay.holder)
            host.save_view()
        elif running and host.active != relay.holder:  # back in play after a free-for-all
            host.activate(relay.holder)
        if running or was_paused != relay.paused:
            host.refresh_pane(host.active)
            host.update_header()

    def holds_keys(self) -> bool:
        """During the hand-over pause the board takes no keys."""
        return self.relay is not None and self.relay.paused

    def allows(self, action: str) -> bool:
        """During the pause only help and quit work."""
        return not self.holds_keys() or action in OPEN_IN_PAUSE

    def may_switch(self, seat: int) -> bool:
        """With a relay the keyboard goes round by itself: no taking it to another pane
        while the round is in play (the final sprint, claims and votes are everyone's)."""
        relay = self.relay
        return relay is None or seat == relay.holder or self.host.table.phase is not Phase.PLAYING

    def clock(self, seat: int) -> str:
        """A seat's building time, for its pane title ('' without a relay, or for a bot)."""
        if self.relay is None or seat not in self.relay.built:
            return ""
        return _("built {time}").format(time=minutes(self.relay.built[seat]))

    def header(self) -> Text:
        """The countdown, or whom to pass the keyboard to (empty without a relay)."""
        relay = self.relay
        if relay is None:
            return Text()
        name = self.host.table.options.players[relay.holder]
        if relay.paused:
            message = _("Pass the keyboard to {name} ({seconds})").format(
                name=name, seconds=int(-(-relay.pause_left // 1))
            )
            return Text.assemble((message, "bold reverse"), " · ")
        countdown = _("{name}: {time} left").format(name=name, time=minutes(-(-relay.left() // 1)))
        return Text.assemble(("⏱ " + countdown, "bold"), " · ")


def make_relay(seconds: float, humans: list[int], view: ViewState | None, now: float) -> Relay:
    """A relay over the human seats, carrying on from a saved view's times and turn."""
    holder = view.active if view is not None else humans[0]
    relay = Relay(seconds, humans, holder, last=now)
    if view is not None:
        relay.built.update({seat: view.panes[seat].built for seat in humans})
        if holder == relay.holder:  # the same player carries on with the rest of their turn
            relay.turn = min(view.relay_turn, seconds)
    return relay
