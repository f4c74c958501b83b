"""The camera worker: a thread that reads frames, follows the dice tray, and proposes rolls.

It is the only code that touches the camera. The main loop gets three things from it: a
`ProposeRoll` command on the app queue once the dice have settled (a proposal only; a person
confirms it), `latest()`, the newest frame with its dice, for the live view, and `lost`, true
while no frame has come for LOST_AFTER seconds (a cable pulled, a camera that hung), when it
opens the camera again every RETRY_EVERY seconds. Once the dice have settled, a frame that
matches the one last read (`FrameMemory`) keeps that reading, so a still table costs a
thumbnail a frame, not a reading. The frame that settles a roll can be read once more, more
slowly (`settle`: the dice among the card reader's cards), and the roll is proposed and
shown from that reading; so can a table at rest that the tray has not settled (dice
thrown against cards, which the quick reader mostly misses or flickers on).
"""

from __future__ import annotations

import logging
import math
import queue
import threading
import time
from collections.abc import Callable

import cv2
import numpy as np

from companion.commands import Command, ProposeRoll
from companion.kwingto.roll import (
    CAMERA_COLOURS,
    CAMERA_NOT_A_DIE,
    Die,
    Roll,
    foreign_camera_colour,
)
from vision.dice_tray import MOVING, STILL, DiceTray, same_dice
from vision.dice_types import CardOutlines, DiceReading
from vision.frame_change import FrameMemory
from vision.sources import FrameSource

log = logging.getLogger(__name__)

LOST_AFTER = 3.0  # s without a frame: the camera is lost (a frame comes every 0.1 s)
RETRY_EVERY = 5.0  # s between attempts to open a lost camera again
STOP_WAIT = 2.0  # s `stop` waits for the thread to end


def reading_to_roll(reading: DiceReading) -> tuple[Roll, float] | None:
    """A Kwingto roll and its confidence, or None when the dice cannot be one (T2, M2).

    Only red and black dice take part. White "dice" are left out: Kwingto has none,
    and where cards lie in view a card's index corner or a group of its pips can read as
    one (on 60 seeded tables of cards beside the six game dice, 21 of the 22 false dice
    were white). A die of any other colour, or more than three dice, means the reading
    is not a roll, and the players are left to enter it by touch.
    """
    if any(foreign_camera_colour(d.color) for d in reading.dice):
        return None
    seen = [d for d in reading.dice if d.color != CAMERA_NOT_A_DIE]
    dice = [Die(CAMERA_COLOURS[d.color], d.value) for d in seen]
    if not 1 <= len(dice) <= 3:
        return None
    confidence = min(d.confidence for d in seen)
    return Roll(tuple(sorted(dice))), confidence


def on_named_card(reading: DiceReading, cards: CardOutlines) -> bool:
    """Whether a die of `reading` that would be part of a roll (not white) has its centre
    on one of the card outlines `cards` (`DiceReading.cards`)."""
    outlines = [np.asarray(quad, np.float32).reshape(-1, 1, 2) for quad in cards]
    return any(
        cv2.pointPolygonTest(outline, die.center, False) >= 0
        for die in reading.dice
        if die.color != CAMERA_NOT_A_DIE
        for outline in outlines
    )


class NoFrames:
    """The source of a lost camera between attempts to open it again."""

    def read(self) -> None:
        """Nothing: the camera is being opened again."""

    def close(self) -> None:
        """Nothing to release."""


class CameraWorker:
    """Reads `source` in a background thread at up to `fps` frames per second."""

    def __init__(
        self,
        source: FrameSource,
        commands: queue.Queue[Command],
        reader: Callable[[np.ndarray], DiceReading] | None = None,
        tray: DiceTray | None = None,
        fps: float = 10.0,
        reopen: Callable[[], FrameSource] | None = None,
        clock: Callable[[], float] = time.monotonic,
        settle: Callable[[np.ndarray], DiceReading] | None = None,
    ) -> None:
        if reader is None:
            from vision.dice import read_dice

            reader = read_dice
        self._source = source
        self._commands = commands
        self._reader = reader
        self._settle = settle
        self.tray = tray or DiceTray()
        self._period = 1.0 / fps
        self._lock = threading.Lock()
        self._latest: tuple[np.ndarray, DiceReading] | None = None
        self._read: DiceReading | None = None  # the last frame read's reading, as `reader` read it
        self._roll: DiceReading | None = None  # the table at rest, as `settle` read it
        self._rested = False  # `settle` has read the table since it last moved
        self._last: DiceReading | None = None  # the roll last proposed
        self._memory = FrameMemory()
        self._motion = FrameMemory()  # the frame before, to tell a table at rest
        self._quiet = 0  # frames in a row that matched the one before
        self.reads = 0  # frames actually read (the others matched the last one read)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)
        self.errors = 0
        self._reopen = reopen
        self._clock = clock
        self._seen: float | None = None  # when the last frame came (or the camera reopened)
        self._tried = -math.inf  # when the camera was last opened again

    def start(self) -> None:
        """Start reading frames."""
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread and release the camera; safe to call twice.

        A running thread releases the camera itself as it ends: a read may still be in
        progress (an OpenCV capture waits up to 10 s for a frame that does not come), and
        releasing the device under it crashes OpenCV. The wait here is bounded; the thread
        is a daemon and does not keep the kiosk from exiting."""
        if self._stop.is_set():
            return
        self._stop.set()
        if self._thread.ident is None:
            self._source.close()
        else:
            self._thread.join(timeout=STOP_WAIT)

    def use_reader(
        self,
        reader: Callable[[np.ndarray], DiceReading],
        settle: Callable[[np.ndarray], DiceReading] | None = None,
    ) -> None:
        """Read every frame from now on with `reader`, and a settled roll with `settle` (the
        dice colours just calibrated), the next frame afresh even on a settled table, so
        the new colours show at once."""
        self._reader, self._settle = reader, settle
        self._memory = FrameMemory()
        self._roll, self._rested = None, False

    def latest(self) -> tuple[np.ndarray, DiceReading] | None:
        """The newest frame and its reading (for the live view)."""
        with self._lock:
            return self._latest

    @property
    def lost(self) -> bool:
        """No frame for LOST_AFTER seconds: the live view would show an old picture, and no
        roll can be read until the camera is back. A camera that has given no frame yet is
        not lost (some take seconds to start; the screen shows no picture meanwhile)."""
        return self._seen is not None and self._clock() - self._seen > LOST_AFTER

    def check_source(self) -> None:
        """Open a lost camera again, at most every RETRY_EVERY seconds: a USB camera comes
        back under the same number once plugged in, and the Pi camera after a restart of
        its pipeline. Without `reopen` a lost camera stays lost. A camera opened again has
        LOST_AFTER seconds to give its first frame. Every source's read returns within
        seconds (picamera2 is given READ_WAIT; an OpenCV capture gives up after 10 s), so a
        camera that stopped giving frames is opened again too."""
        now = self._clock()
        if not self.lost or self._reopen is None or now - self._tried < RETRY_EVERY:
            return
        self._tried = now
        old, self._source = self._source, NoFrames()
        try:  # a broken camera may fail to close or open with any error (picamera2)
            old.close()  # first: a device stays busy while it is held open
            source = self._reopen()
        except Exception as exc:
            log.warning("camera still lost: %s", exc)
            return
        if self._stop.is_set():  # stopped meanwhile: `stop` closed only the placeholder
            source.close()
            return
        self._source, self._seen = source, self._clock()
        log.info("camera opened again")

    def step(self) -> None:
        """Read and process one frame (the thread's body; tests call it directly, never
        while the thread runs)."""
        frame = self._source.read()
        if frame is None:
            return
        self._seen = self._clock()  # a frame came, even if reading it fails
        if self._quiet_for(frame) == 0:  # the table moved: what was read of it at rest is gone
            self._roll, self._rested = None, False
        reading = self._reading(frame)
        state = self.tray.update_reading(reading)
        if state.status == MOVING:
            self._roll = None
        settled = state.roll if state.new_roll else None
        resting = self._quiet >= self.tray.still_frames and state.status != STILL
        if settled is not None or (resting and not self._rested and self._settle is not None):
            self._rested = True
            self._roll = self._settled(frame, reading if settled is None else settled)
            self._propose(self._roll)
        with self._lock:
            self._latest = (frame, reading if self._roll is None else self._roll)

    def _quiet_for(self, frame: np.ndarray) -> int:
        """How many frames in a row, this one the last, have matched the frame before them:
        a table at rest, whatever the quick reader sees on it. Once it has rested for the
        tray's `still_frames` and the tray has settled nothing (the quick reader sees no
        die, or flickers), the table is read once by `settle`: on synthetic tables of dice
        against or on cards, the quick reader saw no die in 27-36 of 100 frames, and among
        the cards 106 of 180 such frames were read exactly. What `settle` read is shown
        only until the table moves: a die taken away is not shown any longer."""
        self._quiet = 0 if self._motion.moved(frame) else self._quiet + 1
        return self._quiet

    def _propose(self, reading: DiceReading) -> None:
        """Propose `reading` as a roll, unless it is none or the roll last proposed (the
        same dice where they lay): a shadow, a hand passing over or the camera's noise
        changes the frame and the table rests again, and the dice still lying there must
        not be proposed to the next player."""
        proposal = reading_to_roll(reading)
        last = self._last
        if proposal is None or (last is not None and same_dice(last, reading, self.tray.tolerance)):
            return
        self._last = reading
        self._commands.put(ProposeRoll(*proposal))

    def _settled(self, frame: np.ndarray, roll: DiceReading) -> DiceReading:
        """The table read again by `settle`, or `roll` as the quick reader read it where
        there is no `settle`, where it fails (a taught deck's file gone bad) or where it
        reads no roll that `roll` is (an empty reading, four dice) and no die of `roll`
        lies on a card it named: the roll is still proposed, as first read. A die the
        quick reader saw on a named card, where the reading among the cards saw none,
        is mostly the card's print (a heart read as a red 1): on 600 fresh synthetic
        tables of cards alone, 31 such phantom rolls were proposed, 7 with this rule, for
        4 right rolls lost on 1,000 tables with dice (docs/vision-dice.md, "Phantom rolls
        from a card's print")."""
        if self._settle is None:
            return roll
        try:
            again = self._settle(frame)
        except Exception:
            log.exception("the settled roll could not be read again; proposed as first read")
            return roll
        if (
            reading_to_roll(again) is None
            and reading_to_roll(roll) is not None
            and not on_named_card(roll, again.cards)
        ):
            return roll
        return again

    def _reading(self, frame: np.ndarray) -> DiceReading:
        """The dice in `frame`: read afresh, except on a settled table in a frame that
        matches the last one read, which keeps that reading.

        Only a settled table is spared: a roll still needs `still_frames` readings that
        agree, so a reader that flickers between two answers on a still frame settles
        nothing, as it did before frames were compared; the long still tail after it is
        what costs a core on a Pi."""
        # One reader and one memory for the whole frame: `use_reader` may swap them
        # meanwhile, and a frame read the old way must not be remembered as read the new.
        reader, memory = self._reader, self._memory
        last, settled = self._read, self.tray.state.status == STILL
        if last is not None and settled and not memory.changed(frame):
            return last
        reading = reader(frame)
        memory.remember(frame)
        self._read = reading
        self.reads += 1
        return reading

    def _run(self) -> None:
        while not self._stop.is_set():
            started = time.monotonic()
            try:
                self.step()
            except Exception:  # a bad frame must never stop the camera or reach the kiosk
                self.errors += 1
                log.exception("camera frame skipped")
            self.check_source()
            self._stop.wait(max(0.0, self._period - (time.monotonic() - started)))
        try:
            self._source.close()
        except Exception as exc:  # a broken camera may fail to stop (picamera2)
            log.warning("camera did not close: %s", exc)
