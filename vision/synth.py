"""Seeded camera-like scenes: the shared plumbing for every synthetic renderer.

A renderer draws its objects onto `table(...)` and then passes the picture through
`camera(...)`: lighting gradient and vignette, an optional glare spot, defocus or motion
blur, signal-dependent noise and JPEG round-trip. Dice live in `synth_dice`; cards can be
added in their own module on top of the same functions. Everything takes a numpy
`Generator`, so one seed always gives the same image.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

TABLE_KINDS = ("tray", "wood", "felt", "dark", "cloth")


@dataclass(frozen=True)
class Camera:
    """Which camera effects to apply and how strongly (0 turns one off)."""

    gradient: float = 0.25  # brightness change across the frame, fraction
    glare: float = 0.0  # probability of a glare spot
    blur: float = 0.0  # defocus sigma in px
    noise: float = 3.0  # noise sigma at mid-grey, in 8-bit levels
    jpeg: int = 90  # JPEG quality; 0 keeps the picture lossless


def table(rng: np.random.Generator, width: int, height: int, kind: str | None = None) -> np.ndarray:
    """An empty table surface, BGR uint8: a tray, wood, felt, a dark mat or cloth."""
    kind = kind or str(rng.choice(TABLE_KINDS))
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    grain = smooth_noise(rng, width, height, scale=rng.uniform(4, 30))
    if kind == "tray":
        base = rng.uniform(185, 235) + rng.uniform(-6, 6, 3)
        img = base + 6 * grain[..., None] + rng.normal(0, 3, (height, width, 1))
    elif kind == "wood":
        base = np.array([120, 170, 210]) * rng.uniform(0.8, 1.1)
        freq, angle = rng.uniform(0.02, 0.08), rng.uniform(0, np.pi)
        along = xx * np.cos(angle) + yy * np.sin(angle)
        rings = np.sin(along * freq + 4 * grain)
        img = base * (1 + 0.08 * rings[..., None])
    elif kind == "felt":
        base = rng.choice([[40, 110, 30], [110, 60, 20], [30, 30, 120]]) * rng.uniform(0.8, 1.2)
        img = base + 8 * grain[..., None] + rng.normal(0, 5, (height, width, 1))
    elif kind == "dark":
        img = rng.uniform(25, 60) + 5 * grain[..., None] + np.zeros((1, 1, 3))
    else:
        base = rng.uniform(90, 200, 3)
        check = (np.sin(xx * 0.15) * np.sin(yy * 0.15) > 0).astype(np.float32)
        img = base * (0.85 + 0.15 * check[..., None]) + 4 * grain[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def smooth_noise(rng: np.random.Generator, width: int, height: int, scale: float) -> np.ndarray:
    """Smooth random field with values about -1..1, features `scale` px across."""
    small = rng.normal(0, 1, (max(2, int(height / scale)), max(2, int(width / scale))))
    return cv2.resize(small.astype(np.float32), (width, height), interpolation=cv2.INTER_CUBIC)


def drop_shadow(
    img: np.ndarray, mask: np.ndarray, offset: tuple[int, int], strength: float
) -> None:
    """Darken `img` in place under a blurred, shifted copy of `mask` (0–1 float)."""
    m = np.float32([[1, 0, offset[0]], [0, 1, offset[1]]])
    shadow = cv2.warpAffine(mask, m, (mask.shape[1], mask.shape[0]))
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(1.0, abs(offset[0]) + abs(offset[1])))
    img[:] = (img * (1 - strength * shadow[..., None])).astype(np.uint8)


def camera(img: np.ndarray, rng: np.random.Generator, cam: Camera) -> np.ndarray:
    """Pass a clean render through lighting, glare, blur, noise and JPEG."""
    h, w = img.shape[:2]
    x = img.astype(np.float32)
    if cam.gradient:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        angle = rng.uniform(0, 2 * np.pi)
        ramp = (xx * np.cos(angle) + yy * np.sin(angle)) / max(h, w)
        r2 = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / (max(h, w) / 2) ** 2
        x *= (1 + cam.gradient * (ramp - 0.5) - 0.15 * cam.gradient * r2)[..., None]
    if cam.glare and rng.random() < cam.glare:
        gx, gy = rng.uniform(0, w), rng.uniform(0, h)
        radius = rng.uniform(0.02, 0.08) * max(h, w)
        x += rng.uniform(80, 200) * light_spot(h, w, (gx, gy), radius)[..., None]
    if cam.blur:
        x = cv2.GaussianBlur(x, (0, 0), cam.blur)
    if cam.noise:
        sigma = cam.noise * np.sqrt(np.clip(x, 1, 255) / 128)
        x += rng.normal(0, 1, x.shape).astype(np.float32) * sigma
    out = np.clip(x, 0, 255).astype(np.uint8)
    if cam.jpeg:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, cam.jpeg])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else out
    return out


def light_spot(height: int, width: int, centre: tuple[float, float], radius: float) -> np.ndarray:
    """A round patch of light over the frame, 1 at `centre` and falling off as a Gaussian
    of `radius` px (float32, height × width)."""
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    return np.exp(-((xx - centre[0]) ** 2 + (yy - centre[1]) ** 2) / (2 * radius**2))


def lamp_light(
    img: np.ndarray, centre: tuple[float, float], radius: float, gain: float
) -> np.ndarray:
    """`img` (BGR uint8) under a desk lamp: lit 1 + `gain` times as brightly at `centre`,
    the light falling off as a Gaussian of `radius` px, clipped where it saturates. The
    lamp multiplies what the table shows, so its grain grows with the light (a glare spot,
    in `camera`, adds light instead)."""
    spot = light_spot(img.shape[0], img.shape[1], centre, radius)
    return np.clip(img * (1 + gain * spot[..., None]), 0, 255).astype(np.uint8)


def random_camera(rng: np.random.Generator) -> Camera:
    """Camera settings drawn over the range the reader must cope with."""
    return Camera(
        gradient=float(rng.uniform(0, 0.4)),
        glare=0.4,
        blur=float(rng.choice([0.0, 0.0, rng.uniform(0.4, 1.4)])),
        noise=float(rng.uniform(0, 6)),
        jpeg=int(rng.integers(55, 96)),
    )


def draw_wall(
    img: np.ndarray, rng: np.random.Generator, thickness: float, inset: float, slant: float
) -> np.ndarray:
    """Paint a tray's printed wall in place: a dark band `thickness` px wide whose outer side
    lies `inset` px inside the frame, its corners moved by up to `slant` of the frame's height
    (a camera not quite square to the tray). Returns the floor inside it, a (4, 2) float32
    quad (top left, top right, bottom right, bottom left)."""
    h, w = img.shape[:2]
    moved = rng.uniform(-slant, slant, 4) * h
    outer = np.array(
        [
            [inset + moved[0], inset],
            [w - inset, inset + moved[1]],
            [w - inset - moved[2], h - inset],
            [inset, h - inset - moved[3]],
        ],
        np.float32,
    )
    middle = outer.mean(axis=0)
    inner = middle + (outer - middle) * (1 - 2 * thickness / np.array([w, h], np.float32))
    band = np.zeros((h, w), np.uint8)
    cv2.fillPoly(band, [np.round(outer).astype(np.int32)], 1)
    cv2.fillPoly(band, [np.round(inner).astype(np.int32)], 0)
    tone = rng.uniform(20, 90)
    printed = rng.uniform(tone - 20, tone + 20, (h, w, 1)) + rng.uniform(-20, 20, 3)
    if rng.random() < 0.5:  # a coloured print
        blots = rng.uniform(0, 255, (max(1, h // 8), max(1, w // 8), 3)).astype(np.float32)
        printed = 0.6 * printed + 0.4 * cv2.resize(cv2.GaussianBlur(blots, (0, 0), 2), (w, h))
    wall = band > 0
    img[wall] = np.clip(printed[wall], 0, 255).astype(np.uint8)
    return inner.astype(np.float32)


def draw_hand(img: np.ndarray, rng: np.random.Generator) -> None:
    """Paint a rough hand (palm and fingers, skin tone, soft edges) in place: the thing
    most often in view while dice are thrown, and not a die."""
    h, w = img.shape[:2]
    scale = rng.uniform(0.12, 0.25) * max(h, w)
    cx, cy, angle = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, 2 * np.pi)
    mask = np.zeros((h, w), np.float32)
    cv2.ellipse(
        mask,
        (int(cx), int(cy)),
        (int(scale / 2), int(scale / 2.6)),
        np.degrees(angle),
        0,
        360,
        1.0,
        -1,
    )
    for k in range(5):
        a = angle + (k - 2) * 0.3
        reach = scale * (0.9 if k else 0.6)
        tip = (int(cx + reach * np.cos(a)), int(cy + reach * np.sin(a)))
        cv2.line(mask, (int(cx), int(cy)), tip, 1.0, max(2, int(scale / 7)))
    mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, scale / 40))[..., None]
    skin = np.array([rng.uniform(60, 150), rng.uniform(100, 180), rng.uniform(150, 230)])
    shade = 1 + 0.15 * smooth_noise(rng, w, h, scale / 3)[..., None]
    img[:] = np.clip(img * (1 - mask) + skin * shade * mask, 0, 255).astype(np.uint8)


def table_with_hands(seed: int, width: int = 640, height: int = 480) -> np.ndarray:
    """A seeded frame of an empty table of any kind with one or two hands over it, through a
    random camera: the frames on which the readers must report nothing."""
    rng = np.random.default_rng(seed)
    surface = table(rng, width, height)
    for _ in range(int(rng.integers(1, 3))):
        draw_hand(surface, rng)
    return camera(surface, rng, random_camera(rng))
