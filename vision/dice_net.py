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
from functools import cache, lru_cache
from pathlib import Path

import cv2
import numpy as np

from vision.numpy_nn import conv_relu_pool, softmax

CANON_DIE = 20  # die edge in the rescaled frame, px
CROP = 28  # side of the square crop fed to the net, px (a die plus a margin)
MODEL_PATH = Path(__file__).with_name("dice_mlp.npz")
GATE_FILE = "dice_gate.npz"  # a smaller net on half-size crops that screens out most points
VALUE_DIE = 32  # die edge in the value net's crops, px: about the photos' own resolution
VALUE_CROP = 48  # with a margin wide enough to show where a card-sized "die" goes on
VALUE_FILE = "dice_value.npz"  # the second look, at VALUE_DIE, on each found die
# Shrink only the parts of the frame that crops reach while their rows up to their right
# edge are less than this share of the image: per row, `area_rescaled`'s first pass costs
# what OpenCV's whole shrink does and its second pass more (break-even measured at 0.7-0.75).
PART_SHRINK = 0.7


def canonical_factor(die_size: float) -> float:
    """The scale that brings a die of `die_size` px to CANON_DIE px: the reader places its
    candidate points with it before the frame itself is rescaled (`canonical_frame`)."""
    return CANON_DIE / die_size


def canonical_frame(
    frame: np.ndarray, die_size: float, near: np.ndarray | None = None
) -> tuple[np.ndarray, float]:
    """The frame rescaled so a die is CANON_DIE px, padded by half a crop on every side.

    With `near` (canonical points, x and y), only the pixels within reach of a crop
    around one of them are rescaled, the others are left black: crops, gate crops and
    body squares around those points see exactly the pixels of the whole rescaled frame
    (`area_rescaled`). A shrink of the photos costs about 3 ms, and their crops reach
    about a fifth of the frame.
    """
    factor = canonical_factor(die_size)
    h, w = frame.shape[:2]
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    if factor >= 1:
        img = cv2.resize(frame, size, interpolation=cv2.INTER_LINEAR)
    else:
        bands = [] if near is None else reached_bands(near, size, CROP // 2 + 2)
        work = sum((bottom - top) * right for top, bottom, _, right in bands)
        if (
            near is not None
            and fractional_area(frame.shape, size)
            and work < PART_SHRINK * (size[0] * size[1])
        ):
            img = area_rescaled(frame, size, bands)
        else:
            img = cv2.resize(frame, size, interpolation=cv2.INTER_AREA)
    half = CROP // 2
    return cv2.copyMakeBorder(img, half, half, half, half, cv2.BORDER_REPLICATE), factor


def reached_bands(
    points: np.ndarray, size: tuple[int, int], reach: int
) -> list[tuple[int, int, int, int]]:
    """Boxes (top, bottom, left, right; ends excluded) within an image of `size` (w, h)
    that hold every pixel within `reach` of a point in x and in y: runs of rows whose
    windows overlap, each as wide as its points' windows."""
    if len(points) == 0:
        return []
    width, height = size
    xs, ys = np.rint(points).astype(np.intp).T
    order = np.argsort(ys, kind="stable")
    xs, ys = xs[order], ys[order]
    starts = np.flatnonzero(np.diff(ys, prepend=ys[0] - 2 * reach - 1) > 2 * reach)
    ends = np.append(starts[1:], len(ys)) - 1
    tops = np.clip(ys[starts] - reach, 0, height)
    bottoms = np.clip(ys[ends] + reach, 0, height)
    lefts = np.clip(np.minimum.reduceat(xs, starts) - reach, 0, width)
    rights = np.clip(np.maximum.reduceat(xs, starts) + reach, 0, width)
    boxes = zip(tops.tolist(), bottoms.tolist(), lefts.tolist(), rights.tolist(), strict=True)
    return [(t, b, lo, hi) for t, b, lo, hi in boxes if t < b and lo < hi]


def fractional_area(shape: tuple[int, ...], size: tuple[int, int]) -> bool:
    """Whether OpenCV shrinks an image of `shape` to `size` (w, h) by the general area
    resampling that `area_rescaled` reproduces: both axes shrink and the width not by a
    whole factor (OpenCV takes a faster path of plain means where both are whole, and
    `area_rescaled`'s row-by-row first pass would take it where the width alone is)."""
    scale_x, scale_y = shape[1] / size[0], shape[0] / size[1]
    return scale_x > 1 and scale_y > 1 and abs(scale_x - round(scale_x)) > 1e-9


@lru_cache(maxsize=16)
def area_taps(source: int, target: int) -> tuple[np.ndarray, np.ndarray]:
    """OpenCV's area-resampling table for one axis (`computeResizeAreaTab`): for each
    target pixel, its source pixels and float32 weights in the order OpenCV adds them,
    as (taps, target) arrays; short lists are padded with weight 0 on a pixel of the
    same cell (adding 0.0 to a non-negative float32 sum changes no bit)."""
    scale = 1.0 / (target / source)  # as OpenCV: 1 / (target / source), in double
    start = np.arange(target) * scale
    end = start + scale
    width = np.minimum(scale, source - start)
    first = np.ceil(start).astype(np.intp)
    last = np.minimum(np.floor(end).astype(np.intp), source - 1)
    first = np.minimum(first, last)
    left = (first - start > 1e-3).astype(np.intp)  # a partial pixel before the whole ones
    whole = np.maximum(last - first, 0)
    right = end - last > 1e-3  # a partial pixel after them
    count = left + whole + right
    weight_left = ((first - start) / width).astype(np.float32)
    weight_whole = (1.0 / width).astype(np.float32)
    weight_right = (np.minimum(np.minimum(end - last, 1.0), width) / width).astype(np.float32)
    k = np.arange(int(count.max()))[:, None]  # the taps of a pixel are source neighbours
    pixels = np.minimum(first - left + k, last)
    weights = np.where(
        k < left,
        weight_left,
        np.where(k < left + whole, weight_whole, np.where(k < count, weight_right, 0)),
    ).astype(np.float32)
    pixels.flags.writeable = False
    weights.flags.writeable = False
    return pixels, weights


def area_rescaled(
    frame: np.ndarray, size: tuple[int, int], boxes: list[tuple[int, int, int, int]]
) -> np.ndarray:
    """`cv2.resize(frame, size, interpolation=cv2.INTER_AREA)` inside the given boxes
    (top, bottom, left, right of the result; ends excluded), bit for bit where
    `fractional_area` holds; the other pixels are 0.

    OpenCV sums each source row across (weights by `area_taps`, float32), then sums
    those rows down, and rounds half to even. The first pass is OpenCV's own, on the
    source rows that a box needs (float input, rows mapped one to one, so its sums come
    out unrounded), cut short after the source columns it needs: a shrink that starts
    at the image's corner gives the same pixels, one that starts elsewhere would get
    other weights (they depend on the whole image's size). The second pass adds the same
    products in the same order in numpy.
    """
    h, w = frame.shape[:2]
    width, height = size
    out = np.zeros((height, width, 3), np.uint8)
    pixels, weights = area_taps(h, height)
    scale = 1.0 / (width / w)
    for top, bottom, left, right in boxes:
        first = int(pixels[:, top].min())
        last = int(pixels[:, bottom - 1].max())
        cut = min(w, int(np.ceil(right * scale)) + 1)  # past the last source column needed
        across = cv2.resize(
            frame[first : last + 1, :cut].astype(np.float32),
            None,
            fx=width / w,
            fy=1.0,
            interpolation=cv2.INTER_AREA,
        )
        across = across.reshape(last + 1 - first, -1)[:, 3 * left : 3 * right]  # x, channel
        local = pixels[:, top:bottom] - first
        down = across[local[0]]
        down *= weights[0, top:bottom, None]
        for k in range(1, len(local)):
            term = across[local[k]]
            term *= weights[k, top:bottom, None]
            down += term
        # rounds half to even and saturates, as resize does
        out[top:bottom, left:right] = cv2.convertScaleAbs(down).reshape(bottom - top, -1, 3)
    return out


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


@dataclass(frozen=True)
class CropBatch:
    """Net input for a batch of square crops: each colour channel z-scored within its
    crop, which makes white-on-red, red-on-smoke and black-on-white pips look alike, plus
    the channel means and spreads themselves, so colour can still veto a candidate."""

    planes: np.ndarray  # (3, n, side, side) float32, channel-first as the nets run
    extras: np.ndarray  # (n, 6): channel means / 255, then spreads / 64

    def flat(self) -> np.ndarray:
        """(n, side·side·3 + 6) rows in (y, x, channel) order, then the extras: the
        layout the nets were trained on."""
        n = self.planes.shape[1]
        pixels = self.planes.transpose(1, 2, 3, 0).reshape(n, -1)
        return np.concatenate([pixels, self.extras], axis=1)

    def turned_views(self, turns: int) -> CropBatch:
        """The crops turned by 1, 2, … turns-1 right angles, stacked turn by turn
        (turning a crop does not change its statistics)."""
        planes = [np.rot90(self.planes, k, axes=(2, 3)) for k in range(1, turns)]
        return CropBatch(np.concatenate(planes, axis=1), np.tile(self.extras, (turns - 1, 1)))

    def subset(self, keep: np.ndarray) -> CropBatch:
        """The crops picked by a boolean mask or index array."""
        return CropBatch(self.planes[:, keep], self.extras[keep])


def crop_batch(crops: np.ndarray) -> CropBatch:
    """`CropBatch` of (n, side, side, 3) crops (uint8, or float for averaged crops).

    Statistics and scaling run over each channel plane's contiguous pixels; on the
    channel-last crops numpy broadcasts over an axis of 3, many times slower. The planes
    are split out by OpenCV, whole crops at a time (stacked as one tall image), and then
    converted: 0.4–0.6 of the time of numpy's transposing copy.
    """
    n, side = len(crops), crops.shape[1]
    planes = np.empty((3, n, side, side), np.float32)
    for channel, plane in enumerate(cv2.split(crops.reshape(n * side, side, 3))):
        planes[channel] = plane.reshape(n, side, side)
    flat = planes.reshape(3, n, -1)
    mean = np.einsum("cnp->cn", flat) / flat.shape[2]
    flat -= mean[:, :, None]
    std = np.sqrt(np.einsum("cnp,cnp->cn", flat, flat) / flat.shape[2])
    flat *= (1.0 / (std + 4.0))[:, :, None]
    return CropBatch(planes, np.concatenate([mean.T / 255.0, std.T / 64.0], axis=1))


def crop_features(crops: np.ndarray) -> np.ndarray:
    """Flat training rows (`CropBatch.flat`) for (n, side, side, 3) crops."""
    return crop_batch(crops).flat()


def gate_features(crops: np.ndarray) -> np.ndarray:
    """The gate's training rows from full crops: the same features on crops halved in
    size by 2×2 means (at run time the gate's crops are cut from `half_frame`, equal up
    to 8-bit rounding at a quarter of the memory traffic)."""
    n, half = len(crops), CROP // 2
    x = crops.reshape(n, half, 2, half, 2, 3).astype(np.float32).mean(axis=(2, 4))
    return crop_features(x)


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

    def probabilities(self, batch: CropBatch) -> np.ndarray:
        """Class probabilities, (n, 7), of a batch of crops."""
        x = batch.planes
        for w, b in self.convs:
            x = conv_relu_pool(x, w.T, b)
        n = x.shape[1]
        h = np.concatenate([x.transpose(1, 2, 3, 0).reshape(n, -1), batch.extras], axis=1)
        for i, (w, b) in enumerate(self.dense):
            h = h @ w + b
            if i < len(self.dense) - 1:
                np.maximum(h, 0, out=h)
        return softmax(h)

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
