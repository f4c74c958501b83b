"""Read every die in a camera frame: `read_dice(frame) -> DiceReading`.

Pipeline: `dice_find` proposes points inside blobs and a die size; a gate net screens them
and the detector net scores a die-sized crop around each survivor; nearby die-like points
merge into one die; the value net takes a second, finer look at each die for its value
(and drops look-alikes, and faces without a pip's sharp detail); a die found by its pips
alone (a dark die on a dark mat) is moved to its pips and must read as many as it owns; the
body colour is the bigger lightness group of the die's centre, named by the palette (never
white where the other group, its pips, is lighter). The function is pure: same frame, same
reading.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import cv2
import numpy as np

from vision.dice_faces import fits_layout
from vision.dice_find import (
    DARK_FACE,
    FACE_WINDOW,
    MAX_PIPS,
    PIP_FADE,
    Blobs,
    Candidates,
    fade_width,
    filled_outline,
    find_candidates,
    pip_spots,
)
from vision.dice_net import (
    CANON_DIE,
    CROP,
    DiceNet,
    canonical_factor,
    canonical_frame,
    crop_batch,
    cut_crops,
    default_gate,
    default_net,
    default_value_net,
    half_frame,
    value_crops,
)
from vision.dice_sixes import striped
from vision.dice_types import DiceReading, Die
from vision.palette import Palette, default_palette, fit_counts
from vision.sources import check_bgr

GATE_MIN = 0.01  # gate probability of "a die" below which a point is not looked at again
MIN_SCORE = 0.5  # probability of "a die" needed to report one (set on training frames)
MERGE_RADIUS = 0.6  # candidates closer than this many die edges are the same die
VOTE_RADIUS = 0.35  # candidates this close to a die's best point pull its centre
NOT_A_DIE = 0.5  # second-look probability of "no die" above which a found die is dropped
THIN_RADIUS = 0.2  # gate-passed points closer than this many die edges: keep the best
# A frame thinner than this holds no die (the smallest read are about 18 px), and one a pixel
# thin cannot even be shrunk for the mask stage (OpenCV refuses a side of 0).
MIN_FRAME_SIDE = 8
SURE = 0.95  # first-view probability above which the other turns are not looked at
TURNS = 4  # right-angle views of each die the value net looks at
BODY_HALF = 6  # half side of the central square sampled for the body colour, canonical px
TWO_GAP = (0.55, 0.95)  # die edges between a 2's pips (0.76) as a die measured 0.8–1.4 times
PIP_OWNER = 0.5  # die edges: a face's pips lie within this of its centre (corner pips: 0.38)
ON_PIP = 0.25  # die edges: a die found on a pip lies this near it
PIPS_ALIKE = 0.6  # the least ratio of the areas of two pips of one face (spots of the table: less)
ONES_APART = 1.0  # die edges: the least gap between the pips of two 1s (their dice's centres)
FACE_SPAN = 0.8  # die edges: a face's pips lie within this of each other (a 2's two are 0.76
# apart), and a die found by its pips within this of their mean
PIP_AREA = 0.25 * np.pi * 0.085**2  # die edges²: a quarter of a pip's disc, more than a speck
LONE_PIP_AREA = 2 * PIP_AREA  # a face of one pip: half a pip's disc (nine pips in ten: 0.8 or more)
# A die's face shows pips: sharp spots against its body. Its detail (`face_detail`) was at
# least 16.6 grey levels on the 740 dice found on the training photos and 6.2 on 1,477 found on
# seeded synthetic frames (docs/vision-dice.md, "Palms and fingertips"); of the 121 false dice
# that 600 synthetic tables with hands gave (palms, fingertips), 59 showed under 5. Where a
# frame's die size is measured far too small, a crop holds only part of a face and real dice
# can show less (6 of 1,762 found on random scenes 0-299, 2 of them read right).
FACE_DETAIL = 5.0
# A die the value net is unsure of (confidence under UNSURE) needs more: of the dice found
# with detail under 8 and confidence under 0.5 on the photos, the synthetic frames, 400 random
# scenes and the tables with hands, none was read right (19 false dice on hands, 4 elsewhere,
# 6 misread); at 10, one right die went too.
UNSURE_DETAIL = 8.0
UNSURE = 0.5
# A die the net is unsure of, alone in a blob that fills less than this of its convex hull, is a
# patch of a palm or of a keyboard (`lone_and_ragged`). Such dice read right filled at least 1.04
# on the photos and the synthetic frames (a small blob's outline pixels count whole); the false
# dice on palms at most 0.92 (docs/vision-dice.md, "Alone in a ragged blob").
LONE_SOLIDITY = 0.93
DETAIL_SIGMA = 3.0  # px of the value crop: the blur a pip stands out from
# A hand's fingers read as a 6 (two rows of three) with sharp detail: a die read as 6 with
# confidence under SIX_UNSURE is dropped where its face shows stripes, not spots (`striped`).
# All 22 false 6s on the judged sets were under 0.95; 0.95 is also where the value net's
# other turns are looked at (SURE). It costs 1.1-1.4 ms per die asked, 0.25 ms per frame on
# average on the 30 synthetic 640×480 frames (2%).
SIX_UNSURE = 0.95
# Lab lightness by which a die's pips are lighter than its body, at least, where the die is no
# white one: white dice have dark pips (on the training photos and 4,800 synthetic dice found,
# every white die's pips were 39 or more darker than its body; a black die's lighter by 28 or
# more in 99 of 100). A black die in a pool of lamp light is grey, nearer white than black,
# and Kwingto's camera left it out of the roll (docs/vision-dice.md, "Light pips: no white die").
LIGHT_PIPS = 25.0
_CHANNEL_MEAN = np.full((1, 3), 1 / 3, np.float32)  # grey as the mean of B, G and R


def card_outlines(cards: np.ndarray) -> np.ndarray:
    """`cards` as an (n, 4, 2) float array of corners, or ValueError saying what it got: a
    caller's bug, told apart from a frame with no card (an empty array)."""
    quads = np.asarray(cards, np.float64)
    if quads.size == 0:
        return quads.reshape(0, 4, 2)
    if quads.ndim != 3 or quads.shape[1:] != (4, 2) or not np.isfinite(quads).all():
        raise ValueError(
            f"cards must be outlines of 4 finite (x, y) corners each, got shape {quads.shape}"
        )
    return quads


def read_dice(
    frame: np.ndarray,
    palette: Palette | None = None,
    net: DiceNet | None = None,
    cards: np.ndarray | None = None,
) -> DiceReading:
    """Every die in a BGR frame, with value, colour, centre, box and confidence.

    `net` replaces the shipped detector (where dice are); values always come from the
    shipped value net. `cards` gives the outlines of the cards the card reader named in
    this frame (`vision.dice_cards`), in place of the reader's own guess of where cards
    lie (made still where no named card reaches, `dice_find.quads_cut`). Raises ValueError
    for anything but an (h, w, 3) uint8 image (`check_bgr`), and for cards that are not
    outlines (`card_outlines`).
    """
    check_bgr(frame)
    cards = None if cards is None else card_outlines(cards)
    if min(frame.shape[:2]) < MIN_FRAME_SIDE:
        return DiceReading((), 0.0)
    candidates = find_candidates(frame, cards=cards)
    if len(candidates.centers) == 0:
        return DiceReading((), 0.0)
    factor = canonical_factor(candidates.die_size)
    points = np.rint(candidates.centers * (factor / 2)) * 2  # even: halves align exactly
    # Crops and body squares lie within a crop of these points (a die's centre is within
    # VOTE_RADIUS of its best point), so only that much of the frame need be shrunk.
    padded, _ = canonical_frame(frame, candidates.die_size, near=points)
    half_crops = cut_crops(half_frame(padded), points / 2, CROP // 2)
    gate = 1.0 - default_gate().probabilities(crop_batch(half_crops))[:, 0]
    kept = thinned(points, gate, THIN_RADIUS * CANON_DIE)
    if len(kept) == 0:
        return DiceReading((), 0.0)
    points = points[kept]
    probs = (net or default_net()).probabilities(crop_batch(cut_crops(padded, points)))
    canonical, founders = merge_points(points, probs)
    if len(canonical) == 0:
        return DiceReading((), 0.0)
    centers = canonical / factor
    values, confidences, is_die, _ = second_look(frame, centers, candidates.die_size)
    loose = is_die & candidates.from_pips[kept][founders]
    if loose.any():
        centers, values, confidences, is_die = placed_by_pips(
            frame, candidates, centers, (values, confidences, is_die), loose
        )
    centers, values, confidences = twos_read_as_ones(
        frame, candidates, centers, (values, confidences, is_die)
    )
    canonical = centers * factor
    is_die &= ~crowded(centers, confidences, is_die, candidates.die_size)
    is_die &= ~lone_and_ragged(candidates, centers, confidences, is_die)
    is_die &= ~unsure_and_hollow(candidates, centers, confidences, is_die & ~loose)
    palette = palette or default_palette()
    found = []
    bodies, lifts = body_labs(padded, [(float(x), float(y)) for x, y in canonical])
    for (cx, cy), value, confidence, body, lift in zip(
        centers[is_die],
        values[is_die],
        confidences[is_die],
        bodies[is_die],
        lifts[is_die],
        strict=True,
    ):
        x, y, size = float(cx), float(cy), candidates.die_size
        box = (x - size / 2, y - size / 2, size, size)
        colour = palette.nearest(body, light_pips=bool(lift >= LIGHT_PIPS))
        found.append(Die(int(value), colour, (x, y), box, float(confidence)))
    if not found:
        return DiceReading((), 0.0)
    found.sort(key=lambda d: (round(d.center[1] / candidates.die_size), d.center[0]))
    return DiceReading(tuple(found), candidates.die_size)


def second_look(
    frame: np.ndarray, centers: np.ndarray, die_size: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Value, confidence, "is a die" and the probability that it is a die at all (0 where
    the face shows no pip's detail or a hand's stripes) for each found die, from the value
    net.

    A die the net is sure of at first sight (best class ≥ SURE) is taken as read, its
    confidence that view's probability. The others are also seen in the other three
    right-angle turns of the crop (exact, no resampling); their log-probabilities are
    averaged and renormalised, and the confidence is that consensus. A die face has no
    up, and the views disagree mostly where one of them is wrong. A die whose
    probability of "no die" is above NOT_A_DIE is dropped; this is what keeps the pips
    of a playing card from being read as a die. So is one whose face shows no pip's sharp
    detail (`face_detail` under FACE_DETAIL, or under UNSURE_DETAIL where the net is
    unsure): a palm or a fingertip. So is a 6 it is not sure of (under SIX_UNSURE) whose
    face shows a hand's stripes rather than pips (`sixes_striped`).
    """
    if len(centers) == 0:
        return np.zeros(0, np.intp), np.zeros(0), np.zeros(0, bool), np.zeros(0)
    net = default_value_net()
    crops = value_crops(frame, centers, die_size)
    batch = crop_batch(crops)
    first = net.probabilities(batch)
    log_votes = np.log(first + 1e-6)
    unsure = first.max(axis=1) < SURE
    if unsure.any():
        probs = net.probabilities(batch.subset(unsure).turned_views(TURNS))
        views = np.log(probs + 1e-6).reshape(TURNS - 1, int(unsure.sum()), -1)
        log_votes[unsure] = (log_votes[unsure] + views.sum(axis=0)) / TURNS
    values = np.argmax(log_votes[:, 1:], axis=1) + 1
    joint = np.exp(log_votes)
    joint /= joint.sum(axis=1, keepdims=True)
    confidences = joint[np.arange(len(values)), values]
    detail = face_detail(crops)
    shown = (detail >= FACE_DETAIL) & ((detail >= UNSURE_DETAIL) | (confidences >= UNSURE))
    is_die = (joint[:, 0] < NOT_A_DIE) & shown
    striped = sixes_striped(crops, values, confidences, is_die)
    return (
        values,
        confidences,
        is_die & ~striped,
        np.where(shown & ~striped, 1.0 - joint[:, 0], 0.0),
    )


def lone_and_ragged(
    candidates: Candidates, centers: np.ndarray, confidences: np.ndarray, is_die: np.ndarray
) -> np.ndarray:
    """Per die, whether the value net is unsure of it (under UNSURE), it is the only die in
    its blob of the mask, and that blob is not convex: under LONE_SOLIDITY of its convex
    hull (`solidity`).

    A palm or a laptop's keyboard is one ragged blob, and a die-sized patch of it can pass
    the nets, unsure; where a hand is all there is to measure, the die size is the palm's
    own. A die is a convex blob of its own, or shares one with the dice it touches. (A die
    touching something ragged is alone in its blob too, but the nets are mostly sure of it.)"""
    blobs = candidates.blobs
    out = np.zeros(len(centers), bool)
    if blobs is None or not (is_die & (confidences < UNSURE)).any():
        return out
    labels = np.where(is_die, candidates.labels_at(centers), 0)
    dice_in = np.bincount(labels, minlength=len(blobs.depth))
    asked = is_die & (confidences < UNSURE) & (labels > 0) & (dice_in[labels] == 1)
    for i in np.flatnonzero(asked):
        out[i] = solidity(blobs, int(labels[i])) < LONE_SOLIDITY
    return out


def unsure_and_hollow(
    candidates: Candidates, centers: np.ndarray, confidences: np.ndarray, is_die: np.ndarray
) -> np.ndarray:
    """Per die, whether the value net is unsure of it (under UNSURE) and its centre lies in
    no blob deep enough to have proposed it: on the table, or in a blob under half a die
    centre's depth. That is how a die found by filling a hollow blob's outline
    (`dice_find.filled_faces`) lies: a white die on a light floor, whose blob is its rim,
    or a ring in wood grain; the die reads sure, the ring does not. The rule asks any die
    so placed, but on the judged sets it dropped that ring and nothing else. Dice found by
    their pips alone (`loose`) are asked by their own rules, not this one."""
    blobs = candidates.blobs
    out = np.zeros(len(centers), bool)
    if blobs is None:
        return out
    shallow = blobs.depth[candidates.labels_at(centers)] < 0.5 * candidates.depth
    return is_die & (confidences < UNSURE) & shallow


def crowded(
    centers: np.ndarray, confidences: np.ndarray, is_die: np.ndarray, die_size: float
) -> np.ndarray:
    """Per die, whether the value net is unsure of it (under UNSURE) and a surer die lies
    closer than MERGE_RADIUS die edges.

    Two dice are founded at least MERGE_RADIUS apart, but their centres are pulled towards
    the points round them, and a pip or an edge of a die can found a second die just
    beyond that radius that is then pulled back onto it: a die read twice. Touching dice
    lie close too (synthetic dice, measured large, mostly 0.65 die apart or more). Of 707
    pairs of dice within 0.8 die on the judged sets, 12 of the 43 false dice were the
    unsure one of a pair this close, and one die read right was (0.598 die from a surer
    die that was itself false; docs/vision-dice.md, "A die read twice")."""
    out = np.zeros(len(centers), bool)
    unsure = np.flatnonzero(is_die & (confidences < UNSURE))
    if unsure.size == 0:
        return out
    others = np.flatnonzero(is_die)
    gaps = np.hypot(*(centers[unsure, None, :] - centers[None, others, :]).transpose(2, 0, 1))
    surer = confidences[None, others] > confidences[unsure, None]
    out[unsure] = ((gaps < MERGE_RADIUS * die_size) & surer).any(axis=1)
    return out


def solidity(blobs: Blobs, label: int) -> float:
    """A blob's pixels, its holes filled, per pixel of its convex hull (a die's about 1 or a
    little over, as its outline's pixels count whole; a hand's less). Filled, a die's pips,
    holes in its blob, do not lower it."""
    x, y, w, h = blobs.boxes[label].tolist()
    filled = filled_outline(blobs.labels[y : y + h, x : x + w] == label)
    hull = cv2.contourArea(cv2.convexHull(cv2.findNonZero(filled)))
    return float(cv2.countNonZero(filled)) / max(hull, 1.0)


def sixes_striped(
    crops: np.ndarray, values: np.ndarray, confidences: np.ndarray, is_die: np.ndarray
) -> np.ndarray:
    """Per die, whether it is a 6 the value net is unsure of (under SIX_UNSURE) whose value
    crop shows a hand's stripes rather than a 6's pips (`striped`). Only such dice are
    looked at: the check is a few connected-component passes on one 48 px crop each."""
    asked = is_die & (values == 6) & (confidences < SIX_UNSURE)
    out = np.zeros(len(values), bool)
    for i in np.flatnonzero(asked):
        out[i] = striped(crops[i])
    return out


def face_detail(crops: np.ndarray) -> np.ndarray:
    """Per (n, VALUE_CROP, VALUE_CROP, 3) value crop, how sharply its face stands out: the
    95th percentile, over the middle half of the crop (the die's face), of the grey's
    distance from its blur (DETAIL_SIGMA).

    The value net sees each crop with its contrast normalised away, so a smooth patch of
    skin, lit to a die's size by a palm or a fingertip, can pass for a die it is unsure of.
    A die's pips are sharp whatever the die; a palm shows no such detail. The crops lie one
    under another for the blur, whose kernel is sized to reach no further than the margin
    round each face (12 px: OpenCV's own size for σ 3 in float), so no crop sees its
    neighbour.
    """
    n, side = len(crops), crops.shape[1]
    if n == 0:
        return np.zeros(0, np.float32)
    margin = side // 4
    grey = cv2.transform(crops.reshape(n * side, side, 3), _CHANNEL_MEAN).astype(np.float32)
    reach = 2 * margin + 1
    fine = np.abs(grey - cv2.GaussianBlur(grey, (reach, reach), DETAIL_SIGMA))
    face = fine.reshape(n, side, side)[:, margin:-margin, margin:-margin].reshape(n, -1)
    rank = int(0.95 * (face.shape[1] - 1))
    return np.partition(face, rank, axis=1)[:, rank]


def placed_by_pips(
    frame: np.ndarray,
    candidates: Candidates,
    centers: np.ndarray,
    reading: tuple[np.ndarray, np.ndarray, np.ndarray],
    loose: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Centres, values, confidences and "is a die" again, for dice found by their pips alone.

    Such a die (`loose`, at least one: a dark die on a dark mat, where the mask found no
    body) shows no edge, so a crop centred on one pip of a 2 looks like a 1 as much as the
    crop at its centre looks like a 2, and two crops on its two pips look like two 1s. So
    the pips are grouped into faces (`pip_faces`), and each loose die, the surest first,
    takes the nearest face not yet taken within FACE_SPAN of it, moves to the mean of its
    pips (the centre of every face) and is read again there. It stays only where it reads
    as many pips as the face has and lies MERGE_RADIUS or more from every die on a body.
    A face of one pip needs a spot of LONE_PIP_AREA: a crumb beside the dice is a lone
    bright spot too, but mostly smaller than a pip, and blur shrinks the spots of a many-pip
    face, which the looser PIP_AREA keeps.
    """
    values, confidences, is_die = (a.copy() for a in reading)
    centers = centers.copy()
    size = candidates.die_size
    pips, areas = pip_centres(frame, candidates, centers[loose])
    faces = pip_faces(pips, FACE_SPAN * size) if len(pips) <= MAX_PIPS else []
    faces = lone_pips_paired(faces, pips, ONES_APART * size, pair_reader(frame, pips, areas, size))
    faces = [f for f in faces if len(f) > 1 or areas[f[0]] >= LONE_PIP_AREA * size**2]
    middles = np.array([pips[face].mean(axis=0) for face in faces]).reshape(-1, 2)
    free = np.ones(len(faces), bool)
    dice, taken = [], []
    for i in np.flatnonzero(loose)[np.argsort(-confidences[loose], kind="stable")]:
        gaps = np.where(free, np.hypot(*(middles - centers[i]).T), np.inf)
        if len(gaps) and gaps.min() <= FACE_SPAN * size:
            dice.append(i)
            taken.append(int(gaps.argmin()))
            free[taken[-1]] = False
    is_die[loose] = False
    if not dice:
        return centers, values, confidences, is_die
    moved = middles[taken]
    again, sure, read, likely = second_look(frame, moved.astype(np.float32), size)
    counts = np.array([len(faces[j]) for j in taken])
    bodies = centers[reading[2] & ~loose]
    apart = _distances(moved, bodies).min(axis=1, initial=np.inf) >= MERGE_RADIUS * size
    as_shown = read & (again == counts)
    laid = np.array([len(faces[j]) >= 3 and fits_layout(pips[faces[j]], size) for j in taken])
    likely = np.maximum(
        likely, read_as_counted(centers[loose], reading, loose, moved, counts, size)
    )
    centers[dice] = moved
    values[dice] = np.where(laid, counts, again)
    confidences[dice] = np.where(laid & ~as_shown, likely, sure)
    is_die[dice] = apart & (as_shown | laid & (likely > 1.0 - NOT_A_DIE))
    return centers, values, confidences, is_die


def pair_reader(
    frame: np.ndarray, pips: np.ndarray, areas: np.ndarray, size: float
) -> Callable[[int, int], bool]:
    """Whether two pips (indices into `pips`) are a 2's: as big as each other (PIPS_ALIKE)
    and read as a 2, a die, at their midpoint."""

    def a_two(a: int, b: int) -> bool:
        if min(areas[a], areas[b]) < PIPS_ALIKE * max(areas[a], areas[b]):
            return False
        middle = ((pips[a] + pips[b]) / 2).astype(np.float32)[None]
        value, _, read, _ = second_look(frame, middle, size)
        return bool(read[0] and value[0] == 2)

    return a_two


def read_as_counted(
    found: np.ndarray,
    reading: tuple[np.ndarray, np.ndarray, np.ndarray],
    loose: np.ndarray,
    faces: np.ndarray,
    counts: np.ndarray,
    size: float,
) -> np.ndarray:
    """Per face (centre, pip count), the surest reading of a loose die within FACE_SPAN of
    it (at the `found` point) that read as many pips as the face has; 0 where none did.
    Several loose dice can reach one face, and the surest of them takes it, whatever it
    read: a crop that sees the whole face from off its centre can read it right where
    the crop at the centre does not, as on a bodiless black 5."""
    near = _distances(faces, found) <= FACE_SPAN * size
    agree = reading[0][loose][None, :] == counts[:, None]
    return np.where(near & agree, reading[1][loose][None, :], 0.0).max(axis=1, initial=0.0)


def pip_faces(pips: np.ndarray, span: float) -> list[np.ndarray]:
    """Indices of the pips of each face: groups merged, closest first, while the merged
    group is at most `span` across (complete linkage). Within a face the pips lie closer
    together than across a gap to the next die, so a face's own pips join first."""
    spans = _distances(pips, pips)
    np.fill_diagonal(spans, np.inf)
    members = [[i] for i in range(len(pips))]
    while len(spans) and spans.min() <= span:
        a, b = sorted(np.unravel_index(int(spans.argmin()), spans.shape))
        members[a] += members[b]
        members[b] = []
        spans[a] = np.maximum(spans[a], spans[b])
        spans[:, a] = spans[a]
        spans[b] = np.inf
        spans[:, b] = np.inf
    return [np.array(m) for m in members if m]


def lone_pips_paired(
    faces: list[np.ndarray],
    pips: np.ndarray,
    reach: float,
    a_two: Callable[[int, int], bool],
) -> list[np.ndarray]:
    """`faces` with faces of one pip joined in twos, closest first, where they lie within
    `reach` of each other and `a_two(pip, pip)` says the two are a 2's: the two pips of a
    2 where the die size came out too small for `pip_faces` to group them (0.76 die apart,
    0.82 of a die measured at 0.93 of its size). Two 1s lie a die apart or more, but the
    die is measured up to 1.3 times too large, so two touching 1s come as near; their
    pips, read together, are no 2."""
    lone = [i for i, face in enumerate(faces) if len(face) == 1]
    if len(lone) < 2:
        return faces
    firsts = [int(faces[i][0]) for i in lone]
    gaps = _distances(pips[firsts], pips[firsts])
    np.fill_diagonal(gaps, np.inf)
    joined = list(faces)
    while gaps.min() <= reach:
        a, b = np.unravel_index(int(gaps.argmin()), gaps.shape)
        if not a_two(firsts[a], firsts[b]):
            gaps[a, b] = gaps[b, a] = np.inf
            continue
        joined[lone[a]] = np.concatenate([faces[lone[a]], faces[lone[b]]])
        joined[lone[b]] = np.zeros(0, np.intp)
        gaps[[a, b], :] = np.inf
        gaps[:, [a, b]] = np.inf
    return [face for face in joined if len(face)]


def _distances(points: np.ndarray, others: np.ndarray) -> np.ndarray:
    """(len(points), len(others)) distances between two sets of (x, y) points."""
    return np.hypot(*(points[:, None, :] - others[None, :, :]).transpose(2, 0, 1))


def twos_read_as_ones(
    frame: np.ndarray,
    candidates: Candidates,
    centers: np.ndarray,
    reading: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Centres, values and confidences again, where a die read as a 1 lay on one pip of a 2.

    A dark die whose body the mask hardly sees can be found on one of its pips: a crop
    centred there shows a pip at its middle and reads as a 1, mostly sure of it, and the
    2's other pip, 0.76 die off, passes for a neighbour's. So where a pip (`pip_centres`,
    bodies' own too: the other pip may have joined a touching die's blob) lies within
    ON_PIP of a die read as 1, and another as big (PIPS_ALIKE; a fleck of a patterned
    table is smaller) lies TWO_GAP from it, not within PIP_OWNER of any other die's
    centre (a neighbour's corner pip is 0.38 from its centre), the die is read again at
    the midpoint of the two. It moves there as a 2 where that reading is a 2
    surer than the 1 was, and the midpoint lies MERGE_RADIUS or more from every other die.
    The pips are found at the frame's resolution only round a dark face (`on_dark_face`)
    whose working image holds a spot no other die owns where the other pip would lie
    (`Candidates.spots_around`): that search cost 0.8 ms of a 640×480 frame done round
    every 1.
    """
    values, confidences, is_die = reading[0].copy(), reading[1].copy(), reading[2]
    size = candidates.die_size
    asked, mids = [], []
    ring = ((TWO_GAP[0] - ON_PIP) * size, (TWO_GAP[1] + ON_PIP) * size)
    for i in np.flatnonzero(is_die & (values == 1)).tolist():
        others = np.flatnonzero(is_die & (np.arange(len(is_die)) != i))
        spots = candidates.spots_around(centers[i], *ring)
        if owned(spots, centers[others], size).all() or not on_dark_face(frame, centers[i], size):
            continue
        pips, areas = pip_centres(frame, candidates, centers[i : i + 1], off_bodies=False)
        if len(pips) < 2:
            continue
        nearest = np.hypot(*(pips - centers[i]).T)
        own = int(nearest.argmin())
        gaps = np.hypot(*(pips - pips[own]).T)
        alike = np.minimum(areas, areas[own]) >= PIPS_ALIKE * np.maximum(areas, areas[own])
        partners = (gaps >= TWO_GAP[0] * size) & (gaps <= TWO_GAP[1] * size) & alike
        partners &= ~owned(pips, centers[others], size)
        if nearest[own] <= ON_PIP * size:
            asked += [i] * int(partners.sum())
            mids += [(pips[own] + pip) / 2 for pip in pips[partners]]
    if not asked:
        return centers, values, confidences
    mids_at = np.array(mids, np.float32)
    again, sure, read, _ = second_look(frame, mids_at, size)
    scores = np.where(read & (again == 2), sure, 0.0)
    centers = centers.copy()
    for k in np.argsort(-scores, kind="stable").tolist():
        i = asked[k]
        others = np.flatnonzero(is_die & (np.arange(len(is_die)) != i))
        apart = _distances(mids_at[k : k + 1], centers[others]).min(initial=np.inf)
        if values[i] == 1 and scores[k] > confidences[i] and apart >= MERGE_RADIUS * size:
            centers[i], values[i], confidences[i] = mids_at[k], 2, scores[k]
    return centers, values, confidences


def owned(points: np.ndarray, centers: np.ndarray, size: float) -> np.ndarray:
    """Per (x, y) point, whether it lies within PIP_OWNER of one of the dice at `centers`:
    one of that die's pips."""
    return _distances(points, centers).min(axis=1, initial=np.inf) <= PIP_OWNER * size


def on_dark_face(frame: np.ndarray, centre: np.ndarray, size: float) -> bool:
    """Whether the window of FACE_WINDOW die edges round `centre` is as dark as a black
    face with its pips (mean grey at most DARK_FACE; a red body's grey passes too): the
    test `pip_spots` puts to every pip it finds, asked once before the spots are looked
    for round a die."""
    h, w = frame.shape[:2]
    half = FACE_WINDOW * size / 2
    x0, y0 = max(int(centre[0] - half), 0), max(int(centre[1] - half), 0)
    x1, y1 = min(int(centre[0] + half) + 1, w), min(int(centre[1] + half) + 1, h)
    if x1 <= x0 or y1 <= y0:
        return False
    return cv2.mean(cv2.cvtColor(frame[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY))[0] <= DARK_FACE


def pip_centres(
    frame: np.ndarray, candidates: Candidates, near: np.ndarray, off_bodies: bool = True
) -> tuple[np.ndarray, np.ndarray]:
    """(n, 2) frame centres and (n,) areas (px²) of the pips (`pip_spots`) off every body
    within two FACE_SPANs of the points `near` (where a face of a die found there can
    reach), found at the frame's own resolution: at the working scale the pips of small
    dice are a pixel or two and run together. A spot under PIP_AREA is a speck of dust or
    noise, not a pip."""
    size = candidates.die_size
    h, w = frame.shape[:2]
    x0, y0 = np.maximum(np.floor(near.min(axis=0) - size), 0).astype(int)
    x1, y1 = np.ceil(near.max(axis=0) + size).astype(int)
    grey = cv2.cvtColor(frame[y0 : min(y1, h), x0 : min(x1, w)], cv2.COLOR_BGR2GRAY)
    spots = pip_spots(grey, size)
    count, _, stats, centres = cv2.connectedComponentsWithStats(
        spots.view(np.uint8), connectivity=8
    )
    big = np.flatnonzero(stats[1:count, cv2.CC_STAT_AREA] >= PIP_AREA * size**2) + 1
    sharp = [i for i in big.tolist() if fade_width(grey, tuple(stats[i, :4])) <= PIP_FADE]
    pips = centres[sharp].reshape(-1, 2) + np.array([x0, y0])
    areas = stats[sharp, cv2.CC_STAT_AREA].astype(np.float64)
    reached = _distances(pips, near).min(axis=1, initial=np.inf) <= 2 * FACE_SPAN * size
    free = reached.copy()
    if off_bodies:
        free[reached] = ~candidates.on_body(pips[reached])
    return pips[free], areas[free]


def thinned(points: np.ndarray, gate: np.ndarray, radius: float) -> np.ndarray:
    """Indices of the points the gate passes, each at least `radius` from a more die-like
    kept one.

    The candidate grid puts a dozen points on every die; the detector needs only a few of
    them to find the die and vote on it, and it is the costliest step per point. Points
    are whole canonical pixels, so "too close" is a lookup of their offset in a disc.
    Few pairs are that close (grid points lie about a radius apart), so the greedy pass
    walks those pairs, not the points: 0.42 of the time of stamping each kept point's
    disc on a raster, on the held-out photos and synthetic frames.
    """
    order = np.argsort(-gate, kind="stable")
    order = order[gate[order] >= GATE_MIN]
    reach = int(np.ceil(radius))
    offsets = np.arange(-reach, reach + 1)
    disc = np.hypot(offsets[:, None], offsets[None, :]) < radius
    firsts, seconds, oy, ox = close_pairs(np.rint(points[order]).astype(np.int32), reach)
    close = disc[oy, ox]
    ruled_out = np.zeros(len(order), bool)
    for first, second in zip(firsts[close].tolist(), seconds[close].tolist(), strict=True):
        if not ruled_out[first]:  # pairs come by first point, in order of the gate
            ruled_out[second] = True
    return order[~ruled_out]


def close_pairs(
    cells: np.ndarray, reach: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Pairs i < j of (n, 2) int32 x, y cells at most `reach` apart in x and in y, sorted
    by i then j, and each pair's offset from i to j in y and in x, plus `reach`.

    The pairs are picked from all near ones, not from the matrix's upper triangle: a
    frame has about six, and building the triangle was most of thinning's time (now
    0.45 of it, with the disc from one row of offsets, on the held-out photos)."""
    x, y = cells.T
    ox = (x + reach)[None, :] - x[:, None]
    oy = (y + reach)[None, :] - y[:, None]
    side = np.uint32(2 * reach)  # an offset below -reach wraps round to a large unsigned
    near = (ox.view(np.uint32) <= side) & (oy.view(np.uint32) <= side)
    firsts, seconds = np.nonzero(near)  # row by row: sorted by i, then j
    later = firsts < seconds  # the few near pairs, not the whole upper triangle
    firsts, seconds = firsts[later], seconds[later]
    return firsts, seconds, oy[firsts, seconds], ox[firsts, seconds]


def merge_points(points: np.ndarray, probs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Die centres (canonical px) by greedy non-maximum suppression over candidate points,
    and the index of the point that founded each.

    The most die-like point founds a die; points within VOTE_RADIUS pull its centre
    (weighted by how die-like they are); points within MERGE_RADIUS are used up. The
    value is left to the second look, which sees the die at a finer scale.
    """
    score = 1.0 - probs[:, 0]
    alive = score >= MIN_SCORE
    centers, founders = [], []
    for i in np.argsort(-score, kind="stable"):
        if not alive[i]:
            continue
        d = np.hypot(*(points - points[i]).T)
        near = alive & (d <= VOTE_RADIUS * CANON_DIE)
        weights = score[near]
        centers.append((weights[:, None] * points[near]).sum(axis=0) / weights.sum())
        founders.append(i)
        alive &= d > MERGE_RADIUS * CANON_DIE
    return np.array(centers, np.float32).reshape(-1, 2), np.array(founders, np.intp)


def body_labs(
    padded: np.ndarray, centers: list[tuple[float, float]]
) -> tuple[np.ndarray, np.ndarray]:
    """Lab body colour of each die, the larger of two lightness clusters of its face, and
    how much lighter the other cluster is (negative: darker; 0 where the square is one
    cluster).

    The face square holds pips (up to a third of it) and sometimes glare; splitting its
    pixels into a light and a dark group and keeping the bigger one drops them whatever
    their colour, where a plain median would drift towards white pips on a red die. The
    smaller group is mostly the pips, whose side of the body's lightness tells a dark die
    from a white one (LIGHT_PIPS); it can be glare, or the table where the die was measured
    far too large.
    """
    if not centers:
        return np.zeros((0, 3), np.float32), np.zeros(0, np.float32)
    side = 2 * BODY_HALF
    patches = np.empty((len(centers) * side, side, 3), np.uint8)
    for i, (x, y) in enumerate(centers):
        cx, cy = round(x) + CROP // 2, round(y) + CROP // 2
        patch = padded[cy - BODY_HALF : cy + BODY_HALF, cx - BODY_HALF : cx + BODY_HALF]
        patches[i * side : (i + 1) * side] = patch
    lab = cv2.cvtColor(patches, cv2.COLOR_BGR2LAB).reshape(len(centers), -1, 3).astype(np.float32)
    light = lab[:, :, 0]
    cut = (light.min(axis=1, keepdims=True) + light.max(axis=1, keepdims=True)) / 2
    for _ in range(4):
        dark = light < cut
        mean_dark = (light * dark).sum(axis=1, keepdims=True) / np.maximum(
            dark.sum(axis=1, keepdims=True), 1
        )
        mean_light = (light * ~dark).sum(axis=1, keepdims=True) / np.maximum(
            (~dark).sum(axis=1, keepdims=True), 1
        )
        cut = (mean_dark + mean_light) / 2
    dark = light < cut
    body = np.where((dark.sum(axis=1) * 2 >= dark.shape[1])[:, None], dark, ~dark)
    weights = body[:, :, None].astype(np.float32)
    colours = (lab * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1)
    pips = ~body
    pip_light = (light * pips).sum(axis=1) / np.maximum(pips.sum(axis=1), 1)
    lifts = np.where(pips.any(axis=1), pip_light - colours[:, 0], 0.0)
    return colours, lifts.astype(np.float32)


class DiceCountError(ValueError):
    """Calibration saw another number of dice than it was told were shown; the numbers are
    kept so that the kiosk can say so in the players' language."""

    def __init__(self, seen: int, expected: int) -> None:
        super().__init__(f"saw {seen} dice but was told {expected}")
        self.seen, self.expected = seen, expected


def calibrate(
    frame: np.ndarray,
    counts: Mapping[str, int],
    palette: Palette | None = None,
    ignore: frozenset[str] = frozenset(),
) -> Palette:
    """Learn the colours of the dice in `frame`, where the user says what is shown.

    Dice read as a colour in `ignore` are left out first: a game with no white dice names
    card paper in view white, and that "die" would both spoil the count and be learned.
    Raises ValueError when the reader does not see exactly as many dice as stated, since
    a wrong split would silently teach the wrong colours.
    """
    palette = palette or default_palette()
    reading = read_dice(frame, palette)
    dice = [d for d in reading.dice if d.color not in ignore]
    expected = sum(counts.values())
    if len(dice) != expected:
        raise DiceCountError(len(dice), expected)
    padded, factor = canonical_frame(frame, reading.die_size)
    bodies, _ = body_labs(padded, [(d.center[0] * factor, d.center[1] * factor) for d in dice])
    return palette.replaced(fit_counts(bodies, counts, palette))
