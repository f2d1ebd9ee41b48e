"""The searcher: negamax with alpha-beta, a transposition table and move ordering.

The position lives in bitboards, Connect-4 style: bit ``7 * column + row``
(both from 0), the seventh bit of each column always empty, so that shifting a
bitboard by 1, 7, 6 or 8 walks up, across or along a diagonal without wrapping.
There is one bitboard per colour and one per shape.

Why the search is exact within its depth (docs/mixup.md):
- a player who can complete their own line now does so (the score of a win
  found at ply ``p`` is ``WIN - p``, so nearer wins are preferred);
- a move that completes only the opponent's line, or lets the opponent
  complete theirs at once, loses sooner than any other: those "unsafe" moves
  are searched only when nothing else is left;
- colours are interchangeable, and so are shapes, and the stand is symmetric:
  the transposition table keys a position by its sorted colour and shape
  bitboards and its mirror image, and moves that only relabel an unused colour
  or shape, or mirror a symmetric position, are searched once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mixmo.mixup.board import COLUMNS, ROWS
from mixmo.mixup.game import DropPiece, MixUpState
from mixmo.mixup.pieces import Colour, Shape

WIN = 10_000
"""The score of a win on the spot; a win ``p`` plies away scores ``WIN - p``."""

H = ROWS + 1
BOTTOM = sum(1 << (c * H) for c in range(COLUMNS))
BOARD = sum(((1 << ROWS) - 1) << (c * H) for c in range(COLUMNS))
CENTRE_FIRST = (3, 2, 4, 1, 5, 0, 6)
LEFT_HALF = (3, 2, 1, 0)
"""The columns to try in a position that is its own mirror image."""
_EXACT, _LOWER, _UPPER = 0, 1, 2
_COLOURS = tuple(Colour)
_SHAPES = tuple(Shape)


def threats(b: int) -> int:
    """The cells that would complete a line or a 2x2 square of the pieces in ``b``."""
    t = 0
    for s in (1, H, H - 1, H + 1):
        b1, b2, b3 = b >> s, b >> (2 * s), b >> (3 * s)
        t |= (b1 & b2 & b3) | ((b & b2 & b3) << s) | ((b & b1 & b3) << (2 * s))
        t |= (b & b1 & b2) << (3 * s)
    b1, b7, b8 = b >> 1, b >> H, b >> (H + 1)
    t |= (b1 & b7 & b8) | ((b & b7 & b8) << 1) | ((b & b1 & b8) << H) | ((b & b1 & b7) << (H + 1))
    return t & BOARD


class ThreatCache(dict[int, int]):
    """``threats`` memoised: a search meets the same bitboards again and again."""

    def __missing__(self, b: int) -> int:
        value = self[b] = threats(b)
        return value


def has_four(b: int) -> bool:
    """True when ``b`` holds four in a row (any direction) or a 2x2 square."""
    for s in (1, H, H - 1, H + 1):
        m = b & (b >> s)
        if m & (m >> (2 * s)):
            return True
    m = b & (b >> 1)
    return bool(m & (m >> H))


def _neighbours() -> dict[int, int]:
    """For each cell bit, the other cells of every line or square through it."""
    from mixmo.mixup.board import WINDOWS

    found: dict[int, int] = {}
    for window in WINDOWS:
        bits = [1 << ((c - 1) * H + (r - 1)) for c, r in window]
        for bit in bits:
            found[bit] = found.get(bit, 0) | (sum(bits) & ~bit)
    return found


NEIGHBOURS = _neighbours()


def _mirror_bit(bit: int) -> int:
    index = bit.bit_length() - 1
    column, row = divmod(index, H)
    return 1 << ((COLUMNS - 1 - column) * H + row)


MIRROR = {
    1 << (c * H + r): _mirror_bit(1 << (c * H + r)) for c in range(COLUMNS) for r in range(ROWS)
}


class Position:
    """The mutable search position: bitboards, their mirror images, the pool; make and unmake."""

    __slots__ = (
        "colours",
        "counts",
        "first_shape",
        "mcolours",
        "mshapes",
        "occ",
        "plies",
        "shapes",
    )

    def __init__(self, state: MixUpState) -> None:
        self.colours = [0, 0, 0]
        self.shapes = [0, 0, 0]
        self.mcolours = [0, 0, 0]
        self.mshapes = [0, 0, 0]
        self.occ = 0
        self.plies = 0
        self.counts = list(state.pool.counts)
        self.first_shape = -1
        for move in state.moves:
            bit = 1 << ((move.column - 1) * H + move.row - 1)
            self.put(bit, _COLOURS.index(move.piece.colour), _SHAPES.index(move.piece.shape))

    def put(self, bit: int, colour: int, shape: int) -> None:
        mirror = MIRROR[bit]
        self.colours[colour] |= bit
        self.shapes[shape] |= bit
        self.mcolours[colour] |= mirror
        self.mshapes[shape] |= mirror
        self.occ |= bit
        if self.plies == 0:
            self.first_shape = shape
        self.plies += 1

    def make(self, bit: int, colour: int, shape: int) -> None:
        self.put(bit, colour, shape)
        self.counts[colour * 3 + shape] -= 1

    def unmake(self, bit: int, colour: int, shape: int) -> None:
        mirror = MIRROR[bit]
        self.colours[colour] ^= bit
        self.shapes[shape] ^= bit
        self.mcolours[colour] ^= mirror
        self.mshapes[shape] ^= mirror
        self.occ ^= bit
        self.plies -= 1
        self.counts[colour * 3 + shape] += 1

    def key(self) -> tuple[int, ...]:
        """The same key for positions equal up to renaming colours, renaming shapes and mirroring."""
        plain = (*sorted(self.colours), *sorted(self.shapes))
        mirrored = (*sorted(self.mcolours), *sorted(self.mshapes))
        return min(plain, mirrored)

    def symmetric(self) -> bool:
        plain = (*sorted(self.colours), *sorted(self.shapes))
        return plain == (*sorted(self.mcolours), *sorted(self.mshapes))


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The move chosen, its score for the player to move, and what the search took."""

    move: DropPiece
    score: int
    depth: int
    nodes: int
    complete: bool
    """False when the node budget ran out before the last depth finished."""

    @property
    def forced_win(self) -> bool:
        return self.score > WIN // 2

    @property
    def forced_loss(self) -> bool:
        return self.score < -WIN // 2


class _OutOfNodes(Exception):
    pass


Triple = tuple[int, int, int]
"""A move in the search: (cell bit, colour index, shape index)."""


class Searcher:
    """Finds the best move within ``depth`` plies (and ``node_limit`` nodes, if given)."""

    def __init__(self, depth: int, node_limit: int | None = None, seed: int = 0) -> None:
        self.depth = depth
        self.node_limit = node_limit
        self.rng = random.Random(seed)
        self.nodes = 0
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.best: dict[tuple[int, ...], Triple] = {}
        self.history: dict[Triple, int] = {}
        self.threats = ThreatCache()

    # --- the position's facts ---------------------------------------------------------

    @staticmethod
    def _boards(pos: Position) -> tuple[list[int], list[int]]:
        """(the mover's bitboards, the opponent's): colours for colour, shapes for shape."""
        if pos.plies % 2 == 0:
            return pos.colours, pos.shapes
        return pos.shapes, pos.colours

    @staticmethod
    def _available(pos: Position, mine: int, theirs: int) -> bool:
        """Is a piece of the mover's value ``mine`` and opponent's value ``theirs`` in the pool?"""
        if pos.plies % 2 == 0:
            return pos.counts[mine * 3 + theirs] > 0
        if pos.plies == 1 and mine == pos.first_shape:
            return False
        return pos.counts[theirs * 3 + mine] > 0

    def _wins_now(self, pos: Position, mine: list[int], playable: int) -> Triple | None:
        """A move that completes the mover's own line, if there is one."""
        for v in range(3):
            cells = self.threats[mine[v]] & playable
            while cells:
                bit = cells & -cells
                cells ^= bit
                for w in range(3):
                    if self._available(pos, v, w):
                        return (bit, v, w) if pos.plies % 2 == 0 else (bit, w, v)
        return None

    def evaluate(self, pos: Position) -> int:
        """A guess for the mover when nobody wins within the depth: threats made, playable ones more."""
        mine, theirs = self._boards(pos)
        free = BOARD & ~pos.occ
        playable = (pos.occ + BOTTOM) & BOARD
        score = 0
        for v in range(3):
            t = self.threats[mine[v]] & free
            score += t.bit_count() + 2 * (t & playable).bit_count()
            t = self.threats[theirs[v]] & free
            score -= t.bit_count() + 2 * (t & playable).bit_count()
        return score

    def _moves(
        self, pos: Position, mine: list[int], theirs: list[int], playable: int, first: bool = False
    ) -> tuple[list[Triple], list[Triple]]:
        """(safe moves, losing moves) for the mover, as (bit, colour, shape).

        A move is losing when its piece completes only the opponent's line, or
        leaves the opponent a cell where a piece still in the pool completes it.
        """
        colour_to_move = pos.plies % 2 == 0
        counts = pos.counts
        if colour_to_move:
            have = [[counts[v * 3 + w] for w in range(3)] for v in range(3)]
        else:
            have = [[counts[w * 3 + v] for w in range(3)] for v in range(3)]
            if pos.plies == 1:
                have[pos.first_shape] = [0, 0, 0]
        # how many pieces of each of the opponent's values the pool holds
        theirs_left = [have_any(counts, w, colour_to_move) for w in range(3)]
        cache = self.threats
        their_threats = [cache[b] & ~pos.occ for b in theirs]
        mine_values = _distinct(mine)
        their_values = _distinct(theirs)
        columns = LEFT_HALF if pos.symmetric() else CENTRE_FIRST
        safe: list[Triple] = []
        losing: list[Triple] = []
        for column in columns:
            bit = playable & (((1 << ROWS) - 1) << (column * H))
            if not bit:
                continue
            after = (playable ^ bit) | ((bit << 1) & BOARD)
            open_threats = [bool(their_threats[w2] & after) for w2 in range(3)]
            near = NEIGHBOURS[bit]
            for w in their_values:
                pieces = [v for v in mine_values if have[v][w]]
                if not pieces:
                    continue
                unsafe = bool(their_threats[w] & bit)
                if not unsafe:
                    for w2 in range(3):
                        if theirs_left[w2] - (w2 == w) <= 0:
                            continue
                        if w2 == w and (theirs[w] & near).bit_count() >= 2:
                            if cache[theirs[w] | bit] & after:
                                unsafe = True
                                break
                        elif open_threats[w2]:
                            unsafe = True
                            break
                if first and not unsafe:
                    return [(bit, 0, 0)], []
                target = losing if unsafe else safe
                for v in pieces:
                    target.append((bit, v, w) if colour_to_move else (bit, w, v))
        return safe, losing

    def _has_safe_move(self, pos: Position, theirs: list[int], playable: int) -> bool:
        """Is there a move that neither completes the opponent's line nor leaves them one?

        The quick form of ``_moves`` for the last two plies of a search.
        """
        colour_to_move = pos.plies % 2 == 0
        counts = pos.counts
        cache = self.threats
        occ = pos.occ
        their_threats = [cache[b] & ~occ for b in theirs]
        theirs_left = [have_any(counts, w, colour_to_move) for w in range(3)]
        forbidden = pos.first_shape if pos.plies == 1 else -1
        for column in CENTRE_FIRST:
            bit = playable & (((1 << ROWS) - 1) << (column * H))
            if not bit:
                continue
            after = (playable ^ bit) | ((bit << 1) & BOARD)
            near = NEIGHBOURS[bit]
            for w in range(3):
                if their_threats[w] & bit:
                    continue
                if colour_to_move:
                    if not (counts[w] or counts[3 + w] or counts[6 + w]):
                        continue
                elif not any(counts[w * 3 + v] for v in range(3) if v != forbidden):
                    continue
                for w2 in range(3):
                    if theirs_left[w2] - (w2 == w) <= 0:
                        continue
                    if w2 == w and (theirs[w] & near).bit_count() >= 2:
                        if cache[theirs[w] | bit] & after:
                            break
                    elif their_threats[w2] & after:
                        break
                else:
                    return True
        return False

    def _quiet_after(self, pos: Position, mine: list[int], playable: int, bit: int, v: int) -> bool:
        """After the mover puts a piece of its value ``v`` on ``bit``, can the opponent
        surely answer without leaving the mover an immediate win? Found without searching.

        True when none of the mover's threat cells is then playable, and some
        column can take a piece under no such cell, of a value with fewer than
        two of the mover's pieces near it (so it makes no new threat) and at
        least two left in the pool (one may be the piece just played).
        """
        cache = self.threats
        occ = pos.occ | bit
        boards = [b | bit if i == v else b for i, b in enumerate(mine)]
        t = (cache[boards[0]] | cache[boards[1]] | cache[boards[2]]) & ~occ
        after = (playable ^ bit) | ((bit << 1) & BOARD)
        if t & after:
            return False
        counts = pos.counts
        opponent_is_colour = pos.plies % 2 == 1
        for column in CENTRE_FIRST:
            cell = after & (((1 << ROWS) - 1) << (column * H))
            if not cell or (cell << 1) & t:
                continue
            near = NEIGHBOURS[cell]
            for value in range(3):
                if (boards[value] & near).bit_count() < 2 and have_any(
                    counts, value, opponent_is_colour
                ) >= 2:
                    return True
        return False

    # --- the search ---------------------------------------------------------------------

    def negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _OutOfNodes
        playable = (pos.occ + BOTTOM) & BOARD
        if not playable:
            return 0
        mine, theirs = self._boards(pos)
        if self._wins_now(pos, mine, playable) is not None:
            return WIN - ply
        if depth <= 0:
            return 0
        key = (*pos.key(), pos.plies % 2)
        known = self._probe(key, depth, alpha, beta, ply)
        if known is not None:
            return known
        if depth <= 2 or (depth == 3 and beta <= 0):
            # Within three plies, when not losing is all that matters (beta <= 0), a
            # safe move is enough: the opponent's only chance was the next ply.
            # the mover's only win within two plies is the immediate one (none), and
            # a safe move leaves the opponent none: nothing else can happen in time
            return 0 if self._has_safe_move(pos, theirs, playable) else -(WIN - ply - 1)
        # Within 3 or 4 plies the mover's only chance is a win at its next move. A
        # move the opponent can quietly answer cannot win, so is worth searching
        # only when it could still raise alpha: never at depth 4 once alpha >= 0;
        # and at depth 3 a quiet safe move is worth exactly 0 (nobody can win in time).
        prune = self.prune_quiet and (depth == 3 or (depth == 4 and alpha >= 0))
        quiet: dict[tuple[int, int], bool] = {}
        if prune:
            quiet = self._quiet_moves(pos, mine, playable)
            if all(quiet.values()):
                if depth == 3:
                    return 0 if self._has_safe_move(pos, theirs, playable) else -(WIN - ply - 1)
                return alpha
        safe, losing = self._moves(pos, mine, theirs, playable)
        if not safe:
            return -(WIN - ply - 1) if losing else 0
        original_alpha = alpha
        floor = -WIN * 2
        if depth == 3:
            floor = 0
            alpha = max(alpha, 0)
            if alpha >= beta:
                return alpha
        exact_key = (*pos.colours, *pos.shapes)
        hint = self.best.get(exact_key)
        history = self.history
        if history:
            safe.sort(key=lambda m: -history.get(m, 0))
        if hint is not None and hint in safe:
            safe.remove(hint)
            safe.insert(0, hint)
        best_value, best_move = floor, safe[0]
        colour_to_move = pos.plies % 2 == 0
        for move in safe:
            if prune and quiet[move[0], move[1] if colour_to_move else move[2]]:
                best_value = max(best_value, alpha)
                continue
            pos.make(*move)
            value = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
            pos.unmake(*move)
            if value > best_value:
                best_value, best_move = value, move
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    history[move] = history.get(move, 0) + depth * depth
                    break
        flag = _UPPER if best_value <= original_alpha else _LOWER if best_value >= beta else _EXACT
        self._store(key, depth, flag, best_value, ply)
        self.best[exact_key] = best_move
        return best_value

    def _probe(
        self, key: tuple[int, ...], depth: int, alpha: int, beta: int, ply: int
    ) -> int | None:
        """The value the table holds for ``key`` searched at least as deep, when it decides
        this node within (alpha, beta); a win's distance is kept from the node, not the root."""
        entry = self.table.get(key)
        if entry is None or entry[0] < depth:
            return None
        _, flag, value = entry
        value = value - ply if value > WIN // 2 else value + ply if value < -WIN // 2 else value
        if (
            flag == _EXACT
            or (flag == _LOWER and value >= beta)
            or (flag == _UPPER and value <= alpha)
        ):
            return value
        return None

    def _store(self, key: tuple[int, ...], depth: int, flag: int, value: int, ply: int) -> None:
        """Keep a node's value, a win's or loss's distance counted from this node."""
        stored = value + ply if value > WIN // 2 else value - ply if value < -WIN // 2 else value
        self.table[key] = (depth, flag, stored)

    def _quiet_moves(
        self, pos: Position, mine: list[int], playable: int
    ) -> dict[tuple[int, int], bool]:
        """For each playable cell and value the mover holds, whether the move is quiet:
        the opponent can surely answer it without leaving the mover an immediate win."""
        quiet: dict[tuple[int, int], bool] = {}
        for column in CENTRE_FIRST:
            bit = playable & (((1 << ROWS) - 1) << (column * H))
            if bit:
                for v in _distinct(mine):
                    quiet[bit, v] = self._quiet_after(pos, mine, playable, bit, v)
        return quiet

    prune_quiet = True
    """Skip quiet moves near the horizon (exact; off only to test that it changes nothing)."""

    TABLE_LIMIT = 400_000
    """Entries kept between searches; a searcher reused for a whole game starts afresh past it."""

    def search(self, state: MixUpState) -> SearchResult:
        """The best move for the player to move, by iterative deepening up to ``self.depth``.

        A searcher may be reused move after move: what its tables learnt about
        positions further down the game makes the next search cheaper.
        """
        if len(self.table) > self.TABLE_LIMIT:
            self.table.clear()
            self.best.clear()
            self.history.clear()
            self.threats.clear()
        if state.over or not state.legal_moves():
            raise ValueError("the game is over: there is no move to search")
        pos = Position(state)
        self.nodes = 0
        playable = (pos.occ + BOTTOM) & BOARD
        mine, theirs = self._boards(pos)
        win = self._wins_now(pos, mine, playable)
        if win is not None:
            return SearchResult(_action(win), WIN, 1, 1, True)
        safe, losing = self._moves(pos, mine, theirs, playable)
        candidates = safe or losing
        self.rng.shuffle(candidates)
        if not safe:
            return SearchResult(_action(candidates[0]), -(WIN - 1), 1, 1, True)
        # Iterative deepening with a narrow window around 0: each move is a win
        # (>= 1), a loss (<= -1) or neither within the depth; the first depth that
        # shows a win gives the fastest one.
        alive, reached, complete = list(candidates), 0, True
        for depth in range(1, self.depth + 1):
            values: dict[Triple, int] = {}
            try:
                for move in alive:
                    pos.make(*move)
                    values[move] = -self.negamax(pos, depth - 1, -1, 1, 1)
                    pos.unmake(*move)
                    if values[move] >= 1:
                        return SearchResult(_action(move), values[move], depth, self.nodes, True)
            except _OutOfNodes:
                complete = False
                pos = Position(state)  # the search stopped with moves still made
                break
            reached = depth
            holding = [m for m in alive if values[m] > -1]
            if not holding:
                return self._latest_loss(pos, alive, depth, reached)
            alive = holding
        best = max(alive, key=lambda m: self._after(pos, m))
        return SearchResult(_action(best), 0, reached, self.nodes, complete)

    def triage(self, state: MixUpState) -> tuple[list[DropPiece], list[DropPiece], list[DropPiece]]:
        """(winning now, safe, losing at once) moves of the player to move, without searching."""
        pos = Position(state)
        playable = (pos.occ + BOTTOM) & BOARD
        mine, theirs = self._boards(pos)
        win = self._wins_now(pos, mine, playable)
        safe, losing = self._moves(pos, mine, theirs, playable)
        wins = [_action(win)] if win is not None else []
        return wins, [_action(m) for m in safe], [_action(m) for m in losing]

    def _after(self, pos: Position, move: Triple) -> int:
        """The guess for the mover after ``move`` (for choosing among moves that neither win nor lose)."""
        pos.make(*move)
        value = -self.evaluate(pos)
        pos.unmake(*move)
        return value

    def _latest_loss(
        self, pos: Position, moves: list[Triple], depth: int, reached: int
    ) -> SearchResult:
        """Every move loses within ``depth``: the one that holds out longest."""
        best, best_value = moves[0], -WIN * 2
        try:
            for move in moves:
                pos.make(*move)
                value = -self.negamax(pos, depth - 1, -WIN * 2, WIN * 2, 1)
                pos.unmake(*move)
                if value > best_value:
                    best, best_value = move, value
        except _OutOfNodes:
            return SearchResult(_action(best), max(best_value, -WIN), reached, self.nodes, False)
        return SearchResult(_action(best), best_value, reached, self.nodes, True)


def have_any(counts: list[int], value: int, colour_to_move: bool) -> int:
    """How many pieces the pool holds of the opponent's ``value`` (a shape when colour moves)."""
    if colour_to_move:
        return counts[value] + counts[3 + value] + counts[6 + value]
    return counts[value * 3] + counts[value * 3 + 1] + counts[value * 3 + 2]


def _distinct(boards: list[int]) -> list[int]:
    """The values worth trying: all that are on the board, and one of those that are not."""
    values = [v for v in range(3) if boards[v]]
    unused = [v for v in range(3) if not boards[v]]
    return values + unused[:1]


def _action(move: Triple) -> DropPiece:
    bit, colour, shape = move
    column = (bit.bit_length() - 1) // H + 1
    from mixmo.mixup.pieces import Piece

    return DropPiece(Piece(_COLOURS[colour], _SHAPES[shape]), column)
