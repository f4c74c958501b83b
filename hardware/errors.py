"""The hardware package's own exception base, so callers can catch one family."""

from __future__ import annotations


class HardwareError(Exception):
    """Something about the buttons, LEDs or seat pads the caller should handle."""
