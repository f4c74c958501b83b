"""Boards from outside tools: the JSON shape of `companion kwingto score` and `legal`.

`{"rows": [[card|null ×5] ×3], "penalties": n, "spent": [cards], "blocked": [rows]}`; a
null is an empty or face-down space. Every problem is a ValueError (bad shape) or a
RuleError (a board the rules forbid) whose message says what to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.cards import Card
from companion.kwingto.board import COLS, ROWS, Board, Placement, board_placements
from companion.kwingto.errors import RuleError
from companion.kwingto.roll import Roll
from companion.kwingto.scoring import score_board


@dataclass(frozen=True)
class BoardInput:
    """A board as an outside tool describes it."""

    board: Board
    penalties: int
    spent: frozenset[Card]


def _card(value: Any, where: str) -> Card | None:
    if value is None:
        return None
    try:
        return Card.parse(value)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def _rows(doc: Mapping[str, Any]) -> list[list[Card | None]]:
    rows = doc.get("rows")
    if not isinstance(rows, list) or len(rows) != ROWS:
        raise ValueError(f"'rows' must be a list of {ROWS} rows, got {rows!r}")
    out: list[list[Card | None]] = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != COLS:
            raise ValueError(f"row {r} must be a list of {COLS} cards or nulls, got {row!r}")
        out.append([_card(v, f"row {r}, column {c}") for c, v in enumerate(row)])
    return out


def _count(doc: Mapping[str, Any], key: str) -> int:
    value = doc.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"'{key}' must be a whole number 0 or more, got {value!r}")
    return value


def _list(doc: Mapping[str, Any], key: str) -> list[Any]:
    value = doc.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f"'{key}' must be a list, got {value!r}")
    return value


def board_from_json(doc: Any) -> BoardInput:
    """Read and check a board (B2, B4, P1, P3 are enforced here)."""
    if not isinstance(doc, Mapping):
        raise ValueError('the input must be a JSON object like {"rows": [...], "penalties": 0}')
    rows = _rows(doc)
    blocked = _list(doc, "blocked")
    if any(not isinstance(b, int) or isinstance(b, bool) or not 0 <= b < ROWS for b in blocked):
        raise ValueError(f"'blocked' lists row numbers 0 to {ROWS - 1}, got {blocked!r}")
    spent = frozenset(_card(v, "spent") for v in _list(doc, "spent")) - {None}
    board = Board.from_rows(rows, blocked)
    twice = sorted(str(c) for c in spent if c in set(board.cards()))
    if twice:
        raise RuleError("B4", f"{', '.join(twice)} is face-up and also recorded as spent")
    return BoardInput(board, _count(doc, "penalties"), frozenset(c for c in spent if c))


def score_json(doc: Any) -> dict[str, Any]:
    """The output object of `companion kwingto score` for one input object."""
    given = board_from_json(doc)
    return score_board(given.board, given.penalties).to_json()


def placement_json(p: Placement) -> dict[str, Any]:
    """One legal placement as `legal` prints it."""
    return {"row": p.row, "col": p.col, "card": str(p.card)}


def legal_json(doc: Any, roll_text: str | None) -> dict[str, Any]:
    """The output object of `companion kwingto legal` for one input object and roll."""
    given = board_from_json(doc)
    if roll_text is None:
        raise ValueError('no roll: give --roll "B2 B6 R3" or a "roll" key in the input')
    roll = Roll.parse(roll_text)
    rank = roll.card_rank
    placements = (
        [] if rank is None else board_placements(given.board, rank, roll.allowed_suits, given.spent)
    )
    return {
        "result": roll.result,
        "failed": roll.failed,
        "placements": [placement_json(p) for p in placements],
    }
