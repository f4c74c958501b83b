"""Small builders shared by the Kwingto tests."""

from __future__ import annotations

from companion.cards import Card
from companion.kwingto import Board, MatchState, Setup, apply, new_match
from companion.kwingto.actions import Action


def board(*rows: str) -> Board:
    """A board from text rows like `"3H 6H _ JH KH"` (`_` is empty or face-down)."""
    parsed = [[None if t == "_" else Card.parse(t) for t in row.split()] for row in rows]
    while len(parsed) < 3:
        parsed.append([None] * 5)
    return Board.from_rows(parsed)


def cards(text: str) -> frozenset[Card]:
    """A set of cards from `"5H 6S"`."""
    return frozenset(Card.parse(t) for t in text.split())


def play(state: MatchState, *actions: Action) -> MatchState:
    """Apply actions in order."""
    for action in actions:
        state = apply(state, action)
    return state


def match(players: int = 2, first: int = 0, **options: object) -> MatchState:
    """A fresh match with players named P1, P2, ..."""
    from companion.kwingto import MatchOptions

    names = tuple(f"P{i + 1}" for i in range(players))
    return new_match(Setup(names, first, MatchOptions(**options)))  # type: ignore[arg-type]
