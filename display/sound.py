"""Short tones for what happened: a chime when an action is taken, a low buzz when the
engine refuses one. Generated, not loaded, so there are no sound files to ship; where no
audio device exists the app stays silent rather than failing."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pygame

TONES: dict[str, tuple[float, float]] = {"ok": (880.0, 0.08), "error": (196.0, 0.25)}
"""name → (frequency Hz, duration s)."""


class Sounds:
    """The app's tones; `play` does nothing when there is no mixer."""

    def __init__(self) -> None:
        self._tones: dict[str, pygame.mixer.Sound] = {}
        if sys.platform == "linux" and not Path("/dev/snd").exists():
            return  # no sound card: skip the audio library's complaints
        try:
            pygame.mixer.init()
        except pygame.error:
            return
        init = pygame.mixer.get_init()
        if init is None:
            return
        rate, _, channels = init
        for name, (freq, seconds) in TONES.items():
            self._tones[name] = _tone(rate, channels, freq, seconds)

    def play(self, name: str) -> None:
        """Play a tone if audio works."""
        tone = self._tones.get(name)
        if tone is not None:
            tone.play()


def _tone(rate: int, channels: int, freq: float, seconds: float) -> pygame.mixer.Sound:
    """A sine tone with a short fade-out, so it clicks neither on nor off."""
    t = np.arange(int(rate * seconds)) / rate
    wave = np.sin(2 * np.pi * freq * t) * np.linspace(1.0, 0.0, t.size) * 0.4
    samples = (wave * 32767).astype(np.int16)
    if channels > 1:
        samples = np.repeat(samples[:, None], channels, axis=1)
    return pygame.sndarray.make_sound(np.ascontiguousarray(samples))
