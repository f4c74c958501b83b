"""One fixed-length vector per glyph, so any rank or suit crop can be compared with templates.

A glyph is stretched to a fixed box (fonts differ in width far more than in shape), blurred
a little (camera crops are soft, rendered templates are sharp) and normalised to zero mean
and unit length, so a dot product between two vectors is their correlation. Two extra
entries carry the original aspect ratio, which the stretch would otherwise throw away.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

GLYPH_W = 14
GLYPH_H = 20
ASPECT_WEIGHT = 0.35
_SHAPE_WEIGHT = np.sqrt(1.0 - ASPECT_WEIGHT**2)  # float64, as the vector is weighted in


def tight_crop(ink: np.ndarray, level: float = 0.25) -> np.ndarray:
    """The smallest box holding every pixel with at least `level` ink."""
    ys, xs = np.nonzero(ink >= level)
    if len(xs) == 0:
        return ink[:0, :0]
    return ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


def glyph_vector(ink: np.ndarray) -> np.ndarray:
    """The comparison vector of a tightly cropped glyph (float, 1 = ink, 0 = paper)."""
    import cv2

    h, w = ink.shape
    small = cv2.resize(ink.astype(np.float32), (GLYPH_W, GLYPH_H), interpolation=cv2.INTER_AREA)
    flat = cv2.GaussianBlur(small, (3, 3), 0.7).ravel()
    # np.mean's own arithmetic (a float32 sum divided in float64), without its overhead,
    # which was most of this function's time.
    v = flat - np.float32(float(np.add.reduce(flat)) / flat.size)
    v /= float(np.sqrt(v.dot(v))) + 1e-6  # np.linalg.norm's own arithmetic, without its overhead
    return np.concatenate([v * _SHAPE_WEIGHT, _aspect(w, h)]).astype(np.float32)


@lru_cache(maxsize=4096)
def _aspect(w: int, h: int) -> np.ndarray:
    """The two aspect entries of a w × h glyph (few distinct sizes occur: cached)."""
    aspect = np.log(w / h) if h and w else 0.0
    extra = ASPECT_WEIGHT * np.array([np.cos(aspect * 2.0), np.sin(aspect * 2.0)], np.float32)
    extra.setflags(write=False)  # shared by every caller
    return extra
