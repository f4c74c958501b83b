"""Colours, seat colours and fonts, all sized from the screen so one theme fits 480–720 px.

The screen is read from a metre away by players of all ages: light text on a dark table,
big type, and every colour meaning something also has a shape or a word beside it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import pygame

Colour = tuple[int, int, int]

BACKGROUND: Colour = (18, 22, 30)
PANEL: Colour = (38, 44, 58)
PANEL_LIGHT: Colour = (58, 66, 84)
TEXT: Colour = (245, 245, 240)
MUTED: Colour = (175, 183, 196)
ACCENT: Colour = (255, 196, 40)  # the active player's marker and primary buttons
LEGAL: Colour = (70, 215, 120)  # a legal space for the current roll (also marked with "+")
HINT: Colour = (255, 80, 255)  # the advisor's recommended space (outline, and a star)
ERROR: Colour = (235, 70, 70)
ERROR_BG: Colour = (90, 20, 24)
CARD_FACE: Colour = (250, 250, 246)
CARD_BACK: Colour = (52, 92, 170)
CARD_BACK_LINE: Colour = (92, 132, 210)
SLOT: Colour = (28, 33, 44)
SUIT_RED: Colour = (210, 30, 40)
SUIT_BLACK: Colour = (20, 20, 24)
DIE_RED: Colour = (205, 40, 45)
DIE_BLACK: Colour = (25, 25, 30)
DISABLED: Colour = (90, 96, 108)
BUTTON: Colour = (66, 86, 126)
BUTTON_PRIMARY: Colour = ACCENT
BUTTON_DANGER: Colour = (170, 50, 50)

SEAT_COLOURS: dict[str, Colour] = {
    "blue": (60, 140, 255),
    "orange": (255, 140, 30),
    "green": (60, 190, 90),
    "purple": (180, 100, 230),
    "pink": (255, 110, 170),
    "teal": (40, 190, 190),
}
"""Seat colour name → RGB; names are the keys SeatInfo.colour uses (and the catalogue's)."""

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
MIN_TOUCH = 48  # px: the smallest touch target, at every screen size
HAS_SYMBOLS = (DEJAVU / "DejaVuSans-Bold.ttf").is_file()
"""Can text show ♠♥♦♣ and ✓? (DejaVu can; pygame's bundled font cannot.)"""


def _font_file(bold: bool) -> str | None:
    """DejaVu where installed (it reads well at a distance); else pygame's bundled font."""
    path = DEJAVU / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return str(path) if path.is_file() else None


@dataclass
class Theme:
    """Fonts and sizes for one screen size; fonts are made once and cached."""

    width: int
    height: int
    _fonts: dict[tuple[int, bool], pygame.font.Font] = field(default_factory=dict, repr=False)

    @cached_property
    def unit(self) -> float:
        """One layout unit: 1.0 at 800×480, larger on bigger screens."""
        return min(self.width / 800, self.height / 480)

    def px(self, value: float) -> int:
        """A length given for 800×480, scaled to this screen."""
        return max(1, round(value * self.unit))

    @property
    def touch(self) -> int:
        """The height of a touch target: never below 48 px."""
        return max(MIN_TOUCH, self.px(56))

    def font(self, size: float, bold: bool = True) -> pygame.font.Font:
        """A font `size` px tall at 800×480 (scaled), cached per size."""
        px = max(10, round(size * self.unit))
        key = (px, bold)
        if key not in self._fonts:
            path = _font_file(bold)
            # pygame's default font draws smaller than DejaVu at the same size
            self._fonts[key] = pygame.font.Font(path, px if path else round(px * 1.3))
        return self._fonts[key]

    @property
    def small(self) -> pygame.font.Font:
        """Secondary text (still ≥ 17 px at 800×480)."""
        return self.font(17, bold=False)


def seat_colour(name: str) -> Colour:
    """A seat's RGB colour; unknown names fall back to grey rather than failing mid-game."""
    return SEAT_COLOURS.get(name, MUTED)


def readable_on(colour: Colour) -> Colour:
    """Black or white text, whichever contrasts more with `colour`."""
    r, g, b = colour
    return SUIT_BLACK if 0.299 * r + 0.587 * g + 0.114 * b > 120 else TEXT
