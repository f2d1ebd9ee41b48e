"""``MixUpApp``: MixUp at one keyboard, or against the computer.

The app owns the ``MixUpGame``; keys become actions, the engine's refusal
sentences go to the news line, the state goes down into the stand and pool
views. The game is saved after every move. The computer thinks on a thread
worker so the screen stays live.
"""

from __future__ import annotations

import random
from pathlib import Path

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from mixmo.mixup.board import COLUMNS, ROWS
from mixmo.mixup.errors import MixUpRuleError
from mixmo.mixup.game import DropPiece, GameWon, MixUpGame, Outcome
from mixmo.mixup.levels import ComputerPlayer
from mixmo.mixup.pieces import ALL_PIECES, Side
from mixmo.mixup.save import Seating
from mixmo.tui.mixup.modals import ConfirmScreen, HelpScreen
from mixmo.tui.mixup.saves import keep_unfinished, save
from mixmo.tui.mixup.views import PoolPicture, PoolView, StandPicture, StandView, piece_text

FRAME_SECONDS = 0.03
"""How long a falling piece shows in each row on its way down."""


class MixUpApp(App[None]):
    """Two players (or one and the computer) at one keyboard."""

    TITLE = "MixUp"
    CSS = """
    Screen { align: center top; }
    #status { height: 2; padding: 0 1; text-style: bold; }
    #play { height: 12; }
    #play > Vertical { height: 12; width: 26; }
    StandView { margin: 0 2 0 1; }
    #news { height: 2; padding: 0 1; }
    #hint { height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("left", "column(-1)", "Column left", show=False),
        Binding("right", "column(1)", "Column right", show=False),
        *(Binding(str(n), f"goto({n})", show=False) for n in range(1, COLUMNS + 1)),
        Binding("up", "piece(-1)", "Previous piece", show=False),
        Binding("down", "piece(1)", "Next piece", show=False),
        Binding("enter,space", "drop", "Drop"),
        Binding("u", "take_back", "Take back"),
        Binding("n", "new_game", "New game"),
        Binding("f1,question_mark", "help", "Help"),
        Binding("q,ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(
        self,
        game: MixUpGame,
        seating: Seating,
        *,
        save_path: Path | None = None,
        light: bool = False,
        animate_drops: bool = True,
        frame_seconds: float = FRAME_SECONDS,
    ) -> None:
        super().__init__()
        self.game = game
        self.seating = seating
        self.save_path = save_path
        self.light = light
        self.animate_drops = animate_drops
        self.frame_seconds = frame_seconds
        self.cursor = 4
        self.selected = 0
        self.news = ""
        self.thinking = False
        self.save_error: str | None = None
        """Why the last save failed (None while saving works)."""
        self.falling: tuple[int, int] | None = None
        """(row now, row it lands on) while a piece falls."""
        self.rng = random.Random(seating.seed + len(game.state.moves))
        self.computer = (
            ComputerPlayer(seating.bot_level, self.rng.randrange(2**31))
            if seating.bot_level is not None
            else None
        )

    # --- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="play"):
            yield StandView(self._stand_picture(), id="stand")
            with Vertical():
                yield PoolView(self._pool_picture(), id="pool")
        yield Static(id="news")
        yield Static(
            "←/→ or 1-7 column · ↑/↓ piece · Enter drop · U take back · F1 help · Q quit", id="hint"
        )

    def on_mount(self) -> None:
        if self.game.state.moves:
            last = self.game.state.moves[-1]
            self.news = f"Resumed: {self._who(last.side)} played {piece_text(last.piece)} last."
        if self.save_error is not None:
            self.news = self.save_error
        self._choose_a_legal_piece()
        self.refresh_views()
        self._maybe_bot()

    # --- what the players see ----------------------------------------------------------

    def _who(self, side: Side) -> str:
        return f"{self.seating.name(side)} ({side.value})"

    def _stand_picture(self) -> StandPicture:
        state = self.game.state
        falling = None
        landing = None
        if self.falling is not None and state.moves:
            last = state.moves[-1]
            landing = (last.column, last.row)
            falling = (last.piece, (last.column, self.falling[0]))
        line = state.line if self.falling is None else ()
        return StandPicture(state.board, self.cursor, line, falling, landing, self.light)

    def _pool_picture(self) -> PoolPicture:
        return PoolPicture(self.game.state.pool, self.selected, self.light)

    def status_text(self) -> str:
        state = self.game.state
        head = f"Colour: {self.seating.colour}   Shape: {self.seating.shape}"
        if state.outcome is Outcome.DRAW:
            return f"{head}\nA draw: the board is full. N starts a new game."
        if state.over:
            winner = state.outcome.winner
            assert winner is not None
            return f"{head}\n{self._who(winner)} wins! N starts a new game."
        turn = f"{self._who(state.to_move)} to move"
        if self.thinking:
            turn += ": the computer is thinking…"
        if state.forbidden_shape is not None:
            turn += f" (any shape but {state.forbidden_shape.value})"
        return f"{head}\n{turn}"

    def refresh_views(self) -> None:
        self.query_one("#status", Static).update(self.status_text())
        self.query_one(StandView).show(self._stand_picture())
        self.query_one(PoolView).show(self._pool_picture())
        self.query_one("#news", Static).update(self.news)

    def say(self, message: str) -> None:
        self.news = message
        self.query_one("#news", Static).update(message)

    def autosave(self) -> None:
        """Save the game; if the disk refuses, play goes on and the players are told once."""
        if self.save_path is None:
            return
        try:
            save(self.game, self.seating, self.save_path)
        except OSError as error:
            if self.save_error is None:
                self.save_error = f"Cannot save to {self.save_path} ({error.strerror or error}): play goes on, unsaved."
                if self.is_running:
                    self.say(self.save_error)
        else:
            if self.save_error is not None and self.is_running:
                self.say(f"Saving works again: {self.save_path}.")
            self.save_error = None

    def _choose_a_legal_piece(self) -> None:
        """Keep the chosen kind if it can still be played, else the next one that can."""
        legal = self.game.state.legal_pieces()
        if not legal or ALL_PIECES[self.selected] in legal:
            return
        for step in range(1, len(ALL_PIECES)):
            index = (self.selected + step) % len(ALL_PIECES)
            if ALL_PIECES[index] in legal:
                self.selected = index
                return

    # --- keys --------------------------------------------------------------------------

    def action_column(self, step: int) -> None:
        self.cursor = (self.cursor - 1 + step) % COLUMNS + 1
        self.refresh_views()

    def action_goto(self, column: int) -> None:
        self.cursor = column
        self.refresh_views()

    def action_piece(self, step: int) -> None:
        self.selected = (self.selected + step) % len(ALL_PIECES)
        self.refresh_views()

    def _bot_to_move(self) -> bool:
        state = self.game.state
        return not state.over and self.seating.bot_side is state.to_move

    def action_drop(self) -> None:
        if self.thinking or self._bot_to_move():
            self.say("Wait: it is the computer's turn.")
            return
        if self.falling is not None:
            return
        self.play(DropPiece(ALL_PIECES[self.selected], self.cursor))

    def play(self, move: DropPiece) -> None:
        """Apply ``move``; a refusal is said in a sentence and changes nothing."""
        side = self.game.state.to_move
        try:
            events = self.game.apply(move)
        except MixUpRuleError as error:
            self.say(f"{self._who(side)}: {str(error)[0].upper()}{str(error)[1:]}.")
            return
        self.autosave()
        last = self.game.state.moves[-1]
        message = self.save_error + " " if self.save_error else ""
        message += f"{self._who(side)} dropped {piece_text(last.piece)} ({last.piece.describe()}) into column {last.column}, row {last.row}."
        for event in events:
            if isinstance(event, GameWon):
                cells = " ".join(f"({c},{r})" for c, r in event.line)
                both = (
                    " It made a line for both: the player who played it wins." if event.both else ""
                )
                message += f" {self._who(event.side)} wins with {cells}!{both}"
        if self.game.state.outcome is Outcome.DRAW:
            message += " The board is full: a draw."
        self.news = message
        self._choose_a_legal_piece()
        self._start_fall(last.row)

    def _start_fall(self, row: int) -> None:
        if not self.animate_drops or row == ROWS:
            self.falling = None
            self.refresh_views()
            self._maybe_bot()
            return
        self.falling = (ROWS, row)
        self.refresh_views()
        self.set_timer(self.frame_seconds, self._fall_step)

    def _fall_step(self) -> None:
        if self.falling is None:
            return
        now, target = self.falling
        if now - 1 <= target:
            self.falling = None
            self.refresh_views()
            self._maybe_bot()
            return
        self.falling = (now - 1, target)
        self.refresh_views()
        self.set_timer(self.frame_seconds, self._fall_step)

    # --- the computer --------------------------------------------------------------------

    def _maybe_bot(self) -> None:
        if self._bot_to_move() and not self.thinking:
            self.thinking = True
            self.refresh_views()
            self._think(self.game.state)

    @work(thread=True, exclusive=True)
    def _think(self, state: object) -> None:
        from mixmo.mixup.game import MixUpState

        assert isinstance(state, MixUpState) and self.computer is not None
        move = self.computer.choose(state)
        self.call_from_thread(self._bot_played, state, move)

    def _bot_played(self, state: object, move: DropPiece) -> None:
        self.thinking = False
        if state is not self.game.state:  # taken back or a new game meanwhile
            self._maybe_bot()
            return
        self.play(move)

    # --- taking back, new game, help ---------------------------------------------------

    def action_take_back(self) -> None:
        state = self.game.state
        if self.thinking:
            self.say("Wait for the computer to move first.")
            return
        if not state.moves:
            self.say("No move has been played yet: there is nothing to take back.")
            return
        last = state.moves[-1]
        if self.seating.bot_side is not None:
            self._take_back_from_bot()
            return
        asker, other = last.side, last.side.other
        question = (
            f"{self._who(asker)} asks to take back {piece_text(last.piece)} in column {last.column}.\n"
            f"{self._who(other)}, do you agree?"
        )

        def answered(agreed: bool | None) -> None:
            if agreed:
                self.game.take_back()
                self.autosave()
                self.say(
                    f"{self._who(other)} agreed: {piece_text(last.piece)} is back in the pool; {self._who(asker)} to move."
                )
            else:
                self.say(f"{self._who(other)} did not agree: the move stands.")
            self.refresh_views()

        self.push_screen(ConfirmScreen(question), answered)

    def _take_back_from_bot(self) -> None:
        """The computer always agrees; it takes back its reply too, so it is your turn again."""
        human = self.seating.bot_side.other if self.seating.bot_side else Side.COLOUR
        moves = self.game.state.moves
        if not any(m.side is human for m in moves):
            self.say("You have not moved yet: there is nothing of yours to take back.")
            return
        while self.game.state.moves and self.game.state.moves[-1].side is not human:
            self.game.take_back()
        self.game.take_back()
        self.autosave()
        self.say("The computer agreed: your last move (and its reply) are taken back; your move.")
        self._choose_a_legal_piece()
        self.refresh_views()

    def action_new_game(self) -> None:
        if self.thinking:
            self.say("Wait for the computer to move first.")
            return
        state = self.game.state
        if state.over or not state.moves:
            self._new_game()
            return

        def answered(agreed: bool | None) -> None:
            if agreed:
                kept = keep_unfinished(self.save_path) if self.save_path else None
                self._new_game()
                if kept is not None:
                    self.say(f"New game. The unfinished one is kept in {kept}.")

        self.push_screen(
            ConfirmScreen("Start a new game? This one is not finished (it will be kept)."), answered
        )

    def _new_game(self) -> None:
        self.game = MixUpGame()
        self.falling = None
        self.news = "New game: colour moves first."
        self.autosave()
        self.refresh_views()
        self._maybe_bot()

    def action_help(self) -> None:
        self.push_screen(HelpScreen())
