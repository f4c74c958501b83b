"""Pieces of a forward pass shared by the shipped numpy nets (dice and cards).

The nets are small and run on one core beside the camera and the UI, so every matrix
product goes through `matmul`, which keeps OpenBLAS on the calling thread.
"""

from __future__ import annotations

import numpy as np

SINGLE_THREAD_MACS = 65536 * 4  # OpenBLAS starts threads for products above this


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a @ b (float32, 2-D) in blocks small enough that OpenBLAS keeps each to the
    calling thread: on matrices this small its threads cost far more than they save, most
    of all on a busy machine."""
    m, k = a.shape
    n = b.shape[1]
    out = np.empty((m, n), np.float32)
    if m >= n:
        rows = max(1, SINGLE_THREAD_MACS // max(1, k * n))
        for i in range(0, m, rows):
            np.matmul(a[i : i + rows], b, out=out[i : i + rows])
    else:
        cols = max(1, SINGLE_THREAD_MACS // max(1, k * m))
        for j in range(0, n, cols):
            out[:, j : j + cols] = a @ b[:, j : j + cols]
    return out


def softmax(z: np.ndarray) -> np.ndarray:
    """Row-wise softmax of (n, classes) scores."""
    z = z - z.max(axis=1, keepdims=True)
    np.exp(z, out=z)
    return z / z.sum(axis=1, keepdims=True)
