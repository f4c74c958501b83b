"""A die the value net is unsure of, alone in a blob several dice big or not convex, is a
patch of that bigger thing: a palm, a laptop's keyboard (docs/vision-dice.md, "Alone in a
big blob, or a ragged one")."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from vision.dice import read_dice
from vision.dice_eval import match
from vision.synth import table_with_hands


@pytest.mark.parametrize("seed", [84, 90, 117, 122, 227, 239])
def test_a_patch_of_a_palm_is_no_die(seed: int) -> None:
    """Tables with hands (seeds 5000 + 0-299, as docs/vision-dice.md measures them) where
    a palm's patch passed every other check: unsure and alone in the hand's blob, it is
    dropped. Without the rule each frame reads one die."""
    frame = table_with_hands(5000 + seed)
    assert read_dice(frame).dice == ()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("vision.dice.LONE_FILL", float("inf"))
        patch.setattr("vision.dice.LONE_SOLIDITY", 0.0)
        assert len(read_dice(frame).dice) == 1


@pytest.mark.parametrize("seed", [24, 52, 57, 67, 127, 211])
def test_a_palm_that_set_the_die_size_is_no_die(seed: int) -> None:
    """Tables with hands (as above) where the hand was all there was to measure, so the die
    size is the palm's and the palm's blob is no bigger than 1.5 dice: it is not convex
    (fingers), so the unsure die alone in it is dropped. Without that, each reads one die."""
    frame = table_with_hands(5000 + seed)
    assert read_dice(frame).dice == ()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("vision.dice.LONE_SOLIDITY", 0.0)
        assert len(read_dice(frame).dice) == 1


@pytest.mark.parametrize("name", ["matteop65_train_four_45.jpg", "matteop65_train_three_13.jpg"])
def test_a_laptop_key_is_no_die(shared_data: Path, name: str) -> None:
    """Two training photos with a laptop in view, where a black key was read as a die (a 2
    and a 1, at 0.39): every die reported is now a labelled one, and every labelled one is
    still found."""
    folder = shared_data / "real" / "dice"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    labels = next(e["objects"] for e in manifest if e["file"] == name)
    frame = cv2.imread(str(folder / name))
    reading = read_dice(frame)
    assert len(reading.dice) == len(labels)
    assert all(d is not None for d in match(reading.dice, labels))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("vision.dice.LONE_FILL", float("inf"))
        patch.setattr("vision.dice.LONE_SOLIDITY", 0.0)
        assert len(read_dice(frame).dice) == len(labels) + 1
