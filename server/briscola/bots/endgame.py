"""The exact endgame: the best play of a position whose every card is known.

Once the stock is empty a two-player hand is a game of perfect information (the cards a seat
has not seen are exactly its opponent's hand); with three or four players the strong bot
solves each sampled deal this way when few tricks remain. The search is alpha-beta over the
points a side takes from the position on, with a table of the bounds found per position
(the points already taken do not change what is best from there). Its seats maximise the
side's points and the other sides' seats minimise them; a partner is not assumed to search:
it plays the rollout policy (:mod:`.rollout`), as the normal bot would. In the *modelled*
search every other seat plays that policy: the result is the seat's best reply to it, what
the strong bot uses on sampled two-player deals in the last tricks before the stock runs out.
A search may stop at a *horizon* (a number of tricks played): from there the position is
played out by the policy, its points taken as its value; the strong bot searches the
perfect-information game of Scoperta with the stock shown that way, too long to solve from
the start.
"""

from __future__ import annotations

from typing import Final

from .rollout import choose, playout
from .sim import SIDE, SWAP, TRICKS, Position, can_swap, cards_of, play, swap

#: Below and above any side's points from a position: the open window.
_LOW: Final = -1
_HIGH: Final = 121

_Key = tuple[int, ...]


class _Solver:
    """One search's state: the side searched for, the seat that searches, the trick count
    where it stops searching, the bounds table."""

    __slots__ = ("horizon", "modelled", "seat", "side", "table")

    def __init__(self, seat: int, side: int, modelled: bool, horizon: int) -> None:
        self.seat = seat
        self.side = side
        self.modelled = modelled
        self.horizon = horizon
        self.table: dict[_Key, tuple[int, int]] = {}

    def value(self, pos: Position, alpha: int, beta: int) -> int:
        """The side's points from ``pos`` on with best play, exact inside (alpha, beta)."""
        if pos.tricks >= self.horizon:  # a trick just ended: the trick on the table is empty
            if pos.over:
                return 0
            line = pos.copy()
            playout(line)
            return line.points[self.side] - pos.points[self.side]
        key = (*pos.hands, pos.leader, pos.drawn, pos.face_up, *pos.trick)
        low, high = self.table.get(key, (_LOW, _HIGH))
        if low >= beta or low == high:  # known well enough (or exactly): no search
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        window = alpha, beta
        seat = pos.turn
        n = pos.players
        side = self.side
        if seat != self.seat and (self.modelled or SIDE[n][seat] == side):  # by the policy
            best = self.after(pos, SWAP if can_swap(pos) else choose(pos), alpha, beta)
        else:
            maximising = SIDE[n][seat] == side
            best = _LOW if maximising else _HIGH
            for move in moves(pos):
                value = self.after(pos, move, alpha, beta)
                if maximising:
                    best = max(best, value)
                    alpha = max(alpha, best)
                else:
                    best = min(best, value)
                    beta = min(beta, best)
                if alpha >= beta:
                    break
        if best <= window[0]:
            high = min(high, best)
        elif best >= window[1]:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
        return best

    def after(self, pos: Position, move: int, alpha: int, beta: int) -> int:
        """The side's points from making ``move`` in ``pos`` on."""
        child = pos.copy()
        if move == SWAP:
            swap(child)
        else:
            play(child, move)
        gained = child.points[self.side] - pos.points[self.side]
        return gained + self.value(child, alpha - gained, beta - gained)


def moves(pos: Position) -> list[int]:
    """Every move of the seat to play: its cards, and the swap when allowed."""
    found = cards_of(pos.hands[pos.turn])
    if can_swap(pos):
        found.append(SWAP)
    return found


def solve(pos: Position, modelled: bool = False) -> dict[int, int]:
    """The exact points the side of the seat to play takes from ``pos`` on, per move.

    Args:
        pos: a position with every card known; the hand is not over.
        modelled: every other seat plays the rollout policy (the search is then the seat's
            best reply to it), rather than the opponents their best against it.

    Returns:
        Each move of the seat to play (card index, or :data:`~.sim.SWAP`) and the points its
        side then takes with best play, partners playing the rollout policy.
    """
    solver = _solver(pos, modelled, None)
    return {move: solver.after(pos, move, _LOW, _HIGH) for move in moves(pos)}


def best_move(pos: Position, candidates: list[int], horizon: int | None = None) -> int:
    """The first of ``candidates`` (moves of the seat to play) of the best value, as
    :func:`solve` values them (every other side at its best), found with a narrower window:
    each candidate after the first is searched only for whether it does better than the best
    so far. With a ``horizon`` (a number of tricks played) the search stops there and the
    policy plays each position reached out, its points taken as its value."""
    solver = _solver(pos, False, horizon)
    best, value = candidates[0], _LOW
    for move in candidates:
        found = solver.after(pos, move, value, _HIGH)
        if found > value:
            best, value = move, found
    return best


def _solver(pos: Position, modelled: bool, horizon: int | None) -> _Solver:
    seat = pos.turn
    end = TRICKS[pos.players] if horizon is None else horizon
    return _Solver(seat, SIDE[pos.players][seat], modelled, end)
