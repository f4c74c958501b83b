"""A white die on a light tray floor: its blob is a ring round a hole the floor's colour
(docs/vision-dice.md, "White dice on a light floor: their outline filled")."""

from __future__ import annotations

import numpy as np
import pytest

from vision.dice import read_dice
from vision.dice_eval import whole_roll
from vision.dice_find import filled_faces, find_blobs
from vision.synth import table_with_hands
from vision.synth_dice import walled_dice_scene


@pytest.mark.parametrize("seed", [132, 159, 169])
def test_a_white_die_on_a_light_floor_is_read(seed: int) -> None:
    """Walled trays (`walled_dice_scene`) whose white die was lost, its blob too shallow to
    be given a candidate: with its outline filled, every die is read right and none is
    false."""
    scene = walled_dice_scene(seed)
    labels = [{"value": d.value, "bbox": list(d.bbox)} for d in scene.dice]
    assert whole_roll(read_dice(scene.image).dice, labels)


def test_a_ring_in_wood_grain_is_no_die() -> None:
    """A ring of a wood table's grain (`table_with_hands(5042)`) is die-sized and hollow, and
    once filled the value net reads it as a 6, unsure (0.37): it is no die."""
    assert read_dice(table_with_hands(5042)).dice == ()


def test_only_hollow_die_sized_blobs_are_filled() -> None:
    """A die's rim (11 working px deep die centres, a 22 px die) is measured as filled; a
    ring as deep as a die centre's half (a body the grid already reaches), the rim of
    something bigger than two dice, and a solid die are measured as they are."""
    mask = np.zeros((120, 240), np.uint8)
    mask[10:32, 10:32] = 1
    mask[14:28, 14:28] = 0  # a white die's rim: 2 px deep, its face the floor's colour
    mask[10:32, 50:72] = 1  # a solid die
    mask[50:110, 100:160] = 1
    mask[54:106, 104:156] = 0  # the rim of something bigger than two dice
    mask[60:104, 180:224] = 1
    mask[72:92, 192:212] = 0  # a ring 12 px wide: deep enough for grid points of its own
    blobs = find_blobs(mask)
    dist = filled_faces(blobs, 11.0, 22.0)
    assert dist[21, 21] >= 0.5 * 11.0 > blobs.dist[21, 21]
    assert (dist[:, 40:] == blobs.dist[:, 40:]).all()
