"""UI benchmark for `companion bench`: milliseconds to lay out and draw each screen.

Measured at 800×480 off-screen with SDL's dummy driver, so the figure is the app's own
work per frame (layout + drawing), the part that must stay under 16 ms on the Pi.
"""

from __future__ import annotations

import os
from functools import partial
from typing import TYPE_CHECKING

from companion.bench import Figure, rate

if TYPE_CHECKING:  # pygame is imported only when the section runs
    from display.app import App

SECTION = "display"
SIZE = (800, 480)


def run(quick: bool) -> list[Figure]:
    """ms per full redraw of every scene (a state change forces layout and drawing)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from display.scenes import SCENES, build_scene

    pygame.display.init()
    pygame.font.init()
    seconds = 0.1 if quick else 1.0
    figures: list[Figure] = []
    for scene in SCENES:
        app = build_scene(scene, SIZE)
        app.update()
        per_second = rate(partial(redraw, app), seconds)
        figures.append(Figure(SECTION, f"{scene} frame 800x480", 1000.0 / per_second, "ms"))
    figures.append(Figure(SECTION, "idle loop CPU", idle_cpu(0.5 if quick else 3.0), "%"))
    return figures


def redraw(app: App) -> None:
    """One full frame: a UI change forces layout and drawing."""
    app.ui.changed()
    app.update()


def idle_cpu(seconds: float) -> float:
    """CPU use of the main loop while nothing happens (Settings screen, no camera), in %."""
    import time

    from display.app import IDLE_WAIT_MS
    from display.scenes import build_scene

    app = build_scene("settings", SIZE)
    app.update()
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    while time.perf_counter() - start_wall < seconds:
        app.step(IDLE_WAIT_MS)
    return 100.0 * (time.process_time() - start_cpu) / (time.perf_counter() - start_wall)
