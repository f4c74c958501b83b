"""Dice against the wall of a tray: the wall is a band about a die wide round the whole
frame, whose middle has a die centre's depth all along (docs/vision-dice.md, "A tray's
wall")."""

from __future__ import annotations

import numpy as np
import pytest

from vision.dice import read_dice
from vision.dice_eval import match, whole_roll
from vision.dice_find import find_candidates, grid_runs, hollow_ring, in_bands
from vision.synth import Camera, camera, draw_wall, table
from vision.synth_dice import SynthDie, draw_die, walled_dice_scene

DIE = 30.0
WALL = 26  # px: the dark printed wall, a little narrower than a die, as in the shared photos
INSET = 24  # px from the frame's edge to the wall's outer side


def walled_tray(seed: int) -> tuple[np.ndarray, list[SynthDie]]:
    """A 640×480 light tray floor inside a straight printed wall, with red and black dice
    against the wall (top, left and right) and in a corner, and a white die alone in the
    middle (a white die on a light tray is found by its pips and edges, a weakness of its
    own: see the docs' known gaps)."""
    rng = np.random.default_rng(seed)
    img = table(rng, 640, 480, "tray")
    (left, top), (right, bottom) = draw_wall(img, rng, WALL, INSET, 0.0)[[0, 2]]
    half = DIE / 2 + 1
    dice = [
        SynthDie(3, "red", (220.0, top + half), DIE, 4.0),
        SynthDie(5, "black", (300.0, top + half), DIE, -6.0),
        SynthDie(2, "black", (left + half, 250.0), DIE, 10.0),
        SynthDie(6, "red", (right - half, 300.0), DIE, 0.0),
        SynthDie(4, "black", (left + half, bottom - half), DIE, 3.0),
        SynthDie(1, "white", (400.0, 260.0), DIE, 20.0),
    ]
    for die in dice:
        draw_die(img, die, rng)
    return camera(img, rng, Camera(noise=3, jpeg=90)), dice


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dice_against_a_trays_wall_are_read_and_the_wall_proposes_none(seed: int) -> None:
    """Every die is read with its value and colour, and no point of the wall more than a
    die and a half from a die is proposed. Before the wall's middle was told from a die's,
    it proposed more points than the reader takes (400, each a look for the nets). Over
    seeds 0-19 the layout reads right on 18 (17 before): a black die in the dark corner can
    still be read twice (docs/vision-dice.md, "A tray's wall")."""
    frame, dice = walled_tray(seed)
    reading = read_dice(frame)
    assert sorted((d.value, d.color) for d in reading.dice) == sorted(
        (d.value, d.color) for d in dice
    )
    centres = np.array([d.center for d in dice])
    proposed = find_candidates(frame).centers
    gaps = np.hypot(*(proposed[:, None, :] - centres[None]).transpose(2, 0, 1)).min(axis=1)
    assert gaps.max() <= 1.5 * DIE


def test_walled_trays_propose_few_points_and_read_their_dice() -> None:
    """20 seeded trays with a printed wall, slanted up to 3 % (`walled_dice_scene`,
    seeds 9000-9019): 89 of their 96 dice are found and 1 is false (81 and none before the
    die size was measured without the wall: a white 1 read on a red 2; a black 1 on a black
    2 is now dropped as a die read twice), and the walls propose 2,519 points in all where
    they proposed 5,689 before they were told from dice (docs/vision-dice.md, "A tray's
    wall" and "Dice against the wall measured without it")."""
    found = false = proposed = 0
    for seed in range(9000, 9020):
        scene = walled_dice_scene(seed)
        labels = [{"value": d.value, "bbox": list(d.bbox)} for d in scene.dice]
        reading = read_dice(scene.image)
        matched = sum(d is not None for d in match(reading.dice, labels))
        found += matched
        false += len(reading.dice) - matched
        proposed += len(find_candidates(scene.image).centers)
    assert found >= 86
    assert false <= 1
    assert proposed <= 3000


def test_a_row_of_seven_dice_is_no_wall() -> None:
    """Seven dice edge to edge in a row (more than a game lines up) are no wall: in the
    mask at their own size, and on a walled tray, whose wall makes the reader measure the
    runs at all, every one of the seven is proposed a candidate within a quarter die of
    its centre. (What the nets then make of seven touching dice is another matter: their
    values are a known weakness, and a misread die pulled onto its neighbour can be
    dropped as a die read twice; docs/vision-dice.md, "A die read twice".)"""
    mask = np.zeros((60, 120), bool)
    mask[25:35, 10:80] = True  # seven 10 px dice
    assert not in_bands(mask, 10.0, 1)[30, 15:80:10].any()
    rng = np.random.default_rng(0)
    img = table(rng, 640, 480, "tray")
    draw_wall(img, rng, WALL, 0.0, 0.0)
    centres = np.array([(180.0 + 41 * i, 240.0) for i in range(7)])
    for i, (x, y) in enumerate(centres):
        draw_die(img, SynthDie(1 + i % 6, "red", (x, y), 40.0), rng)
    proposed = find_candidates(camera(img, rng, Camera(noise=3, jpeg=90))).centers
    gaps = np.hypot(*(centres[:, None, :] - proposed[None]).transpose(2, 0, 1)).min(axis=1)
    assert (gaps <= 10.0).all()


def test_grid_runs_are_each_grid_points_run_along_its_row() -> None:
    """The run lengths at the grid's points equal those counted pixel by pixel, on masks
    empty, full and random, at strides 1 to 7."""
    rng = np.random.default_rng(0)
    for stride in (1, 3, 7):
        for share in (0.0, 0.2, 0.6, 0.95, 1.0):
            mask = rng.random((37, 53)) < share
            expected = np.zeros(mask.shape, int)
            for y, row in enumerate(mask):
                x = 0
                while x < len(row):
                    end = x
                    while end < len(row) and row[end]:
                        end += 1
                    expected[y, x:end] = end - x
                    x = max(end, x + 1)
            assert (grid_runs(mask, stride) == expected[::stride, ::stride]).all()


def test_a_wall_its_corner_and_a_die_against_it() -> None:
    """In a mask of a wall (a die wide) along the top and down the left, the wall's middle
    and its corner are bands; a die-sized square against the wall below it is not."""
    size = 10.0
    mask = np.zeros((200, 300), bool)
    mask[:10] = True
    mask[:, :10] = True
    mask[10:20, 150:160] = True
    bands = in_bands(mask, size, 1)
    assert bands[5, 100] and bands[100, 5] and bands[5, 5]
    assert not bands[15, 155]


@pytest.mark.parametrize("seed", [2, 13])
def test_dice_that_all_lie_against_the_wall_are_read(seed: int) -> None:
    """Walled trays (`walled_dice_scene`) whose dice all touch the wall, so every die is
    one blob with it: measured on that blob, the die came out 1.5 and 2.9 times the size
    the walled trays' dice are mostly measured at, and half and all of the dice were lost.
    Measured without the wall's straight runs (`without_walls`), every die is found and
    read right."""
    scene = walled_dice_scene(seed)
    labels = [{"value": d.value, "bbox": list(d.bbox)} for d in scene.dice]
    assert whole_roll(read_dice(scene.image).dice, labels)


def test_a_wall_is_hollow_and_a_heap_is_not() -> None:
    """A band round a floor is a wall; a heap of dice spanning the frame, or a card, with
    pips or print as holes in it, is not."""
    ring = np.zeros((240, 320), bool)
    ring[10:230, 10:310] = True
    ring[30:210, 30:290] = False
    heap = np.zeros((240, 320), bool)
    heap[10:230, 10:310] = True
    heap[50:60, 50:60] = heap[120:130, 200:210] = False
    assert hollow_ring(ring)
    assert not hollow_ring(heap)
