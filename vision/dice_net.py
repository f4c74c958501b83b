"""The learned half of the reader: three small numpy nets over square crops.

Each answers "no die here" or the face value 1–6. The gate (an MLP on half-size crops,
`dice_gate.npz`) and the detector (a CNN, `dice_mlp.npz`) look at crops cut from the frame
rescaled so a die is `CANON_DIE` px across and decide where dice are; the value net
(`dice_value.npz`) looks again at each die at `VALUE_DIE` px and counts its pips. Each
colour channel is normalised within its crop, which makes white-on-red, red-on-smoke and
black-on-white pips look alike to the nets. Weights are float16, trained by
`vision/train_dice.py`; run time needs only numpy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from vision.numpy_nn import matmul, softmax

CANON_DIE = 20  # die edge in the rescaled frame, px
CROP = 28  # side of the square crop fed to the net, px (a die plus a margin)
MODEL_PATH = Path(__file__).with_name("dice_mlp.npz")
GATE_FILE = "dice_gate.npz"  # a smaller net on half-size crops that screens out most points
VALUE_DIE = 32  # die edge in the value net's crops, px: about the photos' own resolution
VALUE_CROP = 48  # with a margin wide enough to show where a card-sized "die" goes on
VALUE_FILE = "dice_value.npz"  # the second look, at VALUE_DIE, on each found die
SHIFTED_MAX_AREA = 256  # conv layers on feature maps up to 16×16 use shifted matmuls


def canonical_frame(frame: np.ndarray, die_size: float) -> tuple[np.ndarray, float]:
    """The frame rescaled so a die is CANON_DIE px, padded by half a crop on every side."""
    factor = CANON_DIE / die_size
    h, w = frame.shape[:2]
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    interp = cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR
    img = cv2.resize(frame, size, interpolation=interp)
    half = CROP // 2
    return cv2.copyMakeBorder(img, half, half, half, half, cv2.BORDER_REPLICATE), factor


def cut_crops(padded: np.ndarray, centers: np.ndarray, side: int = CROP) -> np.ndarray:
    """side×side patches of a padded canonical frame whose top-left corners are `centers`
    rounded (a centre in canonical pixels is a top-left corner in the padded frame, as the
    padding is half a crop); returns (n, side, side, 3) uint8."""
    h, w = padded.shape[:2]
    xs = np.clip(np.rint(centers[:, 0]).astype(np.intp), 0, w - side)
    ys = np.clip(np.rint(centers[:, 1]).astype(np.intp), 0, h - side)
    windows = np.lib.stride_tricks.sliding_window_view(padded, (side, side), axis=(0, 1))
    return np.ascontiguousarray(windows[ys, xs].transpose(0, 2, 3, 1))


def value_crops(frame: np.ndarray, centers: np.ndarray, die_size: float) -> np.ndarray:
    """VALUE_CROP-square patches around `centers` (frame px) of the frame rescaled so a die
    is VALUE_DIE px: a die's pips are counted at about the camera's own resolution, where
    the 20 px detection scale leaves 3 px pips that a 5 and a 4 share. Only a window
    around each die is rescaled (a whole 1080p frame would cost as much as the rest of
    the reader); beyond the frame's edge its border pixels are repeated."""
    factor = VALUE_DIE / die_size
    interp = cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR
    reach = int(np.ceil((VALUE_CROP / 2 + 2) / factor))
    crops = np.empty((len(centers), VALUE_CROP, VALUE_CROP, 3), np.uint8)
    for i, (x, y) in enumerate(centers):
        x0, y0 = int(np.floor(x)) - reach, int(np.floor(y)) - reach
        window = frame[max(y0, 0) : max(y0 + 2 * reach, 0), max(x0, 0) : max(x0 + 2 * reach, 0)]
        top, left = max(0, -y0), max(0, -x0)
        bottom = 2 * reach - top - window.shape[0]
        right = 2 * reach - left - window.shape[1]
        if top or left or bottom > 0 or right > 0:
            window = edge_padded(frame, window, (top, max(bottom, 0), left, max(right, 0)))
        scaled = cv2.resize(window, None, fx=factor, fy=factor, interpolation=interp)
        centre = ((x - x0) * factor, (y - y0) * factor)
        crops[i] = cv2.getRectSubPix(scaled, (VALUE_CROP, VALUE_CROP), centre)
    return crops


def edge_padded(
    frame: np.ndarray, window: np.ndarray, pads: tuple[int, int, int, int]
) -> np.ndarray:
    """`window` grown by (top, bottom, left, right) px, repeating the frame's border
    (a window wholly outside the frame repeats the nearest frame pixel)."""
    if window.size == 0:
        window = frame[:1, :1]
    return cv2.copyMakeBorder(window, *pads, cv2.BORDER_REPLICATE)


def half_frame(padded: np.ndarray) -> np.ndarray:
    """The padded frame at half size (exact 2×2 means), for the gate's crops."""
    h, w = padded.shape[0] // 2 * 2, padded.shape[1] // 2 * 2
    return cv2.resize(padded[:h, :w], (w // 2, h // 2), interpolation=cv2.INTER_AREA)


def crop_features(crops: np.ndarray) -> np.ndarray:
    """Net input for (n, side, side, 3) uint8 crops (any side): each channel z-scored
    within its crop, then the channel means and spreads themselves, so colour can still
    veto a candidate."""
    return normalised(crops.reshape(len(crops), -1, 3).astype(np.float32))


def gate_features(crops: np.ndarray) -> np.ndarray:
    """The gate's input from full crops (training): the same features on crops halved in
    size by 2×2 means."""
    n, half = len(crops), CROP // 2
    x = crops.reshape(n, half, 2, half, 2, 3).astype(np.float32).mean(axis=(2, 4))
    return normalised(x.reshape(n, -1, 3))


def gate_features_half(half_crops: np.ndarray) -> np.ndarray:
    """The gate's input at run time, from crops cut out of `half_frame` at even centres:
    equal to `gate_features` of the full crops up to 8-bit rounding, at a quarter of the
    memory traffic."""
    return normalised(half_crops.reshape(len(half_crops), -1, 3).astype(np.float32))


def normalised(x: np.ndarray) -> np.ndarray:
    """(n, pixels, 3) float32 → per-crop z-scored channels plus channel means and spreads.

    einsum sums over the pixel axis in one pass; numpy's mean/std over a middle axis with
    three channels last is several times slower, and this runs on every candidate.
    """
    mean = np.einsum("npc->nc", x)[:, None, :] / x.shape[1]
    centred = x - mean
    std = np.sqrt(np.einsum("npc,npc->nc", centred, centred) / x.shape[1])[:, None, :]
    z = centred / (std + 4.0)
    extras = np.concatenate([mean[:, 0] / 255.0, std[:, 0] / 64.0], axis=1)
    return np.concatenate([z.reshape(len(x), -1), extras], axis=1)


def conv_relu_pool(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """3×3 convolution (zero padding), ReLU and 2×2 max-pool on (n, h, w, c) float32;
    `w` is (c·9, k) in (channel, dy, dx) order, as PyTorch's weight flattened.

    Wide, shallow inputs go through one im2col matmul, its columns copied plane by plane
    (whole rows at a time, not 3×3 windows); small deep ones through nine shifted matmuls
    summed, which is about twice as fast there.
    """
    n, h, wd, c = x.shape
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    if h * wd > SHIFTED_MAX_AREA:
        planes = np.ascontiguousarray(padded.transpose(3, 0, 1, 2))
        cols = np.empty((c * 9, n, h, wd), np.float32)
        for t in range(c * 9):
            ch, tap = divmod(t, 9)
            dy, dx = divmod(tap, 3)
            cols[t] = planes[ch, :, dy : dy + h, dx : dx + wd]
        y = matmul(cols.reshape(c * 9, -1).T, w)
    else:
        taps = w.reshape(c, 9, -1)
        y = matmul(padded[:, :h, :wd].reshape(-1, c), taps[:, 0])
        for t in range(1, 9):
            dy, dx = divmod(t, 3)
            y += matmul(padded[:, dy : dy + h, dx : dx + wd].reshape(-1, c), taps[:, t])
    y += b
    np.maximum(y, 0, out=y)
    y = y.reshape(n, h, wd, -1)
    rows = np.maximum(y[:, 0::2], y[:, 1::2]).reshape(n, h // 2, wd // 2, -1)
    k = y.shape[3]
    return np.maximum(rows[..., :k], rows[..., k:])


@dataclass(frozen=True)
class DiceNet:
    """A small CNN (or, with no conv layers, an MLP) over crop features.

    `convs` are (W, b) of 3×3 conv+ReLU+pool layers applied to the z-scored crop;
    `dense` are (W, b) of fully connected layers (ReLU between) over the flattened result
    plus the six colour statistics. Output column 0 is "no die", columns 1–6 face values.
    """

    convs: tuple[tuple[np.ndarray, np.ndarray], ...]
    dense: tuple[tuple[np.ndarray, np.ndarray], ...]
    side: int  # crop side the features were made from

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        """Class probabilities, (n, 7), for rows of `crop_features`/`gate_features`."""
        n = len(features)
        pixels = self.side * self.side * 3
        x = features[:, :pixels]
        if self.convs:
            img = x.reshape(n, self.side, self.side, 3)
            for w, b in self.convs:
                img = conv_relu_pool(img, w, b)
            x = img.reshape(n, -1)
        x = np.concatenate([x, features[:, pixels:]], axis=1)
        for i, (w, b) in enumerate(self.dense):
            x = matmul(x, w) + b
            if i < len(self.dense) - 1:
                np.maximum(x, 0, out=x)
        return softmax(x)

    def save(self, path: Path) -> None:
        """Store as float16 to keep the shipped file small."""
        arrays = {"side": np.array(self.side)}
        for kind, layers in (("c", self.convs), ("d", self.dense)):
            for i, (w, b) in enumerate(layers):
                arrays[f"{kind}{i}w"] = w.astype(np.float16)
                arrays[f"{kind}{i}b"] = b.astype(np.float16)
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, path: Path) -> DiceNet:
        """Read weights written by `save`."""
        with np.load(path) as data:

            def layers(kind: str) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
                count = sum(1 for f in data.files if f.startswith(kind) and f.endswith("w"))
                return tuple(
                    (data[f"{kind}{i}w"].astype(np.float32), data[f"{kind}{i}b"].astype(np.float32))
                    for i in range(count)
                )

            return cls(layers("c"), layers("d"), int(data["side"]))


@cache
def default_net() -> DiceNet:
    """The shipped model, loaded once per process."""
    return DiceNet.load(MODEL_PATH)


@cache
def default_gate() -> DiceNet:
    """The shipped gate model, loaded once per process."""
    return DiceNet.load(MODEL_PATH.with_name(GATE_FILE))


@cache
def default_value_net() -> DiceNet:
    """The shipped value model, loaded once per process."""
    return DiceNet.load(MODEL_PATH.with_name(VALUE_FILE))
