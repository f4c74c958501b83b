"""Readings checked against a synthetic scene's dice, for the tests of Kwingto rolls."""

from __future__ import annotations

from collections.abc import Sequence

from vision.dice_eval import match
from vision.dice_types import DiceReading
from vision.palette import default_palette
from vision.synth_dice import SynthDie

KWINGTO = default_palette().only({"red", "black", "white"})


def read_right(reading: DiceReading, truth: Sequence[SynthDie]) -> list[bool]:
    """Per die of the truth: whether it was read in value and colour."""
    pairs = match(reading.dice, [{"value": d.value, "bbox": list(d.bbox)} for d in truth])
    return [
        p is not None and (p.value, p.color) == (d.value, d.color)
        for p, d in zip(pairs, truth, strict=True)
    ]


def read_whole(reading: DiceReading, truth: Sequence[SynthDie]) -> bool:
    """Whether every die was read in value and colour, and no other die."""
    return all(read_right(reading, truth)) and len(reading.dice) == len(truth)
