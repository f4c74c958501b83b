"""Synthetic Kwingto scenes and readings checked against their dice, shared by the dice tests."""

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


def lone_black_two() -> tuple[np.ndarray, SynthDie]:
    """One black 2 beside a red die (which sets the die size) on a dark mat, seen plainly."""
    black = SynthDie(2, "black", (420.0, 240.0), 48.0, 20.0)
    red = SynthDie(5, "red", (200.0, 240.0), 48.0, 0.0)
    scene = render_dice([red, black], seed=3, surface="dark", cam=Camera(noise=0, jpeg=0))
    return scene.image, black


def corner_pip(die: SynthDie) -> np.ndarray:
    """Offset from the centre of a 2's lower-right pip, as the renderer turns it."""
    angle = np.radians(die.angle)
    turn = np.array([np.cos(angle) - np.sin(angle), np.sin(angle) + np.cos(angle)])
    return 0.27 * die.size * turn
