"""Dice and rolls (M2, T2–T5): text form `B6` (black six), `R3` (red three)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from companion.cards import Suit
from companion.kwingto.errors import RuleError

MAX_DICE = 3
DICE_PER_COLOUR = 3
LOWEST_CARD_RESULT = 1
HIGHEST_CARD_RESULT = 14


class DieColour(StrEnum):
    """Kwingto's two dice colours (M2), by their initial."""

    RED = "R"
    BLACK = "B"


# The camera's names (vision/palette.py) for Kwingto's dice, and for what is never one of
# them: Kwingto has no white dice (M2), and what reads as one is card paper.
CAMERA_COLOURS = {"red": DieColour.RED, "black": DieColour.BLACK}
CAMERA_NOT_A_DIE = "white"
# Every name the camera gives a die at a Kwingto table: the table reads with these colours
# alone (`companion.table_io`), so a die is never named one Kwingto has no dice of.
CAMERA_NAMES = frozenset(CAMERA_COLOURS) | {CAMERA_NOT_A_DIE}


def foreign_camera_colour(name: str) -> bool:
    """Whether the camera named a die a colour Kwingto has no dice of (M2): then its
    reading is no roll (card paper, read as white, is only left out). The table's camera
    names none such; a reader given other colours may."""
    return name not in CAMERA_NAMES


@dataclass(frozen=True, order=True)
class Die:
    """One rolled die: its colour and the value on top."""

    colour: DieColour
    value: int

    def __post_init__(self) -> None:
        if not 1 <= self.value <= 6:
            raise ValueError(f"a die shows 1 to 6, got {self.value!r}")

    @classmethod
    def parse(cls, text: str) -> Die:
        """Read `B6` or `r3`; the error quotes the bad text."""
        clean = text.strip().upper() if isinstance(text, str) else ""
        if len(clean) != 2 or clean[0] not in "RB" or clean[1] not in "123456":
            raise ValueError(f"not a die: {text!r} (expected R or B then 1-6, e.g. 'B6')")
        return cls(DieColour(clean[0]), int(clean[1]))

    def __str__(self) -> str:
        return f"{self.colour.value}{self.value}"


@dataclass(frozen=True)
class Roll:
    """The dice the active player kept (T3): one to three, any mix of red and black (T2)."""

    dice: tuple[Die, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.dice) <= MAX_DICE:
            raise RuleError("T2", f"roll 1 to 3 dice, not {len(self.dice)}")

    @classmethod
    def parse(cls, text: str) -> Roll:
        """Read `"B2 B6 R3"` (spaces or commas between dice)."""
        if not isinstance(text, str):
            raise ValueError(f"a roll is text like 'B2 B6 R3', got {text!r}")
        parts = text.replace(",", " ").split()
        return cls(tuple(Die.parse(p) for p in parts))

    def __str__(self) -> str:
        return " ".join(str(d) for d in self.dice)

    def count(self, colour: DieColour) -> int:
        """How many dice of `colour` were rolled."""
        return sum(1 for d in self.dice if d.colour is colour)

    @property
    def colours(self) -> frozenset[DieColour]:
        """The colours used; they decide which rows may take the card (P6)."""
        return frozenset(d.colour for d in self.dice)

    @cached_property
    def result(self) -> int:
        """T4: one colour → the sum; both → black sum minus red sum."""
        sums: Counter[DieColour] = Counter()
        for d in self.dice:
            sums[d.colour] += d.value
        if len(sums) == 1:
            return sum(sums.values())
        return sums[DieColour.BLACK] - sums[DieColour.RED]

    @property
    def failed(self) -> bool:
        """T5: a result ≤ 0 or of 15–18 names no card."""
        return not LOWEST_CARD_RESULT <= self.result <= HIGHEST_CARD_RESULT

    @property
    def card_rank(self) -> int | None:
        """T5: the rank the result names (1 and 14 both name the Ace), None if failed."""
        if self.failed:
            return None
        return 1 if self.result == HIGHEST_CARD_RESULT else self.result

    @property
    def allowed_suits(self) -> frozenset[Suit]:
        """P6: black dice only → ♠/♣ rows; red only → ♥/♦ rows; both → any row."""
        if len(self.colours) == 2:
            return frozenset(Suit)
        red = DieColour.RED in self.colours
        return frozenset(s for s in Suit if s.is_red == red)
