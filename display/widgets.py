"""Buttons, labels and tappable areas: what a screen lays out, draws and hit-tests.

A screen returns a list of `Widget` values each time it is laid out; the app draws them
and finds which one a touch hit. Tests find a button's rect or a label's text by its id,
so they can tap what a player would tap and read what a player would read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from display import theme
from display.theme import Colour, Theme

Tap = Callable[[], None]

BUTTON_FILL: dict[str, Colour] = {
    "normal": theme.BUTTON,
    "primary": theme.BUTTON_PRIMARY,
    "danger": theme.BUTTON_DANGER,
    "selected": theme.ACCENT,
    "quiet": theme.PANEL_LIGHT,
}
FONT_SIZES: dict[str, float] = {"small": 17, "body": 22, "title": 26, "big": 40, "huge": 120}


@dataclass
class Widget:
    """One laid-out thing: a button, a label, or an area the screen draws itself.

    `kind` is "button", "label" or "area"; only widgets with `on_tap` and `enabled` take
    touches. `font` names a size in FONT_SIZES; `colour` is the text colour of a label.
    """

    id: str
    rect: pygame.Rect
    kind: str
    text: str = ""
    style: str = "normal"
    font: str = "body"
    colour: Colour = theme.TEXT
    align: str = "center"
    enabled: bool = True
    on_tap: Tap | None = None

    @property
    def tappable(self) -> bool:
        """Does a touch on this widget do something?"""
        return self.enabled and self.on_tap is not None


def button(
    id: str, rect: pygame.Rect, text: str, on_tap: Tap | None, style: str = "normal", **kw: object
) -> Widget:
    """A button; drawn disabled when it has nothing to do, unless `enabled=True` says it
    shows a current choice (a selected toggle that needs no tap)."""
    enabled = bool(kw.pop("enabled", on_tap is not None))
    return Widget(id, rect, "button", text, style, on_tap=on_tap, enabled=enabled, **kw)  # type: ignore[arg-type]


def label(id: str, rect: pygame.Rect, text: str, **kw: object) -> Widget:
    """A line of text placed in `rect` (aligned left, centre or right)."""
    return Widget(id, rect, "label", text, **kw)  # type: ignore[arg-type]


def area(id: str, rect: pygame.Rect, on_tap: Tap | None = None) -> Widget:
    """A region the screen draws itself (a board space, the camera view), maybe tappable."""
    return Widget(id, rect, "area", on_tap=on_tap)


def hit(widgets: Iterable[Widget], pos: tuple[int, int]) -> Widget | None:
    """The topmost tappable widget under `pos` (later widgets lie on top)."""
    found = None
    for w in widgets:
        if w.tappable and w.rect.collidepoint(pos):
            found = w
    return found


def find(widgets: Iterable[Widget], id: str) -> Widget | None:
    """The widget called `id`, if laid out."""
    return next((w for w in widgets if w.id == id), None)


def fit_font(th: Theme, text: str, size: float, width: int) -> pygame.font.Font:
    """The largest font up to `size` in which `text` fits `width` pixels."""
    font = th.font(size)
    while font.size(text)[0] > width and size > 10:
        size -= 2
        font = th.font(size)
    return font


def draw_text(
    surface: pygame.Surface,
    th: Theme,
    text: str,
    rect: pygame.Rect,
    size: float,
    colour: Colour,
    align: str = "center",
) -> None:
    """Draw `text` in `rect`, shrunk to fit its width, vertically centred."""
    if not text:
        return
    font = fit_font(th, text, size, rect.width)
    image = font.render(text, True, colour)
    box = image.get_rect()
    box.centery = rect.centery
    if align == "left":
        box.left = rect.left
    elif align == "right":
        box.right = rect.right
    else:
        box.centerx = rect.centerx
    surface.blit(image, box)


def _fill(style: str) -> Colour:
    """A button's colour: by style, or `seat:<colour name>` for a seat colour swatch."""
    if style.startswith("seat:"):
        return theme.seat_colour(style[5:])
    return BUTTON_FILL.get(style, theme.BUTTON)


def draw_widget(surface: pygame.Surface, th: Theme, w: Widget) -> None:
    """Draw a button or label (areas are drawn by their screen)."""
    if w.kind == "button":
        fill = _fill(w.style) if w.enabled else theme.DISABLED
        radius = th.px(10)
        pygame.draw.rect(surface, fill, w.rect, border_radius=radius)
        if w.style == "selected":
            pygame.draw.rect(surface, theme.TEXT, w.rect, width=th.px(3), border_radius=radius)
        text_colour = theme.readable_on(fill) if w.enabled else theme.MUTED
        inner = w.rect.inflate(-th.px(12), 0)
        draw_text(surface, th, w.text, inner, FONT_SIZES[w.font], text_colour)
    elif w.kind == "label":
        draw_text(surface, th, w.text, w.rect, FONT_SIZES[w.font], w.colour, w.align)


def draw_widgets(surface: pygame.Surface, th: Theme, widgets: Iterable[Widget]) -> None:
    """Draw every button and label in order."""
    for w in widgets:
        draw_widget(surface, th, w)


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break `text` into lines that fit `width` pixels in `font` (words kept whole)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}".strip()
            if line and font.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def text_block(
    id: str, rect: pygame.Rect, th: Theme, text: str, size: str = "body", **kw: object
) -> list[Widget]:
    """Labels for `text` wrapped to `rect`'s width, one per line from its top."""
    font = th.font(FONT_SIZES[size])
    height = font.get_linesize()
    return [
        label(
            f"{id}.{i}",
            pygame.Rect(rect.left, rect.top + i * height, rect.width, height),
            line,
            font=size,
            **kw,
        )
        for i, line in enumerate(wrap(font, text, rect.width))
    ]
