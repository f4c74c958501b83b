"""A desk lamp over the roll: its pool of light on a grained table is no die, and the dice
in it are read; pale dice on pale tables are not taken for such light."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from dice_truth import KWINGTO, read_right, read_whole

from vision.bench_dice import synthetic_frame
from vision.dice import read_dice
from vision.dice_eval import match
from vision.dice_find import (
    LIGHT_REACH,
    LIGHT_RISE,
    LIGHT_SHARE,
    LIGHT_SPREAD,
    depth_within,
    lamp_like,
)
from vision.synth_dice import lamp_lit_roll, random_dice_scene


@pytest.mark.parametrize("seed", [134004, 134039, 134067, 134088, 134105, 134150])
def test_a_roll_under_a_desk_lamp_is_read_whole(seed: int) -> None:
    """Felt and wood under a lamp: the lit table's grain made the pool's rim as sharp as a
    die's edge, the pool and the dice in it were one blob that set the die size (2.6–3.8
    times the dice's), and not one die of these rolls was read right; without the lamp
    each is read whole."""
    for lit in (True, False):
        scene = lamp_lit_roll(seed, lit=lit)
        reading = read_dice(scene.image, KWINGTO)
        assert read_whole(reading, scene.dice), (lit, reading.dice)


def test_the_lamp_lights_the_same_roll() -> None:
    """The lit and unlit renders differ only by the light: most of the frame is untouched,
    and the pool is brighter."""
    lit, dark = lamp_lit_roll(134150), lamp_lit_roll(134150, lit=False)
    assert lit.dice == dark.dice
    lift = cv2.cvtColor(lit.image, cv2.COLOR_BGR2GRAY).astype(int)
    lift -= cv2.cvtColor(dark.image, cv2.COLOR_BGR2GRAY)
    assert np.median(lift) < 3
    assert lift.max() > 60


SIZE = 80


def ring(radius: float, light_radius: float) -> tuple[np.ndarray, np.ndarray]:
    """A round blob of `radius` px round a round object: the blob and its light, which is
    what lies more than `light_radius` px from the middle."""
    own = distance() <= radius
    return own, own & (distance() > light_radius)


def distance() -> np.ndarray:
    """Each pixel's distance from the middle of the SIZE × SIZE window."""
    yy, xx = np.mgrid[0:SIZE, 0:SIZE]
    return np.hypot(xx - SIZE / 2, yy - SIZE / 2)


def pool(peak: float, table: float = 100.0) -> np.ndarray:
    """The window's lightness under a lamp pool `peak` grey levels over the table at its
    middle, fading as a Gaussian (σ 15 px) to the table's level."""
    return (table + peak * np.exp(-(distance() ** 2) / (2 * 15.0**2))).astype(np.uint8)


def test_lamp_light_is_wide_brighter_than_the_table_and_fades() -> None:
    """A pool round an object: light; the same blob on a table no brighter, or under a pool
    too faint to rise LIGHT_RISE over the table, is not."""
    own, light = ring(30, 16)
    assert lamp_like(own, light, pool(120), ~own)
    assert not lamp_like(own, light, np.full((SIZE, SIZE), 100, np.uint8), ~own)
    rise = float(np.median(pool(10)[light])) - 100
    assert rise < LIGHT_RISE
    assert not lamp_like(own, light, pool(10), ~own)


def test_flat_paper_is_no_lamp_light() -> None:
    """A card's paper on a grey table is brighter than the table, but flat: the camera's
    lighting slopes it a little (a card on dice_on_cards(109) spans 0.57 of its rise)."""
    own, light = ring(30, 16)
    slope = np.linspace(-20, 20, SIZE)[None, :]
    paper = np.where(own, 140 + slope, 100).astype(np.uint8)
    low, high = np.percentile(paper[light], (10, 90))
    assert 0.5 < (high - low) / (np.median(paper[light]) - 100) < LIGHT_SPREAD
    assert not lamp_like(own, light, paper, ~own)


def test_a_narrow_band_round_an_object_is_its_body() -> None:
    """What a pale die leaves round its pips: a band 3–4 px wide, or a sliver of the blob."""
    own, band = ring(20, 16)
    assert np.count_nonzero(band) >= LIGHT_SHARE * np.count_nonzero(own)
    assert not lamp_like(own, band, pool(120), ~own)
    own, wide = ring(30, 16)
    sliver = wide & (np.arange(SIZE)[None, :] < 20)
    assert np.count_nonzero(sliver) < LIGHT_SHARE * np.count_nonzero(own)
    assert depth_within(sliver.view(np.uint8)).max() >= LIGHT_REACH
    assert not lamp_like(own, sliver, pool(120), ~own)


@pytest.mark.parametrize(
    ("seed", "value", "color", "centre"),
    [
        (261, 1, "white", (92, 204)),
        (272, 3, "green", (187, 399)),
    ],
)
def test_a_pale_die_on_a_pale_table_is_no_light(
    seed: int, value: int, color: str, centre: tuple[int, int]
) -> None:
    """A pale die's rim is as soft as light's once the score is blurred, and its body round
    its pips, brighter than the table, was taken for light and the die lost."""
    scene = random_dice_scene(seed)
    die = next(d for d in scene.dice if np.hypot(*np.subtract(d.center, centre)) < 10)
    assert (die.value, die.color) == (value, color)
    assert read_right(read_dice(scene.image), (die,)) == [True]


def test_a_pale_die_on_wood_grain_is_no_light() -> None:
    """A pink die among the grain of a wood table at 1280×720: the blob of its body and the
    grain beside it rose gently enough, but it is no brighter than the table."""
    frame, labels = synthetic_frame(1280, 720, 17)
    truth = [d for d in labels if d["bbox"][0] > 950 and d["bbox"][1] > 600]
    assert len(truth) == 1
    reading = read_dice(frame)
    assert [p is not None and p.value == 1 for p in match(reading.dice, truth)] == [True]


@pytest.mark.parametrize(("seed", "least"), [(8102, 4), (8207, 5)])
def test_dice_the_tables_colour_are_no_light(seed: int, least: int) -> None:
    """Green dice on green felt, touching, with a glare spot on one: their blob's rim is
    soft once the score is blurred, but it steps over the mask's level, as light does not.
    Taken for light, the cluster was cut into its pips, the pips set the die size, and no
    die of the frame was read right in value."""
    scene = random_dice_scene(seed)
    reading = read_dice(scene.image)
    found = match(reading.dice, [{"value": d.value, "bbox": list(d.bbox)} for d in scene.dice])
    right = sum(
        p is not None and p.value == d.value for p, d in zip(found, scene.dice, strict=True)
    )
    assert right >= least, reading.dice
    assert len(reading.dice) == sum(p is not None for p in found)  # no false die
