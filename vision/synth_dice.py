"""Seeded synthetic dice scenes: any colour, value, size and rotation, touching or not.

Used for training crops, for tests that need an exact answer (the renderer knows where
every die is), for benchmarks and for the demo's simulated table. Table and camera
effects come from `synth`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.synth import (
    Camera,
    camera,
    draw_wall,
    drop_shadow,
    lamp_light,
    random_camera,
    table,
)

BODY_BGR: dict[str, tuple[int, int, int]] = {
    "red": (40, 35, 190),
    "black": (38, 36, 34),
    "white": (228, 230, 232),
    "green": (70, 150, 40),
    "blue": (160, 70, 30),
    "yellow": (40, 200, 225),
    "purple": (130, 40, 100),
}
LIGHT_BODIES = {"white", "yellow"}
PIP_STEP = 0.27  # distance between neighbouring pips, in die edges
PIP_RADIUS = 0.085  # in die edges
PIP_BGR = {"white": (240, 240, 240), "black": (25, 25, 25), "red": (30, 30, 170)}
PIP_OFFSETS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}


@dataclass(frozen=True)
class SynthDie:
    """What to draw: a die's face, colours, centre (px), edge (px) and rotation (degrees)."""

    value: int
    color: str
    center: tuple[float, float]
    size: float
    angle: float = 0.0
    pip_color: str | None = None  # default: white on dark bodies, black on light ones
    lean: tuple[float, float] = (0.0, 0.0)  # base's offset from the top face, in die edges

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        """Axis-aligned box of the rotated top face."""
        half = (
            self.size
            / 2
            * (abs(np.cos(np.radians(self.angle))) + abs(np.sin(np.radians(self.angle))))
        )
        return (self.center[0] - half, self.center[1] - half, 2 * half, 2 * half)


@dataclass(frozen=True)
class DiceScene:
    """A rendered frame and the dice in it (the ground truth)."""

    image: np.ndarray
    dice: tuple[SynthDie, ...]


def render_dice(
    dice: Sequence[SynthDie],
    width: int = 640,
    height: int = 480,
    seed: int = 0,
    surface: str | None = "tray",
    cam: Camera | None = None,
    tone: float = 0.0,
) -> DiceScene:
    """Draw the given dice on a table and pass the result through the camera.

    `tone` (0–0.3) randomly varies body and pip colours per die, as real sets do.
    """
    rng = np.random.default_rng(seed)
    img = table(rng, width, height, surface)
    for die in dice:
        draw_die(img, die, rng, tone)
    return DiceScene(camera(img, rng, cam or Camera()), tuple(dice))


def draw_die(img: np.ndarray, die: SynthDie, rng: np.random.Generator, tone: float = 0.0) -> None:
    """Paint one die (shadow, side, top face with bevel, pips) onto `img` in place."""
    body = np.array(BODY_BGR[die.color], np.float32) * (1 + rng.uniform(-tone, tone, 3))
    pip_name = die.pip_color or ("black" if die.color in LIGHT_BODIES else "white")
    pip = np.array(PIP_BGR[pip_name], np.float32) * (1 + rng.uniform(-tone, tone, 3) / 2)
    top = face_outline(die)
    footprint = np.zeros(img.shape[:2], np.float32)
    cv2.fillPoly(footprint, [np.round(top * 16).astype(np.int32)], 1.0, cv2.LINE_AA, shift=4)
    drop_shadow(img, footprint, (round(die.size * 0.06), round(die.size * 0.06)), 0.35)
    if die.lean == (0.0, 0.0):
        side = top + rng.uniform(-0.04, 0.04, 2) * die.size  # a camera looking straight down
        fill(img, side, body * 0.6)
    else:
        draw_sides(img, die, top, body, pip, rng)
    fill(img, top, body)
    rim = np.round(top * 16).astype(np.int32)
    thickness = max(1, round(die.size * 0.05))
    cv2.polylines(img, [rim], True, tuple(float(v) for v in body * 0.8), thickness, cv2.LINE_AA, 4)
    c, s = np.cos(np.radians(die.angle)), np.sin(np.radians(die.angle))
    step, radius = PIP_STEP * die.size, PIP_RADIUS * die.size
    for ox, oy in PIP_OFFSETS[die.value]:
        px = die.center[0] + (ox * c - oy * s) * step
        py = die.center[1] + (ox * s + oy * c) * step
        centre = (round(px * 16), round(py * 16))
        color = tuple(float(v) for v in np.clip(pip, 0, 255))
        cv2.circle(img, centre, max(1, round(radius * 16)), color, -1, cv2.LINE_AA, 4)


def draw_sides(
    img: np.ndarray,
    die: SynthDie,
    top: np.ndarray,
    body: np.ndarray,
    pip: np.ndarray,
    rng: np.random.Generator,
) -> None:
    """Paint the side faces a camera sees when it looks at a die obliquely, pips and all.

    A webcam on a stand, or a wide lens near the edge of its view, shows one or two
    faces beside the top one (`top`, its outline); their pips must not be counted, as
    the top face is the die's value. The base is the top face moved by `lean`; each
    edge of the top face that faces along the lean shows its side face as the band
    between the edge and its moved copy, with a random face's pips mapped onto it.
    """
    lean = np.array(die.lean) * die.size
    fill(img, cv2.convexHull(np.vstack([top, top + lean]).astype(np.float32))[:, 0], body * 0.5)
    square = np.array([(1, 1), (-1, 1), (-1, -1), (1, -1)]) * die.size / 2
    corners = square @ turning(die) + die.center
    ring = np.radians(np.arange(0, 360, 30))
    for k in range(4):
        start, end = corners[k], corners[(k + 1) % 4]
        edge = end - start
        if np.dot((start + end) / 2 - die.center, lean) <= 0:
            continue  # the face looks away from the camera
        fill(img, np.array([start, end, end + lean, start + lean]), body * rng.uniform(0.55, 0.85))
        outline = np.cos(ring)[:, None] * edge + np.sin(ring)[:, None] * lean  # a pip, unscaled
        for ox, oy in PIP_OFFSETS[int(rng.integers(1, 7))]:
            centre = start + (0.5 + PIP_STEP * ox) * edge + (0.5 + PIP_STEP * oy) * lean
            fill(img, centre + PIP_RADIUS * outline, pip * 0.85)


def face_outline(die: SynthDie, corner: float = 0.16) -> np.ndarray:
    """Points of the rounded-square top face in image px, (n, 2) float."""
    half, r = die.size / 2, corner * die.size
    pts = []
    for qx, qy, start in ((1, 1, 0), (-1, 1, 90), (-1, -1, 180), (1, -1, 270)):
        cx, cy = qx * (half - r), qy * (half - r)
        for a in np.radians(np.arange(start, start + 91, 15)):
            pts.append((cx + r * np.cos(a), cy + r * np.sin(a)))
    p = np.array(pts)
    return p @ turning(die) + np.array(die.center)


def turning(die: SynthDie) -> np.ndarray:
    """The 2×2 matrix that turns a row of face offsets (x, y) by the die's angle."""
    c, s = np.cos(np.radians(die.angle)), np.sin(np.radians(die.angle))
    return np.array([[c, s], [-s, c]])


def fill(img: np.ndarray, poly: np.ndarray, color: np.ndarray) -> None:
    """Anti-aliased polygon fill with sub-pixel corners."""
    bgr = tuple(float(v) for v in np.clip(color, 0, 255))
    cv2.fillPoly(img, [np.round(poly * 16).astype(np.int32)], bgr, cv2.LINE_AA, shift=4)


def place_dice(
    rng: np.random.Generator,
    colors: Sequence[str],
    width: int,
    height: int,
    size: float,
    touching: float,
) -> list[SynthDie]:
    """Random non-overlapping dice; with probability `touching` a die is set against the
    previous one (rotated alike, as dice that bumped each other lie)."""
    dice: list[SynthDie] = []
    margin = size
    for color in colors:
        for _ in range(200):
            angle = float(rng.uniform(0, 90))
            touched = bool(dice) and rng.random() < touching
            if touched:
                prev = dice[-1]
                direction = rng.uniform(0, 2 * np.pi)
                gap = (
                    size
                    * rng.uniform(1.02, 1.12)
                    / max(abs(np.cos(direction)), abs(np.sin(direction)))
                )
                gap = min(gap, size * 1.45)
                x = prev.center[0] + gap * np.cos(direction + np.radians(prev.angle))
                y = prev.center[1] + gap * np.sin(direction + np.radians(prev.angle))
                angle = prev.angle + float(rng.uniform(-4, 4))
            else:
                x, y = rng.uniform(margin, width - margin), rng.uniform(margin, height - margin)
            if not (margin / 2 < x < width - margin / 2 and margin / 2 < y < height - margin / 2):
                continue
            near = 1.0 if touched else 1.5  # only aligned neighbours may come this close
            if all(np.hypot(x - d.center[0], y - d.center[1]) >= size * near for d in dice):
                value = int(rng.integers(1, 7))
                dice.append(SynthDie(value, color, (float(x), float(y)), size, angle))
                break
    return dice


def random_dice_scene(
    seed: int,
    width: int = 640,
    height: int = 480,
    colors: Sequence[str] | None = None,
    size: float | None = None,
    touching: float = 0.35,
    oblique: float = 0.0,
) -> DiceScene:
    """A random scene: 1–12 dice of random colours (or the given ones), one random size
    between 20 and 150 px (capped by the frame), random table and camera effects.

    With `oblique` > 0 the camera looks at the dice from aside: every die shows side
    faces along one direction, up to `oblique` die edges wide. The leans come from a
    generator of their own, so the scene has the same dice in the same places as without.
    """
    rng = np.random.default_rng(seed)
    if colors is None:
        names = list(BODY_BGR)
        colors = [str(rng.choice(names)) for _ in range(int(rng.integers(1, 13)))]
    size = size or float(np.exp(rng.uniform(np.log(20), np.log(min(150, min(width, height) / 4)))))
    dice = place_dice(rng, colors, width, height, size, touching)
    pips = [
        d
        if rng.random() > 0.15 or d.color in LIGHT_BODIES
        else SynthDie(d.value, d.color, d.center, d.size, d.angle, "red")
        for d in dice
    ]
    surface = str(rng.choice(["tray", "tray", "wood", "felt", "dark", "cloth"]))
    if surface == "dark":
        pips = [d for d in pips if d.color != "black"]
    if oblique > 0:
        pips = leaning(pips, oblique, np.random.default_rng([seed, 1]))
    return render_dice(
        pips, width, height, int(rng.integers(1 << 31)), surface, random_camera(rng), 0.2
    )


def walled_dice_scene(seed: int, width: int = 640, height: int = 480) -> DiceScene:
    """A tray seen from above with its printed wall round the frame: 3–9 game dice (red,
    black, white) of one size, 6–10 % of the frame's height, on the floor; about two in five
    pushed against the nearest side of the wall. Random camera effects."""
    rng = np.random.default_rng(seed)
    img = table(rng, width, height, "tray")
    size = float(rng.uniform(0.06, 0.1) * height)
    floor = draw_wall(img, rng, size * rng.uniform(0.6, 1.1), rng.uniform(0, 0.06) * height, 0.03)
    (left, top), (right, bottom) = floor.min(axis=0), floor.max(axis=0)
    colors = [str(c) for c in rng.choice(["red", "black", "white"], int(rng.integers(3, 10)))]
    placed = place_dice(rng, colors, int(right - left) - 10, int(bottom - top) - 10, size, 0.35)
    dice: list[SynthDie] = []
    for die in placed:
        x, y = die.center[0] + left + 5, die.center[1] + top + 5
        if rng.random() < 0.4:
            half = 0.55 * size
            side = int(np.argmin([x - left, right - x, y - top, bottom - y]))
            x = (left + half, right - half, x, x)[side]
            y = (y, y, top + half, bottom - half)[side]
        if all(np.hypot(x - d.center[0], y - d.center[1]) >= 1.05 * size for d in dice):
            dice.append(replace(die, center=(float(x), float(y))))
    for die in dice:
        draw_die(img, die, rng, 0.2)
    return DiceScene(camera(img, rng, random_camera(rng)), tuple(dice))


def lamp_lit_roll(seed: int, width: int = 640, height: int = 480, lit: bool = True) -> DiceScene:
    """A Kwingto roll (one to three red or black dice, 28–56 px across at 640 px wide) on a
    tray, wood, felt or a dark mat, under a desk lamp (`lamp_light`) whose pool, 6–15 % of
    the frame's width, is centred near one of the dice and lifts the picture 1.6–2.5 times
    at its middle. `lit=False` gives the same roll without the lamp."""
    rng = np.random.default_rng(seed)
    colors = [str(c) for c in rng.choice(["red", "black"], int(rng.integers(1, 4)))]
    scale = width / 640
    dice = place_dice(rng, colors, width, height, float(rng.uniform(28, 56)) * scale, 0.35)
    surface = str(rng.choice(["tray", "wood", "felt", "dark"]))
    plain = Camera(gradient=0.0, noise=0.0, jpeg=0)
    img = render_dice(dice, width, height, int(rng.integers(1 << 31)), surface, plain).image
    target = dice[int(rng.integers(len(dice)))]
    radius = float(rng.uniform(0.06, 0.15)) * width
    centre = (
        target.center[0] + rng.normal(0, radius / 2),
        target.center[1] + rng.normal(0, radius / 2),
    )
    gain = float(rng.uniform(0.6, 1.5))
    if lit:
        img = lamp_light(img, centre, radius, gain)
    return DiceScene(camera(img, rng, Camera(gradient=0.0, noise=3.0, jpeg=85)), tuple(dice))


def leaning(dice: Sequence[SynthDie], most: float, rng: np.random.Generator) -> list[SynthDie]:
    """The dice as a tilted camera sees them: one lean for the scene (10–100 % of `most`
    die edges, any direction), each die's a little different."""
    heading = rng.uniform(0, 2 * np.pi)
    lean = rng.uniform(0.1, 1.0) * most * np.array([np.cos(heading), np.sin(heading)])
    spread = rng.normal(0, 0.03, (len(dice), 2))
    return [
        replace(d, lean=(float(x), float(y))) for d, (x, y) in zip(dice, lean + spread, strict=True)
    ]
