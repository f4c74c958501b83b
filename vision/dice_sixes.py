"""Tell a die's six from fingers: a 6 shows round spots, a hand shows stripes.

The value net sees two parallel fingers (or a hand's fingers and the gaps between them) as
the two rows of three pips of a 6, with sharp detail enough to pass `face_detail`. In the
value crop the face of a real 6 shows compact round spots of one polarity (its pips, or
two bars where blur runs a column's pips together), while a hand shows elongated stripes
of both polarities: light fingers and the dark gaps between them. A die read as 6 whose
face shows fewer than SIX_SPOTS compact spots but at least STRIPES stripes, light and
dark ones both, is a hand.
"""

from __future__ import annotations

import cv2
import numpy as np

SIX_SIGMA = 3.0  # px of the value crop: the blur a pip (about 5 px across) stands out from
FACE_MARGIN = 8  # px of the 48 px value crop round its 32 px face: spots are counted inside
# px of the crop round its central 16 px: the plane (grey, B, G or R) with the strongest
# detail there and the spots' threshold are measured there, among the pips and away from the
# die's outline (a red pip on a black die shows in R, hardly in grey). With a 24 px core the
# outline chose the plane more often: 3 right 6s on the photos and synthetic frames looked
# striped by stripe count alone, against 1 with this core.
CORE_MARGIN = 16
SPOT_SHARE = 0.5  # a spot is where the detail is this share of its 99th percentile in the core
SPOT_AREA = (4, 80)  # px²: a pip of a 32 px die is about 23; smaller is noise, larger a blob
ELONGATED = 2.5  # ratio of a component's axes (second moments) above which it is a stripe
STRIPE_AREA = 8  # px²: the least area of a stripe
# A real 6 shows 6 or more compact spots in one polarity (369 of 371 right 6s on random
# scenes 0-299 and 8000-8099, 96 of 111 on the training photos, 67 of 69 on the synthetic
# frames); of the 22 false dice read as 6 under SIX_UNSURE on all judged sets (20 of them
# hands), none did. The 17 hands dropped showed 4 to 9 stripes, light and dark. Right 6s read
# under SIX_UNSURE show up to 4 stripes, light and dark ones too (3 photo 6s, kept by their 7-8
# spots): the spot count carries the rule, and the stripes only keep it from blurred 6s.
SIX_SPOTS = 6
STRIPES = 4


def face_planes(crop: np.ndarray) -> list[np.ndarray]:
    """Grey and the three colour planes of a BGR crop, as float32."""
    f = crop.astype(np.float32)
    return [f.mean(axis=2), f[:, :, 0], f[:, :, 1], f[:, :, 2]]


def face_detail_plane(crop: np.ndarray) -> np.ndarray:
    """The crop's detail (plane less its blur, SIX_SIGMA) in the plane whose core shows the
    most of it: pips may be light on dark, dark on light or red on black."""
    core = slice(CORE_MARGIN, -CORE_MARGIN)
    best, strongest = None, -1.0
    for plane in face_planes(crop):
        detail = plane - cv2.GaussianBlur(plane, (0, 0), SIX_SIGMA)
        strength = float(np.percentile(np.abs(detail[core, core]), 97))
        if strength > strongest:
            best, strongest = detail, strength
    assert best is not None
    return best


def spots_and_stripes(detail: np.ndarray) -> tuple[int, int]:
    """Compact round spots and stripes in one polarity of a face's detail (light spots of
    `detail`; pass `-detail` for dark ones), counted on the face inside FACE_MARGIN."""
    core = detail[CORE_MARGIN:-CORE_MARGIN, CORE_MARGIN:-CORE_MARGIN]
    top = float(np.percentile(core, 99))
    if top <= 0:
        return 0, 0
    face = detail[FACE_MARGIN:-FACE_MARGIN, FACE_MARGIN:-FACE_MARGIN]
    mask = (face >= SPOT_SHARE * top).view(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    area = stats[1:, cv2.CC_STAT_AREA]
    elongation = elongations(labels, count)
    asked = area >= SPOT_AREA[0]
    spots = asked & (elongation <= ELONGATED) & (area <= SPOT_AREA[1])
    stripes = asked & (elongation > ELONGATED) & (area >= STRIPE_AREA)
    return int(spots.sum()), int(stripes.sum())


def elongations(labels: np.ndarray, count: int) -> np.ndarray:
    """Per component 1…count-1 of `labels`, the ratio of its axes: the square root of the
    ratio of the eigenvalues of its pixels' covariance (n − 1 normalised), 0.25 px² added
    to each so a one-pixel-wide run has a width.

    All components' sums are gathered in one pass over the face; asking numpy for each
    component's covariance in turn cost most of the check (about 20 µs a component)."""
    ys, xs = np.indices(labels.shape, dtype=np.float64)
    flat = labels.ravel()

    def sums(weights: np.ndarray | None) -> np.ndarray:
        return np.bincount(flat, weights, minlength=count)[1:]

    x, y = xs.ravel(), ys.ravel()
    n = sums(None).astype(np.float64)
    mx, my = sums(x) / n, sums(y) / n
    dof = np.maximum(n - 1, 1)
    cxx = (sums(x * x) - n * mx * mx) / dof + 0.25
    cyy = (sums(y * y) - n * my * my) / dof + 0.25
    cxy = (sums(x * y) - n * mx * my) / dof
    mid, spread = (cxx + cyy) / 2, np.hypot((cxx - cyy) / 2, cxy)
    return np.sqrt((mid + spread) / np.maximum(mid - spread, 1e-12))


def striped(crop: np.ndarray) -> bool:
    """Whether a value crop (VALUE_CROP square, die of VALUE_DIE px in the middle) read as
    a 6 shows a hand's stripes rather than a 6's spots (see the module's docstring)."""
    detail = face_detail_plane(crop)
    light_spots, light_stripes = spots_and_stripes(detail)
    dark_spots, dark_stripes = spots_and_stripes(-detail)
    return (
        max(light_spots, dark_spots) < SIX_SPOTS
        and light_stripes > 0
        and dark_stripes > 0
        and light_stripes + dark_stripes >= STRIPES
    )
