"""Everything physical around the screen: GPIO buttons and lights, seat pads, the camera.

`TableIO.start` brings up whatever the config and the machine allow. A part that cannot
start (no GPIO on a laptop, a pad missing, no camera) is reported in `problems`, as phrases
the screen words in the players' language and the log in English, and the rest runs: the
touchscreen can always do everything.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.config import ConfigError, table
from companion.kwingto.roll import CAMERA_COLOURS, CAMERA_NAMES, CAMERA_NOT_A_DIE
from companion.lights import table_signals
from companion.phrase import Phrase
from companion.session import TableSession

if TYPE_CHECKING:
    from vision.palette import Palette

log = logging.getLogger(__name__)

VISION_KEYS = {"source", "fps", "still_frames"}
KWINGTO_DICE = {"red": 3, "black": 3}  # M2: the six shared dice, the set calibrated at once
# Lab a* (8-bit) by which learned red must exceed learned black: 21 in a third of the light,
# 26 by the default colours; six dice of one colour split in two differ by a few.
RED_OVER_BLACK = 8.0


def default_source() -> str:
    """picamera2 where it is installed, else the first video device, else no camera."""
    try:
        import picamera2  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return "camera:0" if Path("/dev/video0").exists() else "none"
    return "picamera2"


def camera_config(config: Mapping[str, Any]) -> tuple[str, float, int]:
    """The `[vision]` table: frame source, frames per second, still frames for a roll."""
    options = table(config, "vision", VISION_KEYS)
    spec = str(options.get("source", "auto"))
    fps, still = options.get("fps", 10), options.get("still_frames", 5)
    if isinstance(fps, bool) or not isinstance(fps, int | float) or not 1 <= fps <= 60:
        raise ConfigError(f"[vision] fps = {fps!r}: give frames per second from 1 to 60")
    if isinstance(still, bool) or not isinstance(still, int) or not 1 <= still <= 100:
        raise ConfigError(f"[vision] still_frames = {still!r}: give a whole number 1-100")
    return (default_source() if spec == "auto" else spec), float(fps), still


def kwingto_colours(palette: Palette) -> Palette:
    """`palette`'s red, black and white alone (`CAMERA_NAMES`), white taken from the
    default colours where it has none (white is card paper, not a Kwingto die).

    With all seven default colours, black dice under cool or dim light were named purple
    (black's prototype lies 13 from purple's), the reading was no roll, and the players had
    to calibrate; among three colours a die is named the nearest of them (docs/vision-dice.md,
    "Kwingto's dice read in Kwingto's colours")."""
    from vision.palette import default_palette

    if CAMERA_NOT_A_DIE not in palette.names:
        paper = default_palette().only({CAMERA_NOT_A_DIE})
        palette = palette.replaced({CAMERA_NOT_A_DIE: paper.lab[0]})
    return palette.only(CAMERA_NAMES)


class TableIO:
    """The table's devices, all feeding one command queue."""

    def __init__(self, commands: queue.Queue[Any], palette_file: Path | None = None) -> None:
        self.commands = commands
        self._palette_file = palette_file  # None: the one calibrate-dice saves in the config
        self.problems: list[Phrase] = []
        self.buttons: Any = None
        self.lights: Any = None
        self.pads: Any = None
        self.camera: Any = None
        self.palette: Palette | None = None  # the dice colours the camera reads with
        self._shown: int | None = None

    @classmethod
    def start(
        cls,
        config: Mapping[str, Any],
        commands: queue.Queue[Any],
        palette_file: Path | None = None,
    ) -> TableIO:
        """Check the whole config first (ConfigError), then start every part that can."""
        from hardware.pad_reader import pads_config
        from hardware.pins import gpio_config

        gpio, ports, camera = gpio_config(config), pads_config(config), camera_config(config)
        io = cls(commands, palette_file)
        io._start_gpio(gpio)
        if ports:
            from hardware.pad_reader import PadManager

            io.pads = PadManager(ports, commands)
            io.pads.start()
        io._start_camera(*camera)
        return io

    def _start_gpio(self, gpio: Any) -> None:
        from hardware.buttons import TableButtons
        from hardware.gpio import gpio_available
        from hardware.leds import TableLights

        if not gpio_available():
            self.problems.append(Phrase("table.no_gpio", {}))
            return
        try:
            self.buttons = TableButtons(gpio, self.commands)
            self.lights = TableLights(gpio)
        except Exception as exc:  # a wiring fault must not keep the screen from starting
            self.problems.append(Phrase("table.gpio_failed", {"error": str(exc)}))

    def _start_camera(self, spec: str, fps: float, still_frames: int) -> None:
        if spec == "none":
            self.problems.append(Phrase("table.no_camera", {}))
            return
        from vision.dice_tray import DiceTray
        from vision.sources import SourceError, open_source
        from vision.worker import CameraWorker

        try:
            source = open_source(spec)
        except SourceError as exc:
            self.problems.append(Phrase("table.camera_failed", {"source": spec, "error": str(exc)}))
            return
        tray = DiceTray(still_frames)
        self.palette = self._dice_colours()
        self.camera = CameraWorker(
            source, self.commands, tray=tray, fps=fps, reopen=partial(open_source, spec)
        )
        self._read_with(self.palette)
        self.camera.start()

    def _dice_colours(self) -> Palette:
        """The dice colours calibrated at this table (`companion vision calibrate-dice`),
        or the default ones, with a note on screen when the saved file cannot be read or
        has no red or no black in it; either way in Kwingto's colours (`kwingto_colours`)."""
        from vision.palette import PaletteError, default_palette, load_palette, palette_path

        try:
            saved = load_palette(self._palette_file)
        except PaletteError as exc:
            problem = Phrase(
                "table.colours_unreadable", {"path": str(exc.path), "error": exc.reason}
            )
        else:
            if set(CAMERA_COLOURS) <= set(saved.names):
                return kwingto_colours(saved)
            path = self._palette_file or palette_path()
            problem = Phrase("table.colours_incomplete", {"path": str(path)})
        self.problems.append(problem)
        return kwingto_colours(default_palette())

    def calibrate_dice(self) -> Phrase:
        """Learn the dice colours from the camera's newest frame, where Kwingto's six dice
        (3 red, 3 black, M2) lie apart in view; save them for the next start and read with
        them from now on (Settings, "Calibrate camera"). Returns what happened as a
        phrase, for the players in their language: a dice set whose red or black is far
        from the default colours (a maroon red, a smoke-grey black) is then named right.
        Dice read as white are card paper (as for a roll), and a result whose red is not
        clearly redder than its black (six dice of one colour shown) is refused rather
        than saved."""
        pair = self.latest_frame()
        if pair is None:
            return Phrase("calibration.no_frame", {})
        from vision.dice import DiceCountError, calibrate
        from vision.palette import save_palette

        try:
            palette = calibrate(pair[0], KWINGTO_DICE, self.palette, frozenset({CAMERA_NOT_A_DIE}))
        except DiceCountError as exc:
            return Phrase("calibration.count", {"seen": exc.seen})
        except Exception as exc:  # a frame the reader cannot take must not reach the kiosk
            log.exception("dice calibration failed")
            return Phrase("calibration.failed", {"error": str(exc)})
        red, black = (palette.lab[palette.names.index(n)] for n in ("red", "black"))
        if red[1] - black[1] < RED_OVER_BLACK:
            return Phrase("calibration.one_colour", {})
        self._read_with(palette)
        try:
            save_palette(palette, self._palette_file)
        except OSError as exc:  # a full or read-only card: used until the next start only
            return Phrase("calibration.not_saved", {"error": str(exc)})
        return Phrase("calibration.learned", {})

    def default_dice_colours(self) -> Phrase:
        """Read with the default dice colours again and forget the saved calibration
        (Settings, "Default colours"): a calibration made with the wrong dice in view, or
        under a lamp since moved, misnames every roll until it is undone, and the players
        cannot reach the file it lives in."""
        from vision.palette import default_palette, palette_path

        self._read_with(kwingto_colours(default_palette()))
        try:
            (self._palette_file or palette_path()).unlink(missing_ok=True)
        except OSError as exc:  # a read-only card: the calibration comes back on the next start
            return Phrase("calibration.reset_not_saved", {"error": str(exc)})
        return Phrase("calibration.reset", {})

    def _read_with(self, palette: Palette) -> None:
        """Read the dice in `palette`'s colours from now on: every frame by the dice reader
        alone, and a table come to rest again among the cards the card reader names in it
        (in the deck taught at this table, if any), where dice thrown against and onto
        cards are read far better (docs/vision-dice.md, "Dice among the card reader's
        cards")."""
        from vision.card_teach import default_taught_path
        from vision.dice import read_dice
        from vision.dice_cards import read_dice_among_cards

        self.palette = palette
        if self.camera is not None:
            self.camera.use_reader(
                partial(read_dice, palette=palette),
                partial(read_dice_among_cards, palette=palette, taught=default_taught_path()),
            )

    def latest_frame(self) -> Any:
        """The camera's newest (frame, reading), or None without a camera."""
        return None if self.camera is None else self.camera.latest()

    def camera_lost(self) -> bool:
        """Whether the camera has stopped giving frames (it is being opened again)."""
        return self.camera is not None and self.camera.lost

    def refresh(self, session: TableSession) -> None:
        """Show the session's state on the LEDs and pads, when it changed."""
        if session.version == self._shown or (self.lights is None and self.pads is None):
            return
        from hardware.leds import led_pattern

        self._shown = session.version
        pattern = led_pattern(table_signals(session))
        if self.lights is not None:
            self.lights.show(pattern)
        if self.pads is not None:
            self.pads.show(pattern)

    def close(self) -> None:
        """Stop everything; safe to call twice."""
        if self.camera is not None:
            self.camera.stop()
        for part in (self.pads, self.buttons, self.lights):
            if part is not None:
                part.close()
        self.camera = self.pads = self.buttons = self.lights = None
