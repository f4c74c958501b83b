"""Lamp light on the table: a glare spot is no die, and it must not set the die size."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dice import read_dice
from vision.dice_eval import match
from vision.dice_find import PIP_FADE, fade_width, find_candidates, local_contrast
from vision.synth import Camera, camera, light_spot
from vision.synth_dice import SynthDie, place_dice, render_dice


def with_glare(
    dice: list[SynthDie], seed: int, lit: bool = True, width: int = 640, height: int = 480
) -> np.ndarray:
    """The dice on the dark mat under a soft spot of lamp light 3–6 % of the frame's width
    in radius, clear of every die (or, not `lit`, the same frame without it), then passed
    through noise and JPEG.

    The spot is placed here rather than by `Camera.glare` so that it never lies on a die:
    a die inside the light is another case (docs/vision-dice.md, "Known gaps").
    """
    rng = np.random.default_rng([seed, 7])
    clean = render_dice(dice, width, height, seed, "dark", Camera(gradient=0.0, noise=0, jpeg=0))
    radius = float(rng.uniform(0.03, 0.06)) * width
    while True:
        gx, gy = rng.uniform(0, width), rng.uniform(0, height)
        reach = 3 * radius + max((d.size for d in dice), default=0.0)
        if all(np.hypot(gx - d.center[0], gy - d.center[1]) > reach for d in dice):
            break
    spot = light_spot(height, width, (gx, gy), radius)
    strength = float(rng.uniform(100, 200)) if lit else 0.0
    frame = np.clip(clean.image + strength * spot[..., None], 0, 255).astype(np.uint8)
    return camera(frame, rng, Camera(gradient=0.0, noise=3.0, jpeg=85))


def kwingto_rolls(lit: bool) -> list[tuple[np.ndarray, list[SynthDie]]]:
    """Twelve rolls of one to three red or black dice (rules T2), 28–56 px, each with a
    glare spot beside them where `lit`."""
    rolls = []
    for seed in range(12):
        rng = np.random.default_rng(700 + seed)
        colors = [str(c) for c in rng.choice(["red", "black"], int(rng.integers(1, 4)))]
        dice = place_dice(rng, colors, 640, 480, float(rng.uniform(28, 56)), 0.35)
        rolls.append((with_glare(dice, seed, lit), dice))
    return rolls


def read_right_and_false(lit: bool) -> tuple[int, int, int]:
    """(dice, dice read right in value and colour, false dice) over the twelve rolls."""
    dice = right = false = 0
    for frame, truth in kwingto_rolls(lit):
        labels = [{"value": d.value, "bbox": list(d.bbox)} for d in truth]
        reading = read_dice(frame)
        pairs = match(reading.dice, labels)
        dice += len(truth)
        right += sum(
            p is not None and p.value == d.value and p.color == d.color
            for p, d in zip(pairs, truth, strict=True)
        )
        false += len(reading.dice) - sum(p is not None for p in pairs)
    return dice, right, false


def test_rolls_beside_a_glare_spot_read_as_they_do_without_it() -> None:
    """The spot's blob is deeper than any die and outweighed the dice in the die size
    (2–3 dice wide): before, 12 of these 22 dice were read right, against 19 without the
    spot. What is still misread here are black dice on the dark mat, spot or not (one roll
    of three black dice reads a false 3 beside its 1 with the spot, and a 3 for its 1
    without it)."""
    dice, right, false = read_right_and_false(lit=True)
    _, right_unlit, false_unlit = read_right_and_false(lit=False)
    assert right >= right_unlit - 1
    assert right >= 0.8 * dice
    assert false <= false_unlit + 1


def lamp_roll(seed: int, glare: float) -> tuple[np.ndarray, list[SynthDie]]:
    """A Kwingto roll (one to three red or black dice, 24–60 px) on the dark mat, under the
    renderer's pool of lamp light (`Camera.glare`: anywhere, on the dice or not)."""
    rng = np.random.default_rng(seed)
    colors = [str(c) for c in rng.choice(["red", "black"], int(rng.integers(1, 4)))]
    dice = place_dice(rng, colors, 640, 480, float(rng.uniform(24, 60)), 0.35)
    noise, jpeg, blur = rng.uniform(1, 4), int(rng.integers(80, 95)), rng.uniform(0, 0.8)
    cam = Camera(glare=glare, noise=float(noise), jpeg=jpeg, blur=float(blur))
    return render_dice(dice, 640, 480, seed=seed, surface="dark", cam=cam).image, dice


def test_dice_in_a_pool_of_lamp_light_are_read() -> None:
    """A die inside the light was one blob with it, as deep as the light: it set the die
    size and the roll was lost: over thirty rolls 42 dice were read right, against 48
    without the light. The die is now cut out of the light (`lit_object`): 47."""
    right = {}
    for glare in (1.0, 0.0):
        right[glare] = 0
        for frame, truth in (lamp_roll(seed, glare) for seed in range(5000, 5030)):
            labels = [{"value": d.value, "bbox": list(d.bbox)} for d in truth]
            pairs = match(read_dice(frame).dice, labels)
            right[glare] += sum(
                p is not None and p.value == d.value and p.color == d.color
                for p, d in zip(pairs, truth, strict=True)
            )
    assert right[1.0] >= right[0.0] - 1, right


@pytest.mark.parametrize("seed", [5002, 5005, 5006, 5012, 5040, 5058])
def test_a_die_cut_out_of_the_light_sets_the_die_size(seed: int) -> None:
    """In these rolls a die lies in the light: cut out, it is measured as in the same roll
    without the light (the light round it set 1.9–2.8 times that), and what is left of the
    light is light."""
    candidates = find_candidates(lamp_roll(seed, 1.0)[0])
    unlit = find_candidates(lamp_roll(seed, 0.0)[0]).die_size
    assert 0.85 * unlit <= candidates.die_size <= 1.2 * unlit
    blobs = candidates.blobs
    assert blobs is not None and blobs.soft is not None and blobs.soft.any()


def test_a_glare_spot_does_not_set_the_die_size() -> None:
    """In four of the twelve rolls the spot is small and bright enough that its top passes
    the plain contrast limit; it is judged light beside the sharper dice."""
    for frame, truth in kwingto_rolls(lit=True):
        size = find_candidates(frame).die_size
        assert 0.8 * truth[0].size <= size <= 1.35 * truth[0].size, (truth[0].size, size)


def test_the_middle_of_a_glare_spot_is_no_pip() -> None:
    frame = with_glare([SynthDie(5, "red", (160.0, 360.0), 36.0, 15.0)], seed=4)
    candidates = find_candidates(frame)
    assert candidates.blobs is not None and candidates.blobs.soft is not None
    labels = candidates.blobs.labels
    light = np.flatnonzero(candidates.blobs.soft)
    assert light.size == 1
    ys, xs = np.nonzero(labels == light[0])
    middle = np.array([[xs.mean(), ys.mean()]], np.float32) / candidates.factor
    assert candidates.on_body(middle)[0]


def test_blurred_dice_are_no_light() -> None:
    """Blur lowers a die's local contrast as it lowers a glare spot's: 160 px dice out of
    focus by 4 px (four times the renderer's worst) were judged light when a low contrast
    for the score was enough alone, and lost."""
    dice = [
        SynthDie(4, "red", (400.0, 360.0), 160.0, 10.0),
        SynthDie(2, "white", (800.0, 330.0), 160.0, 35.0),
    ]
    frame = render_dice(dice, 1280, 720, 5, "felt", Camera(gradient=0.1, blur=4.0, jpeg=85)).image
    candidates = find_candidates(frame)
    assert candidates.blobs is not None
    assert candidates.blobs.soft is None or not candidates.blobs.soft.any()
    assert 0.8 * 160 <= candidates.die_size <= 1.3 * 160


def test_light_alone_on_the_mat_is_no_die() -> None:
    for seed in range(6):
        assert read_dice(with_glare([], seed)).dice == ()


def test_local_contrast_is_nought_on_a_straight_slope_up_to_the_frame_edge() -> None:
    """Light cut off by the frame runs on as a straight slope: OpenCV's own borders fold it,
    and the fold was as sharp as a faint die's edge."""
    yy, xx = np.mgrid[0:60, 0:80].astype(np.float32)
    slope = 0.07 * xx - 0.05 * yy + 3.0
    assert float(np.abs(local_contrast(slope)).max()) < 1e-4
    step = slope.copy()
    step[20:40, 30:50] += 2.0  # a die's edge is a step
    assert float(local_contrast(step).max()) > 0.3


def test_local_contrast_in_a_box_is_the_whole_images_there() -> None:
    """Blobs are judged on their own windows: the same pixels as the whole image's."""
    rng = np.random.default_rng(5)
    score = (rng.random((90, 120)) * 3).astype(np.float32)
    whole = local_contrast(score)
    for _ in range(100):
        x, y = int(rng.integers(0, 115)), int(rng.integers(0, 85))
        w, h = int(rng.integers(1, 121 - x)), int(rng.integers(1, 91 - y))
        assert np.array_equal(local_contrast(score, (x, y, w, h)), whole[y : y + h, x : x + w])


def spot_box(grey: np.ndarray) -> tuple[int, int, int, int]:
    """The box of the pixels above half the spot's height, as the top-hat would find it."""
    ys, xs = np.nonzero(grey >= (int(grey.max()) + int(grey.min())) / 2)
    return int(xs.min()), int(ys.min()), int(np.ptp(xs)) + 1, int(np.ptp(ys)) + 1


def test_a_pip_fades_over_the_blur_and_lamp_light_over_many_pixels() -> None:
    """A soft glare spot on a dark table next to two cards (scene_0120) passed the top-hat
    as a pip and read as a purple 1. A pip's edge is as sharp as the camera."""
    yy, xx = np.mgrid[0:80, 0:80].astype(np.float32)
    r2 = (xx - 40) ** 2 + (yy - 40) ** 2
    for radius, blur in ((2.5, 0.0), (4.0, 1.4), (8.0, 0.8), (12.0, 1.4)):
        disc = np.where(r2 <= radius**2, 230.0, 35.0).astype(np.float32)
        if blur:
            disc = cv2.GaussianBlur(disc, (0, 0), blur)
        grey = disc.astype(np.uint8)
        assert fade_width(grey, spot_box(grey)) <= PIP_FADE, (radius, blur)
    for sigma in (5.0, 10.0):
        grey = (35 + 120 * np.exp(-r2 / (2 * sigma**2))).astype(np.uint8)
        assert fade_width(grey, spot_box(grey)) > PIP_FADE, sigma


def test_blurred_pips_side_by_side_each_fade_over_the_blur() -> None:
    """Under 2–2.5 px of blur the quarter-height areas of a 6's pips run together, and
    the merged area made a pip seem to fade over 4.4–5.7 px: blurred black 6s on a dark
    mat lost pips and were dropped (3 of 11 read right, against 6 without the test)."""
    yy, xx = np.mgrid[0:100, 0:100].astype(np.float32)
    pips = [(50 + dx * 13.0, 50 + dy * 13.0) for dx in (-1, 1) for dy in (-1, 0, 1)]
    face = np.full((100, 100), 35.0, np.float32)
    for cx, cy in pips:  # a 48 px die's 6: pips 0.17 of it across, 0.27 apart
        face[(xx - cx) ** 2 + (yy - cy) ** 2 <= 4.1**2] = 230.0
    grey = cv2.GaussianBlur(face, (0, 0), 2.5).astype(np.uint8)
    for cx, cy in pips:
        x, y = round(cx), round(cy)
        box = spot_box(grey[y - 5 : y + 6, x - 5 : x + 6])
        assert fade_width(grey, (box[0] + x - 5, box[1] + y - 5, box[2], box[3])) <= PIP_FADE
