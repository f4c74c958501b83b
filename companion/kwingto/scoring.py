"""Scoring a board (S1–S6) and ranking players (S7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from companion.kwingto.board import COLS, ROWS, Board, ace_choices, card_value

STRAIGHT_BONUS = 6
ROYAL_BONUS = 12
PENALTY_POINTS = 5
ROYAL_VALUES = (10, 11, 12, 13, 14)


@dataclass(frozen=True)
class Score:
    """The breakdown a player sees at the end of a game (S5)."""

    rows: tuple[int, ...]
    columns: tuple[int, ...]
    straights: tuple[int, ...]
    penalty_points: int
    total: int
    face_up: int

    def to_json(self) -> dict[str, object]:
        """The shape `companion kwingto score` prints."""
        return {
            "rows": list(self.rows),
            "columns": list(self.columns),
            "straights": list(self.straights),
            "penalty_points": self.penalty_points,
            "total": self.total,
            "face_up": self.face_up,
        }


def _row_values(board: Board, aces: Sequence[int]) -> list[list[int | None]]:
    return [
        [None if c is None else card_value(c, aces[r]) for c in board.rows[r]] for r in range(ROWS)
    ]


def _score_with(board: Board, aces: Sequence[int], penalties: int) -> Score:
    values = _row_values(board, aces)
    rows: list[int] = []
    straights: list[int] = []
    for row in values:
        face_up = [v for v in row if v is not None]
        complete = len(face_up) == COLS
        rows.append(face_up[-1] if complete else len(face_up))  # S1
        bonus = 0
        if complete and tuple(face_up) == ROYAL_VALUES:
            bonus = ROYAL_BONUS  # S3, royal straight
        elif complete and face_up[-1] - face_up[0] == COLS - 1:
            bonus = STRAIGHT_BONUS  # S3; P1 makes the values distinct and rising
        straights.append(bonus)
    columns: list[int] = []
    for c in range(COLS):
        col = [row[c] for row in values]
        full = [v for v in col if v is not None]
        columns.append(max(full) - min(full) if len(full) == ROWS else 0)  # S2
    penalty_points = -PENALTY_POINTS * penalties  # S4
    total = sum(rows) + sum(columns) + sum(straights) + penalty_points  # S5
    return Score(
        tuple(rows), tuple(columns), tuple(straights), penalty_points, total, board.face_up
    )


def score_board(board: Board, penalties: int = 0) -> Score:
    """Score a board, valuing every Ace its row does not fix to the player's advantage (S6)."""
    choices = [
        (ace_choices(row) or (1,)) if any(c is not None and c.is_ace for c in row) else (1,)
        for row in board.rows
    ]
    return max(
        (_score_with(board, aces, penalties) for aces in product(*choices)),
        key=lambda s: s.total,
    )


def ranking(scores: Sequence[Score]) -> list[list[int]]:
    """S7: players grouped best first by total, then by face-up cards; a group of two or
    more at the top means a tie-break game is needed."""
    keys = sorted({(s.total, s.face_up) for s in scores}, reverse=True)
    return [[i for i, s in enumerate(scores) if (s.total, s.face_up) == key] for key in keys]


def winner(scores: Sequence[Score]) -> int | None:
    """S7: the winning player, or None when still tied (a tie-break game follows)."""
    top = ranking(scores)[0]
    return top[0] if len(top) == 1 else None
