"""Suit symbols drawn in code, for the shipped suit models and the synthetic card faces.

Every deck draws its hearts, diamonds, spades and clubs a little differently, so the
shapes here take a random generator and vary their proportions: the suit model learns the
idea of each suit, not one artist's outline. Nothing here comes from any deck's artwork.
"""

from __future__ import annotations

import numpy as np

SUITS = ("S", "H", "D", "C")
RED_SUITS = frozenset("HD")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _heart_outline(n: int, squash: float) -> np.ndarray:
    """The classic parametric heart, point down, in a unit-ish box centred on 0."""
    t = np.linspace(0.0, 2.0 * np.pi, n, endpoint=False)
    x = 16.0 * np.sin(t) ** 3
    y = -(13.0 * np.cos(t) - 5.0 * squash * np.cos(2 * t) - 2.0 * np.cos(3 * t) - np.cos(4 * t))
    return np.stack([x / 17.0, y / 17.0], axis=1)


def draw_suit(suit: str, size: int, rng: np.random.Generator | None = None) -> np.ndarray:
    """A `size`×`size` uint8 mask (255 = ink) of one suit symbol, proportions jittered by `rng`."""
    import cv2

    rng = rng or np.random.default_rng(0)
    canvas = np.zeros((size, size), np.uint8)
    c = size / 2.0
    r = size * 0.42
    width = float(rng.uniform(0.85, 1.1))

    def poly(points: np.ndarray) -> None:
        pts = np.round(points * 16).astype(np.int32)
        cv2.fillPoly(canvas, [pts], 255, cv2.LINE_AA, shift=4)

    def disc(x: float, y: float, radius: float) -> None:
        cv2.circle(
            canvas, (round(x * 16), round(y * 16)), round(radius * 16), 255, -1, cv2.LINE_AA, 4
        )

    if suit == "H":
        pts = _heart_outline(96, float(rng.uniform(0.7, 1.3)))
        poly(np.stack([c + pts[:, 0] * r * width, c + pts[:, 1] * r], axis=1))
    elif suit == "D":
        half_w = r * float(rng.uniform(0.62, 0.85))
        bulge = float(rng.uniform(-0.12, 0.06))  # < 0: concave sides, as many decks draw
        t = np.linspace(0.0, 1.0, 12)
        sides = []
        for (x0, y0), (x1, y1) in [
            ((0, -r), (half_w, 0)),
            ((half_w, 0), (0, r)),
            ((0, r), (-half_w, 0)),
            ((-half_w, 0), (0, -r)),
        ]:
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            nx, ny = mx / (np.hypot(mx, my) + 1e-9), my / (np.hypot(mx, my) + 1e-9)
            bend = bulge * r * 4 * t * (1 - t)
            sides.append(
                np.stack([x0 + (x1 - x0) * t + nx * bend, y0 + (y1 - y0) * t + ny * bend], axis=1)
            )
        poly(np.concatenate(sides) + c)
    elif suit == "S":
        pts = _heart_outline(96, float(rng.uniform(0.7, 1.3)))
        body = r * 0.82
        poly(np.stack([c + pts[:, 0] * body * width, c - 0.12 * r - pts[:, 1] * body], axis=1))
        _stem(poly, c, c + 0.3 * r, c + r, r, rng)
    elif suit == "C":
        lobe = r * float(rng.uniform(0.3, 0.4))
        spread = r * float(rng.uniform(0.48, 0.62))
        cy = c - 0.12 * r
        disc(c, cy - spread * 0.85, lobe)
        disc(c - spread, cy + spread * 0.45, lobe)
        disc(c + spread, cy + spread * 0.45, lobe)
        disc(c, cy + spread * 0.1, lobe * 0.8)
        _stem(poly, c, cy + spread * 0.3, c + r, r, rng)
    else:
        raise ValueError(f"unknown suit {suit!r}")
    return canvas


def _stem(poly, cx: float, top: float, bottom: float, r: float, rng: np.random.Generator) -> None:
    """The foot of a spade or club: a flared triangle under the body, from stub to full."""
    foot = r * float(rng.uniform(0.05, 0.4))
    neck = r * float(rng.uniform(0.03, 0.1))
    bottom = top + (bottom - top) * float(rng.uniform(0.6, 1.0))
    poly(
        np.array(
            [[cx - neck, top], [cx + neck, top], [cx + foot, bottom], [cx - foot, bottom]],
            np.float64,
        )
    )
