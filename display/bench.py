"""UI benchmark for `companion bench`: milliseconds to lay out and draw each screen.

Measured at 800×480 off-screen with SDL's dummy driver, so the figure is the app's own
work per frame (layout + drawing), the part that must stay under 16 ms on the Pi.
"""

from __future__ import annotations

import os

from companion.bench import Figure, rate

SECTION = "display"
SIZE = (800, 480)


def run(quick: bool) -> list[Figure]:
    """ms per full redraw of every scene (a state change forces layout and drawing)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from display.scenes import SCENES, build_scene

    pygame.display.init()
    pygame.font.init()
    seconds = 0.1 if quick else 1.0
    figures: list[Figure] = []
    for scene in SCENES:
        app = build_scene(scene, SIZE)
        app.update()

        def frame(app: object = app) -> None:
            app.ui.changed()  # type: ignore[attr-defined]
            app.update()  # type: ignore[attr-defined]

        per_second = rate(frame, seconds)
        figures.append(Figure(SECTION, f"{scene} frame 800x480", 1000.0 / per_second, "ms"))
    return figures
