"""Screen geometry: every rect is computed from the screen size, none is hard-coded.

The same functions lay out 800×480, 1024×600 and 1280×720; a touch target is never
smaller than 48 px (theme.MIN_TOUCH) at any of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from display.theme import Theme

SIZES: tuple[tuple[int, int], ...] = ((800, 480), (1024, 600), (1280, 720))
"""The screen sizes the UI is designed and tested for."""


@dataclass(frozen=True)
class Frame:
    """The three bands of every screen: the prompt header, the content, the tab bar."""

    header: pygame.Rect
    content: pygame.Rect
    nav: pygame.Rect


def frame(th: Theme) -> Frame:
    """Header on top, tabs at the bottom (thumb reach), the rest for the screen."""
    header_h = th.px(44)
    nav_h = th.touch
    pad = th.px(6)
    header = pygame.Rect(0, 0, th.width, header_h)
    nav = pygame.Rect(0, th.height - nav_h, th.width, nav_h)
    content = pygame.Rect(pad, header_h + pad, th.width - 2 * pad, nav.top - header_h - 2 * pad)
    return Frame(header, content, nav)


def split_h(rect: pygame.Rect, n: int, gap: int) -> list[pygame.Rect]:
    """`n` equal rects side by side across `rect`, `gap` px apart."""
    width = (rect.width - gap * (n - 1)) / n
    return [
        pygame.Rect(round(rect.left + i * (width + gap)), rect.top, round(width), rect.height)
        for i in range(n)
    ]


def split_v(rect: pygame.Rect, n: int, gap: int) -> list[pygame.Rect]:
    """`n` equal rects stacked down `rect`, `gap` px apart."""
    height = (rect.height - gap * (n - 1)) / n
    return [
        pygame.Rect(rect.left, round(rect.top + i * (height + gap)), rect.width, round(height))
        for i in range(n)
    ]


def columns(rect: pygame.Rect, widths: Sequence[float], gap: int) -> list[pygame.Rect]:
    """Rects across `rect` with widths in proportion to `widths`."""
    total = sum(widths)
    free = rect.width - gap * (len(widths) - 1)
    out: list[pygame.Rect] = []
    x = float(rect.left)
    for w in widths:
        width = free * w / total
        out.append(pygame.Rect(round(x), rect.top, round(width), rect.height))
        x += width + gap
    return out


def rows(rect: pygame.Rect, heights: Sequence[float], gap: int) -> list[pygame.Rect]:
    """Rects down `rect` with heights in proportion to `heights`."""
    total = sum(heights)
    free = rect.height - gap * (len(heights) - 1)
    out: list[pygame.Rect] = []
    y = float(rect.top)
    for h in heights:
        height = free * h / total
        out.append(pygame.Rect(rect.left, round(y), rect.width, round(height)))
        y += height + gap
    return out


def board_slots(content: pygame.Rect, players: int, gap: int) -> list[pygame.Rect]:
    """Where each player's board goes: side by side for 2, a 2×2 grid for 3 or 4."""
    if players <= 2:
        return split_h(content, players, gap)
    top, bottom = split_v(content, 2, gap)
    return split_h(top, 2, gap) + split_h(bottom, 2, gap)[: players - 2]


def button_row(rect: pygame.Rect, n: int, th: Theme) -> list[pygame.Rect]:
    """`n` buttons across the bottom of `rect`, one touch target tall."""
    band = pygame.Rect(rect.left, rect.bottom - th.touch, rect.width, th.touch)
    return split_h(band, n, th.px(8))
