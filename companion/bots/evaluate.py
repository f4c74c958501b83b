"""How good a placement is: its exact score gain now, and a cheap outlook on later ones.

`immediate_gain` is the scoring rules' own answer (S1–S6 through `score_board`), with one
shortcut that those rules make exact: a card that neither completes its row nor its column,
in a row without an Ace, adds exactly one point (S1) and changes nothing else (S2, S3, S6).
Most placements are of that kind, and skipping `score_board` for them is what lets greedy
games run fast. A property test holds the shortcut equal to `score_board`.

`outlook` is a heuristic, not a rule: how much room the row keeps for later cards (P1),
whether it can still become a straight (S3) and how far apart its column's values are (S2).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards import Card
from companion.kwingto.board import COLS, ROWS, Board, Placement, ace_choices, card_value
from companion.kwingto.scoring import score_board

LOWEST_VALUE = 1
HIGHEST_VALUE = 14
STRAIGHT_HOPE = 6  # S3's bonus, counted while the row can still become a straight


def simple_gain(board: Board, placement: Placement) -> int | None:
    """The gain when the rules make it obvious (see above), else None."""
    row = board.rows[placement.row]
    in_row = sum(1 for c in row if c is not None) + 1
    in_col = sum(1 for r in range(ROWS) if board.rows[r][placement.col] is not None) + 1
    has_ace = placement.card.is_ace or any(c is not None and c.is_ace for c in row)
    if in_row < COLS and in_col < ROWS and not has_ace:
        return 1  # S1: one more face-up card in an incomplete row; S2: column still open
    return None


def immediate_gain(board: Board, placement: Placement, base_total: int) -> int:
    """Points the placement adds now; `base_total` is `score_board(board).total`."""
    simple = simple_gain(board, placement)
    if simple is not None:
        return simple
    after = board.with_card(placement.row, placement.col, placement.card)
    return score_board(after).total - base_total


def _room(values: Sequence[int | None]) -> int:
    """How many values could still go into the row's empty spaces, each space alone (P1)."""
    room = 0
    lo = LOWEST_VALUE - 1
    empty = 0
    for v in (*values, HIGHEST_VALUE + 1):
        if v is None:
            empty += 1
            continue
        room += empty * max(0, v - lo - 1)
        lo, empty = v, 0
    return room


def _straight_hope(values: Sequence[int | None]) -> bool:
    """Can the row's face-up values still be five consecutive ones (S3)?"""
    starts = {v - col for col, v in enumerate(values) if v is not None}
    return len(starts) == 1 and LOWEST_VALUE <= starts.pop() <= HIGHEST_VALUE - COLS + 1


def row_outlook(cells: Sequence[Card | None]) -> int:
    """Room for later cards plus the straight still in reach, for the row's best Ace value."""
    if not any(c is not None and c.is_ace for c in cells):
        return _values_outlook([None if c is None else c.rank for c in cells])
    return max(
        _values_outlook([None if c is None else card_value(c, ace) for c in cells])
        for ace in ace_choices(cells) or (LOWEST_VALUE,)
    )


def _values_outlook(values: Sequence[int | None]) -> int:
    return _room(values) + (STRAIGHT_HOPE if _straight_hope(values) else 0)


def _spread(cards: Sequence[Card | None]) -> int:
    """How far apart a column's face-up ranks are: what it scores once complete (S2)."""
    ranks = [c.rank for c in cards if c is not None]
    return max(ranks) - min(ranks) if ranks else 0


def outlook_gain(board: Board, placement: Placement) -> int:
    """How the placement changes its row's outlook and its column's spread."""
    row = board.rows[placement.row]
    after = (*row[: placement.col], placement.card, *row[placement.col + 1 :])
    column = board.column(placement.col)
    column_after = (*column[: placement.row], placement.card, *column[placement.row + 1 :])
    return row_outlook(after) - row_outlook(row) + _spread(column_after) - _spread(column)
