"""The numpy forward pass of the dice nets (the convolution against a direct sum, the crop
features against their definition), the second look's crops, and the small geometric
steps around the nets."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import cv2
import numpy as np
import pytest

from vision.dice import GATE_MIN, merge_points, thinned
from vision.dice_find import find_blobs, find_candidates
from vision.dice_net import (
    CROP,
    VALUE_CROP,
    VALUE_DIE,
    CropBatch,
    area_rescaled,
    canonical_frame,
    crop_batch,
    default_value_net,
    fractional_area,
    reached_bands,
    value_crops,
)
from vision.numpy_nn import conv_relu_pool, max_pooled, shifted_columns


def direct_conv_relu_pool(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The same layer written as the textbook loop over the nine taps, channel-last."""
    n, h, wd, c = x.shape
    taps = w.reshape(-1, c, 3, 3)
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    y = np.zeros((n, h, wd, taps.shape[0]), np.float64)
    for dy in range(3):
        for dx in range(3):
            y += np.einsum("nhwc,kc->nhwk", padded[:, dy : dy + h, dx : dx + wd], taps[..., dy, dx])
    y = np.maximum(y + b, 0)
    return y[:, : h // 2 * 2, : wd // 2 * 2].reshape(n, h // 2, 2, wd // 2, 2, -1).max(axis=(2, 4))


@pytest.mark.parametrize("side,channels", [(24, 3), (12, 8), (7, 4)])
def test_convolution_matches_the_direct_sum(side: int, channels: int) -> None:
    rng = np.random.default_rng(side)
    x = rng.standard_normal((3, side, side, channels)).astype(np.float32)
    w = rng.standard_normal((5, channels * 9)).astype(np.float32)
    b = rng.standard_normal(5).astype(np.float32)
    got = conv_relu_pool(np.ascontiguousarray(x.transpose(3, 0, 1, 2)), w, b)
    assert got.shape == (5, 3, side // 2, side // 2)
    want = direct_conv_relu_pool(x, w, b).transpose(3, 0, 1, 2)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("shape", [(3, 4, 6, 6), (2, 3, 5, 7), (1, 2, 1, 3), (2, 1, 1, 2)])
def test_shifted_columns_are_the_padded_shifts(shape: tuple[int, int, int, int]) -> None:
    """Bit for bit the columns cut from a zero-padded copy, so the product is unchanged."""
    x = np.random.default_rng(sum(shape)).standard_normal(shape).astype(np.float32)
    c, n, h, wd = shape
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    shifts = [padded[:, :, dy : dy + h, dx : dx + wd] for dy in range(3) for dx in range(3)]
    want = np.stack(shifts, axis=1)
    assert np.array_equal(shifted_columns(x), want.reshape(c * 9, n * h * wd))


@pytest.mark.parametrize("shape", [(2, 3, 6, 8), (3, 2, 7, 5), (1, 1, 3, 2)])
def test_max_pooled_is_the_window_maximum(shape: tuple[int, int, int, int]) -> None:
    """Each output is exactly the largest of its 2×2 window; a last odd row or column
    is dropped."""
    maps = np.random.default_rng(sum(shape)).standard_normal(shape).astype(np.float32)
    c, n, h, wd = shape
    windows = maps[:, :, : h // 2 * 2, : wd // 2 * 2].reshape(c, n, h // 2, 2, wd // 2, 2)
    assert np.array_equal(max_pooled(maps), windows.max(axis=(3, 5)))


BLAS_THREADS = (
    "import threadpoolctl, numpy\n"
    "def threads():\n"
    "    return max(i['num_threads'] for i in threadpoolctl.threadpool_info() "
    "if i['user_api'] == 'blas')\n"
    "before = threads()\n"
    "import vision.numpy_nn\n"
    "print(before, threads())\n"
)


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one CPU: BLAS has one thread anyway")
def test_importing_the_nets_keeps_blas_on_the_calling_thread() -> None:
    """OpenBLAS threads cost far more than they save on these products (numpy_nn)."""
    out = subprocess.run([sys.executable, "-c", BLAS_THREADS], capture_output=True, text=True)
    before, after = map(int, out.stdout.split())
    assert before > 1
    assert after == 1


def test_crop_batch_is_the_trained_layout() -> None:
    """The flat rows are each channel z-scored within its crop in (y, x, channel) order,
    then the channel means and spreads; turned views are the turned crops' batches."""
    rng = np.random.default_rng(3)
    crops = rng.integers(0, 256, (4, 6, 6, 3), dtype=np.uint8)
    x = crops.reshape(4, -1, 3).astype(np.float64)
    mean, std = x.mean(axis=1, keepdims=True), x.std(axis=1, keepdims=True)
    want = np.concatenate(
        [((x - mean) / (std + 4)).reshape(4, -1), mean[:, 0] / 255, std[:, 0] / 64], axis=1
    )
    batch = crop_batch(crops)
    np.testing.assert_allclose(batch.flat(), want, rtol=1e-5, atol=1e-5)
    turned = crop_batch(np.concatenate([np.rot90(crops, k, axes=(1, 2)) for k in (1, 2, 3)]))
    np.testing.assert_allclose(batch.turned_views(4).flat(), turned.flat(), atol=1e-5)


@pytest.mark.parametrize("shape", [(480, 640), (640, 640), (333, 517), (720, 1280)])
def test_area_rescaled_is_opencvs_shrink_inside_its_boxes(shape: tuple[int, int]) -> None:
    """Bit for bit OpenCV's INTER_AREA shrink in the boxes, black elsewhere, at factors
    of the dice's range (a die of 21–120 px brought to 20 px)."""
    rng = np.random.default_rng(shape[1])
    frame = rng.integers(0, 256, (*shape, 3), dtype=np.uint8)
    frame = cv2.GaussianBlur(frame, (5, 5), 2)  # smooth areas, as in a photo, and sharp ones
    frame[::7] = rng.integers(0, 256, frame[::7].shape, dtype=np.uint8)
    tried = 0
    for die in rng.uniform(21, 120, 12):
        size = (round(shape[1] * 20 / die), round(shape[0] * 20 / die))
        if not fractional_area(frame.shape, size):
            continue
        tried += 1
        boxes = []
        for _ in range(int(rng.integers(1, 5))):
            top, bottom = sorted(rng.integers(0, size[1] + 1, 2))
            left, right = sorted(rng.integers(0, size[0] + 1, 2))
            if top < bottom and left < right:
                boxes.append((int(top), int(bottom), int(left), int(right)))
        inside = np.zeros(size[::-1], bool)
        for top, bottom, left, right in boxes:
            inside[top:bottom, left:right] = True
        got = area_rescaled(frame, size, boxes)
        want = cv2.resize(frame, size, interpolation=cv2.INTER_AREA)
        assert np.array_equal(got[inside], want[inside])
        assert not got[~inside].any()
    assert tried >= 8


def test_reached_bands_hold_every_window() -> None:
    rng = np.random.default_rng(5)
    size = (150, 110)
    points = rng.uniform(-3, 160, (40, 2))
    inside = np.zeros(size[::-1], bool)
    bands = reached_bands(points, size, 16)
    for top, bottom, left, right in bands:
        inside[top:bottom, left:right] = True
    for x, y in np.rint(points).astype(int):
        assert inside[max(0, y - 16) : max(0, y + 16), max(0, x - 16) : max(0, x + 16)].all()
    assert all(b[1] < c[0] for b, c in itertools.pairwise(bands))  # rows apart


def test_canonical_frame_near_points_is_the_whole_one_where_crops_reach() -> None:
    """What the reader cuts around its points (crops, half-size crops, body squares)
    is the same with the frame shrunk near them only."""
    rng = np.random.default_rng(8)
    frame = cv2.GaussianBlur(rng.integers(0, 256, (640, 640, 3), dtype=np.uint8), (9, 9), 3)
    points = np.rint(rng.uniform(0, 300, (6, 2)) / 2) * 2
    whole, factor = canonical_frame(frame, 41.3)
    near, same = canonical_frame(frame, 41.3, near=points)
    assert same == factor and near.shape == whole.shape
    assert not np.array_equal(near, whole)  # the part was taken
    for x, y in points.astype(int):
        assert np.array_equal(near[y : y + CROP, x : x + CROP], whole[y : y + CROP, x : x + CROP])


@pytest.mark.parametrize("dtype", [np.uint8, np.float32])
def test_crop_batch_planes_are_the_transposed_crops(dtype: type) -> None:
    """Bit for bit the batch of the plain transposing copy, for pixels and for the
    gate's averaged training crops."""
    rng = np.random.default_rng(4)
    crops = (rng.integers(0, 256, (7, 14, 14, 3)) / (1 if dtype is np.uint8 else 3)).astype(dtype)
    planes = np.empty((3, 7, 14, 14), np.float32)
    planes[...] = crops.transpose(3, 0, 1, 2)
    flat = planes.reshape(3, 7, -1)
    mean = np.einsum("cnp->cn", flat) / flat.shape[2]
    flat -= mean[:, :, None]
    std = np.sqrt(np.einsum("cnp,cnp->cn", flat, flat) / flat.shape[2])
    flat *= (1.0 / (std + 4.0))[:, :, None]
    batch = crop_batch(crops)
    assert np.array_equal(batch.planes, planes)
    assert np.array_equal(batch.extras, np.concatenate([mean.T / 255.0, std.T / 64.0], axis=1))


def test_value_crops_are_centred_and_scaled() -> None:
    frame = np.full((200, 300, 3), 40, np.uint8)
    frame[90:130, 140:180] = 220  # a 40 px light square centred at (159.5, 109.5)
    crops = value_crops(frame, np.array([[159.5, 109.5]], np.float32), 40.0)
    assert crops.shape == (1, VALUE_CROP, VALUE_CROP, 3)
    light = np.argwhere(crops[0, :, :, 0] > 130)
    side = light.max(axis=0) - light.min(axis=0) + 1
    assert np.all(np.abs(side - VALUE_DIE) <= 1)
    assert np.all(np.abs(light.mean(axis=0) - (VALUE_CROP - 1) / 2) <= 0.6)


def test_value_net_matches_its_crop_size() -> None:
    net = default_value_net()
    assert net.side == VALUE_CROP
    batch = CropBatch(np.zeros((3, 2, VALUE_CROP, VALUE_CROP), np.float32), np.zeros((2, 6)))
    probs = net.probabilities(batch)
    assert probs.shape == (2, 7)
    np.testing.assert_allclose(probs.sum(axis=1), 1.0, rtol=1e-5)


def test_thinning_keeps_the_best_point_of_each_neighbourhood() -> None:
    points = np.array([[0, 0], [1, 0], [2, 0], [3, 0], [10, 0]], np.float64)
    gate = np.array([0.5, 0.9, 0.6, 0.2, 0.005])
    kept = thinned(points, gate, 1.5)
    assert points[kept].tolist() == [[1, 0], [3, 0]]  # [10, 0] is below the gate


def plain_thinned(points: np.ndarray, gate: np.ndarray, radius: float) -> np.ndarray:
    """The greedy thinning as defined: in order of the gate, a point passing it is kept
    unless a kept one lies closer than `radius`."""
    kept: list[int] = []
    for i in np.argsort(-gate, kind="stable"):
        near = [np.hypot(*(np.rint(points[i]) - np.rint(points[k]))) < radius for k in kept]
        if gate[i] >= GATE_MIN and not any(near):
            kept.append(int(i))
    return points[kept]


@pytest.mark.parametrize("seed", range(20))
def test_thinning_is_the_greedy_pass(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, 80))
    points = rng.integers(-12, 12, (n, 2)).astype(np.float64) * rng.choice([1, 2])
    gate = rng.random(n).round(1)  # ties, which both break by index
    radius = float(rng.integers(1, 6)) if seed % 2 else float(rng.uniform(0.5, 6))
    expected = plain_thinned(points, gate, radius)
    np.testing.assert_array_equal(points[thinned(points, gate, radius)], expected)


def test_merged_centres_are_pulled_by_die_like_neighbours() -> None:
    points = np.array([[0, 0], [2, 0], [40, 40]], np.float32)
    probs = np.array(
        [[0.0, 1, 0, 0, 0, 0, 0], [0.5, 0.5, 0, 0, 0, 0, 0], [0.9, 0.1, 0, 0, 0, 0, 0]]
    )
    centres, founders = merge_points(points, probs)
    assert centres.shape == (1, 2)  # the third point is not die-like enough
    assert founders.tolist() == [0]
    np.testing.assert_allclose(centres[0], [2 * 0.5 / 1.5, 0], atol=1e-5)


def blob_mask(*rects: tuple[int, int, int, int]) -> np.ndarray:
    mask = np.zeros((120, 160), np.uint8)
    for x, y, w, h in rects:
        mask[y : y + h, x : x + w] = 1
    return mask


@pytest.mark.parametrize(
    "rects,card",
    [
        (((20, 20, 30, 45),), True),  # a card's proportions
        (((20, 20, 30, 30),), False),  # a die
        (((20, 20, 60, 30),), False),  # two dice edge to edge
    ],
    ids=["card", "die", "pair"],
)
def test_card_shaped_blobs(rects: tuple[tuple[int, int, int, int], ...], card: bool) -> None:
    blobs = find_blobs(blob_mask(*rects))
    assert bool(blobs.card_like[1]) is card


def test_card_shaped_blobs_get_candidates_only_for_training() -> None:
    """A lone card-shaped blob is never proposed as a die, but training asks for its
    points as look-alikes."""
    frame = np.full((480, 640, 3), 60, np.uint8)
    frame[200:260, 300:340] = 235  # 40 × 60 px: a playing card's proportions
    assert len(find_candidates(frame).centers) == 0
    assert len(find_candidates(frame, card_shapes=True).centers) > 0


@pytest.mark.parametrize("seed", range(5))
def test_a_blobs_depth_is_its_deepest_distance(seed: int) -> None:
    """Each blob's depth is the largest distance to the table inside it (0 below 2 px,
    where no peak counts), whatever the order its pixels are met in."""
    rng = np.random.default_rng(seed)
    mask = np.zeros((120, 160), np.uint8)
    for _ in range(12):
        x, y, w, h = rng.integers(0, 120), rng.integers(0, 90), *rng.integers(2, 40, 2)
        mask[y : y + h, x : x + w] = 1
    blobs = find_blobs(mask)
    deepest = [blobs.dist[blobs.labels == i].max() for i in range(1, len(blobs.depth))]
    want = np.where(np.array(deepest) >= 2.0, deepest, 0.0)
    np.testing.assert_array_equal(blobs.depth[1:], want.astype(np.float32))
