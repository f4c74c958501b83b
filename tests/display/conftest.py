"""Display tests run headless: SDL's dummy video driver, set before pygame starts."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator

import pygame
import pytest


@pytest.fixture(scope="session", autouse=True)
def pygame_headless() -> Iterator[None]:
    """pygame's display (dummy) and fonts, once for the display tests."""
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()
