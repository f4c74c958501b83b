"""Where a die's pips lie on its face: does a group of pips form the face of its count?

A black die on a dark mat shows the camera its pips and hardly any body. The value net,
trained on dice whose bodies it sees, reads such a face badly (a clear 5 as a 1, or as no
die), while the pips themselves, found at the frame's resolution, say what the face is:
three or more of them in a die face's layout are that face. One or two pips have no
layout to check (a lone speck is one pip; any two specks are a diagonal).
"""

from __future__ import annotations

import numpy as np

# Pip positions of each face in units of the corner pips' offset from the centre along an
# edge (a standard die: about 0.27 of its edge, 0.25–0.3 on real dice).
LAYOUTS = {
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, 1), (-1, 1), (1, -1)),
    5: ((-1, -1), (1, 1), (-1, 1), (1, -1), (0, 0)),
    6: ((-1, -1), (1, 1), (-1, 1), (1, -1), (-1, 0), (1, 0)),
}
# That offset, per the reader's die edge: the edge it measures runs 0.9–1.3 times the drawn
# die's, so a true 0.27 lies within.
OFFSET_RANGE = (0.17, 0.4)
# The farthest a pip may lie from its place in the layout, or a place from its nearest pip,
# per that offset: pips are found to a pixel or so, and a die with a pip offset of 10 px
# (37 px dice) then allows 2 px. (The turn, scale and centre fitted to the pips take up
# part of one pip's error: moved by half the offset across, it breaks any face.)
LAYOUT_SLACK = 0.2
TURNS = np.radians(np.arange(0.0, 180.0, 2.0))  # every face repeats itself half a turn on


def fits_layout(pips: np.ndarray, die_size: float) -> bool:
    """Whether (k, 2) pip centres (frame px), k from 3 to 6, lie in the layout of a face
    showing k, turned any way, at a pip offset a die of `die_size` px can have. The
    layout's scale is the pips' own (their spread about their mean), so a die size
    measured too large or too small does not matter within OFFSET_RANGE."""
    layout = np.array(LAYOUTS.get(len(pips), ()), np.float64)
    if not layout.size:
        return False
    offsets = pips - pips.mean(axis=0)
    scale = np.sqrt((offsets**2).sum() / (layout**2).sum())
    if not OFFSET_RANGE[0] <= scale / die_size <= OFFSET_RANGE[1]:
        return False
    cos, sin = np.cos(TURNS)[:, None], np.sin(TURNS)[:, None]
    xs = scale * (cos * layout[:, 0] - sin * layout[:, 1])  # (turns, k)
    ys = scale * (sin * layout[:, 0] + cos * layout[:, 1])
    gaps = np.hypot(xs[:, :, None] - offsets[:, 0], ys[:, :, None] - offsets[:, 1])
    worst = np.maximum(gaps.min(axis=1).max(axis=1), gaps.min(axis=2).max(axis=1))
    return bool(worst.min() <= LAYOUT_SLACK * scale)
