"""`FrameMemory`: which camera frames the dice reader must read again."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from vision.frame_change import CHANGE_LEVEL, FrameMemory
from vision.synth_dice import SynthDie, render_dice

SMALL_DIE = 0.06 * 480  # the smallest dice the bench draws at 640×480, px


def table(dice: list[SynthDie]) -> np.ndarray:
    """The same tray, light and camera whatever the dice: only the dice can differ."""
    return render_dice(dice, 640, 480, seed=5, surface="tray").image


def noisy(frame: np.ndarray, rng: np.random.Generator, sigma: float = 4.0) -> np.ndarray:
    """Sensor noise, different in every frame."""
    return np.clip(frame + rng.normal(0, sigma, frame.shape), 0, 255).astype(np.uint8)


DICE = [
    SynthDie(3, "red", (200.0, 200.0), SMALL_DIE, 20.0),
    SynthDie(5, "black", (320.0, 260.0), SMALL_DIE, 65.0),
    SynthDie(2, "black", (420.0, 180.0), SMALL_DIE, 5.0),
]


def test_a_first_frame_is_always_new() -> None:
    assert FrameMemory().changed(table(DICE))


def test_noisy_frames_of_still_dice_are_not_new() -> None:
    rng = np.random.default_rng(0)
    memory = FrameMemory()
    memory.remember(noisy(table(DICE), rng))
    assert not any(memory.changed(noisy(table(DICE), rng)) for _ in range(10))


@pytest.mark.parametrize(
    "change",
    [
        {"value": 6},  # a die turned to another face where it lay
        {"center": (206.0, 200.0)},  # a die pushed by a fifth of its edge
        {"angle": 50.0},  # a die turned on the spot
    ],
    ids=["face", "pushed", "turned"],
)
def test_a_change_to_one_small_die_is_new(change: dict) -> None:
    rng = np.random.default_rng(1)
    memory = FrameMemory()
    memory.remember(noisy(table(DICE), rng))
    moved = [dataclasses.replace(DICE[0], **change), *DICE[1:]]
    assert memory.changed(noisy(table(moved), rng))


def test_a_slow_change_of_light_adds_up_against_the_frame_last_read() -> None:
    frame = table(DICE)
    memory = FrameMemory()
    memory.remember(frame)
    step = CHANGE_LEVEL // 3
    brighter = [np.clip(frame.astype(int) + step * k, 0, 255).astype(np.uint8) for k in (1, 2, 4)]
    assert [memory.changed(f) for f in brighter] == [False, False, True]


def test_a_frame_of_another_size_is_new() -> None:
    memory = FrameMemory()
    memory.remember(np.zeros((480, 640, 3), np.uint8))
    assert memory.changed(np.zeros((720, 1280, 3), np.uint8))


def test_moved_compares_each_frame_with_the_one_before() -> None:
    """`moved` tells a table at rest frame by frame: a die pushed a little is a move,
    and the frames after it, as still as before, are at rest again (against the frame
    before them, not the first)."""
    rng = np.random.default_rng(3)
    pushed = [dataclasses.replace(DICE[0], center=(212.0, 200.0)), *DICE[1:]]
    frames = [table(DICE)] * 3 + [table(pushed)] * 3
    memory = FrameMemory()
    assert [memory.moved(noisy(f, rng)) for f in frames] == [True, False, False, True, False, False]
