"""Where dice might be: the classical half of the reader.

The frame is shrunk to a working size, compared with a smooth estimate of the empty table
(colour distance plus local texture, so white dice on a white tray still stand out), and
the resulting mask gives both the die size (from the distance transform of compact blobs)
and candidate centres (points deep inside blobs, at the depth a die's centre would have,
and points round bright pips on a dark face where the mask found no body).
This stage is tuned for recall: it proposes many points, and the learned classifier in
`dice_net` decides which of them are dice. Nothing here knows a die's colour.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

WORK_SIDE = 320  # long side of the working image, px
MIN_WORK_SCALE = 0.5  # never shrink more than this, so small dice in big frames survive
BG_SIDE = 48  # long side of the image the table background is estimated on
BG_KERNEL = 11  # median kernel on that image: wider than a cluster of a few dice
MAX_CANDIDATES = 400
# A tray's wall or a long cable is a band about a die wide that runs on for many dice: its
# middle has a die centre's depth all along, and the wall round a tray proposed hundreds of
# points (docs/vision-dice.md, "A tray's wall"). A point whose mask runs on for BAND_RUN die
# edges one way (six game dice in a row are at most 7) and at most BAND_ACROSS the other is no
# die's centre; a die against the wall is not in the band's run.
BAND_RUN = 8.0
BAND_ACROSS = 2.0
CARD_MIN_DEPTH = 8.0  # blobs shallower than this (working px) are not judged as cards
CARD_FILL = 0.92  # pixels of a card's blob per px² of its rotated bounding rectangle
CARD_RATIO = (1.3, 1.58)  # a card's blob elongation; two dice edge to edge measure ≥ 1.6
SIZE_PER_DEPTH = 1.07  # labelled box side / (2 × blob depth), on the training photos
MIN_DEPTH = 4.2  # working px: an 18 px die at 640 px and up; 2–4 px crumbs' blobs: 2.7–3.7
LIGHT_WEIGHT = 0.7  # a shadow or a lighting step shifts lightness, not hue
CHROMA_WEIGHT = 1.5  # YCrCb chroma spans less range than lightness
TEXTURE_LEVEL = 6.0  # local lightness contrast (grey levels) of an object on a plain table
TEXTURE_BOX = 5  # side of the two box means that take the local contrast (the texture)
TEXTURE_REACH = 2 * (TEXTURE_BOX // 2)  # px beyond an edge that its texture reaches
TABLE_SHARE = 25  # percentile of a frame's texture that is the table's own (table ≥ 1/4)
TABLE_MARGIN = 3.0  # on a textured table, an object's texture is this many times the table's
DIE_PER_CARD = 0.6  # the largest die beside a mini card, by depth (a 25 mm die is 0.57)
CARD_SHARE = 0.75  # dice measured this deep beside lone cards are cards (a die is 0.36 card wide)
SQUARE_FILL = (0.7, 1.25)  # a lone die's blob area per (2 × depth)²: a disc 0.79, a card 1.5
SQUARE_MARGIN = 1.5  # a median over all blobs this much deeper than the squares' is cards
SQUARE_SPREAD = 1.25  # squares within this ratio of depth count as one set of dice
MIN_SQUARES = 2  # one square blob among cards is as often a speck or a pip as a die
SQUARE_MIN_DEPTH = 7.0  # working px: synthetic felt and wood leave rows of squares 6.7 deep
PIP_KERNEL = 0.35  # die edges: the top-hat that finds pips is wider than a pip (0.17), not a die
PIP_LIFT = 60  # grey levels a pip stands above what the top-hat leaves round it
DARK_SURROUND = 90  # grey level round a pip, at most: the body of a dark die
FACE_WINDOW = 0.8  # die edges: the window whose mean grey says the pip lies on a dark face
DARK_FACE = 100  # that mean, at most: a black die with six white pips is about 90
PIP_REACH = 0.4  # die edges: a face's centre lies within this of each pip (corner pips: 0.38)
PIP_DIAMETER = 0.17  # die edges: a pip's diameter (renderer 0.17; real dice 0.15–0.2)
PIP_CORE = (0.23, 0.6)  # a lone pip's bright core, as a share of its blob's width
MAX_DIE_SHARE = 1 / 3  # of the frame's short side: the largest die a pip may imply
PIP_FADE = 4.0  # px: a pip's edge fades over at most this (`fade_width`); lamp light over more
PIP_BOX = 40  # blob depth²: the most box a face's pips run together by the mask can fill
MAX_PIPS = 120  # more pips than 20 dice show: a speckled cloth or sensor noise, not dice
# die centres' depth: a dark die's pips run together by the mask reach 0.5–0.6 of it beside a
# die whose body the mask sees (the renderer's dark mat; 0.6 and 1.0 read the same), a body ~1
PIP_RING_DEPTH = 0.75
SOLID = 0.98  # share of a die's blob above the mask's level, among specks (`among_specks`)
SPECK_MARGIN = 3.0  # ... and its depth, at least this many times the median speck's
SOFT_EDGE = 0.1  # a blob's strongest local contrast of the score: a die's at least 0.22
GROWN_EDGE = 0.15  # ... a die's 0.204 up (500 scenes); ripples 0.108–0.124, wood 0.07–0.14
GRAIN_BLOBS = 4  # blobs as soft as ripples, at least: a grained table's (the photos have 0–3)
STEP_SHARE = 0.04  # that contrast per its highest score: a die's at least 0.053, glare's 0.033
SHARPER = 10 / 3  # ... where another blob is this many times as sharp (glare beside dice)
SHARP_MIN_DEPTH = 3.0  # working px: shallower blobs (sensor noise) are not asked how sharp
SHARP_LOOKS = 18  # shallow blobs asked at most, deepest first: the pips of three dice
EDGE_SHARE = 0.15  # of a blob's strongest contrast: its object's edges (`lit_object`)
SHARP_RIM = 0.5  # share of a blob's rim on such edges, or at SOFT_RIM: an object's own rim
SOFT_RIM = 0.075  # local contrast of a rim: light's median is 0.03-0.05, paper's on wood 0.1
LIT_DEPTH = 0.7  # an object in light is at most this deep a share of the lit blob
LIGHT_GAP = 5  # px: light round an object is kept this far from it, past local contrast's reach
# A lamp's light on a grained table (`lit_object`, `lamp_like`): a blob whose rim mostly
# (SHARP_RIM) scores at most LIT_RIM (light crosses the mask's level gently, a die's body
# steps over it) is asked again on its score blurred by LIT_BLUR px; the light is then at
# least LIGHT_SHARE of the blob (a die's own soft rim or shadow: 0.02–0.1 on the photos) and
# LIGHT_REACH px deep, a band about twice as wide (a pale die's body round its pips:
# 3.8–4.1), at least LIGHT_RISE grey levels brighter than the table round it, its lightness
# spanning (10th to 90th percentile) LIGHT_SPREAD of that rise or more (lamp pools 0.9–4.4, a
# card's paper on a grey table 0.57).
LIT_BLUR = 1.5
LIGHT_SHARE = 0.15
LIGHT_REACH = 4.5
LIT_RIM = 1.1
LIGHT_RISE = 5.0
LIGHT_SPREAD = 0.75
# A tray's wall round the frame (`without_walls`): its blob spans this share of both sides,
# is hollow (its pixels at most HOLLOW of its outline's), and runs straight for WALL_LINE of
# the short side, where a die against it adds at most about two dice and the wall.
WALL_SPAN = 0.85
HOLLOW = 0.6
WALL_LINE = 1 / 3
SLIVER = np.ones((5, 5), np.uint8)  # what is left of a slanted wall's edge is thinner
BESIDE = np.ones((9, 9), np.uint8)  # a blob this near the wall's runs touches them (the
# sliver opening moves its outline up to 2 px off them)
# A hollow blob this many die edges across (its box's short and long side) may be a white die
# on a light floor, or two touching (`filled_faces`).
FACE_MIN = 0.6
FACE_MAX = 2.2
# Cards that dice touch (`cards_cut`; docs/vision-dice.md, "Dice against a card").
CARD_AREA = 1.3  # squares of its depth: a card's blob (a lone die's square: 0.7–1.25)
CORE_OPEN = 1.3  # of a blob's depth: the disc that opens a card free of the dice against it
CORE_DEEP = 0.9  # of the opened card's depth: its middle, which a die's bulge never reaches
CORE_RATIO = (1.15, 1.7)  # a card's rectangle, long side per short (a mini card 1.52, tilted)
CORE_FILL = 0.85  # share of that rectangle the blob covers (0.89–0.97 on synthetic cards)
PAPER_SATURATION = 50  # HSV saturation: a card's paper 0–11 (synthetic), palms 81 and more
PIECE_DEPTH = 0.18  # of a card's half width: a die's part sticking out (0.19–0.56 measured)
BODY_SATURATION = 80  # HSV saturation of a red die's body
BODY_DARK = 0.45  # of the paper's brightness: a black die's body
DICE_BODY = 0.25  # share of a piece's inner half that is a die's body (white dice: 0–0.19)
ON_CARD = (0.28, 0.6)  # of a card's half width: a die's body lying on it, by depth (a die 0.36)
ON_BODY = 0.7  # share of a die's outline that is its body: its pips cover at most 0.19
ON_PRINT = 0.5  # share of a card with dice on it that is body: its print and dice, not two dice
ONE_COLOUR = 0.7  # share of a die's body of its one colour: the photos' red and black dice 0.74+
VIVID_DARK = 0.15  # of the paper's brightness: a saturated pixel this light has a hue
HUE_COHERENCE = 0.95  # of a die's vivid pixels' hues (real red dice 0.97–1); court art 0.65–0.9
PIP_HOLE = 0.03  # of a card's half width squared: dice's pips 0.001–0.027, a big Q's counter 0.07
ON_PIP = 0.02  # of a die's depth squared: its largest pip hole (0.062 up, 1280×720); art's 0–0.01
CUT_REACH = 0.6  # of a die's depth round a die cut out of a card: its own pips (corner pips 0.5 in)
ACROSS_REACH = 0.6  # of a card's half width past its outline: a die across it (a die is 0.72)
NAMED_SHARE = 0.8  # of the named cards' half width: the least a card of the reader's own cut
ACROSS_SHARE = 0.4  # of a die found across a card's outline that lies on the card (half: 0.5)
_SQUARE3 = np.ones((3, 3), np.uint8)
_SQUARE7 = np.ones((7, 7), np.uint8)
OVERREACH = 1.0  # px: how far an edge's local contrast passes over EDGE_SHARE beyond it


@dataclass(frozen=True)
class Candidates:
    """Proposed die centres in frame pixels and the frame's estimated die edge (px), which
    of them only a pip proposed, and the mask's blobs (working px, `factor` per frame px),
    which tell a body's own pips from those of a die the mask did not see."""

    centers: np.ndarray  # (n, 2) float32, x and y
    die_size: float
    from_pips: np.ndarray  # per centre: proposed by a pip alone (`pip_cells`), off any body
    blobs: Blobs | None = None  # the mask's blobs, at the working scale
    factor: float = 1.0  # working px per frame px
    depth: float = 0.0  # half the die edge, working px: a die centre's depth in the mask
    spots: np.ndarray | None = None  # the working image's pip spots (`pip_spots`), bodies' too

    def on_body(self, points: np.ndarray) -> np.ndarray:
        """Per (x, y) frame point: whether it lies in a blob at least half as deep as a die's
        centre (a body; its pips are its own, not those of a die the mask did not see), or
        in light on the table (`without_soft`: its bright middle is no pip). Only
        candidates with centres have blobs to ask."""
        assert self.blobs is not None
        labels = self.labels_at(points)
        body = self.blobs.depth[labels] >= 0.5 * self.depth
        return body | self.blobs.lit[labels]

    def spots_around(self, point: np.ndarray, near: float, far: float) -> np.ndarray:
        """(n, 2) frame positions of the working image's pip-spot pixels from `near` to
        `far` frame px of the (x, y) frame `point`: a cheap look, before the pips are found
        at the frame's resolution, at whether there are any to find."""
        if self.spots is None:
            return np.zeros((0, 2))
        x, y, reach = point[0] * self.factor, point[1] * self.factor, far * self.factor
        x0, y0 = max(int(x - reach), 0), max(int(y - reach), 0)
        ys, xs = np.nonzero(self.spots[y0 : int(y + reach) + 1, x0 : int(x + reach) + 1])
        found = np.stack([xs + x0, ys + y0], axis=1) / self.factor
        gaps = np.hypot(*(found - point).T)
        return found[(gaps >= near) & (gaps <= far)]

    def labels_at(self, points: np.ndarray) -> np.ndarray:
        """Per (x, y) frame point, the blob it lies in (0: the table), points off the
        working image taken at its edge. Only candidates with centres have blobs."""
        assert self.blobs is not None
        h, w = self.blobs.labels.shape
        xs = np.clip((points[:, 0] * self.factor).astype(np.intp), 0, w - 1)
        ys = np.clip((points[:, 1] * self.factor).astype(np.intp), 0, h - 1)
        return self.blobs.labels[ys, xs]


def working_image(frame: np.ndarray) -> tuple[np.ndarray, float]:
    """The frame shrunk for the mask stage, and the factor used (working px per frame px)."""
    h, w = frame.shape[:2]
    factor = min(1.0, max(WORK_SIDE / max(h, w), MIN_WORK_SCALE))
    if factor == 1.0:
        return frame, factor
    return cv2.resize(frame, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA), factor


def foreground_score(small: np.ndarray) -> np.ndarray:
    """How unlike the surrounding table each pixel is; about 1 at the edge of an object.

    The table is the median colour over a window wider than a die cluster, so lighting
    gradients and coloured trays fall away. Texture (local contrast of lightness) is added
    because a white die on a white tray differs from it mostly by its pips and edges.
    """
    h, w = small.shape[:2]
    ycc = cv2.cvtColor(small, cv2.COLOR_BGR2YCrCb)
    f = BG_SIDE / max(h, w)
    tiny = cv2.resize(
        ycc, (max(1, round(w * f)), max(1, round(h * f))), interpolation=cv2.INTER_LINEAR
    )
    bg = cv2.resize(cv2.medianBlur(tiny, BG_KERNEL), (w, h), interpolation=cv2.INTER_LINEAR)
    # Planes apart first: numpy on the interleaved channels ran 1.1 times as long.
    luma, cr, cb = (plane.astype(np.float32) for plane in cv2.split(cv2.absdiff(ycc, bg)))
    luma *= LIGHT_WEIGHT
    dist = _length(luma, _length(cr, cb) * CHROMA_WEIGHT)
    light = cv2.extractChannel(ycc, 0).astype(np.float32)
    means = (TEXTURE_BOX, TEXTURE_BOX)
    texture = cv2.blur(cv2.absdiff(light, cv2.blur(light, means)), means)
    texture /= texture_level(texture)
    dist *= 1 / 20
    return np.maximum(dist, texture, out=dist)


def _length(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """√(x² + y²) of float32 planes, the same bits on every call. (`cv2.magnitude` gave
    results a unit or two apart in the last place from call to call on the same planes,
    as its vector path met them at different memory alignments.)"""
    out = x * x
    out += y * y
    return np.sqrt(out, out=out)


def texture_level(texture: np.ndarray) -> float:
    """The local contrast above which a pixel is part of an object, not of the table.

    On a plain tray a fixed level does; cloth, gingham, felt and wood grain have texture
    everywhere, and the whole frame would be one blob. The table covers at least a
    quarter of any frame whose dice can be read, so the lower quartile of the texture is
    the table's own, and an object must stand well above it. On the real photos (trays
    and a desk) the quartile is at most 0.7 grey levels, so the plain level holds there.
    That is settled by counting the sample's pixels well below the level's share: with
    more of them than the quartile's upper rank, the quartile is below it too (0.3 of
    the time of `np.percentile`, measured on the held-out photos).
    """
    sample = texture[::4, ::4]
    upper_rank = int(np.ceil(TABLE_SHARE / 100 * (sample.size - 1)))
    low = np.count_nonzero(sample < 0.99 * TEXTURE_LEVEL / TABLE_MARGIN)  # 1 % for rounding
    if low > upper_rank:
        return TEXTURE_LEVEL
    table = float(np.percentile(sample, TABLE_SHARE))
    return max(TEXTURE_LEVEL, TABLE_MARGIN * table)


def object_mask(score: np.ndarray) -> np.ndarray:
    """Binary mask of everything that is not table, with specks removed and pip holes shut."""
    mask = (score > 1.0).view(np.uint8)  # 0 and 1 without a copy
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, _SQUARE3)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, _SQUARE3)


@dataclass(frozen=True)
class Blobs:
    """The mask's distance transform and connected blobs, with per-blob measures."""

    dist: np.ndarray  # distance to the table, working px
    labels: np.ndarray  # blob index of each working pixel (0 = table)
    depth: np.ndarray  # per blob: its deepest distance
    compact: np.ndarray  # per blob: could be one die or a few, not a rim or a cable
    card_like: np.ndarray  # per blob: a lone rectangle of a playing card's proportions
    square: np.ndarray  # per blob: compact and as big as a square of its depth (one die)
    boxes: np.ndarray  # per blob: x, y, width, height (working px)
    area: np.ndarray  # per blob: its pixels
    soft: np.ndarray | None = None  # per blob: light on the table, no object (`without_soft`)
    cut_dice: np.ndarray | None = None  # per blob: a die cut out of a card (`apart_from_cards`)

    @property
    def lit(self) -> np.ndarray:
        """Per blob: light on the table (`soft`); none where no light was looked for."""
        return np.zeros(len(self.depth), bool) if self.soft is None else self.soft


def find_blobs(mask: np.ndarray, dist: np.ndarray | None = None) -> Blobs:
    """Distance transform of the mask and, for each blob, its depth and shape.

    A lone die's blob is about as deep as half its edge; two dice side by side are just as
    deep, so depth measures the die size even where dice touch. Long blobs (a tray rim, a
    cable) are not compact. `dist`, where given, is the distance to measure by instead of
    the mask's own (`apart_from_cards`: a cut mask keeps the distances from before the cut).
    """
    if dist is None:
        dist = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    # BBDT gives the same labels and stats as OpenCV's default here, in a third of the time.
    n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
        mask, 8, cv2.CV_32S, cv2.CCL_BBDT
    )
    # Flat indices: a fifth of the time of cv2.findNonZero's points, on the held-out photos.
    peaks = np.flatnonzero((dist >= 2.0) & (dist >= cv2.dilate(dist, _SQUARE3)))
    values = dist.ravel()[peaks]
    order = np.argsort(values, kind="stable")
    depth = np.zeros(n, np.float32)
    depth[labels.ravel()[peaks][order]] = values[order]  # ascending: each blob keeps its largest
    area = stats[:, cv2.CC_STAT_AREA].astype(np.float32)
    depth[0] = 0.0  # the table itself
    compact = (depth > 0) & (area <= 3.0 * (2 * depth) ** 2)
    fill = area / np.maximum((2 * depth) ** 2, 1e-6)
    square = (
        (depth >= SQUARE_MIN_DEPTH) & compact & (fill >= SQUARE_FILL[0]) & (fill <= SQUARE_FILL[1])
    )
    card = card_like(labels, stats, depth)
    return Blobs(dist, labels, depth, compact, card, square, stats[:, :4], area)


def card_like(labels: np.ndarray, stats: np.ndarray, depth: np.ndarray) -> np.ndarray:
    """Per blob: a lone rectangle about 1.5 times as long as wide (a playing card).

    A die's blob is square; a card alone is one blob of 1.3–1.75 squares of its own
    depth-measured width (with no dice in view, the die size is estimated from the cards
    themselves), filling its rotated bounding rectangle, 1.3–1.58 times as long as wide
    (the mask's halo shortens a card's 1.5). A die seen obliquely with its sides is as
    elongated but leaves corners of the rectangle empty; two dice edge to edge fill it
    but are longer (1.6 and more, measured on synthetic pairs of 28–48 px dice).
    Elongation comes from second moments and the rectangle is the rotated one, so the
    angle does not matter. The limits were set on the training photos, the
    even-numbered card scenes and synthetic pairs.
    """
    result = np.zeros(len(depth), bool)
    for i in np.nonzero(depth >= CARD_MIN_DEPTH)[0]:
        x, y, w, h, area = stats[i]
        if not 1.3 <= area / (2 * depth[i]) ** 2 <= 1.75:
            continue
        blob = (labels[y : y + h, x : x + w] == i).astype(np.uint8)
        m = cv2.moments(blob, binaryImage=True)
        a, b, c = m["mu20"], m["mu11"], m["mu02"]
        spread = np.sqrt((a - c) ** 2 + 4 * b * b)
        ratio = np.sqrt((a + c + spread) / max(a + c - spread, 1e-6))
        contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        _, (rw, rh), _ = cv2.minAreaRect(max(contours, key=cv2.contourArea))
        result[i] = CARD_RATIO[0] <= ratio <= CARD_RATIO[1] and area >= CARD_FILL * rw * rh
    return result


def weighted_median(values: np.ndarray, weights: np.ndarray) -> float:
    """The value below which half the total weight lies."""
    order = np.argsort(values)
    cumulative = np.cumsum(weights[order])
    return float(values[order][np.searchsorted(cumulative, cumulative[-1] / 2)])


def filled_faces(blobs: Blobs, depth: float, size: float) -> np.ndarray:
    """The mask's distance to the table, with die-sized blobs too shallow for a die centre
    measured as if their holes were filled.

    A white die on a light tray floor differs from it only at its outline and pips, so its
    blob is a ring round a hole the floor's colour, far too shallow to be given grid points,
    and the die was lost (the most missed dice on synthetic walled trays). Blobs under half
    a die centre's depth whose box is a die or two long (FACE_MIN to FACE_MAX die edges; not
    a card's, not light) are measured on their filled outline. A die so found that the value
    net is unsure of must show more (`dice.unsure_and_hollow`): rings in wood grain pass.
    A blob inside the filled outline (a pip of the die) takes the filled depth too, and is
    judged by its own flags. A rim thinner than 4 working px has no depth (`find_blobs`
    measures peaks of 2 or more) and is not filled."""
    boxes = blobs.boxes
    short, long = boxes[:, 2:].min(axis=1), boxes[:, 2:].max(axis=1)
    fits = (blobs.depth > 0) & (blobs.depth < 0.5 * depth) & ~blobs.card_like & ~blobs.lit
    fits &= (short >= FACE_MIN * size) & (long <= FACE_MAX * size)
    if not fits.any():
        return blobs.dist
    dist = blobs.dist.copy()
    for i in np.flatnonzero(fits):
        x, y, w, h = boxes[i].tolist()
        inside = depth_within(filled_outline(blobs.labels[y : y + h, x : x + w] == i))
        window = dist[y : y + h, x : x + w]
        np.maximum(window, inside, out=window)
    return dist


def without_walls(blobs: Blobs) -> Blobs:
    """The blobs to measure the die size on: where a tray's wall runs round the frame, the
    measured blobs without the wall's straight runs.

    Dice roll against the wall and join its blob, and its depth (the wall and the table
    beyond it) set the die: 1.3–2.9 times the size such dice are mostly measured at, on 12
    of 200 synthetic walled trays, which lost 32 of their 54 dice (docs/vision-dice.md,
    "Dice against the wall measured without it"). A wall is a blob whose box spans
    WALL_SPAN of the frame both ways and that is hollow (`hollow_ring`). Its pixels in
    straight runs WALL_LINE of the frame's short side long, along a row or a column, are the
    wall and the table outside it; what is left of it is the dice against it, and slivers
    of a slanted wall that a 5 × 5 opening removes. What is left in the wall's corners,
    beside its runs both along a row and down a column, is not measured either: there the
    mask rounds the floor's corner into a die-sized fillet, which set the size too small.
    Light and specks stay unmeasured, as in `die_depth`. Only the measure changes: grid
    points are proposed on the whole mask (`in_bands` drops the wall's own).
    """
    h, w = blobs.labels.shape
    spans = (blobs.boxes[:, 2] >= WALL_SPAN * w) & (blobs.boxes[:, 3] >= WALL_SPAN * h)
    walls = [i for i in np.flatnonzero(spans) if i > 0 and hollow_ring(blobs.labels == i)]
    if not walls:
        return blobs
    measured = (blobs.depth[blobs.labels] > 0).view(np.uint8)
    wall = np.isin(blobs.labels, walls).view(np.uint8)
    length = round(WALL_LINE * min(h, w))
    rows = cv2.morphologyEx(measured, cv2.MORPH_OPEN, np.ones((1, length), np.uint8)) & wall
    cols = cv2.morphologyEx(measured, cv2.MORPH_OPEN, np.ones((length, 1), np.uint8)) & wall
    cut = measured.copy()
    cut[(rows | cols) > 0] = 0
    left = find_blobs(cv2.morphologyEx(cut, cv2.MORPH_OPEN, SLIVER))
    beside_rows = np.unique(left.labels[cv2.dilate(rows, BESIDE) > 0])
    beside_cols = np.unique(left.labels[cv2.dilate(cols, BESIDE) > 0])
    cornered = np.intersect1d(beside_rows, beside_cols)
    depth = left.depth.copy()
    depth[cornered] = 0.0
    return dataclasses.replace(left, depth=depth)


def hollow_ring(own: np.ndarray) -> bool:
    """Whether a blob's pixels are at most HOLLOW of its outline's: a wall round a tray's
    floor (0.13–0.49 on synthetic walled trays), not a heap of dice or cards spanning the
    frame (0.68 and more on random scenes and the card scenes)."""
    own = own.view(np.uint8)
    return cv2.countNonZero(own) <= HOLLOW * cv2.countNonZero(filled_outline(own))


def filled_outline(mask: np.ndarray) -> np.ndarray:
    """A mask's blobs with their holes shut (uint8, 0 and 1): a die's pips, a white die's
    face the floor's colour, are holes in its blob, not outside it."""
    mask = mask.view(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return cv2.drawContours(np.zeros_like(mask), contours, -1, 1, cv2.FILLED)


def depth_within(mask: np.ndarray) -> np.ndarray:
    """Each set pixel's distance to the nearest unset one in a window of the mask, the
    window's edge counting as unset (a blob's window is cut round it)."""
    return cv2.distanceTransform(framed(mask), cv2.DIST_L2, 3)[1:-1, 1:-1]


def die_depth(blobs: Blobs, least: float = 0.0) -> float:
    """Half the frame's die edge, in working px (0 when nothing can be measured).

    A lone die's blob is a square as deep as half its edge, and so are two dice side by
    side; the depth-weighted median over compact blobs measures dice even where they
    touch. On a Kwingto table the cards (2.75 dice wide) outweigh the dice in that
    median and every die would be read at a card's scale, so where the blobs shaped
    like one die (square, at least a small die deep) give a median more than
    SQUARE_MARGIN times smaller, theirs is taken instead. A depth under `least` (a die
    smaller than any the reader reads) was measured on crumbs or specks: on an empty
    table four of them set a 12 px die and read as dice. It is measured again on the
    blobs at least that deep, and is 0 where there are none; squares shallower have no vote
    either. Among named cards `least` is ON_CARD[0] of their half width (`find_candidates`):
    a die on a mini card or beside it is at least that deep, and the pips of a card the
    card reader did not name, apart on a light table, are not (six of them outvoted four
    dice on Kwingto table 122113, read at 33 px where its dice are 60). Card-like blobs have
    no vote among the squares: the cut along the card reader's cards leaves card pieces (an index
    corner, a sliver between two outlines) that can be square, and three of them outvoted
    two dice (Kwingto table 122006 read at 37 px where its dice are 58, each pip a die).
    Dice cut out of cards (`Blobs.cut_dice`) are the surest dice in view: where at least
    two of them agree on their squares and the depth so far (the lone squares' where they
    were taken) is shallower, theirs is taken. Specks of a textured table, a few pixels
    deep but many, outweighed three such dice (a table of dice on cards read at 33 px where
    its dice are 59); with the card pieces out of the vote, two squares of print tied with
    two such dice, and a tie goes to the shallower (docs/vision-dice.md, "Die sizes set by
    card pieces").
    """
    depth = median_depth(blobs, blobs.depth > 0)
    if 0 < depth < least:
        depth = median_depth(blobs, blobs.depth >= least)
    lone = commonest_depth(blobs.depth[blobs.square & ~blobs.card_like & (blobs.depth >= least)])
    if depth > SQUARE_MARGIN * lone > 0:
        depth = lone
    cut = (
        0.0
        if blobs.cut_dice is None
        else commonest_depth(blobs.depth[blobs.cut_dice & blobs.square])
    )
    return cut if cut > depth and cut >= least else depth


def median_depth(blobs: Blobs, chosen: np.ndarray) -> float:
    """The depth-weighted median depth of the `chosen` blobs that are compact, or of all
    of them where none is (when every die touches another, all blobs are clusters)."""
    compact = blobs.compact & chosen
    return depth_vote(blobs.depth[compact if compact.any() else chosen])


def depth_vote(depths: np.ndarray) -> float:
    """The median of blob depths weighted by their area (depth squared), so that specks
    and pips do not outvote the dice; 0 where there are none."""
    return weighted_median(depths, depths**2) if depths.size else 0.0


def commonest_depth(depths: np.ndarray) -> float:
    """The median of the largest group of depths within SQUARE_SPREAD of one of them,
    or 0 for a group smaller than MIN_SQUARES.

    The dice of one set are one size, so their squares agree; a square pile of cards
    mostly stands alone. Where two piles tie with two dice, the shallower group wins
    (specks, the other thing that could tie, are below SQUARE_MIN_DEPTH)."""
    depths = depths[depths > 0]
    if depths.size < MIN_SQUARES:
        return 0.0
    ratio = np.abs(np.log(depths[:, None] / depths[None, :]))
    near = ratio <= np.log(SQUARE_SPREAD)
    counts = near.sum(axis=1)
    best = np.lexsort((-depths, counts))[-1]
    return float(np.median(depths[near[best]])) if counts[best] >= MIN_SQUARES else 0.0


def measured_on_cards(blobs: Blobs, depth: float, card: float | None = None) -> bool:
    """Whether the die size was measured on cards: lone cards lie in view and the
    "dice" are nearly as deep as they are.

    A game die is about a third of a mini card's width (16 and 44 mm); with only cards
    in view, the size comes from cards that touch, and a card-sized crop with four pips
    reads as a 4. Such a frame is measured again (`beside_cards`), and has no dice
    when nothing is small enough to be one. A card's depth is `card` where the card
    reader's cards give it (`quads_cut`), else the median card-like blob's.
    """
    if card is None:
        cards = blobs.depth[blobs.card_like]
        if not cards.size:
            return False
        card = float(np.median(cards))
    return depth >= CARD_SHARE * card


def beside_cards(blobs: Blobs, card: float | None = None) -> float:
    """The die depth measured again, on compact blobs at most DIE_PER_CARD of a lone
    card's depth (`card`, as in `measured_on_cards`; 0 when there are none): where the
    dice touch each other beside cards, no two lie alone to outvote the cards, but they
    are still far shallower."""
    if card is None:
        card = float(np.median(blobs.depth[blobs.card_like]))
    return depth_vote(blobs.depth[die_sized(blobs, DIE_PER_CARD * card)])


def grown_beside_cards(blobs: Blobs, score: np.ndarray, card: float) -> float:
    """The die depth beside named cards of half width `card` where `beside_cards` found no
    blob shallow enough: on those up to TEXTURE_REACH deeper than DIE_PER_CARD of the card
    that have a die's sharp edge (strongest local contrast at least GROWN_EDGE); 0 when
    there are none.

    The named cards' width is their own, but the mask grows every blob by the texture's
    reach. Beside cards of about 45–60 px (16–23 px dice at 640×480) that growth
    makes a die's blob deeper than DIE_PER_CARD of the card, and the frame read no die at
    all. Taken in everywhere, the growth let deeper blobs beside wider cards move the size
    up; taken without the edge test, a patterned table's soft ripples beside cards
    alone became dice (docs/vision-dice.md, "Small dice beside named cards")."""
    grown = die_sized(blobs, DIE_PER_CARD * card + TEXTURE_REACH)
    sharp = [i for i in grown.tolist() if blob_peaks(blobs, score, i)[1] >= GROWN_EDGE]
    return depth_vote(blobs.depth[sharp])


def die_sized(blobs: Blobs, deepest: float) -> np.ndarray:
    """The labels of the compact blobs, not card-like, from SQUARE_MIN_DEPTH to `deepest`
    deep: what may be dice beside cards."""
    small = blobs.compact & ~blobs.card_like & (blobs.depth >= SQUARE_MIN_DEPTH)
    return np.flatnonzero(small & (blobs.depth <= deepest))


@dataclass(frozen=True)
class CardsCut:
    """The mask with cards cut apart from the dice that touch them or lie on them
    (`cards_cut`), the distance to the table to measure its blobs by, and where the cards
    so cut lie."""

    mask: np.ndarray
    dist: np.ndarray  # as before the cut; a die on a card's, within its own body
    cards: np.ndarray  # bool: the cut cards' pixels, less the dice on them
    dice: np.ndarray  # bool: the dice's bodies found on the cards, all in `mask` (`quads_cut`)


@dataclass(frozen=True)
class CardCut:
    """One card's cut (`card_with_dice`), in its blob's box."""

    edge: np.ndarray  # bool: the pixels cut to table, along the card's edge and round dice on it
    dice: np.ndarray  # bool: the bodies of the dice lying on the card, their pips filled
    card: np.ndarray  # bool: the card's pixels left after the cut
    corners: np.ndarray  # (4, 2) float: the card's rectangle, x and y in the box
    half: float  # half the card's width, px


def apart_from_cards(score: np.ndarray, blobs: Blobs, cut: CardsCut | None) -> Blobs:
    """The blobs, found again where cards that dice touch or lie on are cut apart from them
    (`cut`: the reader's own `cards_cut`, or `quads_cut` along the card reader's cards),
    each such card marked card-like: it gets no grid points, and the frame's die size is
    measured beside it (`measured_on_cards`), on its dice.

    Every pixel beside a card keeps its distance to the table from before the cut: a die
    against a card is measured by the table round its free sides, and the cut along its
    fourth would make it shallower than the dice that lie alone. A die on a card is measured
    within its own body. The cut is made in the blobs' own mask (an object in lamp light
    already cut out of it), and light found before stays light: cut again from the first
    mask, the object was cut out once more and its blobs found without the kept distances.
    Specks are not counted again (`among_specks`): no blob of a speckled frame is asked, and
    the blobs the cut adds could tip a frame over the count. A die cut off a card has lost
    the part of it under the cut, so it is mostly not `square`; where no two dice lie alone,
    the die size is measured beside the cards (`beside_cards`) on the dice so cut."""
    if cut is None:
        return blobs
    dist = np.where(cut.mask > 0, cut.dist, np.float32(0))
    light = blobs.lit[blobs.labels]
    again = without_soft(find_blobs(cut.mask, dist), score, light=light)
    card, dice = again.card_like.copy(), np.zeros(len(again.depth), bool)
    card[again.labels[cut.cards]] = True
    dice[again.labels[cut.dice]] = True
    card[0] = dice[0] = False
    return dataclasses.replace(again, card_like=card, cut_dice=dice)


def quads_cut(small: np.ndarray, blobs: Blobs, quads: np.ndarray) -> tuple[CardsCut, float] | None:
    """The blobs' mask cut along the cards that `quads` outline (n × 4 corners, working px)
    and round the dice lying on them, and half the cards' median width; None where no card
    lies on the mask.

    The card reader finds a card by its printed index, a scale the mask has not got: to the
    mask, a block of light dice with a red die sticking out is a card with a die against
    it, and a card's corner beside another card is a die (docs/vision-dice.md, "Dice among
    the card reader's cards"). So where the card reader's cards are given, they take the
    place of `cards_cut` (which is still made where no named card reaches, see below):
    the mask is cut along their outline (one union: overlapping cards are one
    pile) and round the dice `dice_on` finds on them, every piece of them left is
    card-like, and the card's half width, from the quads themselves, is what the dice are
    measured against (`measured_on_cards`). A card's fragments (an index corner cut off
    by its print) are card-like but shallow, and measured by them a frame read no die.
    Dice are looked for in the whole outline, not only where the mask holds it: a pale
    card on a pale table is in the mask only where it is printed, and there a die and the
    print are more body than paper (`dice_on`'s ON_PRINT), so its die was never found. A
    die found there is put back into the cut mask: a black die on a card on a dark mat is
    no part of the mask, and only its pips were left, measured as deep as its body. A die
    lying across a card's outline is looked for too, in the mask within ACROSS_REACH of the
    card's half width outside it, and kept where ACROSS_SHARE of it lies on the card
    (`dice_in`); the cut along the outline no longer runs through it. Cut in two, its
    half on the card was card and its half outside a sliver: no point lay at its centre,
    and on tables of dice half on a card's edge (development seeds 80000-80099) 144 of 341
    were not read right (63 now). Outside the outline the die is its own mask's edge, so
    it is eroded one pixel there, not two (`dice_on`'s `beyond`): eroded two, it was cut
    smaller than it is and its corner pips were left outside it. The dice found on the
    cards alone are kept too (`dice_on`).

    A card the card reader left unknown, or did not find, kept the dice on it and against it
    in its blob, where no grid point lies. So the reader's own cut is made on the blobs that
    no named card reaches (`own_cards`), and each card it finds is cut as a named one: cut
    only where the mask lost it, it cut the dice across its edge in two (6 right dice lost on
    4 development tables of dice half on a card's edge; docs/vision-dice.md, "Dice on cards
    the card reader does not name")."""
    if len(quads) == 0:
        return None
    sides = np.linalg.norm(np.roll(quads, -1, axis=1) - quads, axis=2)
    half = float(np.median(sides.min(axis=1))) / 2
    union, reach = outlined(small.shape[:2], quads, half)
    unreached = np.ones(len(blobs.depth), bool)
    unreached[blobs.labels[reach]] = False
    own, own_dice = own_cards(small, blobs, unreached, half)
    if len(own):
        union, reach = outlined(small.shape[:2], np.concatenate([quads, own]), half)
    mask = (blobs.labels > 0).view(np.uint8)
    paper = union & mask
    if not paper.any():
        return None
    colours = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    light = float(np.median(colours[union > 0][:, 2]))
    beyond = mask & reach.view(np.uint8) & (1 - union)
    on = dice_on(union, colours, half, light, pipped=True, beyond=beyond)
    on |= own_dice
    edge = (mask & cv2.dilate(union, _SQUARE3) & ~union & (1 - on)) > 0
    edge |= (mask & cv2.dilate(on, _SQUARE3) & ~on) > 0
    dist = blobs.dist.copy()
    if on.any():
        within = depth_within(on)
        dist[on > 0] = within[on > 0]
    cut = mask | on
    cut[edge] = 0
    return CardsCut(cut, dist, (paper > 0) & ~edge & (on == 0), on > 0), half


def outlined(
    shape: tuple[int, ...], quads: np.ndarray, half: float
) -> tuple[np.ndarray, np.ndarray]:
    """The union of the cards `quads` outline (uint8 0/1 of `shape`), and where a die lying
    across one of them can reach (within ACROSS_REACH of `half` of the union)."""
    union = np.zeros(shape, np.uint8)
    for quad in quads:
        cv2.fillConvexPoly(union, np.round(quad).astype(np.int32), 1)
    return union, cv2.distanceTransform(1 - union, cv2.DIST_L2, 3) <= ACROSS_REACH * half


def own_cards(
    small: np.ndarray, blobs: Blobs, asked: np.ndarray, half: float
) -> tuple[np.ndarray, np.ndarray]:
    """The outlines (n × 4 corners, working px) of the cards with dice that the reader's own
    cut finds (`card_with_dice`) in the blobs `asked` (bool per label), at least NAMED_SHARE
    of `half`, the named cards' half width, wide; and the dice it finds on them (uint8 0/1,
    working px). Those dice are kept beside the ones `quads_cut` finds in the outlines: it
    looks with the named cards' width and the paper of every card, and there lost a red die
    touching a king's black letter that the card's own look found."""
    found = []
    dice = np.zeros(small.shape[:2], np.uint8)
    for i, one in cards_with_dice(small, blobs, asked):
        if one.half >= NAMED_SHARE * half:
            found.append(one.corners + blobs.boxes[i, :2])
            x, y, w, h = blobs.boxes[i].tolist()
            dice[y : y + h, x : x + w] |= one.dice.view(np.uint8)
    return np.asarray(found, np.float64).reshape(-1, 4, 2), dice


def cards_with_dice(
    small: np.ndarray, blobs: Blobs, asked: np.ndarray | None = None
) -> list[tuple[int, CardCut]]:
    """Each blob (label, and its cut) that is a card with dice (`card_with_dice`), among the
    blobs that could hold a card (compact, at least CARD_MIN_DEPTH deep and CARD_AREA squares
    of it, not light) and, where given, are `asked` (bool per label)."""
    could = (blobs.depth >= CARD_MIN_DEPTH) & blobs.compact & ~blobs.lit
    could &= blobs.area >= CARD_AREA * (2 * blobs.depth) ** 2
    if asked is not None:
        could &= asked
    return [
        (i, one)
        for i in np.flatnonzero(could).tolist()
        if (one := card_with_dice(small, blobs, i)) is not None
    ]


def cards_cut(small: np.ndarray, blobs: Blobs) -> CardsCut | None:
    """The blobs' mask with each card that dice touch or lie on cut apart from them, the
    distances to measure by, and where such cards lie; None where no blob is a card
    with dice against it or on it.

    A die that touches a card joins its blob, which is then no card's shape: the card's
    depth set the die size, and every die of such a frame was lost (29 of 177 dice found on
    60 synthetic tables where every die touches a card; docs/vision-dice.md, "Dice against
    a card"). A die that lies on a card is inside the card's blob, and a card gets no grid
    points (10 of 68 found on 40 tables with a die on each card; "Dice on a card"). Where a
    blob is a card with dice (`cards_with_dice`), the mask is cut along the card's edge and
    round the dice on it, so the card and each die are blobs of their own."""
    with_dice = cards_with_dice(small, blobs)
    if not with_dice:
        return None
    mask, dist = (blobs.labels > 0).view(np.uint8), blobs.dist.copy()
    cards, dice = np.zeros(mask.shape, bool), np.zeros(mask.shape, bool)
    for i, one in with_dice:
        x, y, w, h = blobs.boxes[i].tolist()
        mask[y : y + h, x : x + w][one.edge] = 0
        cards[y : y + h, x : x + w] |= one.card
        dice[y : y + h, x : x + w] |= one.dice
        if one.dice.any():
            within = depth_within(one.dice.view(np.uint8))
            dist[y : y + h, x : x + w][one.dice] = within[one.dice]
    return CardsCut(mask, dist, cards, dice)


def card_with_dice(small: np.ndarray, blobs: Blobs, i: int) -> CardCut | None:
    """Blob `i`'s card, cut free of its dice, where the blob is a card with dice against it
    or on it.

    It is one where `card_rect` finds a card's rectangle in the blob, the rectangle is
    paper (its median HSV saturation at most PAPER_SATURATION: a palm is skin), nothing
    but dice sticks out of it (`dice_beside`; a pile's under card does), and there are dice
    beside it or on it (`dice_on`)."""
    x, y, w, h = blobs.boxes[i].tolist()
    own = framed((blobs.labels[y : y + h, x : x + w] == i).view(np.uint8))
    dist = framed(blobs.dist[y : y + h, x : x + w])
    found = card_rect(own, dist, float(blobs.depth[i]))
    if found is None:
        return None
    card, half, corners = found
    colours = framed(cv2.cvtColor(small[y : y + h, x : x + w], cv2.COLOR_BGR2HSV))
    paper = colours[(card & own) > 0]
    if np.median(paper[:, 1]) > PAPER_SATURATION:
        return None
    light = float(np.median(paper[:, 2]))
    grown = cv2.dilate(card, _SQUARE3)
    beside = dice_beside(own & ~grown, dist, colours, half, light)
    if beside is None:
        return None
    on = dice_on(card & own, colours, half, light)
    if not beside and not on.any():
        return None
    edge = (own & cv2.dilate(on, _SQUARE3) & ~on) > 0
    if beside:
        edge |= (own & grown & ~card) > 0
    left = ((card & own) > 0) & ~edge & (on == 0)
    return CardCut(edge[1:-1, 1:-1], on[1:-1, 1:-1] > 0, left[1:-1, 1:-1], corners - 1, half)


def framed(window: np.ndarray) -> np.ndarray:
    """A blob's window with a border of zeros a pixel wide: its edge is table.
    (OpenCV's border takes a tenth of the time of `np.pad`.)"""
    return cv2.copyMakeBorder(window, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)


def card_rect(
    own: np.ndarray, dist: np.ndarray, depth: float
) -> tuple[np.ndarray, float, np.ndarray] | None:
    """A card's rectangle (filled mask), half its width and its corners in one blob's window
    (`own`, its distance to the table `dist`), or None where it holds none.

    Opening the blob with a disc CORE_OPEN times its depth removes the dice against the
    card (narrower than the disc) and rounds its corners. The opened blob's deepest points,
    within CORE_DEEP of its depth, lie along the card's middle; grown back by that much,
    their rotated rectangle is the card's, corners and all, and a die bulging the opening
    where it joins the card does not reach them. It is a card if it is 1.15–1.7 times as
    long as wide (a mini card 1.52, foreshortened by the camera's tilt) and the blob fills
    CORE_FILL of it."""
    core = opened(own, dist, CORE_OPEN * depth / 2)
    core_dist = cv2.distanceTransform(core, cv2.DIST_L2, 3)
    half = float(core_dist.max())
    ridge = cv2.findNonZero((core_dist >= CORE_DEEP * half).view(np.uint8)) if half else None
    if ridge is None:
        return None
    centre, (rw, rh), angle = cv2.minAreaRect(ridge)
    grow = 2 * CORE_DEEP * half + 1
    rect = (centre, (rw + grow, rh + grow), angle)
    if not CORE_RATIO[0] <= max(rect[1]) / min(rect[1]) <= CORE_RATIO[1]:
        return None
    corners = cv2.boxPoints(rect)
    card = np.zeros_like(own)
    cv2.fillConvexPoly(card, np.round(corners).astype(np.int32), 1)
    if cv2.countNonZero(card & own) < CORE_FILL * cv2.countNonZero(card):
        return None
    return card, half, corners


def opened(mask: np.ndarray, depth: np.ndarray, radius: float) -> np.ndarray:
    """`mask` (uint8 0/1) opened with a disc of `radius`, given each pixel's distance to
    the nearest unset one (`depth`): eroded, the pixels at least that deep; dilated back,
    those within the radius of what is left. Its cost does not grow with the disc, as
    OpenCV's opening with a disc does."""
    eroded = ((depth >= radius) & (mask > 0)).view(np.uint8)
    if not eroded.any():
        return np.zeros_like(mask)
    return (cv2.distanceTransform(1 - eroded, cv2.DIST_L2, 3) <= radius).view(np.uint8) & mask


def dice_beside(
    rest: np.ndarray, dist: np.ndarray, colours: np.ndarray, half: float, paper: float
) -> int | None:
    """How many dice stick out of a card (`rest`, a blob less its card), or None where
    something else does. A piece counts where it is as deep as a die's part (PIECE_DEPTH of
    the card's half width, measured on the piece); it is a die where it is no deeper than
    the largest die beside a card (DIE_PER_CARD, measured to the table, as the die lay
    before the cut) and a die's body (DICE_BODY of its inner half saturated or far darker
    than the paper; its outer half holds the mask's halo, the table's colour).

    Piles fail: a card under the one found sticks out as paper. So do white dice, which are
    paper to this test, and so does a cluster of white dice that a rectangle fits."""
    rest = cv2.morphologyEx(rest, cv2.MORPH_OPEN, _SQUARE3)
    n, labels = cv2.connectedComponents(rest, connectivity=8)
    pieces = 0
    for j in range(1, n):
        piece = labels == j
        if depth_within(piece.view(np.uint8)).max() < PIECE_DEPTH * half:
            continue
        deepest = dist[piece].max()
        if deepest > DIE_PER_CARD * half:
            return None
        hsv = colours[piece & (dist >= 0.5 * deepest)]
        if np.mean(is_body(hsv, paper)) < DICE_BODY:
            return None
        pieces += 1
    return pieces


def is_body(hsv: np.ndarray, paper: float) -> np.ndarray:
    """Per HSV pixel (last axis): a red or black die's body, saturated or far darker than
    the card's paper (`paper`: its median brightness)."""
    return (hsv[..., 1] > BODY_SATURATION) | (hsv[..., 2] < BODY_DARK * paper)


def dice_on(
    card: np.ndarray,
    colours: np.ndarray,
    half: float,
    paper: float,
    pipped: bool = False,
    beyond: np.ndarray | None = None,
) -> np.ndarray:
    """The bodies of the dice lying on a card (`card`: where it lies, in its blob's window or
    the card reader's whole outline, print, dice and all), their pips filled.

    A die's body (`is_body`) is kept off the card's rim. A "card" that is more body than
    paper (ON_PRINT) is dice: two dice of a colour the paper test passes. The body's holes
    are filled where they are no bigger than a pip (PIP_HOLE of the card's half width
    squared; the counter of a court card's big "Q" is bigger). The card's own print is body
    too, and a die lying on it joins it, so the body is opened with a disc ON_CARD[0] of the
    card's half width: the card's pips, its index and the strokes of its art are narrower
    and go, a die (0.36 of it) stays. What is left is a die where it is as deep as a die on
    a mini card (ON_CARD), about as big as a square of its depth (SQUARE_FILL: a pip's
    curves leave less, a band of art more), mostly body (ON_BODY: a die's pips cover at
    most a fifth of it) and of one colour (`one_colour`: a court card's art is not). A
    piece of two colours is looked into again colour by colour (`one_coloured`): a die
    that touches art of another colour, or a die of the other colour, joined it, and the
    die was lost with the art (on 10 of the 35 tables of 200 whose roll was not read right,
    among development tables of dice on cards).

    `beyond` is where to look past the card's outline (`quads_cut`: a die lying across it),
    eroded one pixel rather than two: there the die's body is its own mask's edge. It has
    no say in whether the card is more body than paper: dice against the card lie there.
    The dice found with it are added to those found on the card alone: a die on the card
    touching a die of its colour against it is one piece with it there, and no die.

    With `pipped` (the card reader's cards, `quads_cut`), it must also show a pip: a hole
    of at least ON_PIP of its depth squared. Every card the card reader names is looked
    into, lone ones too, and an ace's big heart and a king's red block of art pass every
    other test (3 false dice on 2 of the shared card scenes). It is not asked of the
    reader's own cut: there it cost 19 of 76 dice on blurred 640×480 tables of dice on
    cards, whose pips blur into the body, and the card scenes read no die without it. (The
    dice the own cut finds on a card no named card reaches are kept as found, `own_cards`.)

    The work is done in the box round `card` and `beyond` (`box_round`): every step is
    local, and a named card's outline lies in the whole frame, where each piece's own
    measures cost a pass over every pixel."""
    out = np.zeros_like(card)
    window = box_round(card if beyond is None else card | beyond)
    if window is not None:
        out[window] = dice_in_window(
            card[window],
            colours[window],
            half,
            paper,
            pipped,
            None if beyond is None else beyond[window],
        )
    return out


def box_round(mask: np.ndarray, margin: int = 3) -> tuple[slice, slice] | None:
    """The rows and columns of `mask`'s set pixels and `margin` more round them (within the
    image), or None where none is set. A margin of unset pixels leaves erosions and distances
    within the box as they are in the whole image."""
    x, y, w, h = cv2.boundingRect(mask)
    if w == 0:
        return None
    return slice(max(0, y - margin), y + h + margin), slice(max(0, x - margin), x + w + margin)


def dice_in_window(
    card: np.ndarray,
    colours: np.ndarray,
    half: float,
    paper: float,
    pipped: bool,
    beyond: np.ndarray | None,
) -> np.ndarray:
    """`dice_on` within a window round the card (and `beyond`)."""
    inner = cv2.erode(card, _SQUARE3, iterations=2)
    bodily = is_body(colours, paper).view(np.uint8)
    body = bodily & inner
    if cv2.countNonZero(body) > ON_PRINT * cv2.countNonZero(inner):
        return np.zeros_like(card)
    out = dice_in(body, colours, half, paper, pipped)
    if beyond is not None:
        wide = cv2.erode(card | beyond, _SQUARE3, iterations=2) | cv2.erode(beyond, _SQUARE3)
        out |= dice_in(bodily & wide, colours, half, paper, pipped, card)
    return out


def dice_in(
    body: np.ndarray,
    colours: np.ndarray,
    half: float,
    paper: float,
    pipped: bool,
    card: np.ndarray | None = None,
) -> np.ndarray:
    """The pieces of `body` (`one_coloured`) that lie as dice (`lies_as_die`), and where
    `card` is given, have at least ACROSS_SHARE of their pixels on it: a die beside a card,
    against it but not on it, is left to the cut along the card's outline, as before
    (looked for as a die on the card, it lost 78 of 311 dice against cards, development
    seeds). Each piece is judged alone: a black die against the card that touches a red
    die on it is a piece of its own."""
    out = np.zeros_like(body)
    for piece, own_body, own_pips in one_coloured(body, colours, half, paper):
        area = cv2.countNonZero(piece)
        if card is not None and cv2.countNonZero(piece & card) < ACROSS_SHARE * area:
            continue
        if lies_as_die(piece, own_body, own_pips, half, pipped):
            out |= piece
    return out


def one_coloured(
    body: np.ndarray, colours: np.ndarray, half: float, paper: float
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The pieces of `body` (`body_pieces`) that are of one colour (`one_colour`), each with
    the body and the pips it was cut from. A piece of two colours is cut again, its dark
    and its vivid pixels apart: a die touching a court card's art of another colour, or a
    die of the other colour, is then a piece of its own. Such a part's pips are only its
    holes that are paper: where the other colour was cut away, a stroke of art has holes
    as big as a pip's (a red K's stroke passed for a die beside the black die it
    touched)."""
    pieces, pips = body_pieces(body, half)
    vivid = is_vivid(colours, paper).view(np.uint8)
    for piece in pieces:
        if one_colour(colours[piece > 0], paper):
            yield piece, body, pips
            continue
        for part in (piece & body & vivid, piece & body & (1 - vivid)):
            parts, holes = body_pieces(part, half)
            paper_pips = holes & (1 - body)
            for one in parts:
                if one_colour(colours[one > 0], paper):
                    yield one, part, paper_pips


def body_pieces(body: np.ndarray, half: float) -> tuple[list[np.ndarray], np.ndarray]:
    """The pieces of `body` (uint8 0/1) that could be dice on a card of half width `half`,
    their pips filled, and those pips: holes no bigger than a pip (PIP_HOLE) filled, then
    opened with a disc ON_CARD[0] of the half width, which takes away what is narrower
    than a die (a card's pips, its index, the strokes of its art)."""
    pips = pip_holes(body, PIP_HOLE * half * half)
    filled = body | pips
    dice = opened(filled, depth_within(filled), ON_CARD[0] * half)
    n, labels = cv2.connectedComponents(dice, connectivity=8)
    return [(labels == j).view(np.uint8) for j in range(1, n)], pips


def lies_as_die(
    piece: np.ndarray, body: np.ndarray, pips: np.ndarray, half: float, pipped: bool
) -> bool:
    """Whether a piece of the body on a card (`body_pieces`) is shaped as a die lying on
    it: as deep as one (ON_CARD), about a square of its depth (SQUARE_FILL), mostly body
    (ON_BODY) and, where `pipped`, with a pip (ON_PIP)."""
    deepest = float(depth_within(piece).max())
    area = cv2.countNonZero(piece)
    fill = area / (2 * deepest) ** 2
    solid = cv2.countNonZero(piece & body) >= ON_BODY * area
    shaped = deepest <= ON_CARD[1] * half and SQUARE_FILL[0] <= fill <= SQUARE_FILL[1]
    return shaped and solid and (not pipped or largest_hole(piece & pips) >= ON_PIP * deepest**2)


def is_vivid(hsv: np.ndarray, paper: float) -> np.ndarray:
    """Per HSV pixel (last axis): saturated with light enough for a hue (VIVID_DARK of the
    paper's brightness): a red die's body, a dark translucent red one's too. Below that
    darkness a body is dark: a black die."""
    return (hsv[..., 1] > BODY_SATURATION) & (hsv[..., 2] >= VIVID_DARK * paper)


def one_colour(hsv: np.ndarray, paper: float) -> bool:
    """Whether the body among these HSV pixels (rows) is of one colour, as a die's is: dark
    (a black die, its pips aside), or vivid (`is_vivid`) with one hue (HUE_COHERENCE: the
    length of the mean of the hues as unit vectors), for ONE_COLOUR of it. A court card's
    art mixes colours, or a colour and dark outlines."""
    vivid = is_vivid(hsv, paper)
    dark = (hsv[:, 2] < BODY_DARK * paper) & ~vivid
    body = np.count_nonzero(dark | vivid)
    if body == 0:
        return False
    if np.count_nonzero(dark) >= ONE_COLOUR * body:
        return True
    if np.count_nonzero(vivid) < ONE_COLOUR * body:
        return False
    angle = hsv[vivid, 0].astype(np.float32) * np.float32(np.pi / 90)  # OpenCV's hue: 0-179
    return float(np.hypot(np.cos(angle).mean(), np.sin(angle).mean())) >= HUE_COHERENCE


def largest_hole(holes: np.ndarray) -> int:
    """The area (px) of the largest 8-connected piece of `holes` (uint8 0/1), 0 for none."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(holes, connectivity=8)
    return int(stats[1:, cv2.CC_STAT_AREA].max()) if n > 1 else 0


def pip_holes(body: np.ndarray, largest: float) -> np.ndarray:
    """The holes in `body` (uint8 0/1) of at most `largest` pixels."""
    holes = filled_outline(body) & (1 - body)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(holes, connectivity=4)
    small = stats[:, cv2.CC_STAT_AREA] <= largest
    small[0] = False
    return small[labels].view(np.uint8)


def find_candidates(
    frame: np.ndarray, card_shapes: bool = False, cards: np.ndarray | None = None
) -> Candidates:
    """Proposed die centres in a BGR frame, with the die size they were proposed for.

    Blobs shaped like a playing card get none, and a frame whose die size was measured
    on cards is measured again without them, unless `card_shapes` is set: training asks
    for them, as look-alikes to learn "no die" from (cards that touch make blobs that
    are not card-shaped, and those do reach the nets beside real dice). `cards`, the
    outlines of the cards the card reader named in this frame (n × 4 corners, frame px;
    none: an empty array), replaces the reader's own guess of where cards lie, except on
    the blobs that no named card reaches (`quads_cut`)."""
    small, factor = working_image(frame)
    score = foreground_score(small)
    mask = object_mask(score)
    if mask.all():  # no table in view at all (noise, a lens cap): nothing to measure
        return Candidates(np.zeros((0, 2), np.float32), 0.0, np.zeros(0, bool))
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    blobs = among_specks(without_soft(find_blobs(mask), score, (mask, grey)), score)
    card = None
    if cards is None:
        blobs = apart_from_cards(score, blobs, cards_cut(small, blobs))
    elif (given := quads_cut(small, blobs, np.reshape(cards, (-1, 4, 2)) * factor)) is not None:
        blobs, card = apart_from_cards(score, blobs, given[0]), given[1]
    least = MIN_DEPTH if card is None else max(MIN_DEPTH, ON_CARD[0] * card)
    depth = die_depth(without_walls(blobs), least)
    cores = pip_cores(frame, blobs, factor)
    pips = np.zeros(len(blobs.depth), bool) if cores is None else cores > 0
    if pips.any():
        depth = float(np.median(cores[pips])) * factor / (PIP_DIAMETER * 2 * SIZE_PER_DEPTH)
    elif depth > 0.0 and not card_shapes and measured_on_cards(blobs, depth, card):
        depth = beside_cards(blobs, card)
        if depth == 0.0 and card is not None:
            depth = grown_beside_cards(blobs, score, card)
    if depth == 0.0:
        return Candidates(np.zeros((0, 2), np.float32), 0.0, np.zeros(0, bool))
    size = 2.0 * depth * SIZE_PER_DEPTH
    spot_map = pip_spots(grey, size)
    spots = np.flatnonzero(spot_map)  # flat: np.nonzero took 15 times as long
    if cores is None:
        pips = pips_beside_bodies(frame, blobs, depth, factor, blobs.labels.ravel()[spots])
    if pips.any():
        # A lone pip is no body: no grid points of its own, its spots a loose die's pips.
        blobs = dataclasses.replace(blobs, depth=np.where(pips, 0.0, blobs.depth))
    stride = max(1, round(size / 5))
    grid = filled_faces(blobs, depth, size)[::stride, ::stride]
    soft = blobs.lit
    no_body = pips | soft
    on_grid = (
        (grid >= 0.5 * depth) & (grid <= 1.8 * depth) & ~no_body[blobs.labels[::stride, ::stride]]
    )
    if (blobs.boxes[1:, 2:] >= BAND_RUN * size).any():
        on_grid &= ~in_bands(blobs.labels > 0, size, stride)
    deep = (blobs.depth >= 0.5 * depth) | soft  # a body's own pips, or glare's bright middle
    spots = spots[~deep[blobs.labels.ravel()[spots]]]
    if blobs.cut_dice is not None and blobs.cut_dice.any():
        spots = spots[~beside_cut_dice(blobs, depth).ravel()[spots]]
    keep = on_grid | pip_cells(*np.divmod(spots, small.shape[1]), grid.shape, stride, size)
    if not card_shapes:
        keep &= ~blobs.card_like[blobs.labels[::stride, ::stride]]
    ys, xs = np.nonzero(keep)
    if ys.size > MAX_CANDIDATES:
        nearest = np.argsort(np.abs(grid[ys, xs] - depth), kind="stable")[:MAX_CANDIDATES]
        ys, xs = ys[nearest], xs[nearest]
    centers = np.stack([xs, ys], axis=1).astype(np.float32) * stride / factor
    return Candidates(centers, size / factor, ~on_grid[ys, xs], blobs, factor, depth, spot_map)


def beside_cut_dice(blobs: Blobs, depth: float) -> np.ndarray:
    """Where a pip spot is one of a die cut out of a card (`Blobs.cut_dice`): within
    CUT_REACH of a die's depth of its cut body. The cut rounds a die's corners off and a
    ring is cut round it, so a corner pip can lie outside it, propose a loose die, found the
    die and lose it with the loose dice's rules (`placed_by_pips`)."""
    cut = blobs.cut_dice[blobs.labels].view(np.uint8)
    return cv2.distanceTransform(1 - cut, cv2.DIST_L2, 3) <= CUT_REACH * depth


def without_soft(
    blobs: Blobs,
    score: np.ndarray,
    cut: tuple[np.ndarray, np.ndarray] | None = None,
    light: np.ndarray | None = None,
) -> Blobs:
    """The blobs with those that are light on the table, not objects, left unmeasured.

    A glare spot or a pool of lamp light on a dark mat lifts the table smoothly, and the
    mask takes its middle as an object: one round blob, deeper than the dice, that set the
    die size (two or three times a die) and every die of the roll was lost. A die's edges
    and pips are steps of the score, with a strong local contrast (`local_contrast`); a
    smooth bump's falls with the square of its width. So a blob as deep as a die is light
    where its strongest local contrast is under SOFT_EDGE; or, for a small bright spot,
    whose top is curved enough to pass that, where it is under STEP_SHARE of its highest
    score while another blob of the frame (at least SHARP_MIN_DEPTH deep: a pip, not sensor
    noise) is SHARPER times as sharp. Blur lowers every edge of a frame alike, so that
    comparison keeps blurred dice (4 px of blur: none judged light; the first test alone
    judges a few from 6 px). Such a blob keeps its pixels (its labels) but no depth and no
    shape: it neither sets the size nor gets grid points, and its bright middle is no pip.

    A wood table's grain leaves blobs shallower than a square of the die set, a small
    die's depth or more, whose strongest contrast is a ripple's (under GROWN_EDGE). Where
    there are GRAIN_BLOBS of them or more, they are light too: 9–24 of them outvoted one to
    three dice in the die size, measured at half the dice, which then read as 1s (on rolls
    of one to three dice on wood, 118 of 164 dice were read right). One to three such blobs
    are a die's shadow or glare's rim on the photos, and are left as they were. Small white
    dice on a tray blurred by 3–4 px can have four of their own blobs that soft, and lose
    them; they were not read at that blur before either (13 of 277 right at 3 px).

    Given `cut`, the mask the blobs came from and the working image's lightness, a die or
    card lying in the light, one blob with it, is cut out of it first (`lit_object`) and
    the blobs are found again; every blob then in the `light` round such an object (pixels
    set) is light, however shallow.
    """
    deep = np.flatnonzero(blobs.depth >= SQUARE_MIN_DEPTH).tolist()
    edges, peaks = np.zeros(len(blobs.depth)), np.zeros(len(blobs.depth))
    carved = lit = None
    for i in deep:
        own, contrast, window = blob_window(blobs, score, i)
        peaks[i], edges[i] = window_peaks(own, contrast, window)
        if cut is None or edges[i] < max(SOFT_EDGE, STEP_SHARE * peaks[i]):
            continue
        mask, luma = cut
        x, y, w, h = blobs.boxes[i].tolist()
        box = np.s_[y : y + h, x : x + w]
        table = blobs.labels[box] == 0
        parts = lit_object(own, contrast, window, luma[box], table, float(blobs.depth[i]))
        if parts is not None:
            carved = mask.copy() if carved is None else carved
            lit = np.zeros_like(mask) if lit is None else lit
            carved[y : y + h, x : x + w][own & ~(parts[0] | parts[1])] = 0
            lit[y : y + h, x : x + w][parts[1]] = 1
    if carved is not None:
        return without_soft(find_blobs(carved), score, light=lit)
    soft = np.zeros(len(blobs.depth), bool)
    if light is not None:
        soft[blobs.labels[light.view(bool)]] = True
        soft[0] = False
    soft[deep] |= edges[deep] < SOFT_EDGE
    small = np.flatnonzero((blobs.depth >= MIN_DEPTH) & (blobs.depth < SQUARE_MIN_DEPTH))
    if small.size >= GRAIN_BLOBS:
        for i in small.tolist():
            edges[i] = blob_peaks(blobs, score, i)[1]
        grain = small[edges[small] < GROWN_EDGE]
        if grain.size >= GRAIN_BLOBS:
            soft[grain] = True
    spots = [i for i in deep if not soft[i] and edges[i] < STEP_SHARE * peaks[i]]
    if spots:
        # Sharper blobs may be shallower ones (a black die's pips on a dark mat): the
        # deepest SHARP_LOOKS are looked at, only until the spots are settled (a speckled
        # mat has hundreds, and asking them all took 7–9 ms).
        need = SHARPER * max(edges[spots])
        shallow = np.flatnonzero(
            (blobs.depth >= SHARP_MIN_DEPTH) & (blobs.depth < SQUARE_MIN_DEPTH)
        )
        deepest = np.argsort(-blobs.depth[shallow], kind="stable")[:SHARP_LOOKS]
        for i in shallow[deepest].tolist():
            if edges.max() > need:
                break
            edges[i] = blob_peaks(blobs, score, i)[1]
        soft[spots] = SHARPER * edges[spots] < edges.max()
    if not soft.any():
        return blobs
    keep = ~soft
    return dataclasses.replace(
        blobs,
        depth=blobs.depth * keep,
        compact=blobs.compact & keep,
        square=blobs.square & keep,
        card_like=blobs.card_like & keep,
        soft=soft,
    )


def lit_object(
    own: np.ndarray,
    contrast: np.ndarray,
    score: np.ndarray,
    luma: np.ndarray,
    table: np.ndarray,
    depth: float,
) -> tuple[np.ndarray, np.ndarray] | None:
    """Within one blob (`own`, with the local contrast, score and lightness of its box,
    and where in the box no blob lies, the `table`): where it is a die or card lying in
    light on the table, the object and the light round it, else None.

    A die in a glare spot is one blob with the light, as deep as the light: it set the
    die size (two or three times a die) and the whole roll was lost. The die's edges and
    pips are sharp, the light's rim is not (`object_in_light`).

    A lamp over a grained table (wood, felt) lifts the grain with the table, and the rim
    the mask draws through its light follows the grain, as sharp as a die's edge: three
    rolls in ten under such a pool were lost. So a blob refused on its own contrast whose
    rim crosses the mask's level gently (LIT_RIM; a die's body steps over it, a cluster of
    dice the table's own colour too) is asked again on its score blurred by LIT_BLUR,
    which takes the grain out and leaves a die's edge. A pale die on a pale table has a
    rim as soft once blurred, and is told from light by what is left round the object
    (`lamp_like`).
    """
    blob = own.view(np.uint8)
    rim = own & (cv2.erode(blob, _SQUARE3, borderType=cv2.BORDER_CONSTANT, borderValue=0) == 0)
    found = object_in_light(own, rim, contrast, score, depth)
    if found is not None:
        return found
    if np.count_nonzero(rim & (score > LIT_RIM)) >= SHARP_RIM * np.count_nonzero(rim):
        return None
    # The box alone is blurred, its edges mirrored: the blob's rim lies inside it, and
    # blurring the whole frame for the few blobs asked again cost more than it changed.
    smooth = local_contrast(cv2.GaussianBlur(score, (0, 0), LIT_BLUR))
    found = object_in_light(own, rim, smooth, score, depth)
    if found is None or not lamp_like(own, found[1], luma, table):
        return None
    return found


def object_in_light(
    own: np.ndarray, rim: np.ndarray, contrast: np.ndarray, score: np.ndarray, depth: float
) -> tuple[np.ndarray, np.ndarray] | None:
    """The object and the light round it, where blob `own` (its `rim` pixels given) is an
    object lying in light by the measure of `contrast`, else None.

    The object's edges and pips are sharp (over EDGE_SHARE of the blob's strongest
    contrast), the light's rim is not; so a blob whose rim is mostly soft, whose sharp part
    (holes filled) is less than LIT_DEPTH as deep as it, and whose rest is light by
    `without_soft`'s measure (its contrast under STEP_SHARE of its score) holds an object
    in light. The object is the sharp part less the OVERREACH of local contrast past an
    edge (kept whole, it measured dice 1.23 times their size); the light is kept apart
    from it by LIGHT_GAP px.
    """
    half = SHARP_RIM * np.count_nonzero(rim)
    if np.count_nonzero(rim & (contrast >= SOFT_RIM)) >= half:
        return None
    sharp = (own & (contrast > EDGE_SHARE * float(contrast[own].max()))).view(np.uint8)
    if np.count_nonzero(rim & sharp.view(bool)) >= half:
        return None
    filled = filled_outline(sharp) & own.view(np.uint8)
    inside = depth_within(filled)
    if not SHARP_MIN_DEPTH + OVERREACH <= float(inside.max()) < LIT_DEPTH * depth:
        return None
    gap = np.ones((2 * LIGHT_GAP + 1,) * 2, np.uint8)
    rest = own & (cv2.dilate(filled, gap) == 0)
    if not rest.any() or float(contrast[rest].max()) >= STEP_SHARE * float(score[rest].max()):
        return None
    return inside > OVERREACH, rest


def lamp_like(own: np.ndarray, light: np.ndarray, luma: np.ndarray, table: np.ndarray) -> bool:
    """Whether `light`, found round an object in blob `own` only once the score was blurred,
    is a lamp's light: wide round the object, brighter than the table within 3 px of the
    blob (`table`: where no blob lies), and falling from its peak towards the table's
    level, so that its lightness spans at least three quarters of its rise (the limits
    from LIT_BLUR on). What a pale die on a pale table leaves round its pips is its body:
    a narrow band, or no brighter than the table; a card's paper on a grey table is
    brighter, but flat."""
    if np.count_nonzero(light) < LIGHT_SHARE * np.count_nonzero(own):
        return False
    if float(depth_within(light.view(np.uint8)).max()) < LIGHT_REACH:
        return False
    table = table & (cv2.dilate(own.view(np.uint8), _SQUARE7) > 0)
    if not table.any():
        return False
    rise = float(np.median(luma[light])) - float(np.median(luma[table]))
    if rise < LIGHT_RISE:
        return False
    low, high = np.percentile(luma[light], (10, 90))
    return float(high - low) >= LIGHT_SPREAD * rise


def among_specks(blobs: Blobs, score: np.ndarray) -> Blobs:
    """The blobs, where more than MAX_PIPS of them are specks strewn on the table (glitter,
    crumbs), with only the solid die-shaped ones left as objects (the rest keep their
    pixels but no depth: they neither set the die size nor get grid points).

    Hundreds of specks outweighed the dice in the die size (12–16 px for dice of 48) and
    each then read as a black die. A die's blob is `square`, solid (its score above the
    mask's level over SOLID of it: 0.997 and more on synthetic dice among specks, where
    specks run together into a square clump keep gaps, 0.91–0.96 mostly) and SPECK_MARGIN
    times as deep as the median blob (the clumps that fill their square are shallow).
    """
    if np.count_nonzero(blobs.depth > 0) <= MAX_PIPS:
        return blobs
    speck = float(np.median(blobs.depth[blobs.depth > 0]))
    solid = blobs.square & (blobs.depth >= SPECK_MARGIN * speck)
    for i in np.flatnonzero(solid).tolist():
        x, y, w, h = blobs.boxes[i].tolist()
        own = blobs.labels[y : y + h, x : x + w] == i
        solid[i] = np.count_nonzero(score[y : y + h, x : x + w][own] > 1.0) >= SOLID * own.sum()
    return dataclasses.replace(
        blobs,
        depth=blobs.depth * solid,
        compact=solid,
        square=solid,
        card_like=blobs.card_like & solid,
    )


def blob_peaks(blobs: Blobs, score: np.ndarray, i: int) -> tuple[float, float]:
    """Blob `i`'s highest score and strongest local contrast (`local_contrast`)."""
    return window_peaks(*blob_window(blobs, score, i))


def window_peaks(own: np.ndarray, contrast: np.ndarray, score: np.ndarray) -> tuple[float, float]:
    """The highest score and strongest local contrast over a blob's pixels (`own`) in its box."""
    return float(score[own].max()), float(contrast[own].max())


def blob_window(
    blobs: Blobs, score: np.ndarray, i: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Over blob `i`'s box: its pixels, the local contrast and the score."""
    x, y, w, h = blobs.boxes[i].tolist()
    own = blobs.labels[y : y + h, x : x + w] == i
    return own, local_contrast(score, (x, y, w, h)), score[y : y + h, x : x + w]


def local_contrast(score: np.ndarray, box: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """Mean absolute difference of the score from its TEXTURE_BOX (5 × 5) mean, over the
    same, in `box` (x, y, width, height; the whole image by default): high along edges and
    round specks, nought on any slope that is straight over 5 px.

    Past the frame's edge the score is continued as a point mirror image, so a slope cut
    off by the edge runs on straight: OpenCV's own borders (mirror or copy) fold it, and
    light cut off by the frame then showed a crease as sharp as a faint die's edge. A box
    is worked out on its own window and comes out as the same pixels of the whole image's.
    """
    score = np.asarray(score, np.float32)  # addWeighted would saturate whole-number planes
    x, y, w, h = box or (0, 0, score.shape[1], score.shape[0])
    reach = TEXTURE_REACH
    x0, y0 = max(0, x - reach), max(0, y - reach)
    x1, y1 = min(score.shape[1], x + w + reach), min(score.shape[0], y + h + reach)
    pads = (reach - (y - y0), reach - (y1 - y - h), reach - (x - x0), reach - (x1 - x - w))
    window = score[y0:y1, x0:x1]
    mirrored = cv2.copyMakeBorder(window, *pads, cv2.BORDER_REFLECT_101)
    edge = cv2.copyMakeBorder(window, *pads, cv2.BORDER_REPLICATE)
    straight = cv2.addWeighted(edge, 2.0, mirrored, -1.0, 0.0)
    means = (TEXTURE_BOX, TEXTURE_BOX)
    contrast = cv2.blur(cv2.absdiff(straight, cv2.blur(straight, means)), means)
    return contrast[reach : reach + h, reach : reach + w]


def pip_cores(frame: np.ndarray, blobs: Blobs, factor: float) -> np.ndarray | None:
    """Per blob, the diameter (frame px) of its pip where blobs that are each a lone pip
    (`pip_core`) hold at least half the weight the die size is measured on, else None.

    On a dark mat the mask may hold a black die's white pips alone, and a frame of black
    dice alone then measures its "dice" on them: pips read as black 1s at half the size.
    The heaviest blobs are looked at first, and most frames are settled by their first
    few (a red or white die is no pip). Where pips win, every other blob is looked at too,
    as each pip is to be left out of the bodies. A frame with more than MAX_PIPS blobs is a
    speckled cloth, and gets None before any is looked at (`find_candidates` calls this after
    `among_specks`, which leaves only such a frame's solid die-shaped blobs with a depth).
    A die cut out of a card (`Blobs.cut_dice`) is a body, not a pip: the corners of its box
    are the card's white paper, which passed for a black die's bright pip.
    """
    if np.count_nonzero(blobs.depth > 0) > MAX_PIPS:
        return None
    measured = blobs.compact if blobs.compact.any() else blobs.depth > 0
    weight = blobs.depth**2 * measured
    half = float(weight.sum()) / 2
    cores = np.zeros(len(weight), np.float32)
    seen = np.zeros(len(weight), bool)
    on_pips = off_pips = 0.0
    bodies = np.zeros(len(weight), bool) if blobs.cut_dice is None else blobs.cut_dice
    for i in np.argsort(-weight, kind="stable")[: np.count_nonzero(weight)]:
        seen[i] = True
        cores[i] = 0.0 if bodies[i] else pip_core(frame, blobs, int(i), factor)
        if cores[i]:
            on_pips += weight[i]
        else:
            off_pips += weight[i]
        if off_pips > half:
            return None
        if on_pips >= half:
            break
    for i in np.flatnonzero((blobs.depth > 0) & ~seen & ~bodies):
        cores[i] = pip_core(frame, blobs, int(i), factor)
    return cores


def pips_beside_bodies(
    frame: np.ndarray, blobs: Blobs, depth: float, factor: float, spotted: np.ndarray
) -> np.ndarray:
    """Per blob, whether it is the pips of a dark die (`pip_core`) in a frame whose die size
    was measured on bodies: a red die's, or a black die's that the mask sees. `spotted`
    holds the blob of each pip spot's pixel (`pip_spots`).

    The mask's halo runs a face's pips together, and beside such a body the blob of a 4
    or a 5 on a dark mat is half as deep as a die's centre or a little more: deep enough
    to count as a body, so its spots were the body's own pips, no grid point lay on its
    middle, and the die was lost. Only blobs from half a die centre's depth to
    PIP_RING_DEPTH of it are asked; a die's own blob is as deep as the die. Only blobs
    with pip spots: the spots are what propose a die on pips, and a green die on green
    felt, whose pips stand too little above it to be spots, stays a body. A die cut out
    of a card is a body (see `pip_cores`)."""
    asked = (blobs.depth >= 0.5 * depth) & (blobs.depth < PIP_RING_DEPTH * depth)
    asked &= np.bincount(spotted, minlength=len(blobs.depth)) > 0
    if blobs.cut_dice is not None:
        asked &= ~blobs.cut_dice
    pips = np.zeros(len(blobs.depth), bool)
    for i in np.flatnonzero(asked):
        pips[i] = pip_core(frame, blobs, int(i), factor) > 0.0
    return pips


def pip_core(frame: np.ndarray, blobs: Blobs, i: int, factor: float) -> float:
    """The diameter (frame px) of blob `i`'s bright core where the blob is one pip of a dark
    die seen without its body, else 0.

    Such a blob is the pip widened by the mask's halo: dark (the die and mat round the
    pip) with one bright core of PIP_CORE of its width, in its middle. A dark die's own blob
    holds pips of about a sixth of its width, and a red or white die is bright. A black die
    on a checked cloth as dark as a mat has the cloth's light squares in its box's corners:
    their joined run was taken for the core, and a lone black die was measured at twice its
    size and lost. So the core may not reach the box's edge. The core is measured at the
    frame's resolution, where even a small die's pip is a few pixels.
    """
    x, y, bw, bh = blobs.boxes[i]
    if bw * bh > PIP_BOX * blobs.depth[i] ** 2:
        return 0.0
    h, w = frame.shape[:2]
    x0, y0 = int(x / factor), int(y / factor)
    x1, y1 = min(w, int(np.ceil((x + bw) / factor))), min(h, int(np.ceil((y + bh) / factor)))
    bgr = frame[y0:y1, x0:x1]
    # numpy's max over an axis of 3 took ten times as long as two element-wise maximums
    window = np.maximum(np.maximum(bgr[..., 0], bgr[..., 1]), bgr[..., 2])
    if cv2.mean(window)[0] > DARK_SURROUND:
        return 0.0
    pixels = window.ravel()
    rank = (pixels.size - 1) // 5  # the 20th percentile, without np.percentile's cost
    low, high = float(np.partition(pixels, rank)[rank]), float(pixels.max())
    if high - low < PIP_LIFT:
        return 0.0
    core = (window >= (low + high) / 2).view(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(core, connectivity=8)
    cx, cy, cw, ch, area = stats[1 + int(np.argmax(stats[1:count, cv2.CC_STAT_AREA]))]
    if cx == 0 or cy == 0 or cx + cw == window.shape[1] or cy + ch == window.shape[0]:
        return 0.0  # the table round a dark die, reaching the box's edge
    diameter = 2 * np.sqrt(area / np.pi)
    share = diameter * factor / (2 * blobs.depth[i])
    if diameter > PIP_DIAMETER * MAX_DIE_SHARE * min(h, w):  # a white die among dark ones
        return 0.0
    return float(diameter) if PIP_CORE[0] <= share <= PIP_CORE[1] else 0.0


def pip_spots(grey: np.ndarray, size: float) -> np.ndarray:
    """Bright spots the size of a pip on a dark face, as a bool map of the `grey` image where
    a die is `size` px: a white top-hat, its surround dark and the window round it dark.

    On a dark mat a black die's body hardly differs from the table, so the mask holds only
    its white pips, specks far shallower than a die, and no candidate lands on the die. The
    window's mean keeps out paper enclosed by a card's dark print (it is bright around).
    """
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (odd_side(PIP_KERNEL * size),) * 2)
    opened = cv2.morphologyEx(grey, cv2.MORPH_OPEN, kernel)
    window = (odd_side(FACE_WINDOW * size),) * 2
    return (
        (cv2.subtract(grey, opened) >= PIP_LIFT)
        & (opened <= DARK_SURROUND)
        & (cv2.blur(grey, window) <= DARK_FACE)
    )


def fade_width(grey: np.ndarray, box: tuple[int, int, int, int]) -> float:
    """How far (px) the bright spot in `box` (x, y, width, height of a grey image) takes to
    fall from three quarters to a quarter of its height above its surround: the radius of
    its quarter-height area less that of its three-quarter one.

    A pip is a painted disc, and its edge fades only over the camera's blur (at most 1.5 px
    on the renderer's pips, with blur up to 0.8 px); a spot of lamp light on a dark table
    fades over many (9–12 px measured), though the top-hat finds it as it finds a pip.
    Under blur the quarter-height areas of a face's pips run together (a 6's column from
    2 px of blur), so where the area holds other tops, only the part nearer to this top
    than to them counts.
    """
    x, y, w, h = box
    side = max(w, h)
    near = grey[max(0, y - side) : y + h + side, max(0, x - side) : x + w + side].ravel()
    rank = (near.size - 1) // 5  # the surround, the face: the 20th percentile, as in `pip_core`
    base = float(np.partition(near, rank)[rank])
    x0, y0 = max(0, x - 2 * side), max(0, y - 2 * side)  # wide enough for the next pips' tops
    window = grey[y0 : y + h + 2 * side, x0 : x + w + 2 * side]
    spot = grey[y : y + h, x : x + w]
    top = int(spot.argmax())
    peak = float(spot.flat[top])
    ty, tx = y - y0 + top // w, x - x0 + top % w
    quarter = (window >= base + 0.25 * (peak - base)).view(np.uint8)
    _, labels = cv2.connectedComponents(quarter, connectivity=8)
    own = labels == labels[ty, tx]
    high = (own & (window >= base + 0.75 * (peak - base))).view(np.uint8)
    tops, parts = cv2.connectedComponents(high, connectivity=8)
    if tops > 2:  # label 0 is the rest: this area holds other pips' tops too
        _, nearest = cv2.distanceTransformWithLabels(
            1 - high, cv2.DIST_L2, 5, labelType=cv2.DIST_LABEL_CCOMP
        )
        own &= nearest == nearest[ty, tx]
        high = (parts == parts[ty, tx]).view(np.uint8)
    return float(np.sqrt(np.count_nonzero(own) / np.pi) - np.sqrt(np.count_nonzero(high) / np.pi))


def in_bands(mask: np.ndarray, size: float, stride: int) -> np.ndarray:
    """Per point of the candidate grid (every `stride` px of `mask`): whether its run of
    mask along the row or the column is at least BAND_RUN die edges (`size`, working px)
    long while the run across it is at most BAND_ACROSS, or both runs are that long: the
    middle of a tray's wall or its corner, not a die. Only walls nearly along the frame's
    rows and columns are seen: a run along a wall w die edges wide that leans θ from a row
    is w / sin θ, so a die-wide wall counts up to about 7° and one 1.5 wide up to 11°,
    which is how a camera looks square down into a tray."""
    across = grid_runs(mask, stride)
    down = grid_runs(mask.T, stride).T
    long, short = BAND_RUN * size, BAND_ACROSS * size
    return ((across >= long) & ((down <= short) | (down >= long))) | (
        (down >= long) & (across <= short)
    )


def grid_runs(mask: np.ndarray, stride: int) -> np.ndarray:
    """For every `stride`-th pixel of every `stride`-th row of a boolean mask, the length
    of the run of set pixels along the row that holds it (0 off the mask). Only the grid's
    rows are scanned, and only each run's ends are found: a tenth of the time of labelling
    every pixel's run."""
    rows = mask[::stride]
    width = rows.shape[1] + 1  # each row ends with a clear pixel, so no run joins the next
    padded = np.zeros((len(rows), width + 1), np.int8)
    padded[:, 1:width] = rows
    steps = np.diff(padded, axis=1).ravel()
    starts, ends = np.flatnonzero(steps == 1), np.flatnonzero(steps == -1)
    points = (np.arange(len(rows))[:, None] * width + np.arange(0, width - 1, stride)).ravel()
    lengths = np.append(ends - starts, 0)  # run -1 (before the first run): none
    ends = np.append(ends, 0)
    run = np.searchsorted(starts, points, side="right") - 1
    return np.where(points < ends[run], lengths[run], 0).reshape(len(rows), -1)


def odd_side(length: float) -> int:
    """An odd kernel side of about `length` px, at least 3."""
    return max(3, round(length) | 1)


def pip_cells(
    ys: np.ndarray, xs: np.ndarray, shape: tuple[int, ...], stride: int, size: float
) -> np.ndarray:
    """Cells of the candidate grid (`shape`, every `stride` working px) round each spot (rows
    `ys`, columns `xs`): a disc of about PIP_REACH of a die edge `size` px, in whole cells,
    round the grid point nearest the spot. That is where the centre of a face with that pip
    can be. Spots in more than MAX_PIPS cells are no dice's pips but a speckled cloth or
    sensor noise, and give none: each point costs the nets a look."""
    cells = np.zeros(shape[:2], np.uint8)
    rows = np.minimum(np.rint(ys / stride).astype(np.intp), shape[0] - 1)
    cols = np.minimum(np.rint(xs / stride).astype(np.intp), shape[1] - 1)
    cells[rows, cols] = 1  # the grid point nearest each spot
    if cv2.countNonZero(cells) > MAX_PIPS:
        return np.zeros(shape[:2], bool)
    reach = round(PIP_REACH * size / stride)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1,) * 2)
    return cv2.dilate(cells, disc).view(bool)
