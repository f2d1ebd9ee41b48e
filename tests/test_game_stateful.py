"""Random games from 2 to 6 players: the invariants that must hold after every step."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from mixmo.engine import actions as a
from mixmo.engine.game import Game, GameRuleError
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.save import dumps, loads
from mixmo.engine.state import Phase
from tests.game_helpers import claim_first_words, lay_out, new_game


class RandomGame(RuleBasedStateMachine):
    """Players who act at random, sometimes against the rules."""

    game: Game
    at: float

    @initialize(players=st.integers(2, 6), seed=st.integers(0, 10_000), scoring=st.sampled_from(["points", "rounds"]),
                variant=st.sampled_from(["classic", "expert", "free-spirit"]))  # fmt: skip
    def start(self, players: int, seed: int, scoring: str, variant: str) -> None:
        self.game = new_game(players, seed=seed, scoring=scoring, variant=variant, target=2)
        self.at = 0.0
        self.scored_rounds_checked = 0

    def attempt(self, action: a.Action) -> None:
        """Apply ``action``; when the rules refuse it, nothing may have changed."""
        before, log_length = self.game.state, len(self.game.log)
        try:
            self.game.apply(action)
        except GameRuleError:
            assert self.game.state is before
            assert len(self.game.log) == log_length

    def seats(self) -> st.SearchStrategy[int]:
        return st.integers(0, len(self.game.options.players) - 1)

    @rule(data=st.data(), row=st.integers(-3, 3), col=st.integers(-3, 12))
    def place_a_tile(self, data: st.DataObject, row: int, col: int) -> None:
        seat = data.draw(self.seats())
        rack = self.game.round.player(seat).rack
        symbol = data.draw(st.sampled_from([t.symbol for t in rack])) if rack else "A"
        if symbol == "?" and data.draw(st.booleans()):
            symbol = "e"
        self.attempt(a.PlaceTile(seat=seat, row=row, col=col, symbol=symbol, at=self.at))

    @rule(data=st.data())
    def lay_out_the_rack(self, data: st.DataObject) -> None:
        self.lay_out_the_rack_of(data.draw(self.seats()))

    @rule(data=st.data(), drow=st.integers(-2, 2), dcol=st.integers(-2, 2))
    def move_some_tiles(self, data: st.DataObject, drow: int, dcol: int) -> None:
        seat = data.draw(self.seats())
        cells = list(self.game.round.player(seat).grid) or [(0, 0)]
        chosen = data.draw(st.lists(st.sampled_from(cells), min_size=1, max_size=4, unique=True))
        self.attempt(a.MoveTiles(seat=seat, cells=tuple(chosen), drow=drow, dcol=dcol, at=self.at))

    @rule(data=st.data())
    def flip_a_block(self, data: st.DataObject) -> None:
        seat = data.draw(self.seats())
        cells = list(self.game.round.player(seat).grid) or [(0, 0)]
        chosen = data.draw(st.lists(st.sampled_from(cells), min_size=1, max_size=4, unique=True))
        self.attempt(a.FlipTiles(seat=seat, cells=tuple(chosen), at=self.at))

    @rule(data=st.data())
    def take_tiles_back(self, data: st.DataObject) -> None:
        seat = data.draw(self.seats())
        cells = list(self.game.round.player(seat).grid) or [(5, 5)]
        chosen = data.draw(st.lists(st.sampled_from(cells), min_size=1, max_size=3, unique=True))
        self.attempt(a.TakeBack(seat=seat, cells=tuple(chosen), at=self.at))

    @rule(data=st.data())
    def take_the_grid_apart(self, data: st.DataObject) -> None:
        self.attempt(a.TakeApart(seat=data.draw(self.seats()), at=self.at))

    @rule(data=st.data(), wait=st.sampled_from([0.2, 3.0, 10.0]))
    def call_mixmo(self, data: st.DataObject, wait: float) -> None:
        self.at += wait
        self.attempt(a.CallMixmo(seat=data.draw(self.seats()), at=self.at))

    @rule(data=st.data(), stuck=st.booleans())
    def say_stuck(self, data: st.DataObject, stuck: bool) -> None:
        self.attempt(a.SayStuck(seat=data.draw(self.seats()), stuck=stuck, at=self.at))

    @rule(data=st.data(), theme=st.sampled_from(["animals", "Musique", "things that fly"]))
    def choose_a_theme(self, data: st.DataObject, theme: str) -> None:
        seat = self.game.round.bandit_seat if data.draw(st.booleans()) else data.draw(self.seats())
        self.attempt(a.ChooseTheme(seat=seat or 0, theme=theme, at=self.at))

    @precondition(lambda self: self.game.phase is Phase.SPRINT)
    @rule()
    def finish_the_sprint(self) -> None:
        for seat in self.game.round.active_seats():
            words = self.game.round.player(seat).grid.words()
            cells = words[0].cells if words else ()
            self.attempt(a.FinishSprint(seat=seat, word_cells=cells, at=self.at))

    @precondition(lambda self: self.game.phase is Phase.CLAIMING)
    @rule()
    def claim(self) -> None:
        with contextlib.suppress(GameRuleError):
            claim_first_words(self.game)

    @precondition(lambda self: self.game.phase is Phase.VOTING)
    @rule(data=st.data(), accept=st.booleans())
    def vote_or_close(self, data: st.DataObject, accept: bool) -> None:
        round_ = self.game.round
        claims = [(s, w) for s in round_.active_seats() for w in round_.player(s).claims or ()]
        if claims and data.draw(st.booleans()):
            claimant, word = data.draw(st.sampled_from(claims))
            voter = data.draw(self.seats())
            self.attempt(a.Vote(seat=voter, claimant=claimant, word=word, accept=accept))
        else:
            self.attempt(a.CloseVoting(seat=0))

    @rule(data=st.data())
    def next_round(self, data: st.DataObject) -> None:
        self.check_a_finished_round()
        self.attempt(a.NextRound(seat=data.draw(self.seats()), at=self.at))

    @rule(data=st.data())
    def race_to_the_final_mixmo(self, data: st.DataObject) -> None:
        """One player lays out everything and calls, MIXMO after MIXMO, to the end of the bag."""
        seat = data.draw(self.seats())
        for _ in range(40):
            if self.game.phase is Phase.CHOOSING_THEME:
                bandit = self.game.round.bandit_seat
                self.attempt(a.ChooseTheme(seat=bandit or 0, theme="animals", at=self.at))
            if self.game.phase is not Phase.PLAYING or not self.game.round.player(seat).may_act:
                return
            self.lay_out_the_rack_of(seat)
            self.at += 5.0
            self.attempt(a.CallMixmo(seat=seat, at=self.at))

    def lay_out_the_rack_of(self, seat: int) -> None:
        with contextlib.suppress(GameRuleError):
            lay_out(self.game, seat, self.at)

    @rule()
    def save_and_reload(self) -> None:
        loaded = loads(dumps(self.game), lexicon=AnyWord())
        assert loaded.state == self.game.state

    @invariant()
    def tiles_are_conserved(self) -> None:
        assert self.game.tile_counts_ok()

    @invariant()
    def check_a_finished_round(self) -> None:
        if self.game.phase in (Phase.SCORED, Phase.MATCH_OVER):
            event("a round was scored")
            expected = self.game.expected_tiles_per_player()
            round_ = self.game.round
            assert not len(round_.bag), "a round ends only once the bag is empty"
            for seat in round_.active_seats():
                player = round_.player(seat)
                assert len(player.rack) + len(player.grid) == expected


TestRandomGames = RandomGame.TestCase
TestRandomGames.settings = settings(
    max_examples=40,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
