"""Helpers for the display tests: pixels, widgets, touch events."""

from __future__ import annotations

import pygame

from display.app import App
from display.widgets import Widget, find


def widget(app: App, id: str) -> Widget:
    """The laid-out widget `id` (fails the test when absent)."""
    found = find(app.layout().all, id)
    assert found is not None, f"no widget {id!r} on {app.ui.screen}"
    return found


def text_of(app: App, id: str) -> str:
    """What a label says."""
    return widget(app, id).text


def pixel(app: App, pos: tuple[int, int]) -> tuple[int, int, int]:
    """The colour drawn at `pos` (after a redraw)."""
    app.update()
    r, g, b, *_ = app.surface.get_at(pos)
    return (r, g, b)


def inset(rect: pygame.Rect, by: int = 4) -> tuple[int, int]:
    """A point just inside a rect's top-left corner (clear of labels and rounded corners)."""
    return (rect.left + by + 3, rect.top + by + 3)


def post_tap(app: App, pos: tuple[int, int], finger: bool = False) -> None:
    """Post a touch (finger or mouse) press and release at `pos`, as the screen would."""
    if finger:
        w, h = app.surface.get_size()
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(
                pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, touch_id=1, finger_id=0)
            )
    else:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step()


def tap_id(app: App, id: str, finger: bool = False) -> None:
    """Post a touch at the centre of the widget `id` (which must be tappable)."""
    w = widget(app, id)
    assert w.tappable, f"{id!r} is not tappable on {app.ui.screen}"
    post_tap(app, w.rect.center, finger)
