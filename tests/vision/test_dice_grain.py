"""A grained table (wood): the grain's own soft blobs neither set the die size nor read as
dice, and the few soft blobs of a plain table's shadows are left as they were."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from dice_truth import KWINGTO, read_whole

from vision.dice import read_dice
from vision.dice_eval import match
from vision.dice_find import (
    GRAIN_BLOBS,
    GROWN_EDGE,
    MIN_DEPTH,
    SQUARE_MIN_DEPTH,
    blob_peaks,
    find_blobs,
    foreground_score,
    object_mask,
    without_soft,
    working_image,
)
from vision.manifest import load_manifest
from vision.synth_dice import lamp_lit_roll


@pytest.mark.parametrize("seed", [136003, 136042, 136066, 136096, 136134, 136199])
def test_a_roll_on_wood_is_read_whole(seed: int) -> None:
    """One to three Kwingto dice on wood: the grain's blobs, 9–24 of them, outvoted the
    dice in the die size, measured at about half the dice, and none of these rolls was read
    right (several read false 1s besides)."""
    scene = lamp_lit_roll(seed, lit=False)
    reading = read_dice(scene.image, KWINGTO)
    assert read_whole(reading, scene.dice), reading.dice


def ripples(frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The frame's blobs from a small die's depth to a square's that are as soft as a
    table's ripples, and whether `without_soft` takes each for light."""
    small, _ = working_image(frame)
    score = foreground_score(small)
    blobs = find_blobs(object_mask(score))
    shallow = np.flatnonzero((blobs.depth >= MIN_DEPTH) & (blobs.depth < SQUARE_MIN_DEPTH))
    soft = [i for i in shallow.tolist() if blob_peaks(blobs, score, i)[1] < GROWN_EDGE]
    judged = without_soft(blobs, score).soft
    light = np.zeros(len(soft), bool) if judged is None else judged[soft]
    return np.array(soft, int), light


def test_wood_grain_is_light() -> None:
    grain, light = ripples(lamp_lit_roll(136096, lit=False).image)
    assert grain.size >= 2 * GRAIN_BLOBS
    assert light.all()


def test_a_few_soft_blobs_on_a_photo_are_no_grain(shared_data: Path) -> None:
    """A training photo of 19 dice on a plain tray whose mask holds soft blobs (shadows,
    glare's rims), but fewer than a grain leaves: taken for light, the die size shifted and
    a white 5 was read where there is none."""
    folder = shared_data / "real" / "dice"
    name = "byler_IMG_20191208_111530.jpg"
    frame = cv2.imread(str(folder / name))
    grain, light = ripples(frame)
    assert 0 < grain.size < GRAIN_BLOBS
    assert not light.any()
    labels = next(e["objects"] for e in load_manifest(folder, "dice") if e["file"] == name)
    reading = read_dice(frame)
    found = sum(p is not None for p in match(reading.dice, labels))
    assert found == len(labels) == 19
    assert len(reading.dice) - found <= 2  # a white 2 and a black 6, read before the rule too
