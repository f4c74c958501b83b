"""Greedy: the best immediate score gain, ties broken by a simple look ahead on the board.

It places where the points rise most now (S1–S6); among equal gains it keeps the most room
in the row for later cards, a straight in reach (S3) and columns far apart (S2). It passes
only when placing would cost points, and for the active player a pass costs a penalty
card (T7, S4: −5). Its dice are the choice whose results it expects to score best now.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from companion.bots.dice import OUTCOMES, Outcome, dice_choices
from companion.bots.evaluate import immediate_gain, outlook_gain, simple_gain
from companion.bots.strategy import Seat, Strategy, View
from companion.cards import Suit
from companion.kwingto.board import Board, Placement, board_placements
from companion.kwingto.roll import DieColour, Roll
from companion.kwingto.scoring import PENALTY_POINTS, score_board

ALL_SUITS = frozenset(Suit)
RANKS = range(1, 14)
CHOICES = dice_choices()
SUIT_SETS = frozenset(o.suits for outcomes in OUTCOMES.values() for o in outcomes)

Value = Callable[[Placement], float]
OutcomeTable = dict[tuple[int, frozenset[Suit]], float | None]


class Gains:
    """Immediate gains on one board, each space and rank worked out once, and the board
    itself scored only when a gain needs it (see evaluate.simple_gain)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._base: int | None = None
        self._known: dict[tuple[int, int, int], int] = {}

    def of(self, placement: Placement) -> int:
        """The exact points `placement` adds now (S1–S6)."""
        key = (placement.row, placement.col, placement.card.rank)
        gain = self._known.get(key)
        if gain is None:
            gain = simple_gain(self.board, placement)
            if gain is None:
                if self._base is None:
                    self._base = score_board(self.board).total
                gain = immediate_gain(self.board, placement, self._base)
            self._known[key] = gain
        return gain


def pass_value(view: View) -> int:
    """What passing costs: a penalty card for the active player (T7, S4), else nothing."""
    return -PENALTY_POINTS if view.is_active else 0


def best_value_by_outcome(seat: Seat, value: Value) -> OutcomeTable:
    """For each card rank and each colour rule (P6), the best placement's value, if any.

    A placement's value depends on its space and rank, never on its suit (S1–S3), so each
    space is valued once and the suits only decide which colour rules reach it.
    """
    table: OutcomeTable = {}
    for rank in RANKS:
        spaces: dict[tuple[int, int], list[Placement]] = {}
        for p in board_placements(seat.board, rank, ALL_SUITS, seat.spent):
            spaces.setdefault((p.row, p.col), []).append(p)
        valued = [(value(ps[0]), {p.card.suit for p in ps}) for ps in spaces.values()]
        for suits in SUIT_SETS:
            fitting = [v for v, space_suits in valued if not space_suits.isdisjoint(suits)]
            table[rank, suits] = max(fitting) if fitting else None
    return table


def expected_value(outcomes: Sequence[Outcome], table: OutcomeTable, penalty: float) -> float:
    """One choice of dice: every result's best value weighed by its chance (T2–T5)."""
    total = 0.0
    for o in outcomes:
        best = table.get((o.rank, o.suits)) if o.rank is not None else None
        total += o.chance * (penalty if best is None else max(best, penalty))
    return total


class Greedy(Strategy):
    """Best immediate gain; the dice chosen for the best expected immediate gain."""

    name = "greedy"

    def __init__(self) -> None:
        self._table_for: Seat | None = None
        self._table: OutcomeTable = {}

    def value(self, seat: Seat) -> Value:
        """What a placement is worth to this strategy when weighing dice."""
        gains = Gains(seat.board)
        return lambda p: float(gains.of(p))

    def _outcome_table(self, seat: Seat) -> OutcomeTable:
        """The per-result values, kept while the seat is unchanged (dice then re-roll)."""
        if self._table_for != seat:
            self._table = best_value_by_outcome(seat, self.value(seat))
            self._table_for = seat
        return self._table

    def dice(self, view: View, rng: random.Random) -> tuple[int, int]:
        """The choice with the best expected value; the first such when tied."""
        table, penalty = self._outcome_table(view.seat), pass_value(view)
        return max(CHOICES, key=lambda c: expected_value(OUTCOMES[c], table, penalty))

    def reroll(self, view: View, roll: Roll, rng: random.Random) -> bool:
        """Re-roll when the same dice are expected to do better than this result (T3)."""
        table = self._outcome_table(view.seat)
        penalty = pass_value(view)
        rank = roll.card_rank
        best = table.get((rank, roll.allowed_suits)) if rank is not None else None
        keep = penalty if best is None else max(best, penalty)
        choice = (roll.count(DieColour.RED), roll.count(DieColour.BLACK))
        return expected_value(OUTCOMES[choice], table, penalty) > keep

    def space(
        self, view: View, roll: Roll, options: Sequence[Placement], rng: random.Random
    ) -> Placement | None:
        """The best gain now, outlook breaking ties; None when passing is worth more."""
        if not options:
            return None
        gains = Gains(view.seat.board)
        best = max(gains.of(p) for p in options)
        if best <= pass_value(view):
            return None
        tied = [p for p in options if gains.of(p) == best]
        return max(tied, key=lambda p: outlook_gain(view.seat.board, p))
