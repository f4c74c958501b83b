"""The baseline: every decision uniform among the legal ones, like the engine's playout."""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.bots.dice import dice_choices
from companion.bots.strategy import Strategy, View
from companion.kwingto.board import Placement
from companion.kwingto.roll import Roll

CHOICES = dice_choices()


class RandomLegal(Strategy):
    """Uniform among the legal dice (T2), re-roll or keep (T3), and spaces or pass (T6)."""

    name = "random"

    def dice(self, view: View, rng: random.Random) -> tuple[int, int]:
        """Any of the nine legal choices of dice."""
        return rng.choice(CHOICES)

    def reroll(self, view: View, roll: Roll, rng: random.Random) -> bool:
        """Keep or re-roll, evenly."""
        return rng.random() < 0.5

    def space(
        self, view: View, roll: Roll, options: Sequence[Placement], rng: random.Random
    ) -> Placement | None:
        """Any legal space, or a pass, evenly."""
        return rng.choice([*options, None])
