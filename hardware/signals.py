"""What the table LEDs need to know about the game, and nothing more.

The app builds one `TableSignals` from the rules engine's state (a one-function adapter),
so this package never imports the engine and every LED rule is testable without a game.
Seats count from 1, as printed at the table and set on each seat pad.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.errors import HardwareError
from hardware.pins import MAX_SEAT_LEDS


class SignalsError(HardwareError, ValueError):
    """A TableSignals value that cannot describe a real table (a bug in the adapter)."""


@dataclass(frozen=True)
class TableSignals:
    """The game facts the lights show.

    `error` means "the action just taken was rejected": set it for exactly the state that
    follows the rejection, because the error flash plays when this value changes.
    """

    waiting_for_roll: bool = False
    awaiting_confirmation: bool = False
    reroll_available: bool = False
    failed_throw: bool = False
    error: bool = False
    active_seat: int | None = None
    seats: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.seats <= MAX_SEAT_LEDS:
            raise SignalsError(f"seats = {self.seats}: the table has 0 to {MAX_SEAT_LEDS} seats")
        if self.active_seat is not None and not 1 <= self.active_seat <= self.seats:
            raise SignalsError(f"active_seat = {self.active_seat}: seats go from 1 to {self.seats}")
