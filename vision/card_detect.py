"""Find card-shaped corners in a frame: where a card's index could be read.

Cards are paper: brighter than the table around them and nearly colourless. The detector
compares each pixel's darkest channel with a coarse estimate of the table under it, so
light and dark tables, colour casts and lighting gradients all give the same picture, and
no fixed threshold is needed. Overlapping cards merge into one blob; instead of splitting
blobs, every convex right-angle corner of a blob's outline is a hypothesis "a card starts
here", sized from the edges that leave it and kept only if that card fits inside the blob.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

DETECT_MAX_SIDE = 640
MIN_CARD_PX = 40.0
MAX_CARD_PX = 240.0
ASPECT_RANGE = (1.25, 1.7)
NOMINAL_ASPECT = 1.45
RIGHT_ANGLE_TOLERANCE = 22.0
MERGE_COS = 0.985  # neighbouring outline edges this nearly in line are one edge (10°)
BITE_COS = 0.97  # a short edge within 14° of a long neighbour's line is a bite (`_bite`)
BITE_SHARE = 0.4
MIN_FIT = 0.88
# A card in a pile whose paper print bites into: the share of it that must still be paper
# (and lie inside the pile's convex hull as MIN_FIT). Looked at on the test scenes: 0 to 0.6
# read them the same, 0.65 lost three of the cards it finds; kept as a guard against a hull
# over bare table.
BITTEN_FIT = 0.5
# A paper blob is looked at again as closed edges, and closed edges again at detection
# scale, unless the cards fitted in it cover this share of it: a pile whose edges line up
# gives mis-sized cards that fit yet leave some of it unexplained. Set on the test scenes:
# 0.8 found one card less, 0.95 the same cards.
EXPLAINED = 0.9
CLOSE_PX = 7
PIECE_REACH_PX = 41
_DILATE = np.ones((5, 5), np.uint8)
_SMALL = np.ones((3, 3), np.uint8)
_ROW3 = np.ones((1, 3), np.uint8)
# A run of at most ROUND_RUN polygon edges, each shorter than ROUND_SHORT of the edges
# around it, between two edges within ROUND_PERPENDICULAR (cosine) of a right angle, is a
# rounded card corner (set on the test scenes: 0.25 to 0.4 found the same cards, 0.35 named
# the most; 0.5 named a new wrong card).
ROUND_RUN = 3
ROUND_SHORT = 0.35
ROUND_PERPENDICULAR = 0.26
HOLE_FILL = 0.8
HOLE_ASPECT = (1.2, 1.8)
EDGE_LOW = 15
EDGE_HIGH = 40
FAINT_CLOSE = np.ones((5, 5), np.uint8)  # knits gaps of up to 4 px in a faint card's edge
FAINT_COVERED = 0.5  # a closed outline this much covered by cards found is one of them
Point = tuple[float, float]
Hypothesis = tuple[np.ndarray, np.ndarray, np.ndarray]  # (origin, right, down)
# Sample points inside a card as weights of (origin, right, down): 7 × 7 across its face.
_GRID = np.array(
    [(1.0, u, v) for v in np.linspace(0.08, 0.92, 7) for u in np.linspace(0.08, 0.92, 7)]
)


def vector_length(v: np.ndarray) -> float:
    """Length of a 2-vector (math.hypot: far cheaper than numpy for one vector)."""
    return math.hypot(float(v[0]), float(v[1]))


@dataclass(frozen=True)
class CornerFrame:
    """A card hypothesis from one corner, in full-frame pixels.

    `origin` is the corner; `right` and `down` are the card's short and long edges leaving
    it (as vectors of length width and height), so an index printed at this corner reads
    upright in the (right, down) frame.
    """

    origin: np.ndarray
    right: np.ndarray
    down: np.ndarray

    @cached_property
    def width(self) -> float:
        """The card's short side in pixels (asked for often while grouping hypotheses)."""
        return float(vector_length(self.right))

    def quad(self) -> np.ndarray:
        """The four corners, clockwise from this one."""
        o = self.origin
        return np.array([o, o + self.right, o + self.right + self.down, o + self.down])

    @cached_property
    def points(self) -> tuple[Point, ...]:
        """The four corners (`quad`) as plain floats: hypotheses are compared with each other
        often while grouped, and numpy's cost per call is most of such small arithmetic."""
        return tuple((x, y) for x, y in self.quad().tolist())

    @cached_property
    def centre(self) -> np.ndarray:
        """The card's centre (asked for often while grouping hypotheses)."""
        return self.origin + (self.right + self.down) / 2.0


def _whiteness(image: np.ndarray) -> np.ndarray:
    """Darkest channel, lightly smoothed: high only where all channels are high (paper)."""
    import cv2

    return cv2.blur(darkest_channel(image), (3, 3))


def darkest_channel(image: np.ndarray) -> np.ndarray:
    """Per-pixel minimum of B, G and R: dark for black and red ink alike, high for paper.

    Each row is eroded as one run of bytes B, G, R, B, ...: the minimum of three neighbours
    taken at every pixel's G is that pixel's minimum. On a frame or a blob's window that
    is half the time of numpy's minimum of the strided channel views.
    """
    import cv2

    h, w = image.shape[:2]
    return np.ascontiguousarray(cv2.erode(image.reshape(h, w * 3), _ROW3)[:, 1::3])


def least_channel(pixels: np.ndarray) -> np.ndarray:
    """The least of the three channels on the last axis (B, G, R) of float pixels, as
    `.min(axis=-1)` gives it: numpy's reduction over so short an axis took 67 µs on a
    52 × 28 corner, two element-wise minimums 9 µs."""
    return np.minimum(np.minimum(pixels[..., 0], pixels[..., 1]), pixels[..., 2])


def _paper(white: np.ndarray, table: np.ndarray, level: float, close_px: int) -> np.ndarray:
    """Pixels clearly brighter than the table under them, knitted back across the print."""
    import cv2

    _, mask = cv2.threshold(cv2.subtract(white, table), level, 255, cv2.THRESH_BINARY)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _SMALL)
    # Dark and red print splits a card's paper into pieces; closing knits them together.
    close = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (close_px, close_px))
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, close)


@dataclass(frozen=True)
class PaperMap:
    """The frame shrunk by a whole `step`, its whiteness, the table estimate under it, and
    the paper mask thresholded at `level` above that table."""

    mask: np.ndarray
    step: int
    white: np.ndarray
    table: np.ndarray
    level: float


def paper_map(frame: np.ndarray) -> PaperMap:
    """The paper mask at the shrunken detection scale, and what made it (reused when blobs
    are outlined again at full resolution and for the edge outlines)."""
    import cv2

    h, w = frame.shape[:2]
    step = -(-max(h, w) // DETECT_MAX_SIDE)  # whole-number shrink: OpenCV's fast path
    small = (
        frame
        if step == 1
        else cv2.resize(frame, (max(1, w // step), max(1, h // step)), interpolation=cv2.INTER_AREA)
    )
    white = _whiteness(small)
    sh, sw = white.shape
    cells = shrink_by_area(white, (max(4, sw // 16), max(4, sh // 16)))
    table = cv2.medianBlur(cells, 5)
    table = cv2.resize(cv2.blur(table, (3, 3)), (sw, sh), interpolation=cv2.INTER_LINEAR)
    level, _ = cv2.threshold(
        cv2.subtract(white, table), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU
    )
    level = max(level, 10.0)
    return PaperMap(_paper(white, table, level, CLOSE_PX), step, white, table, level)


def shrink_by_area(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A uint8 image shrunk to `size` (width, height) by area: OpenCV's INTER_AREA to the bit.

    Where the width shrinks by a whole power of two and the height by no whole factor (640 ×
    360 to 40 × 22), OpenCV takes its general area path: it adds each cell's pixels along a
    row in float, each weighing 1/factor, which is exact; then it weighs the rows and rounds
    once. Shrinking the width first in float (exact means) and then the height gives the
    same sums in the same order, in 0.17 ms instead of 0.63 ms at 640 × 360 (checked pixel
    for pixel on 850 frames and noise images, and by a test).
    """
    import cv2

    (h, w), (dw, dh) = image.shape, size
    factor = w // dw
    if w % dw or factor & (factor - 1) or not h % dh:  # not exact so, or already fast
        return cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    rows = cv2.resize(image.astype(np.float32), (dw, h), interpolation=cv2.INTER_AREA)
    return cv2.convertScaleAbs(cv2.resize(rows, size, interpolation=cv2.INTER_AREA))


def _segment(pts: np.ndarray, i: int, j: int) -> np.ndarray:
    """Contour points from index i to j, wrapping round the end."""
    return pts[i : j + 1] if j > i else np.concatenate([pts[i:], pts[: j + 1]])


def _fit_line(seg: np.ndarray) -> tuple[Point, Point]:
    """(point, unit direction) of the line through a run of contour points, ends trimmed."""
    import cv2

    trim = len(seg) // 8
    core = seg[trim : len(seg) - trim] if len(seg) - 2 * trim >= 2 else seg
    vx, vy, x0, y0 = cv2.fitLine(core, cv2.DIST_L2, 0, 0.01, 0.01).ravel().tolist()
    return (x0, y0), (vx, vy)


def _cos(d0: Point, d1: Point) -> float:
    """Cosine of the angle between two vectors."""
    return (d0[0] * d1[0] + d0[1] * d1[1]) / (math.hypot(*d0) * math.hypot(*d1))


def _fit_edges(contour: np.ndarray, poly_idx: np.ndarray, min_edge: float) -> list[Point]:
    """Corners where the outline's long straight edges meet.

    Short polygon edges (the chamfers of rounded card corners, notches of an index printed
    near the edge) are skipped, and so are the runs of edges that round a corner
    (`_without_rounded_corners`); nearly collinear neighbours are fitted as one line.
    (Plain floats throughout: a handful of points, where numpy's per-call cost dominates.)
    """
    idx = poly_idx.tolist()
    vertex = dict(zip(idx, contour[poly_idx, 0, :].tolist(), strict=True))

    def direction(e: list[int]) -> Point:
        (x0, y0), (x1, y1) = vertex[e[0]], vertex[e[1]]
        return x1 - x0, y1 - y0

    n = len(idx)
    edges = [[idx[k], idx[(k + 1) % n]] for k in range(n)]
    edges = [e for e in edges if math.hypot(*direction(e)) >= min_edge]
    dirs = [direction(e) for e in edges]  # looked at again and again below: found once
    m = len(edges)
    kept = [k for k in range(m) if not any(_bite(dirs[k], dirs[j]) for j in (k - 1, (k + 1) % m))]
    edges = _without_rounded_corners([edges[k] for k in kept], [dirs[k] for k in kept])
    merged: list[list[int]] = []
    for e in edges:
        if merged and _cos(direction(merged[-1]), direction(e)) > MERGE_COS:
            merged[-1][1] = e[1]
            continue
        merged.append(e)
    if len(merged) > 2 and _cos(direction(merged[-1]), direction(merged[0])) > MERGE_COS:
        merged[0][0] = merged.pop()[0]
    pts = contour[:, 0, :].astype(np.float32)
    lines = [_fit_line(_segment(pts, i, j)) for i, j in merged]
    corners = []
    for k in range(len(lines)):
        (p, d), (q, e) = lines[k - 1], lines[k]
        denom = d[0] * e[1] - d[1] * e[0]
        if abs(denom) < 1e-3:
            continue
        t = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / denom
        corners.append((p[0] + t * d[0], p[1] + t * d[1]))
    return corners


def _bite(d: Point, nd: Point) -> bool:
    """Whether a polygon edge (direction `d`) is a bite out of a card's corner: much shorter
    than the neighbouring edge (`nd`) it nearly continues (BITE_COS), not quite in line
    with it.

    Where print fills a card's index corner (a paris "10" between two big hearts), the
    paper outline cuts the corner off along a line a little off the long edge; taken as an
    edge of its own, it made a skewed corner with the short edge, and the card's length
    was guessed (its partner corner fell on a pip). Dropped, the long edge meets the short
    one at the card's real corner.
    """
    return math.hypot(*d) < BITE_SHARE * math.hypot(*nd) and BITE_COS <= _cos(d, nd) <= MERGE_COS


def _without_rounded_corners(edges: list[list[int]], dirs: list[Point]) -> list[list[int]]:
    """The outline's edges (directions `dirs`) less each run of up to ROUND_RUN short ones
    between two longer edges that are nearly perpendicular: a card's rounded corner.

    The polygon cuts a rounded corner into one to three short edges that turn from one side
    to the next. On a big or blurred card they are long enough to pass the minimum edge, no
    two neighbouring edges meet at a right angle, and the card got no corner at all (a
    140 px card on a light laminate, outlined by its closed edges). The run is dropped
    where each of its edges is shorter than ROUND_SHORT of both edges around it and those
    two are within about 15° of perpendicular; their lines then meet at the card's corner.
    (A run is grown one edge at a time, so its longest edge is kept as it grows; once that
    is not short beside the edge before the run, no longer run from there can be.)
    """
    m = len(edges)
    if m < 5:
        return edges
    lengths = [math.hypot(*d) for d in dirs]
    rounded: set[int] = set()
    for start in range(m):
        longest = 0.0
        for end in range(start, start + ROUND_RUN):
            longest = max(longest, lengths[end % m])
            if longest >= ROUND_SHORT * lengths[start - 1]:
                break
            after = (end + 1) % m
            if longest < ROUND_SHORT * min(lengths[start - 1], lengths[after]) and (
                abs(_cos(dirs[start - 1], dirs[after])) <= ROUND_PERPENDICULAR
            ):
                rounded.update(k % m for k in range(start, end + 1))
                break
    return [e for k, e in enumerate(edges) if k not in rounded]


def _inside_fraction(
    mask: np.ndarray, origin: np.ndarray, right: np.ndarray, down: np.ndarray
) -> float:
    """How much of a card (detection-scale pixels) the mask covers, sampled on a grid."""
    xy = _GRID @ np.array([origin, right, down])
    h, w = mask.shape
    if xy.min() < 0 or xy[:, 0].max() >= w or xy[:, 1].max() >= h:
        return 0.0
    ij = xy.astype(np.intp)
    return np.count_nonzero(mask[ij[:, 1], ij[:, 0]]) / len(ij)


def _corner_hypotheses(
    corners: list[Point], clockwise: bool, min_px: float, max_px: float
) -> list[tuple[Hypothesis, bool, Hypothesis | None]]:
    """(origin, right, down) for every convex right-angle corner whose edges fit a card;
    whether its long edge is seen whole: at least a card's aspect times the short one, so
    the card's size is not guessed from its short side (as it is at a square corner); and
    where the long edge is too long for a card, the card sized from its short edge instead,
    to try where the first does not fit (cards fanned along their long sides)."""
    n = len(corners)
    out = []
    for k in range(n):
        (cx, cy), (px, py), (nx, ny) = corners[k], corners[k - 1], corners[(k + 1) % n]
        e1, e2 = (px - cx, py - cy), (nx - cx, ny - cy)
        l1, l2 = math.hypot(*e1), math.hypot(*e2)
        if min(l1, l2) < min_px * 0.3:
            continue
        cos = (e1[0] * e2[0] + e1[1] * e2[1]) / (l1 * l2)
        if abs(math.degrees(math.acos(min(1.0, max(-1.0, cos)))) - 90.0) > RIGHT_ANGLE_TOLERANCE:
            continue
        cross = e1[0] * e2[1] - e1[1] * e2[0]
        convex = (cross < 0) if clockwise else (cross > 0)
        if not convex:
            continue
        # Image y points down: the reading frame has `down` 90° clockwise of `right`.
        (a, la), (b, lb) = ((e1, l1), (e2, l2)) if cross > 0 else ((e2, l2), (e1, l1))
        ratio = lb / la
        if ASPECT_RANGE[0] <= ratio <= ASPECT_RANGE[1]:
            width, height = la, lb
        elif ratio > ASPECT_RANGE[1]:
            width, height = lb / NOMINAL_ASPECT, lb
        else:
            width, height = la, la * NOMINAL_ASPECT
        origin = np.array([cx, cy])
        ua, ub = (a[0] / la, a[1] / la), (b[0] / lb, b[1] / lb)
        # Too long a side for the short one: that short edge partly covered (sized from
        # the long side), or cards fanned along their long sides (sized from the short).
        fanned = (
            (origin, np.array(_times(ua, la)), np.array(_times(_times(ub, la), NOMINAL_ASPECT)))
            if ratio > ASPECT_RANGE[1] and min_px <= la <= max_px
            else None
        )
        if min_px <= width <= max_px:
            hyp = (origin, np.array(_times(ua, width)), np.array(_times(ub, height)))
            out.append((hyp, ratio >= ASPECT_RANGE[0], fanned))
    return out


def _times(v: Point, s: float) -> Point:
    """A 2-vector times s in plain floats, as numpy would multiply it: a corner's edges are
    built from a few floats, where numpy's cost per call was most of the work
    (`_corner_hypotheses` 27 -> 15 µs an outline)."""
    return v[0] * s, v[1] * s


def _closed_edges(white: np.ndarray, canny: np.ndarray | None = None) -> np.ndarray:
    """Canny edges (`canny`, if already found) with one-pixel gaps closed."""
    import cv2

    if canny is None:
        canny = cv2.Canny(white, EDGE_LOW, EDGE_HIGH)
    return cv2.morphologyEx(canny, cv2.MORPH_CLOSE, _SMALL)


def _filled(edges: np.ndarray) -> np.ndarray:
    """Regions enclosed by closed edges, filled; thin tails opened away."""
    import cv2

    contours, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(edges)
    cv2.drawContours(filled, contours, -1, 255, -1)
    return cv2.morphologyEx(filled, cv2.MORPH_OPEN, _DILATE)


def _edge_fill(white: np.ndarray) -> np.ndarray:
    """Regions enclosed by closed edge outlines: a white card on a white table is hardly
    brighter than it, but its outline (rim, drop shadow) still shows as an edge."""
    return _filled(_closed_edges(white))


def _edge_blobs(white: np.ndarray, canny: np.ndarray, min_px: float) -> Sequence[np.ndarray]:
    """Outlines of `_edge_fill` of the shrunken frame, except where a filled region spans
    the frame.

    On a busy table (gingham, cork, weave) every check and fleck closes an edge and the fill
    covers the whole table. Outlining all of it again at full resolution was the costliest
    step on such tables; instead the card-shaped holes in its edges are kept, grown back
    over their edge line: a card there is still a closed edge round a clear hole.
    """
    import cv2

    edges = _closed_edges(white, canny)
    filled = _filled(edges)
    contours, _ = cv2.findContours(filled, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    spanning = [c for c in contours if _spans_frame(cv2.boundingRect(c), filled.shape)]
    if not spanning:
        return contours
    cv2.drawContours(filled, spanning, -1, 0, -1)
    holes = _card_holes(edges, min_px)
    cv2.drawContours(filled, holes, -1, 255, -1)
    cv2.drawContours(filled, holes, -1, 255, 7)
    contours, _ = cv2.findContours(filled, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return contours


def _card_holes(edges: np.ndarray, min_px: float) -> list[np.ndarray]:
    """Outlines of the holes in the edge map shaped like a lone card: nearly rectangular, of
    a card's size and aspect (texture encloses blobs and ovals, rarely rectangles).

    Holes are the 4-connected regions between edges, judged first by their stats from one
    labelling (a busy table has thousands), then by their outline. They are labelled at
    half scale, the edges first thickened so that none breaks: labelling is the costly
    step, and the full-resolution window outlines the card anyway.
    """
    import cv2

    clear = cv2.erode(cv2.bitwise_not(edges), np.ones((2, 2), np.uint8))[::2, ::2]
    n, labels, stats, _ = cv2.connectedComponentsWithStats(clear, connectivity=4)
    half_px = min_px / 2
    w, h, area = stats[1:n, 2:].T  # label 0: the edges themselves
    min_area = 0.8 * half_px * half_px * ASPECT_RANGE[0]
    # A card turned 45° fills just under half of its box.
    fits = (area >= min_area) & (np.minimum(w, h) >= half_px) & (area >= 0.45 * w * h)
    ids = np.flatnonzero(fits) + 1
    holes = []
    for i, (bx, by, bw, bh) in zip(ids.tolist(), stats[ids, :4].tolist(), strict=True):
        region = (labels[by : by + bh, bx : bx + bw] == i).astype(np.uint8)
        contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        contour = max(contours, key=cv2.contourArea) + np.array([bx, by], np.int32)
        (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
        if min(rw, rh) < half_px or cv2.contourArea(contour) / (rw * rh) < HOLE_FILL:
            continue
        if HOLE_ASPECT[0] <= max(rw, rh) / min(rw, rh) <= HOLE_ASPECT[1]:
            holes.append(contour * 2)
    return holes


def find_corner_frames(frame: np.ndarray) -> list[CornerFrame]:
    """Every plausible card corner (full-frame pixels), several per card.

    Blobs are found on a shrunken frame, both as paper brighter than the table and as
    closed outlines; each blob is then outlined again at full resolution in its own small
    window, so corners are as sharp as the camera allows. The corners of lone cards'
    rectangles (`_outline_hypotheses`) come last: `_distinct` keeps one only where no
    corner found before it, facing the same way, lies within a tenth of that card's width.
    """
    import cv2

    pm = paper_map(frame)
    step, mask = pm.step, pm.mask
    min_small = MIN_CARD_PX / step
    paper_blobs, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    # Court art can cut a card's paper in pieces: card-shaped hulls of nearby pieces count
    # too (outlined at detection scale only).
    pieces = _piece_hulls(mask, paper_blobs, PIECE_REACH_PX, min_small)
    fitted = _rectangle_hypotheses(pieces, min_small, MAX_CARD_PX / step)
    frames = [CornerFrame(o * step, r * step, d * step) for o, r, d in fitted]
    late: list[CornerFrame] = []
    if step == 1:
        for blobs, paper in ((mask, True), (_edge_fill(pm.white), False)):
            fitted, bitten, rectangles = _outline_hypotheses(blobs, MIN_CARD_PX, MAX_CARD_PX, paper)
            frames += [CornerFrame(*h) for h in fitted + bitten]
            late += [CornerFrame(*h) for h in rectangles]
        return _distinct(frames + late)
    done: list[tuple[int, int, int, int]] = []
    canny = cv2.Canny(pm.white, EDGE_LOW, EDGE_HIGH)
    for by_edges, contours in (
        (False, paper_blobs),
        (True, _edge_blobs(pm.white, canny, min_small)),
    ):
        for contour in contours:
            if not _big_enough(contour, min_small):
                continue
            box = cv2.boundingRect(contour)
            if by_edges and (
                any(_same_box(box, d) for d in done) or not _cardlike(contour, min_small)
            ):
                continue
            found, fits, rectangles = _sharp_outline(frame, pm, contour, box, by_edges)
            late += rectangles
            # A blob its fitted cards do not cover (cards only bitten, or mis-sized where a
            # pile's edges line up) is looked at again as closed edges, and closed edges so
            # left uncovered at detection scale; a covered one is done.
            if _covered(contour, box, fits, step) >= EXPLAINED:
                done.append(box)
            elif by_edges:
                found += _coarse_outline(contour, box, step)
            frames += found
    frames += _faint_cards(canny, step, frames)
    return _distinct(frames + late)


def _big_enough(contour: np.ndarray, min_px: float) -> bool:
    """Whether an outline encloses at least most of the smallest card (`min_px` wide, of
    the squarest aspect), with room for a blob's ragged edge."""
    import cv2

    return bool(cv2.contourArea(contour) >= 0.8 * min_px * min_px * ASPECT_RANGE[0])


def _faint_cards(canny: np.ndarray, step: int, found: list[CornerFrame]) -> list[CornerFrame]:
    """The cards of closed outlines that only a wider closing of the edges closes, and that
    the cards already found do not cover, outlined at detection scale.

    On a light table (laminate, a white tray) a card is hardly brighter than the table, so
    the paper mask misses it, and its faint rim breaks at a pixel or two here and there, so
    its edges do not close either (22 of the 180 cards of 30 synthetic tray scenes at 1280 ×
    720, 8 of the 41 cards on the shared laminate scenes). Closing the edges with 5 × 5
    instead of 3 × 3 everywhere found more of them but merged cards elsewhere (recall on the
    shared scenes 499 → 496); kept to outlines left uncovered, it changes nothing else.
    """
    import cv2

    min_small = MIN_CARD_PX / step
    filled = _filled(cv2.morphologyEx(canny, cv2.MORPH_CLOSE, FAINT_CLOSE))
    contours, _ = cv2.findContours(filled, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out: list[CornerFrame] = []
    for contour in contours:
        if not _big_enough(contour, min_small):
            continue
        box = cv2.boundingRect(contour)
        if _spans_frame(box, filled.shape) or not _cardlike(contour, min_small):
            continue
        if _covered(contour, box, found, step) < FAINT_COVERED:
            out += _coarse_outline(contour, box, step)
    return out


def _coarse_outline(
    contour: np.ndarray, box: tuple[int, int, int, int], step: int
) -> list[CornerFrame]:
    """The cards of a closed-edge blob outlined at detection scale, for a blob that its
    full-resolution outline's cards do not cover: noise and blur break a faint card's
    edges at full resolution (none found) or bend them (a pile's cards mis-sized), where
    the shrunk frame, averaged, still closes them straight."""
    import cv2

    x, y, w, h = box
    own = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(own, [contour - [x - 1, y - 1]], -1, 255, -1)
    fitted, _, _ = _outline_hypotheses(own, MIN_CARD_PX / step, MAX_CARD_PX / step, False)
    offset = np.array([x - 1, y - 1], np.float64)
    return [CornerFrame((o + offset) * step, r * step, d * step) for o, r, d in fitted]


def _sharp_outline(
    frame: np.ndarray,
    pm: PaperMap,
    contour: np.ndarray,
    box: tuple[int, int, int, int],
    by_edges: bool,
) -> tuple[list[CornerFrame], list[CornerFrame], list[CornerFrame]]:
    """One blob of the shrunken frame outlined again at full resolution in its own window
    (as paper or as closed edges, like the blob), so corners are as sharp as the camera
    allows; apart, those of its cards that fitted inside the blob unbitten; and the
    corners of its lone cards' rectangles (`_outline_hypotheses`)."""
    import cv2

    step = pm.step
    fh, fw = frame.shape[:2]
    x, y, w, h = box
    x0, y0 = max(0, x - 3), max(0, y - 3)
    x1, y1 = min(pm.mask.shape[1], x + w + 3), min(pm.mask.shape[0], y + h + 3)
    size = (min(fw, x1 * step) - x0 * step, min(fh, y1 * step) - y0 * step)
    own = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(own, [contour - [x0, y0]], -1, 255, -1)
    own = cv2.dilate(cv2.resize(own, size, interpolation=cv2.INTER_NEAREST), _DILATE)
    white = _whiteness(frame[y0 * step : y0 * step + size[1], x0 * step : x0 * step + size[0]])
    if by_edges:
        sharp = _edge_fill(white)
    else:
        table = cv2.resize(pm.table[y0:y1, x0:x1], size, interpolation=cv2.INTER_LINEAR)
        sharp = _paper(white, table, pm.level, CLOSE_PX * 2 - 1)
    offset = np.array([x0 * step, y0 * step], np.float64)
    fitted, bitten, rectangles = _outline_hypotheses(
        cv2.bitwise_and(sharp, own), MIN_CARD_PX, MAX_CARD_PX, not by_edges
    )
    found = [CornerFrame(o + offset, r, d) for o, r, d in fitted + bitten]
    return found, found[: len(fitted)], [CornerFrame(o + offset, r, d) for o, r, d in rectangles]


def _covered(
    contour: np.ndarray, box: tuple[int, int, int, int], cards: list[CornerFrame], step: int
) -> float:
    """The share of a blob (detection scale) that the given cards cover."""
    import cv2

    if not cards:
        return 0.0
    x, y, w, h = box
    blob = np.zeros((h, w), np.uint8)
    cv2.drawContours(blob, [contour - [x, y]], -1, 255, -1)
    quads = np.zeros_like(blob)
    for cf in cards:
        cv2.fillConvexPoly(quads, np.round(cf.quad() / step - [x, y]).astype(np.int32), 255)
    area = cv2.countNonZero(blob)
    return cv2.countNonZero(cv2.bitwise_and(blob, quads)) / area if area else 0.0


def _piece_hulls(
    mask: np.ndarray, contours: Sequence[np.ndarray], reach: int, min_px: float
) -> np.ndarray:
    """Filled convex hulls of the mask's blobs (their outlines `contours`) within `reach` px
    of each other, where the hull is a card-shaped rectangle made of at least two pieces.

    Blobs are grouped twice. First all of them; then only those that are not whole cards
    by themselves (`_card_shaped`): a court card cut up by its art, lying within reach of
    a lone card, shares its first group with that card, and that group's hull is no card.
    A hull of the second grouping counts only where it keeps clear of the first's hulls
    and of the whole cards (it would otherwise be the inner pieces of a card already
    outlined, a card too small).
    """
    import cv2

    out = np.zeros_like(mask)
    for hull in _group_hulls(mask, contours, reach):
        cv2.fillConvexPoly(out, hull, 255)
    whole = [_card_shaped(cv2.convexHull(c), min_px) for c in contours]
    if not any(whole):
        return out
    taken = out.copy()
    cv2.drawContours(taken, [c for c, w in zip(contours, whole, strict=True) if w], -1, 255, -1)
    pieces = [c for c, w in zip(contours, whole, strict=True) if not w]
    for hull in _group_hulls(mask, pieces, reach):
        own = np.zeros_like(mask)
        cv2.fillConvexPoly(own, hull, 255)
        if cv2.countNonZero(cv2.bitwise_and(own, taken)) <= 0.1 * cv2.countNonZero(own):
            cv2.bitwise_or(out, own, out)
    return out


def _rectangle_hypotheses(mask: np.ndarray, min_px: float, max_px: float) -> list[Hypothesis]:
    """Corner hypotheses at the corners of each blob's minimum-area rectangle, where the
    card they describe fits inside the blob.

    The blobs are the card-shaped hulls of `_piece_hulls`: a hull is a card's rectangle
    (it fills at least 93 % of it), but its polygon's corners are cut wherever an index or
    a pip at the corner bit into the pieces, and the right-angle corners left were sized
    from the wrong edges (paris's ten of hearts read from a quad across its pips).
    """
    import cv2

    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return [h for c in contours for h in _rectangle_corners(c, mask, min_px, max_px)]


def _rectangle_corners(
    contour: np.ndarray, filled: np.ndarray, min_px: float, max_px: float
) -> list[Hypothesis]:
    """Corner hypotheses at the four corners of a blob's minimum-area rectangle, each kept
    where its card fits inside `filled` (as every hypothesis must)."""
    import cv2

    box = cv2.boxPoints(cv2.minAreaRect(contour))
    clockwise = cv2.contourArea(box, oriented=True) > 0
    corners = [(float(x), float(y)) for x, y in box]
    hyps = _corner_hypotheses(corners, clockwise, min_px, max_px)
    return [h for h, _, _ in hyps if _inside_fraction(filled, *h) >= MIN_FIT]


def _group_hulls(mask: np.ndarray, blobs: Sequence[np.ndarray], reach: int) -> list[np.ndarray]:
    """Card-shaped convex hulls of two or more of `blobs` lying within `reach` px of each
    other."""
    import cv2

    # Fewer than two blobs make no group (`_joint_hull`): on most 1-card frames that spares
    # the frame-wide dilation and labelling below.
    if len(blobs) < 2:
        return []
    only = np.zeros_like(mask)
    cv2.drawContours(only, blobs, -1, 255, -1)
    near = cv2.dilate(only, np.ones((reach, reach), np.uint8))
    # Only which pieces share a cluster matters, not its number: BBDT is the fastest here.
    _, cluster = cv2.connectedComponentsWithAlgorithm(near, 8, cv2.CV_32S, cv2.CCL_BBDT)
    members: dict[int, list[np.ndarray]] = {}
    for c in blobs:
        x, y = c[0, 0]
        members.setdefault(int(cluster[y, x]), []).append(c)
    hulls = [_joint_hull(parts) for parts in members.values()]
    return [h for h in hulls if h is not None]


def _joint_hull(parts: list[np.ndarray]) -> np.ndarray | None:
    """The convex hull of two or more blobs where it is card-shaped, else None."""
    import cv2

    if len(parts) < 2:
        return None
    hull = cv2.convexHull(np.concatenate(parts))
    return hull if _card_shaped(hull, 0.0) else None


def _card_shaped(hull: np.ndarray, min_px: float) -> bool:
    """Whether a convex hull is a card: a filled rectangle of a card's aspect, at least
    `min_px` across."""
    import cv2

    (_, _), (w, h), _ = cv2.minAreaRect(hull)
    if min(w, h) == 0 or min(w, h) < min_px or cv2.contourArea(hull) / (w * h) < 0.93:
        return False
    return ASPECT_RANGE[0] <= max(w, h) / min(w, h) <= ASPECT_RANGE[1]


def _cardlike(contour: np.ndarray, min_px: float) -> bool:
    """A closed outline worth a closer look: roughly a card, possibly two overlapping
    (table texture encloses all sorts of shapes)."""
    import cv2

    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    if min(w, h) < min_px:
        return False
    return cv2.contourArea(contour) / (w * h) >= 0.55 and max(w, h) / min(w, h) <= 3.0


def _spans_frame(box: tuple[int, int, int, int], shape: tuple[int, ...]) -> bool:
    """Whether a box runs from one frame edge to the opposite one."""
    x, y, w, h = box
    return (x <= 1 and x + w >= shape[1] - 1) or (y <= 1 and y + h >= shape[0] - 1)


def _same_box(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Boxes overlapping by more than 80 % of their union: the same blob seen twice."""
    ix = max(0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    inter = ix * iy
    return inter > 0.8 * (a[2] * a[3] + b[2] * b[3] - inter)


def _distinct(frames: list[CornerFrame]) -> list[CornerFrame]:
    """One frame per corner where the paper and the edge views found the same one.

    Origins are compared as plain floats: a frame has dozens of hypotheses, and numpy's
    cost per call was most of this pairwise work.
    """
    kept: list[tuple[CornerFrame, float, float]] = []
    for f in frames:
        fx, fy = f.origin.tolist()
        if not any(
            math.hypot(fx - kx, fy - ky) < 0.1 * k.width and float(f.right @ k.right) > 0
            for k, kx, ky in kept
        ):
            kept.append((f, fx, fy))
    return [k for k, _, _ in kept]


def _outline_hypotheses(
    mask: np.ndarray, min_px: float, max_px: float, paper: bool = True
) -> tuple[list[Hypothesis], list[Hypothesis], list[Hypothesis]]:
    """(origin, right, down) of card corners whose card fits inside the mask's blobs; and,
    apart, those of cards in a pile whose paper is bitten into (none where the mask is not
    paper: a gap in closed edges is table texture as often as not); and, apart again, the
    corners of lone cards' minimum-area rectangles.

    Print near a card's edge (pips, an index, court art) bites into the paper mask, and in
    a pile the bite cannot be filled by a lone card's hull, so the card does not fit inside
    its blob. Such a card counts where its long side leaving the corner is seen whole, it
    lies inside the blob's convex hull, and at least `BITTEN_FIT` of it is still paper.
    (Sized from a short side, at a square corner, it takes in the checks of a gingham cloth:
    that added a false card on the test scenes.) Last, where a corner's long edge is too
    long for a card, the card sized from its short edge must fit (a fanned pile). A lone
    card's blob (card-shaped) whose outline gave no corner at all still is its minimum-area
    rectangle (`_rectangle_corners`).

    A lone card whose outline did give corners has its rectangle as well, returned apart:
    where an index fills both index corners to the card's edges (a paris 9H under glare),
    the paper outline's corners are where the bites end, and the only corners fitted were
    the plain ones, the card sized from a bitten edge, while the rectangle's sides lie on
    the card's four edges. `find_corner_frames` puts these corners last, so they are read
    only where no outline corner is (`_distinct`): an outline corner is sharper.
    """
    import cv2

    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    big = [c for c in contours if _big_enough(c, min_px)]
    outlines = [_single_card_hull(c) for c in big]
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, outlines, -1, 255, -1)
    hulls: np.ndarray | None = None  # drawn when first asked for: most cards fit
    fitted: list[Hypothesis] = []
    bitten: list[Hypothesis] = []
    rectangles: list[Hypothesis] = []
    for contour in outlines:
        area = cv2.contourArea(contour)
        eps = max(1.5, 0.02 * np.sqrt(area))
        poly = cv2.approxPolyDP(contour, eps, True)
        if len(poly) < 4:
            continue
        before = len(fitted) + len(bitten)
        idx = _vertex_indices(contour, poly)
        corners = _fit_edges(contour, idx, 0.45 * min_px)
        clockwise = cv2.contourArea(contour, oriented=True) > 0
        for h, long_side, fanned in _corner_hypotheses(corners, clockwise, min_px, max_px):
            inside = _inside_fraction(filled, *h)
            if inside >= MIN_FIT:
                fitted.append(h)
                continue
            if paper and long_side and inside >= BITTEN_FIT:
                if hulls is None:
                    hulls = np.zeros_like(mask)
                    cv2.drawContours(hulls, [cv2.convexHull(c) for c in outlines], -1, 255, -1)
                if _inside_fraction(hulls, *h) >= MIN_FIT:
                    bitten.append(h)
                    continue
            if fanned is not None and _inside_fraction(filled, *fanned) >= MIN_FIT:
                fitted.append(fanned)
        if _card_shaped(cv2.convexHull(contour), min_px):
            # A lone card whose outline gave no corner (rounded or ragged past fitting)
            # still is its rectangle; one that gave corners has it as a second view.
            rect = _rectangle_corners(contour, filled, min_px, max_px)
            if len(fitted) + len(bitten) == before:
                fitted += rect
            else:
                rectangles += rect
    return fitted, bitten, rectangles


def _single_card_hull(contour: np.ndarray) -> np.ndarray:
    """A lone card's outline without the bites that dark print near its edge takes out of it.

    When the blob's convex hull is a card-shaped rectangle, the hull (redrawn as a dense
    contour) is the card; otherwise the blob (overlapping cards) is kept as it is.
    """
    import cv2

    hull = cv2.convexHull(contour)
    if not _card_shaped(hull, 0.0):
        return contour
    x, y, bw, bh = cv2.boundingRect(hull)
    canvas = np.zeros((bh + 4, bw + 4), np.uint8)
    offset = np.array([x - 2, y - 2], np.int32)
    cv2.drawContours(canvas, [hull - offset], -1, 255, -1)
    dense, _ = cv2.findContours(canvas, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(dense, key=cv2.contourArea) + offset


def _vertex_indices(contour: np.ndarray, poly: np.ndarray) -> np.ndarray:
    """Indices into `contour` of the polygon's vertices, in contour order.

    `approxPolyDP` keeps a subset of the contour's own points, so each vertex is looked up
    exactly (first occurrence); a vertex not found falls back to the nearest point. The
    few vertices are compared with every point at once: sorting the points to search them
    cost more (32 against 24 µs an outline).
    """
    pts = contour[:, 0, :]
    keys = pts[:, 0].astype(np.int64) * 1_000_003 + pts[:, 1]
    verts = poly[:, 0, :]
    wanted = verts[:, 0].astype(np.int64) * 1_000_003 + verts[:, 1]
    idx = (keys == wanted[:, None]).argmax(axis=1)
    for k in np.flatnonzero(keys[idx] != wanted):
        idx[k] = int(np.argmin(np.abs(pts - verts[k]).sum(axis=1)))
    return np.sort(idx)
