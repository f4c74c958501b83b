"""Readings checked against a synthetic scene's dice, for the tests of Kwingto rolls."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.dice_eval import match
from vision.dice_types import DiceReading
from vision.palette import default_palette
from vision.synth import Camera
from vision.synth_dice import DiceScene, SynthDie, place_dice, render_dice

KWINGTO = default_palette().only({"red", "black", "white"})


def kwingto_roll(seed: int, surface: str) -> DiceScene:
    """One to three Kwingto dice (T2), red or black, 28–56 px, on `surface` at 640×480,
    under a lighting gradient, with sensor noise and JPEG."""
    rng = np.random.default_rng(seed)
    colors = [str(c) for c in rng.choice(["red", "black"], int(rng.integers(1, 4)))]
    dice = place_dice(rng, colors, 640, 480, float(rng.uniform(28, 56)), 0.35)
    cam = Camera(gradient=0.2, noise=3.0, jpeg=85)
    return render_dice(dice, 640, 480, int(rng.integers(1 << 31)), surface, cam)


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
