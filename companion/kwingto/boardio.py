"""Boards from outside tools: the JSON shape of `companion kwingto score` and `legal`.

`{"rows": [[card|null ×5] ×3], "penalties": n, "spent": [cards], "blocked": [rows],
"suits": [suit|null ×3]}`; a null is an empty or face-down space; `suits` (optional) names
the suit of a row whose cards were all removed after a mistake (E3). Every problem is a
ValueError (bad shape) or a RuleError (a board the rules forbid) saying what to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.cards import Card, Suit
from companion.kwingto.board import COLS, ROWS, Board, Placement, board_placements, check_board
from companion.kwingto.errors import RuleError
from companion.kwingto.roll import Roll
from companion.kwingto.scoring import score_board

MAX_PENALTIES = 52  # a penalty card comes from the player's own deck


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
        out.append([_card(v, f"row {r + 1}, column {c + 1}") for c, v in enumerate(row)])
    return out


def _count(doc: Mapping[str, Any], key: str, most: int) -> int:
    value = doc.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise ValueError(f"'{key}' must be a whole number from 0 to {most}, got {value!r}")
    return value


def _suits(doc: Mapping[str, Any], board: Board) -> Board:
    """Apply the optional `"suits"`: a row keeps its suit after E3 emptied it (B2)."""
    given = doc.get("suits")
    if given is None:
        return board
    if not isinstance(given, list) or len(given) != ROWS:
        raise ValueError(f"'suits' lists {ROWS} row suits (S, H, D, C or null), got {given!r}")
    suits: list[Suit | None] = []
    for r, (text, derived) in enumerate(zip(given, board.suits, strict=True)):
        if text is not None and text not in Suit._value2member_map_:
            raise ValueError(f"'suits': row {r + 1} must be S, H, D, C or null, got {text!r}")
        suit = Suit(text) if text is not None else None
        if derived is not None and suit is not derived:
            raise RuleError(
                "B2", f"row {r + 1} holds {derived.symbol} cards but 'suits' says {text}"
            )
        suits.append(suit or derived)
    fixed = replace(board, suits=tuple(suits))
    check_board(fixed)
    return fixed


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
    board = _suits(doc, Board.from_rows(rows, blocked))
    twice = sorted(str(c) for c in spent if c in set(board.cards()))
    if twice:
        raise RuleError("B4", f"{', '.join(twice)} is face-up and also recorded as spent")
    penalties = _count(doc, "penalties", MAX_PENALTIES)
    return BoardInput(board, penalties, frozenset(c for c in spent if c))


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
