"""A die read twice: a second, unsure die founded beside a die and pulled back onto it
(docs/vision-dice.md, "A die read twice")."""

from __future__ import annotations

import numpy as np
import pytest

from vision.dice import MERGE_RADIUS, UNSURE, crowded, read_dice
from vision.dice_eval import whole_roll
from vision.synth import table_with_hands
from vision.synth_dice import walled_dice_scene


@pytest.mark.parametrize("seed", [9022, 9088, 9199])
def test_a_die_is_read_once(seed: int) -> None:
    """Walled trays where a die was also read a second time, unsure, just over half a die
    off (a 3 and two 4s): each die is now read once, and every value is right."""
    scene = walled_dice_scene(seed)
    labels = [{"value": d.value, "bbox": list(d.bbox)} for d in scene.dice]
    assert whole_roll(read_dice(scene.image).dice, labels)


def test_only_the_unsure_die_beside_a_surer_one_goes() -> None:
    """Of two dice closer than the merge radius, the unsure one goes and the sure one stays;
    of two unsure ones, only the less sure goes; an unsure die farther off, two sure dice
    as close, or a die already dropped, stay."""
    size = 40.0
    near = MERGE_RADIUS * size * 0.9
    pairs = [(100, 100), (300, 100), (500, 100), (100, 300)]
    centers = np.array([(x + dx, y) for x, y in pairs for dx in (0.0, near)], np.float32)
    centers[5] = (500, 300)  # the third pair's second die lies far off
    confidences = np.array(
        [0.99, UNSURE - 0.1, 0.99, 0.97, UNSURE - 0.2, UNSURE - 0.1, UNSURE - 0.1, UNSURE - 0.2]
    )
    is_die = np.array([True, True, True, True, True, False, True, True])
    expected = [False, True, False, False, False, False, False, True]
    assert crowded(centers, confidences, is_die, size).tolist() == expected
    is_die[0] = False
    assert not crowded(centers, confidences, is_die, size)[1]


def test_a_palm_read_twice_is_no_die() -> None:
    """A palm (`table_with_hands(5025, 1280, 720)`) read as two unsure red 2s in one blob:
    the less sure goes as a die read twice, and the other, now alone in the palm's ragged
    blob, goes by the lone-and-ragged rule, which is asked after this one."""
    assert read_dice(table_with_hands(5025, 1280, 720)).dice == ()
