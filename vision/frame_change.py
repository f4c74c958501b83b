"""Whether a camera frame shows anything new since the one the dice reader last read.

Dice lie still far longer than they tumble, and on a Raspberry Pi 4 a reading costs
about a tenth of a second: reading every frame of a still table would keep a core busy
for nothing. Frames are compared as small grey thumbnails (area means of blocks of 4×4 px
at 640×480, 8×8 at the cameras' 1280×720, where sensor noise averages out) against the
thumbnail of the frame last read, not against the previous frame, so a slow slide or a
change of light adds up until it counts. A die turned by hand cannot change unseen: the
hand changes the frame first, and the frame after it leaves differs from the one read
while it was there.
"""

from __future__ import annotations

import cv2
import numpy as np

THUMB_SIDE = 160  # long side of the grey thumbnail, px: a 20 px die at 640×480 is 5 px here
CHANGE_LEVEL = 12  # grey levels a thumbnail pixel must move by to count as a change


def thumbnail(frame: np.ndarray) -> np.ndarray:
    """The frame in grey, shrunk by area means so that its long side is THUMB_SIDE px."""
    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    h, w = grey.shape
    scale = min(1.0, THUMB_SIDE / max(h, w))
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    return cv2.resize(grey, size, interpolation=cv2.INTER_AREA)


class FrameMemory:
    """The thumbnail of the frame last read, and whether a new frame differs from it."""

    def __init__(self, level: int = CHANGE_LEVEL) -> None:
        self.level = level
        self._read: np.ndarray | None = None

    def changed(self, frame: np.ndarray) -> bool:
        """True unless `frame` matches the last frame read to within `level` everywhere
        (a first frame, or one of another size, is always new)."""
        return self._differs(thumbnail(frame))

    def remember(self, frame: np.ndarray) -> None:
        """Keep `frame` as the last one read (only once its reading exists)."""
        self._read = thumbnail(frame)

    def moved(self, frame: np.ndarray) -> bool:
        """Whether `frame` differs from the one remembered (as `changed`), remembering it
        in its place: frame by frame, whether the table is at rest, at one thumbnail a
        frame."""
        thumb = thumbnail(frame)
        moved = self._differs(thumb)
        self._read = thumb
        return moved

    def _differs(self, thumb: np.ndarray) -> bool:
        if self._read is None or thumb.shape != self._read.shape:
            return True
        return int(cv2.absdiff(thumb, self._read).max()) > self.level
