"""`DiceTray`: turn a stream of frames into settled rolls.

While dice tumble, per-frame readings flicker (blur, dice half hidden), so a roll is only
reported once the same dice (same values and colours, each within a fraction of a die
of where it was) have been seen for `still_frames` frames in a row. Between rolls the
tray says "moving" or "empty". The reader and the clock are injected, so tests can feed
readings directly and run without a camera or real time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from vision.dice_types import DiceReading

EMPTY, MOVING, STILL = "empty", "moving", "still"


@dataclass(frozen=True)
class TrayState:
    """What the tray shows now.

    `roll` is the settled reading while `status` is "still", else None; `new_roll` is True
    on exactly one frame per roll (the one that settled it); `since` is the clock time at
    which the current status began.
    """

    status: str
    roll: DiceReading | None
    new_roll: bool
    since: float


class DiceTray:
    """Follows readings frame by frame and reports a roll once it has settled."""

    def __init__(
        self,
        still_frames: int = 5,
        tolerance: float = 0.25,
        clock: Callable[[], float] = time.monotonic,
        reader: Callable[[np.ndarray], DiceReading] | None = None,
    ) -> None:
        if still_frames < 1:
            raise ValueError("still_frames must be at least 1")
        self.still_frames = still_frames
        self.tolerance = tolerance
        self._clock = clock
        self._reader = reader
        self._last: DiceReading | None = None
        self._run = 0
        self._state = TrayState(EMPTY, None, False, clock())

    def update(self, frame: np.ndarray) -> TrayState:
        """Read a frame (with the injected reader, default `read_dice`) and update."""
        if self._reader is None:
            from vision.dice import read_dice

            self._reader = read_dice
        return self.update_reading(self._reader(frame))

    def update_reading(self, reading: DiceReading) -> TrayState:
        """Feed one frame's reading; returns the tray's state after it."""
        if not reading.dice:
            self._last, self._run = None, 0
            return self._become(EMPTY, None, False)
        same = self._last is not None and same_dice(self._last, reading, self.tolerance)
        self._run = self._run + 1 if same else 1
        self._last = reading
        if self._run < self.still_frames:
            return self._become(MOVING, None, False)
        settled = self._run == self.still_frames
        roll = reading if settled or self._state.roll is None else self._state.roll
        return self._become(STILL, roll, settled)

    @property
    def state(self) -> TrayState:
        return self._state

    def _become(self, status: str, roll: DiceReading | None, new_roll: bool) -> TrayState:
        since = self._state.since if status == self._state.status else self._clock()
        self._state = TrayState(status, roll, new_roll, since)
        return self._state


def same_dice(a: DiceReading, b: DiceReading, tolerance: float) -> bool:
    """True when both readings hold the same dice, each moved less than `tolerance` dice."""
    if len(a.dice) != len(b.dice):
        return False
    size = max(a.die_size, b.die_size, 1.0)
    unused = list(b.dice)
    for die in a.dice:
        for other in unused:
            moved = np.hypot(die.center[0] - other.center[0], die.center[1] - other.center[1])
            if (other.value, other.color) == (die.value, die.color) and moved <= tolerance * size:
                unused.remove(other)
                break
        else:
            return False
    return True
