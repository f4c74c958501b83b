"""The simulated table: a frame source that shows dice someone "threw", for the demo.

Where no camera exists, the demo throws dice here (seeded) and reads them back with the
real dice reader, so the whole path camera → reader → tray → confirmation runs. After a
throw the dice tumble (new positions every frame) for `tumble_frames`, then lie still.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np

from vision.synth_dice import DiceScene, place_dice, render_dice


class SimulatedTable:
    """A FrameSource whose dice are set by `throw` and rendered by the synthetic renderer."""

    def __init__(
        self,
        seed: int = 0,
        width: int = 640,
        height: int = 480,
        die_size: float = 56.0,
        tumble_frames: int = 4,
    ) -> None:
        self._rng = np.random.default_rng(seed)
        self._size = (width, height)
        self._die_size = die_size
        self._tumble_frames = tumble_frames
        self._dice: tuple[tuple[str, int], ...] = ()
        self._tumbling = 0
        self._still: DiceScene | None = None

    def throw(self, dice: Sequence[tuple[str, int]]) -> None:
        """New dice land on the table: (colour name, value) pairs, e.g. ("red", 3)."""
        self._dice = tuple(dice)
        self._tumbling = self._tumble_frames
        self._still = None

    def clear(self) -> None:
        """The dice are picked up."""
        self.throw(())

    def _render(self) -> DiceScene:
        width, height = self._size
        colours = [colour for colour, _ in self._dice]
        placed = place_dice(self._rng, colours, width, height, self._die_size, touching=0.3)
        dice = [
            dataclasses.replace(d, value=value)
            for d, (_, value) in zip(placed, self._dice, strict=False)
        ]
        seed = int(self._rng.integers(1 << 31))
        return render_dice(dice, width, height, seed=seed, surface="tray")

    def read(self) -> np.ndarray | None:
        """The next frame: tumbling dice for a few frames after a throw, then still."""
        if self._tumbling > 0:
            self._tumbling -= 1
            return self._render().image
        if self._still is None:
            self._still = self._render()
        return self._still.image

    def close(self) -> None:
        """Nothing to release."""
