"""The classic published approach, kept only as a yardstick for the benchmark.

OpenCV's SimpleBlobDetector finds round pips (dark ones and light ones, separately), and
pips closer than a few pip diameters are clustered into one die whose value is the pip
count. It has no notion of a die body, so it is fast to write and easy to fool.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.dice_types import DiceReading, Die
from vision.palette import Palette, default_palette

CLUSTER_REACH = 3.2  # pips of one die are at most this many pip diameters apart


def blob_detector(dark: bool, frame_side: int) -> cv2.SimpleBlobDetector:
    """Round, small blobs of one polarity; sizes scaled to the frame, as usually done."""
    p = cv2.SimpleBlobDetector_Params()
    p.filterByColor = True
    p.blobColor = 0 if dark else 255
    p.filterByArea = True
    p.minArea = 3.0
    p.maxArea = (frame_side * 0.025) ** 2
    p.filterByCircularity = True
    p.minCircularity = 0.6
    p.filterByInertia = True
    p.minInertiaRatio = 0.4
    p.filterByConvexity = True
    p.minConvexity = 0.8
    return cv2.SimpleBlobDetector_create(p)


def cluster(points: np.ndarray, reach: float) -> list[np.ndarray]:
    """Single-linkage clusters of points closer than `reach` (index arrays)."""
    n = len(points)
    owner = np.arange(n)
    d = np.hypot(*(points[:, None, :] - points[None, :, :]).transpose(2, 0, 1))
    for i in range(n):
        for j in np.nonzero(d[i] < reach)[0]:
            a, b = owner[i], owner[j]
            if a != b:
                owner[owner == b] = a
    return [np.nonzero(owner == k)[0] for k in np.unique(owner)]


def read_dice_baseline(frame: np.ndarray, palette: Palette | None = None) -> DiceReading:
    """Pip blobs → clusters → dice, as in the usual tutorials."""
    palette = palette or default_palette()
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    lab = cv2.cvtColor(frame, cv2.COLOR_BGR2LAB)
    side = max(frame.shape[:2])
    dice = []
    for dark in (True, False):
        keypoints = blob_detector(dark, side).detect(grey)
        if not keypoints:
            continue
        pts = np.array([k.pt for k in keypoints], np.float32)
        diam = float(np.median([k.size for k in keypoints]))
        for members in cluster(pts, CLUSTER_REACH * diam):
            if len(members) > 6:
                continue
            cx, cy = pts[members].mean(axis=0)
            half = max(float(np.ptp(pts[members], axis=0).max()) / 2 + diam, 2.5 * diam)
            x0, y0 = int(max(0, cx - half)), int(max(0, cy - half))
            body = lab[y0 : int(cy + half), x0 : int(cx + half)].reshape(-1, 3)
            color = palette.nearest(np.median(body, axis=0))
            box = (float(cx - half), float(cy - half), 2 * half, 2 * half)
            dice.append(Die(len(members), color, (float(cx), float(cy)), box, 0.5))
    size = float(np.median([d.bbox[2] for d in dice])) if dice else 0.0
    return DiceReading(tuple(dice), size)
