"""Pieces of a forward pass shared by the shipped numpy nets (dice and cards).

The nets are small and run on one core beside the camera and the UI, so importing this
module keeps OpenBLAS on the calling thread. Feature maps are kept channel-first,
(C, N, H, W): each channel of the whole batch is one contiguous plane, so the
convolution's column copies, its product and the pooling all run over long contiguous
rows. (Channel-last maps made numpy broadcast over a last axis of 3–32, which
measured up to 25 times slower per element.)
"""

from __future__ import annotations

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
    c, n, h, wd = x.shape
    padded = np.zeros((c, n, h + 2, wd + 2), np.float32)
    padded[:, :, 1:-1, 1:-1] = x
    cols = np.empty((c, 9, n, h, wd), np.float32)
    for tap in range(9):
        dy, dx = divmod(tap, 3)
        cols[:, tap] = padded[:, :, dy : dy + h, dx : dx + wd]
    out = (w @ cols.reshape(c * 9, n * h * wd)).reshape(-1, n, h, wd)
    h2, w2 = h // 2 * 2, wd // 2 * 2
    rows = np.maximum(out[:, :, 0:h2:2, :w2], out[:, :, 1:h2:2, :w2])
    pooled = np.maximum(rows[..., 0::2], rows[..., 1::2])
    pooled += b[:, None, None, None]
    return np.maximum(pooled, 0.0, out=pooled)


def softmax(z: np.ndarray) -> np.ndarray:
    """Row-wise softmax of (n, classes) scores."""
    z = z - z.max(axis=1, keepdims=True)
    np.exp(z, out=z)
    return z / z.sum(axis=1, keepdims=True)
