"""Frame sources: where camera frames come from, chosen by one text setting.

`open_source("picamera2")` on a Pi camera, `"camera:0"` for an OpenCV capture device (a USB
webcam), `"folder:/path"` to cycle through images, `"sim"` for the simulated table. Every
source returns BGR numpy frames (or None when no frame is ready) and closes idempotently.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import numpy as np

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp"}


def check_bgr(frame: np.ndarray) -> None:
    """Raise ValueError, naming what it got, for anything but an (h, w, 3) uint8 image.

    The readers take camera frames; a grey or BGRA frame, or a float image, would otherwise
    fail deep inside OpenCV with a message nobody installing a camera could act on.
    """
    if not isinstance(frame, np.ndarray):
        raise ValueError(f"expected a colour (BGR, 8-bit) frame, got {type(frame).__name__}")
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise ValueError(
            f"expected a colour (BGR, 8-bit) frame, got shape {frame.shape} of {frame.dtype}"
        )


class SourceError(RuntimeError):
    """A frame source that cannot start; the message says what to check."""


def read_image(path: str | Path) -> tuple[np.ndarray | None, str]:
    """A BGR image from a file, or None and what is wrong with the file, in words an
    installer can act on ("no such file", "not an image", ...). The bytes are decoded in
    memory, so OpenCV prints no warning of its own beside the command's output."""
    import cv2

    file = Path(path)
    if not file.exists():
        return None, "no such file"
    if not file.is_file():
        return None, "not a file"
    try:
        data = np.fromfile(file, np.uint8)
    except OSError as exc:
        return None, f"cannot open the file ({exc.strerror or exc})"
    frame = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if frame is None:
        return None, "not an image OpenCV can read (JPEG, PNG, BMP, ...)"
    return frame, ""


class FrameSource(Protocol):
    """Anything that yields camera frames."""

    def read(self) -> np.ndarray | None:
        """The next BGR frame, or None if none is ready."""

    def close(self) -> None:
        """Release the device; safe to call twice."""


class CaptureSource:
    """An OpenCV capture device (USB webcam, V4L2)."""

    def __init__(self, index: int, width: int = 1280, height: int = 720) -> None:
        import cv2

        self._cap = cv2.VideoCapture(index)
        if not self._cap.isOpened():
            raise SourceError(f"camera {index} did not open: is it plugged in (ls /dev/video*)?")
        self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, height)

    def read(self) -> np.ndarray | None:
        """The newest frame, or None when the device gave none."""
        ok, frame = self._cap.read()
        return frame if ok else None

    def close(self) -> None:
        """Release the device."""
        self._cap.release()


# libcamera names formats by the 32-bit word, so Picamera2's "RGB888" arrives as
# [B, G, R] bytes per pixel, which is OpenCV's BGR (Picamera2 manual, appendix A);
# "BGR888" would swap red and blue, and red dice would be read as blue.
PICAMERA2_BGR = "RGB888"
READ_WAIT = 1.0  # s picamera2 waits for a frame (one comes every 0.03–0.1 s)


class Picamera2Source:
    """The Raspberry Pi camera through picamera2 (present on Raspberry Pi OS only)."""

    def __init__(self, width: int = 1280, height: int = 720) -> None:
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]
        except ImportError as exc:
            raise SourceError(
                "picamera2 is not installed (on Raspberry Pi OS: sudo apt install "
                "python3-picamera2, and create the venv with --system-site-packages)"
            ) from exc
        self._cam = Picamera2()
        config = self._cam.create_video_configuration(
            main={"size": (width, height), "format": PICAMERA2_BGR}
        )
        self._cam.configure(config)
        self._cam.start()
        self._closed = False

    def read(self) -> np.ndarray | None:
        """The newest frame, or None when none has come within READ_WAIT seconds.

        When the sensor or its cable fails, picamera2 waits for a frame without end ("Camera
        frontend has timed out"), and the camera thread with it: no frame, and no attempt to
        open the camera again, until the kiosk restarted. Given a number of seconds, picamera2
        raises TimeoutError instead, and the worker calls the camera lost and opens it again.
        """
        try:
            frame: np.ndarray = self._cam.capture_array(wait=READ_WAIT)
        except TimeoutError:
            return None
        return frame

    def close(self) -> None:
        """Stop the camera."""
        if not self._closed:
            self._closed = True
            self._cam.stop()
            self._cam.close()


class FolderSource:
    """Cycles through the images of a folder: for demos and for trying the readers."""

    def __init__(self, folder: Path) -> None:
        paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not paths:
            raise SourceError(f"no images (.jpg, .png) in {folder}")
        self._paths: Iterator[Path] = itertools.cycle(paths)

    def read(self) -> np.ndarray | None:
        """The next image, or None for an unreadable one (the worker skips it)."""
        frame, _ = read_image(next(self._paths))
        return frame

    def close(self) -> None:
        """Nothing to release."""


def open_source(spec: str) -> FrameSource:
    """Open the source a config value names; SourceError says what is wrong."""
    kind, _, arg = spec.strip().partition(":")
    if kind == "sim":
        from vision.simulated_table import SimulatedTable

        return SimulatedTable(seed=int(arg) if arg.isdigit() else 0)
    if kind == "camera":
        if arg and not arg.isdigit():
            raise SourceError(f"camera:{arg}: the camera number must be 0, 1, ...")
        return CaptureSource(int(arg or 0))
    if kind == "picamera2":
        return Picamera2Source()
    if kind == "folder":
        folder = Path(arg).expanduser()
        if not folder.is_dir():
            raise SourceError(f"folder:{arg}: no such folder")
        return FolderSource(folder)
    raise SourceError(
        f"unknown camera source {spec!r}: use picamera2, camera:N, folder:PATH or sim"
    )
