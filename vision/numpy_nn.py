"""Pieces of a forward pass shared by the shipped numpy nets (dice and cards).

The nets are small and run on one core beside the camera and the UI, so importing this
module keeps OpenBLAS on the calling thread. Feature maps are kept channel-first,
(C, N, H, W): each channel of the whole batch is one contiguous plane, so the
convolution's column copies, its product and the pooling all run over long contiguous
rows. (Channel-last maps made numpy broadcast over a last axis of 3–32, which
measured up to 25 times slower per element.)
"""

from __future__ import annotations

import cv2
import numpy as np
from threadpoolctl import threadpool_limits

# On matrices this small OpenBLAS's threads cost far more than they save, most of all on a
# busy machine (8 ms against 0.3 ms for one layer, measured while the other core was busy),
# and nothing in the companion wants threaded BLAS. Cutting each product into blocks under
# OpenBLAS's threading threshold kept it on the calling thread too, but cost 30–60 % more
# per layer than one single-threaded product. The limit is set once, on import, so every
# product of the process (the card templates' too) runs alike from the start; BLAS
# libraries loaded later (PyTorch's, in training) keep their own threads.
threadpool_limits(limits=1, user_api="blas")


def conv_relu_pool(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """3×3 'same' convolution (zero padding), ReLU and 2×2 max-pool of a (C, N, H, W)
    float32 batch; `w` is (out, C·9) with columns in (channel, dy, dx) order (PyTorch's
    (out, in, 3, 3) weight reshaped), `b` is (out,). Odd sizes lose their last row/column.

    The nine shifted copies of each channel are stacked and multiplied with the kernel in
    one wide product, whose output is already channel-first. The bias is the same across
    a pool window and ReLU is monotonic, so both are applied after pooling, to a quarter
    of the values.
    """
    _, n, h, wd = x.shape
    pooled = max_pooled((w @ shifted_columns(x)).reshape(-1, n, h, wd))
    pooled += b[:, None, None, None]
    return np.maximum(pooled, 0.0, out=pooled)


def shifted_columns(x: np.ndarray) -> np.ndarray:
    """(C·9, N·H·W) im2col columns of a (C, N, H, W) batch for a 3×3 'same' convolution:
    row (c, dy, dx) is channel c shifted by (dy − 1, dx − 1), zero beyond the edges.

    Each shift is one contiguous copy of the channel's planes laid end to end, after which
    the edge row and column that it carried in from the neighbouring row or crop are
    zeroed. Slicing the shifts out of a zero-padded copy instead copied one image row
    (3–48 floats) at a time and took 1.25–2.4 times as long (measured on the dice nets'
    layers); the columns, and so the product, are the same bit for bit.
    """
    c, n, h, wd = x.shape
    size = n * h * wd
    flat = x.reshape(c, size)
    cols = np.empty((c, 9, size), np.float32)
    for tap in range(9):
        dy, dx = divmod(tap, 3)
        shift = (dy - 1) * wd + (dx - 1)
        src, dst, keep = max(shift, 0), max(-shift, 0), max(size - abs(shift), 0)
        cols[:, tap, dst : dst + keep] = flat[:, src : src + keep]
        grid = cols[:, tap].reshape(c, n, h, wd)
        if dy != 1:
            grid[:, :, 0 if dy == 0 else h - 1] = 0.0
        if dx != 1:
            grid[:, :, :, 0 if dx == 0 else wd - 1] = 0.0
    return cols.reshape(c * 9, size)


def max_pooled(maps: np.ndarray) -> np.ndarray:
    """2×2 max-pool of (C, N, H, W) float32 maps; odd sizes lose their last row/column.

    Rows first: each pair of rows is one row of a 2-D view that OpenCV takes in one call,
    where numpy ran its inner loop once per row (12–48 floats) and took 2.4–4.6 times as
    long (measured on the dice nets' layers). The two maxima give the same bits except on
    NaN and on the sign of a +0/−0 tie, and a product's zeros are all +0.
    """
    c, n, h, wd = maps.shape
    h2, w2 = h // 2, wd // 2
    pairs = maps[:, :, : 2 * h2, : 2 * w2].reshape(c * n * h2, 2, 2 * w2)
    rows = cv2.max(pairs[:, 0], pairs[:, 1])
    return np.maximum(rows[:, 0::2], rows[:, 1::2]).reshape(c, n, h2, w2)


def softmax(z: np.ndarray) -> np.ndarray:
    """Row-wise softmax of (n, classes) scores."""
    z = z - z.max(axis=1, keepdims=True)
    np.exp(z, out=z)
    return z / z.sum(axis=1, keepdims=True)
