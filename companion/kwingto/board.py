"""A player's imaginary board (B1–B4) and the placement rules (P1–P7).

The board holds only what the rules need: the face-up cards, each row's suit once opened
(B2; kept even if its cards are later removed by E3) and the blocked rows (P7). Face-down
fillers are implied: every space of an opened row that holds no face-up card (B3).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from companion.cards import Card, Suit, full_deck
from companion.kwingto.errors import RuleError

ROWS = 3
COLS = 5
ACE_VALUES = (1, 14)
FILLERS_PER_ROW = COLS - 1

Row = tuple[Card | None, ...]


SUITS = tuple(Suit)
CARDS: dict[tuple[int, Suit], Card] = {(c.rank, c.suit): c for c in full_deck()}


def card_value(card: Card, ace: int) -> int:
    """M3: the card's value, with `ace` (1 or 14) standing for an Ace."""
    return ace if card.is_ace else card.rank


def increasing_with(cards: Sequence[Card | None], ace: int) -> bool:
    """P1: are the face-up values strictly increasing left to right, the Ace worth `ace`?"""
    values = [card_value(c, ace) for c in cards if c is not None]
    return all(a < b for a, b in pairwise(values))


def ace_choices(cards: Sequence[Card | None]) -> tuple[int, ...]:
    """P2: the Ace values that keep the row increasing; empty when the row breaks P1.

    A row without an Ace returns both values when it is in order, so "the row is legal"
    is simply "the result is not empty". Two values on a row with an Ace means the row does
    not fix it, and it is valued at scoring time (S6).
    """
    return tuple(ace for ace in ACE_VALUES if increasing_with(cards, ace))


def ordinal(n: int) -> str:
    """Row and column numbers as players say them (from 1), for messages."""
    return str(n + 1)


@dataclass(frozen=True)
class Board:
    """One player's 3×5 board: face-up cards, row suits, blocked rows."""

    rows: tuple[Row, ...] = ((None,) * COLS,) * ROWS
    suits: tuple[Suit | None, ...] = (None,) * ROWS
    blocked: frozenset[int] = frozenset()

    def card_at(self, row: int, col: int) -> Card | None:
        """The face-up card in a space, or None (empty or face-down)."""
        return self.rows[row][col]

    def cards(self) -> Iterator[Card]:
        """Every face-up card on the board."""
        return (c for row in self.rows for c in row if c is not None)

    def column(self, col: int) -> tuple[Card | None, ...]:
        """The three spaces of a column, top to bottom."""
        return tuple(row[col] for row in self.rows)

    @property
    def face_up(self) -> int:
        """How many face-up cards the board shows (the first tie-break, S7)."""
        return sum(1 for _ in self.cards())

    @property
    def opened_rows(self) -> int:
        """Rows that have a suit; each took four fillers when it opened (B3)."""
        return sum(1 for s in self.suits if s is not None)

    def is_complete(self, row: int) -> bool:
        """A row whose five spaces are all face-up (S1, G1)."""
        return all(c is not None for c in self.rows[row])

    @property
    def complete_rows(self) -> int:
        """How many rows are complete (two end the game, G1)."""
        return sum(1 for r in range(ROWS) if self.is_complete(r))

    def with_card(self, row: int, col: int, card: Card | None) -> Board:
        """A copy with one space changed; placing a card opens its row (B2)."""
        cells = list(self.rows[row])
        cells[col] = card
        rows = list(self.rows)
        rows[row] = tuple(cells)
        suits = list(self.suits)
        if card is not None:
            suits[row] = card.suit
        return replace(self, rows=tuple(rows), suits=tuple(suits))

    def with_row_closed(self, row: int) -> Board:
        """A copy in which an emptied row has no suit again (undoing its opening, E2)."""
        suits = list(self.suits)
        suits[row] = None
        return replace(self, suits=tuple(suits))

    def with_blocked(self, row: int) -> Board:
        """A copy in which the row accepts no more cards (E3, P7)."""
        return replace(self, blocked=self.blocked | {row})

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[Card | None]], blocked: Iterable[int] = ()) -> Board:
        """Build a board from face-up cards only; each row's suit is its cards' suit.

        Raises RuleError when the cards break B2 (mixed suits in a row or one suit in two
        rows), B4 (a card twice), P1 or P3, the checks an outside board must pass.
        """
        if len(rows) != ROWS or any(len(r) != COLS for r in rows):
            raise ValueError(f"a board has {ROWS} rows of {COLS} spaces")
        suits: list[Suit | None] = []
        for r, row in enumerate(rows):
            row_suits = {c.suit for c in row if c is not None}
            if len(row_suits) > 1:
                names = "/".join(sorted(s.value for s in row_suits))
                raise RuleError("B2", f"row {ordinal(r)} mixes suits {names}; a row has one suit")
            suits.append(row_suits.pop() if row_suits else None)
        board = cls(tuple(tuple(r) for r in rows), tuple(suits), frozenset(blocked))
        check_board(board)
        return board


def check_board(board: Board) -> None:
    """Raise RuleError naming the first of B2, B4, P1, P3 that the board breaks."""
    used = [s for s in board.suits if s is not None]
    if len(used) != len(set(used)):
        dup = next(s for s in used if used.count(s) > 1)
        raise RuleError("B2", f"two rows are {dup.symbol}; the three rows need different suits")
    seen: set[Card] = set()
    for card in board.cards():
        if card in seen:
            raise RuleError("B4", f"{card} is on the board twice; each card exists once")
        seen.add(card)
    for r, row in enumerate(board.rows):
        if not ace_choices(row):
            raise RuleError("P1", f"row {ordinal(r)} does not increase from left to right")
    for c in range(COLS):
        ranks = [card.rank for card in board.column(c) if card is not None]
        dup_rank = next((rank for rank in ranks if ranks.count(rank) > 1), None)
        if dup_rank is not None:
            name = Card(dup_rank, Suit.SPADES).rank_text
            raise RuleError("P3", f"column {ordinal(c)} has two cards of rank {name}")


def placement_error(
    board: Board,
    row: int,
    col: int,
    card: Card,
    allowed_suits: frozenset[Suit],
    spent: frozenset[Card],
) -> RuleError | None:
    """Why `card` may not go in (row, col), or None when P1–P7 and B4 allow it.

    `allowed_suits` comes from the dice colours (P6); `spent` holds the recorded fillers and
    penalty cards (B4). The one function behind both `legal_placements` and `apply`, so the
    two can never disagree.
    """
    where = f"row {ordinal(row)}, column {ordinal(col)}"
    if not (0 <= row < ROWS and 0 <= col < COLS):
        return RuleError("B1", f"there is no {where}; a board has {ROWS} rows and {COLS} columns")
    if row in board.blocked:
        return RuleError("P7", f"row {ordinal(row)} is blocked after a mistake (E3)")
    occupant = board.rows[row][col]
    if occupant is not None:
        return RuleError("P4", f"{where} already holds {occupant}")
    if card in spent or card in set(board.cards()):
        return RuleError("B4", f"{card} is already used (face-up, filler or penalty card)")
    row_suit = board.suits[row]
    if row_suit is not None and row_suit is not card.suit:
        return RuleError("P5", f"row {ordinal(row)} is {row_suit.symbol}; {card} cannot go there")
    if row_suit is None and card.suit in board.suits:
        return RuleError("B2", f"another row is already {card.suit.symbol}")
    if card.suit not in allowed_suits:
        colour = "red" if card.suit.is_red else "black"
        return RuleError("P6", f"the dice rolled do not allow a {colour} card ({card})")
    cells = list(board.rows[row])
    cells[col] = card
    if not ace_choices(cells):
        return RuleError(
            "P1", f"{card} breaks the order of row {ordinal(row)} (values rise left to right)"
        )
    clash = next((c for c in board.column(col) if c is not None and c.rank == card.rank), None)
    if clash is not None:
        return RuleError("P3", f"column {ordinal(col)} already has a {clash.rank_text} ({clash})")
    return None


@dataclass(frozen=True, order=True)
class Placement:
    """One legal space for one card: the unit `legal_placements` returns."""

    row: int
    col: int
    card: Card


def board_placements(
    board: Board, rank: int, allowed_suits: frozenset[Suit], spent: frozenset[Card]
) -> list[Placement]:
    """Every legal (row, column, card) for a card of `rank`, each once, in board order.

    The same rules as `placement_error`, organised to test each row and column once: bots
    and simulations call this hundreds of thousands of times. A test holds the two equal.
    """
    rows = board.rows
    on_board = {c for row in rows for c in row if c is not None}
    column_ranks = [{c.rank for c in col if c is not None} for col in zip(*rows, strict=True)]
    unused_suits = [s for s in SUITS if s not in board.suits]
    found: list[Placement] = []
    for r, row in enumerate(rows):
        if r in board.blocked:
            continue
        suit = board.suits[r]
        cards = [
            card
            for s in ((suit,) if suit is not None else unused_suits)
            if s in allowed_suits and (card := CARDS[rank, s]) not in spent and card not in on_board
        ]
        if not cards:
            continue
        found.extend(
            Placement(r, col, card)
            for col in _fitting_columns(row, rank, cards[0])
            if rank not in column_ranks[col]
            for card in cards
        )
    return found


def _fitting_columns(row: Row, rank: int, card: Card) -> list[int]:
    """The empty spaces of `row` where a card of `rank` keeps P1–P2 (suit aside)."""
    if card.is_ace or any(c is not None and c.is_ace for c in row):
        return [
            col
            for col in range(COLS)
            if row[col] is None and ace_choices((*row[:col], card, *row[col + 1 :]))
        ]
    fits: list[int] = []
    for col, cell in enumerate(row):
        if cell is None:
            fits.append(col)
        elif cell.rank >= rank:
            break
        else:
            fits.clear()  # a lower card to the right of them: those spaces break P1
    return fits
