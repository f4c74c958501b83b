"""The odds of every dice choice (T2–T5), worked out once by counting all outcomes.

Strategies weigh a choice of dice by the chance of each result: which card value it names
(T5) and which rows may take it (P6). Counting the 6^k faces exactly keeps the advisor's
recommendation free of sampling noise and costs nothing at decision time.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from companion.cards import Suit
from companion.kwingto.roll import DICE_PER_COLOUR, MAX_DICE, Die, DieColour, Roll


@dataclass(frozen=True, slots=True)
class Outcome:
    """One result a choice of dice can give, with its probability."""

    chance: float
    rank: int | None  # the card rank named (T5), None for a failed throw
    suits: frozenset[Suit]  # the rows the dice colours allow (P6)


def dice_choices() -> tuple[tuple[int, int], ...]:
    """Every (red, black) the active player may roll: 1 to 3 dice, ≤ 3 of a colour (T2)."""
    return tuple(
        (red, black)
        for red in range(DICE_PER_COLOUR + 1)
        for black in range(DICE_PER_COLOUR + 1)
        if 1 <= red + black <= MAX_DICE
    )


def _outcomes(red: int, black: int) -> tuple[Outcome, ...]:
    """Count every face combination through the engine's own Roll (T4, T5, P6)."""
    counts: Counter[tuple[int | None, frozenset[Suit]]] = Counter()
    colours = [DieColour.RED] * red + [DieColour.BLACK] * black
    for faces in product(range(1, 7), repeat=red + black):
        roll = Roll(tuple(Die(c, v) for c, v in zip(colours, faces, strict=True)))
        counts[roll.card_rank, roll.allowed_suits] += 1
    total = 6 ** (red + black)
    return tuple(
        Outcome(float(Fraction(n, total)), rank, suits)
        for (rank, suits), n in sorted(counts.items(), key=lambda kv: (kv[0][0] or 0, -kv[1]))
    )


OUTCOMES: dict[tuple[int, int], tuple[Outcome, ...]] = {
    choice: _outcomes(*choice) for choice in dice_choices()
}
