"""A bot's own deck (M1): the fillers (B3) and penalty cards (T7) it lays face-down.

The deck is never stored: it is the 52 cards less those face-up, laid as fillers or taken
as penalties. Drawing with the seeded generator and recording each card (`RecordCard`)
spends it (B4), so the bot can never place it later, exactly as at a real table.
"""

from __future__ import annotations

import random

from companion.cards import Card, full_deck
from companion.kwingto.actions import CardUse, RecordCard
from companion.kwingto.board import FILLERS_PER_ROW, Board
from companion.kwingto.state import MatchState

DECK = full_deck()


def draw(rng: random.Random, board: Board, spent: frozenset[Card], count: int) -> list[Card]:
    """`count` cards at random from what is left of the deck (never face-up or spent).

    Picks random positions in the full deck and skips used cards: the same draw as from
    the cards left, without building that list (rollouts draw thousands of times).
    """
    used = set(spent)
    used.update(board.cards())
    picked: list[Card] = []
    for _ in range(min(count, len(DECK) - len(used))):
        card = DECK[rng.randrange(len(DECK))]
        while card in used:
            card = DECK[rng.randrange(len(DECK))]
        used.add(card)
        picked.append(card)
    return picked


def owed(state: MatchState, player: int) -> list[CardUse]:
    """The face-down cards laid but not yet recorded: fillers (B3), then penalties (T7)."""
    me = state.game.players[player]
    fillers = FILLERS_PER_ROW * me.board.opened_rows - len(me.fillers)
    penalties = me.penalties - len(me.penalty_cards)
    return [CardUse.FILLER] * max(0, fillers) + [CardUse.PENALTY] * max(0, penalties)


def settle(state: MatchState, player: int, rng: random.Random) -> list[RecordCard]:
    """Draw and record every filler and penalty card the seat owes (B3, T7, B4)."""
    uses = owed(state, player)
    if not uses:
        return []
    me = state.game.players[player]
    cards = draw(rng, me.board, me.spent, len(uses))
    return [RecordCard(player, card, use) for use, card in zip(uses, cards, strict=False)]
