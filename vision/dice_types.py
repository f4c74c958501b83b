"""The dice reader's results: plain frozen values, so they can cross threads and be compared."""

from __future__ import annotations

from dataclasses import dataclass

CardOutlines = tuple[tuple[tuple[float, float], ...], ...]  # corners (frame px) of each card


@dataclass(frozen=True)
class Die:
    """One die seen from above: the value on its top face and the colour of its body.

    `center` and `bbox` are in frame pixels (bbox = x, y, w, h of the top-left corner);
    `confidence` is the classifier's probability for the reported value, 0–1.
    """

    value: int
    color: str
    center: tuple[float, float]
    bbox: tuple[float, float, float, float]
    confidence: float

    def as_dict(self) -> dict[str, object]:
        """The JSON shape used by `companion vision read-dice`."""
        return {
            "value": self.value,
            "color": self.color,
            "center": [round(self.center[0], 1), round(self.center[1], 1)],
            "bbox": [round(v, 1) for v in self.bbox],
            "confidence": round(self.confidence, 3),
        }


@dataclass(frozen=True)
class DiceReading:
    """Every die found in one frame, in reading order (top to bottom, left to right).

    `cards` holds the outlines (four corners, frame px) of the named cards the dice were
    read among (`vision.dice_cards`), none for the quick reader: where they lie tells a
    die that only the quick reader saw from a card's print (`vision.worker`)."""

    dice: tuple[Die, ...]
    die_size: float  # the estimated die edge in frame pixels (0 when nothing was found)
    cards: CardOutlines = ()

    def values(self) -> list[int]:
        """The face values, sorted: what a game's rules usually need."""
        return sorted(d.value for d in self.dice)
