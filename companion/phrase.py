"""What the table tells the players, before it is put into words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple


class Phrase(NamedTuple):
    """A catalogue key of the screen's (display/strings) and the values it is filled with.

    The parts of the table that speak (start-up problems, camera calibration) run outside
    the screen and do not know its language; the screen puts a phrase into words when it
    draws it, so a Spanish table reads Spanish and a language switch takes effect at once.
    """

    key: str
    values: Mapping[str, object]
