"""Dice advice for the active player (T2–T3): which dice, the odds, and whether to re-roll.

The advice is the advisor's: each choice of dice is weighed by the exact chance of each
result and the best placement that result allows (see greedy.best_value_by_outcome).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.bots.advisor import Advisor
from companion.bots.dice import OUTCOMES
from companion.bots.greedy import OutcomeTable, best_value_by_outcome, expected_value, pass_value
from companion.bots.strategy import view_of
from companion.kwingto.state import MatchState, Phase


@dataclass(frozen=True)
class DiceAdvice:
    """The recommended dice, how likely they give a card to place, and what they are worth."""

    red: int
    black: int
    place_chance: float  # chance of a result the player can place (T5, P1–P7)
    expected: float  # expected value of the result; a failed throw counts as −5 (T7)


def _chance_to_place(choice: tuple[int, int], table: OutcomeTable) -> float:
    return sum(
        o.chance
        for o in OUTCOMES[choice]
        if o.rank is not None and table[o.rank, o.suits] is not None
    )


def dice_hint(state: MatchState) -> DiceAdvice:
    """The active player's best dice in phase ROLL, with their odds."""
    if state.phase is not Phase.ROLL:
        raise ValueError(f"dice advice is for phase roll, not {state.phase.value}")
    view = view_of(state, state.game.turn.active)
    advisor = Advisor()
    red, black = advisor.dice(view, random.Random(0))
    table = best_value_by_outcome(view.seat, advisor.value(view.seat))
    value = expected_value(OUTCOMES[red, black], table, pass_value(view))
    return DiceAdvice(red, black, _chance_to_place((red, black), table), value)


def reroll_hint(state: MatchState) -> bool:
    """Whether the active player should throw the same dice again (T3), while allowed."""
    return Advisor().wants_reroll(state, random.Random(0))
