"""A small convolutional network that reads a card's index corner: rank and suit at once.

It looks at the upright corner patch (`card_index.corner_patch`) as two channels, ink and
redness, both measured on the paper's own white balance, over the top-left 28 × 52 units
(one unit = 1/100 of the card's width). So it needs no cut-out of the rank and suit: an
index printed against a big pip or court art, which connected components cannot cut free,
is read as it is. Each head has a "no index" class, trained on blank paper, bare art and
table, so corners without an index say so.

The weights (`card_net.npz`, a few hundred KiB) are trained by `vision.card_train` on
corners drawn from Debian fonts and `card_shapes` suits only; this module is the numpy
forward pass used at run time (no torch).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from vision.card_detect import least_channel
from vision.card_shapes import RANKS, SUITS
from vision.numpy_nn import conv_relu_pool, softmax

WEIGHTS = Path(__file__).with_name("card_net.npz")
IN_W = 28  # units (and input pixels) across
IN_H = 52  # units (and input pixels) down
MIN_CONTRAST = 25.0
RANK_LABELS = (*RANKS, "")  # "" = no index here
SUIT_LABELS = (*SUITS, "")
LAYERS = (("c1", 16), ("c2", 32), ("c3", 48))


def net_input(patch: np.ndarray, unit_px: int = 2) -> np.ndarray | None:
    """(2, IN_H, IN_W) float32 ink and redness of an upright corner patch, or None when the
    corner has no printed contrast at all (blank paper, bare table)."""
    import cv2

    region = patch[: IN_H * unit_px, : IN_W * unit_px]
    small = cv2.resize(region, (IN_W, IN_H), interpolation=cv2.INTER_AREA).astype(np.float32)
    dark = least_channel(small)
    paper, floor = percentiles(dark.ravel(), (85, 1))
    if paper - floor < MIN_CONTRAST:
        return None
    ink = np.clip((paper - dark) / (paper - floor), 0.0, 1.0)
    # np.percentile answers one q in float32; the 90th of 1456 values lies half-way between
    # two of them, which float32 holds exactly.
    white = percentiles(small.reshape(-1, 3), (90,))[0].astype(np.float32) + 1.0
    norm = small / white
    red = np.clip(norm[..., 2] - np.maximum(norm[..., 0], norm[..., 1]), -0.5, 1.0) * 2.0
    return np.stack([ink, red]).astype(np.float32)


def percentiles(values: np.ndarray, qs: tuple[float, ...]) -> np.ndarray:
    """np.percentile(values, qs, axis=0) for a sequence of qs: numpy's "linear" method and
    its float64 arithmetic, by one partial sort. np.percentile's own overhead was most of
    `net_input`'s time (about 0.12 ms a call on 1456 values, the partition 15 µs)."""
    lo, hi, gamma = _linear_points(len(values), qs, values.ndim)
    part = np.partition(values, (*lo, *hi), axis=0)
    a, b = part[lo], part[hi]
    diff = b - a
    out: np.ndarray = np.where(gamma >= 0.5, b - diff * (1 - gamma), a + diff * gamma)
    return out


@lru_cache(maxsize=8)
def _linear_points(
    n: int, qs: tuple[float, ...], ndim: int
) -> tuple[list[int], list[int], np.ndarray]:
    """The two order statistics that each of `qs` lies between among n values, and its
    weight (shaped to broadcast over `ndim`-dimensional values), as numpy computes them."""
    q = np.asarray(qs, np.float64) / 100.0
    virtual = n * q + (1.0 - q) - 1.0  # numpy's virtual index for alpha = beta = 1
    lo = np.clip(np.floor(virtual), 0, n - 1).astype(np.intp)
    hi = np.minimum(lo + 1, n - 1)
    gamma = (virtual - lo).reshape(-1, *(1,) * (ndim - 1))
    gamma.setflags(write=False)  # shared by every caller
    return lo.tolist(), hi.tolist(), gamma


@dataclass(frozen=True)
class NetRead:
    """Class probabilities of one corner: ranks (13 + no index) and suits (4 + no index)."""

    rank: np.ndarray
    suit: np.ndarray

    @property
    def rank_label(self) -> str:
        return RANK_LABELS[int(np.argmax(self.rank))]

    @property
    def suit_label(self) -> str:
        return SUIT_LABELS[int(np.argmax(self.suit))]

    @property
    def is_index(self) -> bool:
        """Both heads say an index is here."""
        return self.rank_label != "" and self.suit_label != ""

    @property
    def index_prob(self) -> float:
        """Probability that an index is here at all (both heads)."""
        return float((1.0 - self.rank[-1]) * (1.0 - self.suit[-1]))

    @property
    def confidence(self) -> float:
        """Probability of the named rank times that of the named suit."""
        return float(self.rank.max() * self.suit.max())


@lru_cache(maxsize=2)
def load_weights(path: Path = WEIGHTS) -> dict[str, np.ndarray] | None:
    """The trained weights as float32 arrays, or None if the file is absent."""
    if not path.is_file():
        return None
    with np.load(path) as data:
        return {k: data[k].astype(np.float32) for k in data.files}


def forward(batch: np.ndarray, weights: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(rank probabilities, suit probabilities) for a batch of `net_input` arrays."""
    x = np.ascontiguousarray(batch.transpose(1, 0, 2, 3), np.float32)  # (C, N, H, W)
    for name, _ in LAYERS:
        w = weights[f"{name}.weight"]
        x = conv_relu_pool(x, w.reshape(len(w), -1), weights[f"{name}.bias"])
    x = x.transpose(1, 0, 2, 3).reshape(x.shape[1], -1)  # torch's flatten order (C, H, W)
    x = np.maximum(x @ weights["fc.weight"].T + weights["fc.bias"], 0.0)
    rank = softmax(x @ weights["rank.weight"].T + weights["rank.bias"])
    suit = softmax(x @ weights["suit.weight"].T + weights["suit.bias"])
    return rank, suit


def read_patches(patches: list[np.ndarray]) -> list[NetRead | None]:
    """The network's reading of each upright corner patch (None: no contrast, or no weights)."""
    weights = load_weights()
    inputs = [net_input(p) for p in patches]
    live = [k for k, x in enumerate(inputs) if x is not None]
    out: list[NetRead | None] = [None] * len(patches)
    if weights is None or not live:
        return out
    rank, suit = forward(np.stack([inputs[k] for k in live]), weights)  # type: ignore[misc]
    for j, k in enumerate(live):
        out[k] = NetRead(rank[j], suit[j])
    return out
