"""Read one corner index (rank over suit) from a card corner hypothesis.

The corner is resampled into a small upright patch where one unit is 1/100 of the card's
width, whatever the card's size or rotation in the frame. In that patch the index is the
first ink near the corner: the rank glyph(s) on top, the suit symbol right under them.
Both are cut out by connected components, so the exact index position of a deck does not
matter, and compared with the templates. The suit's colour is measured on the paper's own
white balance and must agree with the symbol.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np

from vision.card_detect import CornerFrame, darkest_channel, least_channel, vector_length
from vision.card_glyphs import glyph_vector
from vision.card_models import CardModels, Guess, TemplateSet
from vision.card_shapes import RED_SUITS, SUITS
from vision.card_suit_shape import shape_suit

UNIT_PX = 2
PATCH_W = 40 * UNIT_PX
PATCH_H = 72 * UNIT_PX
BORDER = 2 * UNIT_PX
RED_LEVEL = 0.18
GREY_LEVEL = 0.09  # an ink pixel this little redder than its paper is not red print
GREY_DARK = 0.6  # ink counted by `_grey_share`: no channel above this share of the paper's
GREY_SHARE = 0.05  # a red rank with this share of grey dark ink leans on something grey
MIN_CONTRAST = 40.0
TAUGHT_TRUST = 0.8
INDEX_COLUMN = 20
LINE_PX = 24 * UNIT_PX  # longer than any index glyph's straight stroke
_V_LINE = np.ones((LINE_PX, 1), np.uint8)
_H_LINE = np.ones((1, LINE_PX), np.uint8)
LINE_THICK_PX = 5 * UNIT_PX  # a rim line or shadow is thinner; a blurred mass is not
_V_THICK = np.ones((LINE_THICK_PX, 1), np.uint8)
_H_THICK = np.ones((1, LINE_THICK_PX), np.uint8)
RANK_MAX_H = 36 * UNIT_PX  # the tallest blob taken for a rank
WAIST = 0.5  # a rank and the suit it touches are both at least twice as wide as the join
SUIT_MAX_H = 1.3  # the tallest blob taken for a suit, in rank heights
SUIT_WAIST = 0.6  # a suit's waist row against its widest row above: its lobes' end
SUIT_WAIST_FROM = 0.5  # the earliest a suit's lobes may end, in rank heights from its top
STEM_H = 0.2  # the longest stem kept under a suit's lobes, in rank heights
STEM_WIDEN = 1.5  # the stem ends where the blob is this much wider than its narrowest
RIM_BAND = 8  # units from the patch edge where a rim line or edge shadow runs
CARD_TRUST = 0.8
SUIT_CORNER_MARGIN = 0.02
COLOUR_DOUBT = 0.08
BLACK_SUITS = frozenset(SUITS) - RED_SUITS
INK_LEVEL = 0.3
DEEP_INK_LEVEL = 0.45  # set on the shared scenes, as are the next two
LATE_RANK_SCORE = 0.8  # a late cut counts only this close to a rank template (`_clear`)
LATE_SUIT_VOTE = 0.5  # and with at least an even suit vote
DOUBT_WEIGHT = 0.5  # tuned on the shared decks: teaching must not make a deck worse
SURE_SUIT = 0.5  # the same
SHAPE_CONFIRM = 0.9  # set on the shared scenes: 1.0 named lone mis-sized hypotheses


@dataclass(frozen=True)
class IndexCrops:
    """The rank and suit ink (1 = ink) cut from one corner, whether the suit ink is red,
    whether the rank's is red over a suit that is not, or a red rank over a red suit carries
    grey ink (both cut again by `_red_index`), and whether they were cut by one of the late
    tries, whose reading must be clear to count (`_clear`)."""

    rank: np.ndarray
    suit: np.ndarray
    red: bool
    red_rank: bool = False
    late: bool = False
    grey_in_rank: bool = False


@dataclass(frozen=True)
class CornerRead:
    """What one corner says: rank and suit guesses, and whether colour and symbol agree.

    The suit is chosen among the suits of the colour seen (red ink cannot be a spade); the
    colour and the symbol disagree when the best symbol of the other colour clearly beats it.
    For a black suit the outline disagrees when it clearly has (a club) or lacks (a spade)
    the notches of a club's lobes against the suit named (`card_suit_shape`).
    """

    rank: Guess
    suit: Guess
    colour_agrees: bool
    outline_agrees: bool = True


def corner_patch(frame: np.ndarray, cf: CornerFrame) -> np.ndarray:
    """The corner resampled upright at UNIT_PX pixels per 1/100 card width (BGR)."""
    import cv2

    ex = cf.right / (100.0 * UNIT_PX)
    ey = cf.down / vector_length(cf.down) * (cf.width / (100.0 * UNIT_PX))
    m = np.array([[ex[0], ey[0], cf.origin[0]], [ex[1], ey[1], cf.origin[1]]], np.float64)
    return cv2.warpAffine(
        frame,
        m,
        (PATCH_W, PATCH_H),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )


def _ink(patch: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """(ink 0..1 as float, binary ink mask), or None when the patch has no printed contrast.

    The cut is low: small index glyphs are thin and blurred, so they never reach the depth
    of a solid pip.
    """
    ink = ink_depth(patch, 85)
    return None if ink is None else (ink, (ink >= INK_LEVEL).astype(np.uint8))


def ink_depth(image: np.ndarray, paper_percent: float) -> np.ndarray | None:
    """Ink 0..1 of a BGR image, measured from the paper's level (the darkest channel's
    `paper_percent` percentile) towards its darkest print (its 1st); None where the two
    are under MIN_CONTRAST apart, as on blank paper."""
    dark = darkest_channel(image)
    paper, floor = percentiles_u8(dark, (paper_percent, 1))
    if paper - floor < MIN_CONTRAST:
        return None
    return np.clip((paper - dark.astype(np.float32)) / (paper - floor), 0.0, 1.0)


class Box(NamedTuple):
    """An ink blob: its box, its area, and the labels it was cut from. Its pixels are cut out
    only when needed (`mask`): most blobs of a corner are pips and art, judged by their box."""

    x: int
    y: int
    w: int
    h: int
    area: int
    labels: np.ndarray  # component labels within the box
    label: int

    def mask(self) -> np.ndarray:
        """The blob's own pixels within its box."""
        return self.labels == self.label


def _boxes(
    labels: np.ndarray, stats: np.ndarray, ids: list[int], dx: int = 0, dy: int = 0
) -> list[Box]:
    """The blobs `ids` of a labelling, boxes shifted by (dx, dy)."""
    return [
        Box(x + dx, y + dy, w, h, area, labels[y : y + h, x : x + w], i)
        for i, (x, y, w, h, area) in zip(ids, stats[ids].tolist(), strict=True)
    ]


def _components(binary: np.ndarray) -> list[Box]:
    """Each ink blob, less the table seen past the card edge.

    A blob touching the patch edge is the table (or the card's own rim line) unless it is
    glyph-sized: some decks print the index almost on the edge.
    """
    binary[:UNIT_PX, :] = 0  # the card's very edge: table or rim line, never the index
    binary[:, :UNIT_PX] = 0
    n, labels, stats = _labelled(binary)
    keep = []
    for i, (x, y, w, h, area) in enumerate(stats[1:n].tolist(), start=1):
        corner = x <= UNIT_PX and y <= UNIT_PX
        edge = x <= UNIT_PX or y <= UNIT_PX
        odd = w > 30 * UNIT_PX or h > 36 * UNIT_PX or h < 6 * UNIT_PX or w < 2 * UNIT_PX
        if area >= 4 and not corner and not (edge and odd):
            keep.append(i)
    return _boxes(labels, stats, keep)


def _labelled(binary: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """8-connected components with their stats. BBDT labels exactly as OpenCV's default
    (Spaghetti) does on these patches, in half the time."""
    import cv2

    n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
        binary, 8, cv2.CV_32S, cv2.CCL_BBDT
    )
    return n, labels, stats


def _rank_group(seed: Box, comps: list[Box]) -> list[Box]:
    """The seed glyph, its broken strokes, and the "0" after a "1" (the only two-glyph rank)."""
    sx, sy, sw, sh = seed[:4]
    pad = UNIT_PX

    def within(c: Box) -> bool:
        return (
            c[0] >= sx - pad
            and c[0] + c[2] <= sx + sw + pad
            and c[1] >= sy - pad
            and c[1] + c[3] <= sy + sh + pad
        )

    group = [seed] + [c for c in comps if c is not seed and within(c)]
    if sw < 0.45 * sh:
        after = [
            c
            for c in comps
            if 0.7 * sh <= c[3] <= 1.3 * sh
            and 0 <= c[0] - (sx + sw) <= 0.5 * sh
            and abs(c[1] - sy) <= 0.25 * sh
        ]
        if after:
            group.append(min(after, key=lambda c: c[0]))
    return group


def index_crops(patch: np.ndarray, court_art: bool = True) -> IndexCrops | None:
    """Cut the rank and suit out of an upright corner patch, or None if no index is there.

    When that fails, the ink is thinned by a pixel and tried again, then cut to the index
    column: some decks print the index so close to a big pip or a frame line that the
    blurred blobs touch. Last, the patch is cut inside a rim line the index touches, a rank
    run into its suit is cut at the waist, the ink is cut at a deeper level, and a suit
    standing on court art is cut under its stem. These last tries run only where all else
    found nothing, so the shipped templates, built from the earlier cut-outs, still fit. A
    red rank cut out over a suit that is not red, or carrying grey ink, is cut again from
    the red ink alone.

    Without `court_art` the two tries for court art (the suit on art, the grey frame in a
    red rank) are left out: the template build's drawn corners have no court art, and
    those tries only ever cut a few of them by accident, which would change the shipped
    templates with every such try added.
    """
    import cv2

    found = _ink(patch)
    if found is None:
        return None
    ink, binary = found
    crops = _crops(patch, ink, binary.copy())
    if crops is None:
        thin = cv2.erode(binary, cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3)))
        crops = _crops(patch, ink, thin)
    if crops is None:
        # Last try: only the index column, cut free of the pip or art printed against it.
        column = binary.copy()
        column[:, INDEX_COLUMN * UNIT_PX :] = 0
        crops = _crops(patch, ink, column)
    if crops is None:
        crops = _inside_rim(patch, ink, binary)
    if crops is None:
        split = _cut_at_waist(binary)
        if split is not None:
            crops = _crops(patch, ink, split)
    if crops is None:
        crops = _deeper_ink(patch, ink)
    if crops is None and court_art:
        crops = _suit_on_art(patch, ink, binary)
    if crops is not None and crops.red_rank:
        crops = _red_index(patch, ink, late=True) or crops
    elif crops is not None and crops.grey_in_rank and court_art:
        crops = _red_index(patch, ink, late=crops.late) or crops
    return crops


def _red_index(patch: np.ndarray, ink: np.ndarray, late: bool) -> IndexCrops | None:
    """Rank and suit cut out of the red ink alone; None where that finds no red index.

    A deck prints its index in one colour. A red rank cut out over a "suit" that is not red
    means the cut took something else under the rank: on court cards (anglo, paris) the
    rank leans on the grey line framing the art, and a piece of that line was read as the
    suit. The frame line is not red, so in the red ink alone the rank and suit stand free.
    Its reading too counts only where it is clear (`late`, `_clear`). Where the suit is red
    but the rank carries grey ink (an anglo "Q" whose tail runs into the frame's corner: a
    "K" to the templates), the cut had found the index already and only the grey is
    dropped, so it is late only where that cut was.
    """
    norm = patch.astype(np.float32) / paper_white(patch).astype(np.float32)
    redness = norm[..., 2] - np.maximum(norm[..., 0], norm[..., 1])
    crops = _crops(patch, ink, ((ink >= INK_LEVEL) & (redness > RED_LEVEL)).astype(np.uint8))
    return replace(crops, late=late) if crops is not None and crops.red else None


def _deeper_ink(patch: np.ndarray, ink: np.ndarray) -> IndexCrops | None:
    """Rank and suit cut out where the ink is deeper than the usual cut (DEEP_INK_LEVEL);
    None where that finds no index either.

    A faint or thin index (paris prints its ranks in a light tint, at a camera's blur a
    glyph's edge fades into the paper) is measured against the patch's darkest print, a
    big pip or court art beside it. At the usual low cut the blurred rims of glyph and pip
    join in one blob; the join is fainter than either, so a deeper cut parts them. The
    glyphs come out thinner than the templates were built from, so such a corner's reading
    counts only where it is clear (`_clear`).
    """
    crops = _crops(patch, ink, (ink >= DEEP_INK_LEVEL).astype(np.uint8))
    return None if crops is None else replace(crops, late=True)


def _suit_on_art(patch: np.ndarray, ink: np.ndarray, binary: np.ndarray) -> IndexCrops | None:
    """Rank and suit cut out where the suit stands on court art under it, parted from the
    art at its waist (`_above_waist`); None where that finds no index either.

    Paris prints the small spade of its king and queen against the sceptre and the flower
    stem: the symbol and the art are one blob, too tall for a suit, and no ink level parts
    them. Like the other late cuts, its reading counts only where it is clear (`_clear`).
    """
    crops = _crops(patch, ink, binary.copy(), on_art=True)
    return None if crops is None else replace(crops, late=True)


def _cut_at_waist(binary: np.ndarray) -> np.ndarray | None:
    """The ink with a blob too tall for a rank, where the index should start, cut at its
    waist; None when there is no such blob.

    Some decks print a large index whose rank touches the suit under it (the tail of a
    "Q" on a heart): the two make one blob taller than any rank. Between them the blob is
    at its narrowest, clearly narrower than both the rank above and the suit below; a blank
    row there parts them.
    """
    for c in _components(binary.copy()):
        if c.h <= RANK_MAX_H or not _at_index(c):
            continue
        widths = c.mask().sum(axis=1)
        lo, hi = int(0.3 * c.h), int(0.8 * c.h)
        waist = lo + int(np.argmin(widths[lo:hi]))
        if widths[waist] <= WAIST * min(widths[:waist].max(), widths[waist + 1 :].max()):
            cut = binary.copy()
            cut[c.y + waist, max(0, c.x - 1) : c.x + c.w + 1] = 0
            return cut
    return None


def _at_index(c: Box) -> bool:
    """Whether a blob is narrow enough for a rank and starts where an index starts."""
    u = UNIT_PX
    return c.w <= 30 * u and c.x < 22 * u and c.y < 26 * u


def _inside_rim(patch: np.ndarray, ink: np.ndarray, binary: np.ndarray) -> IndexCrops | None:
    """Rank and suit cut out of the patch cut at the inner side of a rim line along its left
    or top edge.

    Many decks print a rim line near the card's edge, and a slightly large hypothesis sees
    the edge shadow there too. An index glyph touching it joins a blob that is dropped as
    table. Such a line is long, thin and parallel to the patch edge: no index stroke is
    LINE_PX long, and solid ink that long is a blurred mass, not a line. A rim passes the
    index, so it reaches within RIM_BAND of the corner; a frame line of court art beside or
    under the index does not. Cut there, the patch edge is the rim, and the rim's rounded
    corner is dropped as an edge blob as the table otherwise is. (Lines further in, such as
    frames of court art, are left: cutting them out of the ink maimed glyphs that touched
    them into confident misreadings.)
    """
    band = RIM_BAND * UNIT_PX
    cols = np.flatnonzero(_thin_runs(binary[:, :band], _V_LINE, _H_THICK)[:band].any(axis=0))
    rows = np.flatnonzero(_thin_runs(binary[:band, :], _H_LINE, _V_THICK)[:, :band].any(axis=1))
    if not len(cols) and not len(rows):
        return None
    dx = int(cols[-1]) + 1 if len(cols) else 0
    dy = int(rows[-1]) + 1 if len(rows) else 0
    return _crops(patch[dy:, dx:], ink[dy:, dx:], np.ascontiguousarray(binary[dy:, dx:]))


def _thin_runs(binary: np.ndarray, line: np.ndarray, across: np.ndarray) -> np.ndarray:
    """Ink on runs at least as long as `line`, less what is also as thick as `across`."""
    import cv2

    def opened(image: np.ndarray, kernel: np.ndarray) -> np.ndarray:
        # Nothing outside the patch: OpenCV's default border would lengthen every run that
        # reaches the patch edge by half the kernel.
        return cv2.morphologyEx(image, cv2.MORPH_OPEN, kernel, borderValue=0)

    runs = opened(binary, line)
    return runs & (1 - opened(runs, across))


def _crops(
    patch: np.ndarray, ink: np.ndarray, binary: np.ndarray, on_art: bool = False
) -> IndexCrops | None:
    """Rank and suit blobs found in one binarisation of the patch (`on_art`: see
    `_suit_below`)."""
    comps = _components(binary)
    u = UNIT_PX
    seeds = [c for c in comps if 6 * u <= c[3] <= RANK_MAX_H and _at_index(c)]
    if not seeds:
        return None
    seed = min(seeds, key=lambda c: c[1] + 0.5 * c[0])
    rank_parts = _rank_group(seed, comps)
    rx0 = min(c[0] for c in rank_parts)
    rx1 = max(c[0] + c[2] for c in rank_parts)
    ry0 = min(c[1] for c in rank_parts)
    ry1 = max(c[1] + c[3] for c in rank_parts)
    rh = ry1 - ry0
    suit = _suit_below(binary, rx0, rx1, ry1, rh, on_art)
    if suit is None:
        return None
    rank_mask = np.zeros((ry1 - ry0, rx1 - rx0), bool)
    for part in rank_parts:
        x, y = part.x - rx0, part.y - ry0
        rank_mask[y : y + part.h, x : x + part.w] |= part.mask()
    rank_ink = np.where(rank_mask, ink[ry0:ry1, rx0:rx1], 0.0)
    suit_ink = np.where(suit.mask(), ink[suit.y : suit.y + suit.h, suit.x : suit.x + suit.w], 0.0)
    paper = paper_white(patch)
    red = _is_red(patch, suit, paper)
    red_rank = _is_red(patch, seed, paper)
    grey = red and red_rank and _grey_share(patch[ry0:ry1, rx0:rx1], rank_mask, paper) >= GREY_SHARE
    return IndexCrops(rank_ink, suit_ink, red, not red and red_rank, grey_in_rank=grey)


def _suit_below(
    binary: np.ndarray, rx0: int, rx1: int, ry1: int, rh: int, on_art: bool = False
) -> Box | None:
    """The suit symbol under the rank: the top blob in a window just below it.

    The window is only as wide as the rank (plus a little), which also cuts the small suit
    free where a deck prints it touching the big pip beside it. With `on_art`, a blob too
    tall for a suit is taken too, cut at its waist (`_above_waist`).
    """

    x0 = max(0, int(rx0 - 0.12 * rh))
    x1 = min(binary.shape[1], int(rx1 + 0.12 * rh))
    y0, y1 = ry1 + 1, min(binary.shape[0], int(ry1 + 1.6 * rh))
    if y1 <= y0 or x1 <= x0:
        return None
    # Labelled in the window alone: the same blobs as in the whole patch with the rest blanked.
    n, labels, stats = _labelled(np.ascontiguousarray(binary[y0:y1, x0:x1]))
    best: tuple[int, int] | None = None  # (top, label)
    for i, (_, y, w, h, area) in enumerate(stats[1:n].tolist(), start=1):
        y += y0
        if h < 0.3 * rh or w < 0.3 * rh or area < 4 or y - ry1 > 0.8 * rh:
            continue
        if h > SUIT_MAX_H * rh and not on_art:
            continue
        if best is None or y < best[0]:
            best = (y, i)
    if best is None:
        return None
    suit = _boxes(labels, stats, [best[1]], x0, y0)[0]
    return suit if suit.h <= SUIT_MAX_H * rh else _above_waist(suit, rh)


def _above_waist(blob: Box, rh: int) -> Box | None:
    """The part of a blob above its waist: a suit symbol standing on court art (a paris
    spade on the king's sceptre or the queen's flower stem), or None where no clear waist
    parts them.

    The suit is at most SUIT_MAX_H times the rank's height. Its lobes end at the first row
    below SUIT_WAIST_FROM rank heights that is clearly narrower than the symbol above it.
    The stem under them is kept down to where the blob widens again (the art), for at most
    STEM_H rank heights: without its stem a spade read as a club to the templates. (The
    narrowest row overall lies in the art, where the window cuts a branch to a sliver: cut
    there, a paris spade kept its flower stem and was named a club.)
    """
    widths = blob.mask().sum(axis=1)
    lo, hi = int(SUIT_WAIST_FROM * rh), min(blob.h - 1, int(SUIT_MAX_H * rh))
    top = np.maximum.accumulate(widths)
    narrow = [r for r in range(lo, hi) if widths[r] <= SUIT_WAIST * top[r - 1]]
    if not narrow:
        return None
    waist = narrow[0]
    stem = int(widths[waist])
    end = min(hi, waist + int(STEM_H * rh))
    while waist < end and widths[waist] <= STEM_WIDEN * stem:
        stem = min(stem, int(widths[waist]))
        waist += 1
    return blob._replace(h=waist, area=int(widths[:waist].sum()), labels=blob.labels[:waist])


def paper_white(patch: np.ndarray) -> np.ndarray:
    """The paper's level in each channel (B, G, R), by which ink colours are made neutral:
    `percentiles_u8` at 90 % of each channel, plus one.

    Each channel's counts are summed in float64 (exact) and searched for the first level
    reaching 90 % of the pixels: 53 µs a corner against 83 µs for the three histograms
    stacked and counted below that share with numpy's reductions."""
    import cv2

    share = 90 / 100.0 * (patch.shape[0] * patch.shape[1])
    return np.array(
        [
            _reaching(cv2.calcHist([patch], [ch], None, [256], [0, 256]), share) + 1.0
            for ch in range(3)
        ]
    )


def _reaching(hist: np.ndarray, count: float) -> float:
    """The first bin of a histogram whose cumulative count reaches `count`."""
    return float(hist.cumsum(dtype=np.float64).searchsorted(count))


def _pixels(box: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The BGR pixels of `box` under `mask` in row order, (n, 3): `box[mask]`, which took
    numpy's slower path for a mask over two of three axes (twice as long)."""
    return np.compress(mask.ravel(), box.reshape(-1, 3), axis=0)


def _is_red(patch: np.ndarray, blob: Box, paper: np.ndarray) -> bool:
    """Whether a blob's ink is red (`red_ink`)."""
    return red_ink(
        _pixels(patch[blob.y : blob.y + blob.h, blob.x : blob.x + blob.w], blob.mask()), paper
    )


def red_ink(pixels: np.ndarray, paper: np.ndarray) -> bool:
    """Red ink: red clearly above green and blue once the paper (`paper_white`) is made
    neutral white; `pixels` are (n, 3) BGR."""
    sel = pixels.astype(np.float32) / paper
    if len(sel) == 0:
        return False
    redness = sel[:, 2] - np.maximum(sel[:, 0], sel[:, 1])
    return _median(redness) > RED_LEVEL


def _grey_share(box: np.ndarray, mask: np.ndarray, paper: np.ndarray) -> float:
    """The share of a blob's dark ink (`mask` within the BGR `box`; dark: no channel above
    GREY_DARK of the paper's) that is not red print. A grey frame line a red rank touches is
    dark in every channel; a red glyph is dark only in green and blue, and a blurred, faint
    one's rims, tinted grey by the camera's colour noise, are not dark at all. (Counted over
    all of the blob's ink, the rims of faint red ranks on the shared scenes reached 15 %.)"""
    sel = _pixels(box, mask).astype(np.float32) / paper
    dark = sel[least_channel(sel) <= GREY_DARK]
    if len(dark) == 0:
        return 0.0
    redness = dark[:, 2] - np.maximum(dark[:, 0], dark[:, 1])
    return float(np.count_nonzero(redness < GREY_LEVEL)) / len(dark)


def _median(values: np.ndarray) -> float:
    """np.median of a non-empty 1-D array by one partial sort (np.median's own overhead was
    ten times the work on these few hundred values)."""
    half = len(values) // 2
    if len(values) % 2:
        return float(np.partition(values, half)[half])
    part = np.partition(values, (half - 1, half))
    return float((part[half - 1] + part[half]) / 2)


def percentiles_u8(image: np.ndarray, qs: tuple[float, ...], channel: int = 0) -> tuple[float, ...]:
    """Percentiles of one channel of a uint8 image from its histogram (OpenCV's histogram:
    several times cheaper than sorting, or than numpy's bincount). The cumulative count is
    searched by the array's own methods: numpy's function wrappers cost more than the work
    on 256 bins, and this runs several times per corner."""
    import cv2

    hist = cv2.calcHist([image], [channel], None, [256], [0, 256])
    cdf = hist.ravel().astype(np.int64).cumsum()
    total = float(cdf[-1])
    return tuple(float(cdf.searchsorted(q / 100.0 * total)) for q in qs)


def corner_vector(patch: np.ndarray) -> np.ndarray:
    """The whole corner (index and whatever artwork sits beside it) as one unit vector of
    ink and redness, for matching against a taught deck's own corners."""
    import cv2

    small = cv2.resize(patch, (PATCH_W // 4, PATCH_H // 4), interpolation=cv2.INTER_AREA)
    pix = small.astype(np.float32)
    paper = np.percentile(pix.reshape(-1, 3), 90, axis=0) + 1.0
    norm = pix / paper
    ink = 1.0 - least_channel(norm)
    red = norm[..., 2] - np.maximum(norm[..., 0], norm[..., 1])
    v = np.concatenate([ink.ravel(), red.ravel()])
    v -= v.mean()
    return v / (float(np.linalg.norm(v)) + 1e-9)


def _taught_suit(patch: np.ndarray, models: CardModels) -> Guess | None:
    """The suit by the taught deck's whole corners: beside a tiny index most decks print a
    big pip or court art, which tells spades from clubs far better than the index symbol."""
    cards = models.taught_card
    if not cards.groups:
        return None
    scores = cards.scores(corner_vector(patch))
    by_suit: dict[str, float] = {}
    for label, idx in cards.groups.items():
        by_suit[label[-1]] = max(by_suit.get(label[-1], -1.0), float(scores[idx].max()))
    ranked = sorted(by_suit.items(), key=lambda kv: kv[1], reverse=True)
    best, score = ranked[0]
    margin = score - (ranked[1][1] if len(ranked) > 1 else -1.0)
    if score < CARD_TRUST:
        return None
    return Guess(best, score, margin, min(1.0, margin / SUIT_CORNER_MARGIN))


def read_patches(
    patches: list[np.ndarray], models: CardModels, widths: list[float]
) -> list[CornerRead | None]:
    """Rank, suit and colour check of each resampled corner patch (None where it shows no
    index), taught templates first; the glyphs of all of them are compared with the
    templates in one matrix product per template set (per-glyph products cost more than
    the cut-outs). `widths` are the cards' widths in frame pixels, one per patch: they say
    how many pixels the camera gave a suit symbol (`card_suit_shape.shape_suit`)."""
    crops = [index_crops(p) for p in patches]
    live = [k for k, c in enumerate(crops) if c is not None]
    out: list[CornerRead | None] = [None] * len(patches)
    if not live:
        return out
    cut = [c for c in crops if c is not None]
    ranks = np.stack([glyph_vector(c.rank) for c in cut])
    suits = np.stack([glyph_vector(c.suit) for c in cut])
    (rank_answers,) = _classify(ranks, models.taught_rank, models.rank, (None,))
    red, black, anywhere = _classify(
        suits, models.taught_suit, models.suit, (RED_SUITS, BLACK_SUITS, None)
    )
    for j, k in enumerate(live):
        # The outline is traced only where it can matter: a black suit under a rank with
        # a vote (a corner's weight is the product of the two votes).
        rank = rank_answers[j]
        weighed = not cut[j].red and rank is not None and rank.vote > 0.0
        height_px = cut[j].suit.shape[0] / UNIT_PX * widths[k] / 100.0
        shape = shape_suit(cut[j].suit, height_px) if weighed else None
        suit = red[j] if cut[j].red else _confirmed(black[j], shape)
        if cut[j].late and not _clear(rank, suit):
            continue
        read = _corner_read(patches[k], models, cut[j].red, rank, suit, anywhere[j], shape)
        if read is not None and cut[j].red_rank:
            # A deck prints its index in one colour. A red rank whose suit is not red, and
            # that red ink alone could not cut again, contradicts itself: a tiny red suit
            # blurred dark on a tinted table was named a spade from two such corners.
            read = replace(read, colour_agrees=False)
        out[k] = read
    return out


def _clear(rank: Guess | None, suit: Guess | None) -> bool:
    """Whether a late cut's reading counts: its rank matches a template closely and its suit
    has at least an even vote. Late cuts also cut fragments on corners without a clean
    index, and glyphs thinner than the templates were built from; a rank alone, its suit
    left to the network, named a small spade a club."""
    return (
        rank is not None
        and suit is not None
        and rank.score >= LATE_RANK_SCORE
        and suit.vote >= LATE_SUIT_VOTE
    )


def clear_reading(read: CornerRead) -> bool:
    """Whether a corner's reading is clear: the same test a late cut must pass (`_clear`)."""
    return _clear(read.rank, read.suit)


def _confirmed(suit: Guess | None, shape: str | None) -> Guess | None:
    """The black suit's guess, its vote raised to SHAPE_CONFIRM where the outline names the
    same suit. Below 1, so that one corner confirmed so is not enough to name a card (a
    lone, mis-sized hypothesis with a wrong rank was named so), while two are."""
    if suit is None or shape != suit.label:
        return suit
    return replace(suit, vote=max(suit.vote, SHAPE_CONFIRM))


def _corner_read(
    patch: np.ndarray,
    models: CardModels,
    red: bool,
    rank: Guess | None,
    suit: Guess | None,
    anywhere: Guess | None,
    shape: str | None = None,
) -> CornerRead | None:
    """One corner's reading from its rank, its suit among the suits of the colour seen, the
    best suit of any colour, and the suit the outline names (spade or club, or None)."""
    if rank is None or suit is None or anywhere is None:
        return None
    colour = RED_SUITS if red else BLACK_SUITS
    agrees = anywhere.label in colour or anywhere.score - suit.score < COLOUR_DOUBT
    by_corner = _taught_suit(patch, models)
    if by_corner is None or suit.vote >= SURE_SUIT:
        return CornerRead(rank, suit, agrees, shape in (None, suit.label))
    # The index symbol is unsure (under an even vote): of the two witnesses the surer speaks,
    # weakened by half the other's vote where they disagree. (Both limits were set on the
    # shared decks' frames, so that teaching a deck never made it read worse.)
    surer, other = sorted((by_corner, suit), key=lambda g: g.vote, reverse=True)
    vote = surer.vote if surer.label == other.label else surer.vote - DOUBT_WEIGHT * other.vote
    merged = Guess(surer.label, surer.score, surer.margin, vote)
    return CornerRead(rank, merged, merged.label in colour, shape in (None, merged.label))


def _classify(
    vectors: np.ndarray,
    taught: TemplateSet,
    shipped: TemplateSet,
    questions: tuple[frozenset[str] | None, ...],
) -> list[list[Guess | None]]:
    """Answers per allowed-label set, one per glyph vector (rows of `vectors`): the taught
    templates' when they match closely and are at least as sure as the shipped ones,
    otherwise the shipped ones'."""
    scores = shipped.scores(vectors)
    answers = shipped.answers(scores, questions)
    if taught.groups:
        scores = taught.scores(vectors)
        for mine_all, theirs_all in zip(taught.answers(scores, questions), answers, strict=True):
            for k, (mine, theirs) in enumerate(zip(mine_all, theirs_all, strict=True)):
                if (
                    mine is not None
                    and mine.score >= TAUGHT_TRUST
                    and (theirs is None or mine.vote >= theirs.vote)
                ):
                    theirs_all[k] = mine
    return answers
