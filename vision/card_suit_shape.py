"""Spade or club, told by the outline of the cut-out suit symbol.

At 6–10 px a small index spade and club are both a dark blob on a short stem, and the
suit templates (drawn shapes through the same cut-out) often split their votes between
them. One difference survives the blur: a club's top lobe sits on its two side lobes, and
between them each side of the outline has a notch; a spade's sides run from its point to
its shoulders without one (its only notches are under the shoulders, beside the stem).
`notch_depth` measures the deepest notch in the upper part of the outline, from a quarter
of the way down: some spades' sides curve in just under the point, as `card_shapes` draws
them. Under MIN_SYMBOL_PX a blurred club has no notch left, so there the outline says
nothing.
"""

from __future__ import annotations

import numpy as np

UPSCALE = 4  # the outline is traced on the crop enlarged, for sub-pixel notch depths
INK_HALF = 0.5
UPPER = 0.6  # a club's notches lie above its widest row; a spade's below its shoulders
BELOW_POINT = 0.25  # a spade's sides may curve in just under its point (drawn ones do)
# Read off drawn symbols (`python -m vision.build_card_models --notches`: spades and clubs
# from `card_shapes`, printed into corners, through the simulated camera and cut out by the
# reader). Under 8 px, 18-34 % of drawn clubs are at most SPADE_MAX deep (7 % at 8-10 px,
# 1-3 % above). From 8 px, 98 % of drawn spades are at most SPADE_MAX deep, and of the
# drawn symbols at least CLUB_MIN deep 0.2 % are spades.
MIN_SYMBOL_PX = 8.0
SPADE_MAX = 0.035  # notch depth / width: at most this reads as a spade
CLUB_MIN = 0.045  # at least this reads as a club


def notch_depth(ink: np.ndarray) -> float:
    """The deepest notch of a suit symbol's outline between BELOW_POINT and UPPER of its
    height, as a fraction of its width (0 for a convex outline)."""
    import cv2

    h, w = ink.shape
    if h < 2 or w < 2:
        return 0.0
    big = cv2.resize(ink.astype(np.float32), (w * UPSCALE, h * UPSCALE))
    mask = (big >= INK_HALF).astype(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return 0.0
    outline = max(contours, key=cv2.contourArea)
    hull = cv2.convexHull(outline, returnPoints=False)
    if len(hull) < 4:
        return 0.0
    try:
        defects = cv2.convexityDefects(outline, hull)
    except cv2.error:  # a self-touching outline: no defects can be told
        return 0.0
    if defects is None:
        return 0.0
    _, y, bw, bh = cv2.boundingRect(outline)
    # Each defect is start, end, deepest point, depth (fixed point, 8 bits). A symbol has a
    # dozen at most: plain ints, where numpy's calls cost more (62 -> 54 µs a symbol).
    rows = outline[:, 0, 1]
    deepest = 0
    for _, _, far, depth in defects.reshape(-1, 4).tolist():
        if BELOW_POINT <= (int(rows[far]) - y) / bh < UPPER:
            deepest = max(deepest, depth)
    return deepest / 256.0 / bw


def shape_suit(ink: np.ndarray, height_px: float) -> str | None:
    """The suit the outline names: "S" without a notch to speak of, "C" with a clear one,
    None in between, and None for a symbol under MIN_SYMBOL_PX tall in the frame (its
    `height_px`), where blur fills a club's notches."""
    if height_px < MIN_SYMBOL_PX:
        return None
    depth = notch_depth(ink)
    if depth <= SPADE_MAX:
        return "S"
    if depth >= CLUB_MIN:
        return "C"
    return None
