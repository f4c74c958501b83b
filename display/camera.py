"""The camera panel's input: a frame provider protocol the vision readers can satisfy.

A provider is any callable returning the latest `CameraFrame` (a BGR image and the dice
found in it) or None when there is nothing new to show. A detected die is anything with
`value`, `color`, `bbox` (x, y, w, h in frame pixels) and `confidence`, so the vision
package's own `Die` values fit without conversion.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import pygame


class SeenDie(Protocol):
    """One die as the camera saw it."""

    @property
    def value(self) -> int: ...

    @property
    def color(self) -> str: ...

    @property
    def bbox(self) -> tuple[float, float, float, float]: ...

    @property
    def confidence(self) -> float: ...


@dataclass(frozen=True)
class CameraFrame:
    """One camera frame (H×W×3 BGR, as OpenCV gives it) and the dice read from it; or,
    `lost`, word that the camera has stopped giving frames (no picture to show: the last
    one would pass for live)."""

    image: np.ndarray
    dice: tuple[SeenDie, ...] = ()
    lost: bool = False


LOST = CameraFrame(np.zeros((1, 1, 3), np.uint8), lost=True)


FrameProvider = Callable[[], CameraFrame | None]


@dataclass(frozen=True)
class Fitted:
    """A frame scaled into a panel: the surface, where it goes, and the scale used."""

    surface: pygame.Surface
    rect: pygame.Rect
    scale: float

    def to_screen(self, bbox: tuple[float, float, float, float]) -> pygame.Rect:
        """A frame-pixel box in screen pixels."""
        x, y, w, h = bbox
        s = self.scale
        return pygame.Rect(
            round(self.rect.left + x * s), round(self.rect.top + y * s), round(w * s), round(h * s)
        )


def fit_frame(image: np.ndarray, panel: pygame.Rect) -> Fitted:
    """Convert a BGR frame to a surface scaled to fit `panel`, centred, aspect kept.

    The frame is wrapped without copying and scaled with the fast nearest-pixel scaler
    (a copy): a preview needs no smoothing, and the Roll screen must stay under 16 ms.
    """
    pixels = np.ascontiguousarray(image)
    h, w = pixels.shape[:2]
    surface = pygame.image.frombuffer(pixels.data.cast("B"), (w, h), "BGR")
    scale = min(panel.width / w, panel.height / h)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    rect = pygame.Rect((0, 0), size)
    rect.center = panel.center
    return Fitted(pygame.transform.scale(surface, size), rect, scale)
