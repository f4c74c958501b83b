"""The big pips of a number card: how many, and of which suit.

A 2–10 prints as many big pips as its rank, each a suit symbol three or four times the
height of the index's small one, so their count and shape survive the blur that makes a
small index spade look like a club or a "10" like a "6". They are a third witness for a
card whose index reads weakly (`card_reader`).

The card is warped upright to PIP_W px wide from its outline; pips are the ink blobs of a
pip's size and fill between the index columns, centred inside the rim. Pips in the bottom
half are printed turned, and are turned back before their shape is read; those on the
middle row (the centre pip of a 3, 5 or 9) may stand either way, so their shape is not read.
Spades and clubs are told by the outline's notches (`card_suit_shape`), hearts and
diamonds by where the symbol is widest: a heart at its lobes, a diamond at its middle.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.card_index import ink_depth, paper_white, red_ink
from vision.card_suit_shape import shape_suit

PIP_W = 100  # the card's width once warped, px
PAPER_PERCENT = 90  # the paper's level: most of a card is paper
PIP_INK = 0.4  # ink level of a pip: solid print, well above the index's thin strokes
PIP_MIN, PIP_MAX = 0.09, 0.34  # a pip's box sides, as shares of the card's width
INNER_X, INNER_Y = 0.12, 0.06  # the index columns and the rim, as shares of width/height
CUT_TOUCH = 0.25  # a blob along an index column's cut for more of its height was cut in two
PIP_FILL = 0.4  # a pip's share of its box (a frame line or a sliver of art fills less)
PIP_ASPECT = (0.6, 1.6)  # height / width of a pip's box
SAME_PIP = (0.5, 1.6)  # a pip's area against the median pip's (glare shrinks a pip's solid ink)
MIDDLE_ROW = 0.08  # pips this close to the card's middle may stand either way
SUIT_SHARE = 0.75  # the share of readable pips that must name one suit
MAX_ASPECT = 3.0  # a card is about 1.4-1.6 times as long as wide; a longer outline is squeezed
DIAMOND_WAIST = 0.12  # a diamond is widest within this share of its height from its middle


@dataclass(frozen=True)
class PipReading:
    """How many big pips a card shows, and the suit they name (None: not clear)."""

    count: int
    suit: str | None


def read_pips(frame: np.ndarray, quad: tuple[tuple[float, float], ...]) -> PipReading | None:
    """The pips inside a card's outline (corners clockwise from its index corner), or None
    where the warped card has no print to speak of."""
    card = _upright(frame, np.array(quad, np.float32))
    if card is None:
        return None
    ink = ink_depth(card, PAPER_PERCENT)
    if ink is None:
        return None
    pips = _pip_blobs(ink)
    if not pips:
        return PipReading(0, None)
    return PipReading(len(pips), _suit(card, ink, pips))


def _upright(frame: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """The card warped upright, PIP_W px wide, at the outline's own aspect; None for an
    outline under a pixel wide or long."""
    import cv2

    width = float(np.linalg.norm(quad[1] - quad[0]))
    length = float(np.linalg.norm(quad[3] - quad[0]))
    if width < 1.0 or length < 1.0:
        return None
    height = round(PIP_W * min(length / width, MAX_ASPECT))
    src = np.array([quad[0], quad[1], quad[3]], np.float32)
    dst = np.array([[0, 0], [PIP_W, 0], [0, height]], np.float32)
    matrix = cv2.getAffineTransform(src, dst)
    return cv2.warpAffine(frame, matrix, (PIP_W, height), flags=cv2.INTER_AREA)


def _pip_blobs(ink: np.ndarray) -> list[tuple[int, int, int, int, np.ndarray]]:
    """(x, y, w, h, mask) of each blob shaped and sized like a pip, alike in area.

    The index columns are cut off before blobs are found: a deck that prints its pips
    close to the index (paris) joins the top pip to the "10" above it, and the joined blob
    was no pip (a 10 counted 8). A blob left lying along a cut for more than CUT_TOUCH of
    its height is a symbol cut in two (an index suit as large as a pip), not a pip that
    only a thin stroke joined. The rim is judged by a pip's centre: decks print their end
    rows closer to the card's ends than the rim (an anglo 7's end pips reach 2 % of its
    length from them, and a 7 counted 5).
    """
    import cv2

    h_card = ink.shape[0]
    edge = round(INNER_X * PIP_W)
    solid = (ink >= PIP_INK).astype(np.uint8)
    solid[:, :edge] = 0
    solid[:, PIP_W - edge :] = 0
    n, labels, stats, _ = cv2.connectedComponentsWithStats(solid, 8)
    lo, hi = PIP_MIN * PIP_W, PIP_MAX * PIP_W
    found = []
    for i, (x, y, w, h, area) in enumerate(stats[1:n].tolist(), start=1):
        inside = INNER_Y * h_card <= y + h / 2 <= (1 - INNER_Y) * h_card
        shaped = PIP_ASPECT[0] <= h / w <= PIP_ASPECT[1] and area >= PIP_FILL * w * h
        if not (inside and shaped and lo <= w <= hi and lo <= h <= hi):
            continue
        mask = labels[y : y + h, x : x + w] == i
        if _cut_across(mask, x == edge, x + w == PIP_W - edge):
            continue
        found.append((x, y, w, h, area, mask))
    if not found:
        return []
    median = float(np.median([f[4] for f in found]))
    return [
        (x, y, w, h, mask)
        for x, y, w, h, area, mask in found
        if SAME_PIP[0] * median <= area <= SAME_PIP[1] * median
    ]


def _cut_across(mask: np.ndarray, left_cut: bool, right_cut: bool) -> bool:
    """Whether a blob lies along the index columns' cut (its first or last column on the
    cut) for more than CUT_TOUCH of its height."""
    along = max(
        int(mask[:, 0].sum()) if left_cut else 0, int(mask[:, -1].sum()) if right_cut else 0
    )
    return along > CUT_TOUCH * mask.shape[0]


def _suit(
    card: np.ndarray, ink: np.ndarray, pips: list[tuple[int, int, int, int, np.ndarray]]
) -> str | None:
    """The suit at least SUIT_SHARE of the pips off the middle row name, of the colour
    all pips share; None where the colours differ or no suit has that share."""
    paper = paper_white(card)
    reds = [red_ink(card[y : y + h, x : x + w][mask], paper) for x, y, w, h, mask in pips]
    if any(reds) and not all(reds):
        return None
    middle = card.shape[0] / 2
    names = []
    for x, y, w, h, mask in pips:
        centre = y + h / 2
        if abs(centre - middle) < MIDDLE_ROW * card.shape[0]:
            continue
        symbol = np.where(mask, ink[y : y + h, x : x + w], 0.0)
        if centre > middle:
            symbol = symbol[::-1, ::-1]
        names.append(_red_suit(symbol) if reds[0] else shape_suit(symbol, float(h)))
    for suit in set(names) - {None}:
        if names.count(suit) >= SUIT_SHARE * len(names):
            return suit
    return None


def _red_suit(symbol: np.ndarray) -> str:
    """Heart or diamond, from an upright symbol's widest row: a heart is widest across its
    lobes, in its upper part; a diamond at its middle."""
    widths = (symbol >= 0.5).sum(axis=1)
    widest = np.flatnonzero(widths == widths.max())
    at = float(widest.mean() + 0.5) / len(widths)
    return "D" if abs(at - 0.5) <= DIAMOND_WAIST else "H"
