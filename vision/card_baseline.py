"""The classic card-reading pipeline, as a yardstick for `card_reader`.

This follows the approach of the best-known Raspberry Pi card detector (EdjeElectronics'
OpenCV-Playing-Card-Detector), re-implemented from its description: one global threshold
set from the table's brightness, four-cornered contours of card size, a perspective warp
to a 200×300 card, the top-left corner cut and zoomed, rank (top) and suit (bottom) split,
their largest blobs resized to fixed boxes, and the template with the smallest absolute
difference wins. Its templates here are one font's glyphs and one drawn suit each, the
same non-deck sources the shipped models use.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from vision.card_reader import CardRead, CardsReading
from vision.card_shapes import RANKS, SUITS, draw_suit

THRESH_ADD = 60
RANK_BOX = (70, 125)
SUIT_BOX = (70, 100)
BASE_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
MAX_DIFF = 0.5


@dataclass(frozen=True)
class Templates:
    """One binary template per rank and per suit."""

    ranks: dict[str, np.ndarray]
    suits: dict[str, np.ndarray]


def _fit(mask: np.ndarray, box: tuple[int, int]) -> np.ndarray:
    import cv2

    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return np.zeros((box[1], box[0]), np.uint8)
    crop = mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    return cv2.resize(crop, box)


@lru_cache(maxsize=1)
def templates() -> Templates:
    """Rank glyphs from one DejaVu face, suits from `card_shapes`, at the baseline's box sizes."""
    from pathlib import Path

    from vision.build_card_models import render_text

    ranks = {}
    for rank in RANKS:
        ink = render_text(Path(BASE_FONT), rank)
        glyph = ink if ink is not None else np.zeros((8, 8), np.float32)
        ranks[rank] = _fit(((glyph > 0.5) * 255).astype(np.uint8), RANK_BOX)
    suits = {s: _fit(draw_suit(s, 96), SUIT_BOX) for s in SUITS}
    return Templates(ranks, suits)


def _order(pts: np.ndarray) -> np.ndarray:
    """TL, TR, BR, BL of a portrait card (long side vertical after the warp)."""
    s, d = pts.sum(axis=1), np.diff(pts, axis=1).ravel()
    quad = np.array([pts[np.argmin(s)], pts[np.argmin(d)], pts[np.argmax(s)], pts[np.argmax(d)]])
    if np.linalg.norm(quad[1] - quad[0]) > np.linalg.norm(quad[3] - quad[0]):
        quad = np.roll(quad, -1, axis=0)
    return quad


def _best(
    mask: np.ndarray, table: dict[str, np.ndarray], box: tuple[int, int]
) -> tuple[str, float]:
    import cv2

    fitted = _fit(mask, box)
    diffs = {k: float(cv2.absdiff(fitted, t).mean()) / 255.0 for k, t in table.items()}
    label = min(diffs, key=lambda k: diffs[k])
    return label, diffs[label]


def read_cards_baseline(frame: np.ndarray) -> CardsReading:
    """Cards found and read the classic way."""
    import cv2

    gray = cv2.GaussianBlur(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), (5, 5), 0)
    h, w = gray.shape
    level = int(gray[h // 100, w // 2]) + THRESH_ADD
    _, binary = cv2.threshold(gray, min(level, 250), 255, cv2.THRESH_BINARY)
    contours, _ = cv2.findContours(binary, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cards = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if not 1500 <= area <= 60000:
            continue
        approx = cv2.approxPolyDP(contour, 0.01 * cv2.arcLength(contour, True), True)
        if len(approx) != 4:
            continue
        quad = _order(approx[:, 0, :].astype(np.float32))
        dst = np.float32([[0, 0], [199, 0], [199, 299], [0, 299]])
        card = cv2.warpPerspective(gray, cv2.getPerspectiveTransform(quad, dst), (200, 300))
        corner = cv2.resize(card[0:84, 0:32], None, fx=4, fy=4)
        white = int(np.percentile(corner, 90))
        _, ink = cv2.threshold(corner, max(0, white - 30), 255, cv2.THRESH_BINARY_INV)
        rank, rd = _best(ink[20:185], templates().ranks, RANK_BOX)
        suit, sd = _best(ink[186:336], templates().suits, SUIT_BOX)
        text = rank + suit if max(rd, sd) < MAX_DIFF else None
        centre = quad.mean(axis=0)
        cards.append(
            CardRead(
                text,
                tuple((float(x), float(y)) for x, y in quad),
                (float(centre[0]), float(centre[1])),
                float(1.0 - max(rd, sd)),
            )
        )
    return CardsReading(tuple(cards))
