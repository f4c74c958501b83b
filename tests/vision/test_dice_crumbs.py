"""Crumbs and dust on the table (2–4 px specks) are no dice: they set no die size and are no
pips of a die the mask could not see."""

from __future__ import annotations

import numpy as np
import pytest

from vision.dice import read_dice
from vision.dice_find import MIN_DEPTH, find_candidates
from vision.synth import Camera
from vision.synth_dice import SynthDie, render_dice

SURFACES = ("dark", "felt", "tray", "wood", "cloth")
TWO_DICE = [
    SynthDie(3, "red", (200.0, 240.0), 26.0, 10.0),
    SynthDie(5, "black", (420.0, 200.0), 26.0, 30.0),
]


def crumbed(dice: list[SynthDie], surface: str, count: int, side: int, seed: int) -> np.ndarray:
    """The dice on `surface` at 640×480 with `count` square crumbs of `side` px strewn off
    them: light ones on the dark surfaces, dark ones on the light tray."""
    frame = render_dice(dice, 640, 480, seed=seed, surface=surface, cam=Camera(noise=2, jpeg=90))
    image = frame.image
    rng = np.random.default_rng(seed)
    tone = 30 if surface == "tray" else 230
    for x, y in zip(rng.integers(0, 630, count), rng.integers(0, 470, count), strict=True):
        if all(max(abs(x - d.center[0]), abs(y - d.center[1])) > d.size for d in dice):
            image[y : y + side, x : x + side] = tone
    return image


@pytest.mark.parametrize("surface", SURFACES)
def test_crumbs_on_an_empty_table_are_no_dice(surface: str) -> None:
    """Four 2 px crumbs on an empty table set a 12 px die, smaller than any die the reader
    reads (MIN_DEPTH), and each read as a die on most such tables (30 false dice on eight dark
    mats). Measured again without them, the die size is the table's own (wood grain) or
    none."""
    for seed in range(4):
        frame = crumbed([], surface, 4, 2, seed)
        assert not 0.0 < find_candidates(frame).depth < MIN_DEPTH, seed
        assert read_dice(frame).dice == (), seed


@pytest.mark.parametrize("surface", ["felt", "wood", "cloth"])
def test_dice_among_crumbs_are_measured_on_themselves(surface: str) -> None:
    """Sixty 2 px crumbs round two 26 px dice outweighed them in the die size: the crumbs
    read as dozens of 1s and the dice at a crumb's scale."""
    for seed in range(3):
        reading = read_dice(crumbed(TWO_DICE, surface, 60, 2, seed))
        assert sorted((d.value, d.color) for d in reading.dice) == [(3, "red"), (5, "black")]


def test_a_lone_crumb_beside_dice_is_no_black_1() -> None:
    """On a dark mat a die found by its pips alone with one pip needs a spot of half a pip's
    disc (LONE_PIP_AREA): each 5 px crumb beside 56 px dice (a third of one) read as a
    black 1 seen without its body."""
    dice = [
        SynthDie(6, "black", (150.0, 120.0), 56.0, 20.0),
        SynthDie(4, "red", (450.0, 330.0), 56.0, 50.0),
    ]
    crumbs = [(320, 60), (560, 100), (80, 300), (300, 240), (200, 420), (600, 440)]
    for seed in range(4):
        frame = crumbed(dice, "dark", 0, 5, seed)
        for x, y in crumbs:
            frame[y : y + 5, x : x + 5] = 230
        reading = read_dice(frame)
        assert sorted((d.value, d.color) for d in reading.dice) == [(4, "red"), (6, "black")]
