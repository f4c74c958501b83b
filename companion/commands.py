"""Commands: what every input becomes before the main loop consumes it.

GPIO callbacks, the serial pad reader, the camera worker and the touchscreen all run in
their own threads or handlers; each turns what it saw into one of these values and puts it
on the app's one `queue.Queue`. Only the main loop reads the queue and touches the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.kwingto.actions import Action
from companion.kwingto.roll import Roll


class Button(StrEnum):
    """The physical buttons at the table and on the seat pads."""

    CONFIRM = "confirm"
    REROLL = "reroll"
    PASS = "pass"
    UNDO = "undo"
    PLACED = "placed"


@dataclass(frozen=True)
class Press:
    """A button press; `seat` is None for the table's own buttons, else the pad's seat.

    Seats in Commands are player indexes (0 = first player); the pad itself is numbered
    from 1 as printed at the table (`HELLO 1` is seat 0 here, see docs/pad-protocol.md).
    """

    button: Button
    seat: int | None = None


@dataclass(frozen=True)
class PadLink:
    """A seat pad came or went (the UI shows it; nothing in the game changes)."""

    seat: int
    connected: bool
    detail: str = ""


@dataclass(frozen=True)
class Play:
    """An engine action chosen by touch or by a bot seat."""

    action: Action


@dataclass(frozen=True)
class ProposeRoll:
    """A stable camera reading of the dice: shown, and played only once confirmed."""

    roll: Roll
    confidence: float


Command = Press | PadLink | Play | ProposeRoll
