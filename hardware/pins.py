"""The `[gpio]` config table: which BCM pin each button, LED and the buzzer is wired to.

Pins are checked once at start-up so a wiring mistake in the config file is a message the
installer can act on ("pin 17 is used by both confirm and pass") instead of a gpiozero
traceback or, worse, two parts silently sharing one pin.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.config import ConfigError, table

FIRST_PIN = 2
LAST_PIN = 27
MAX_SEAT_LEDS = 4

DEFAULT_PINS: dict[str, int] = {
    "confirm": 17,
    "reroll": 27,
    "pass": 22,
    "undo": 23,
    "ready_led": 5,
    "reroll_led": 6,
    "error_led": 13,
    "buzzer_pin": 12,
}
DEFAULT_SEAT_LEDS: tuple[int, ...] = (16, 20, 21, 26)
DEFAULT_BOUNCE_TIME = 0.05
DEFAULT_HOLD_TIME = 1.5

HEADER_PIN: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 5: 29, 6: 31, 13: 33,
    19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 12: 32,
    16: 36, 20: 38, 21: 40,
}  # fmt: skip
"""BCM number → physical pin on the 40-pin header, for messages an installer can follow."""

KNOWN_KEYS = {*DEFAULT_PINS, "seat_leds", "buzzer", "bounce_time", "hold_time"}


@dataclass(frozen=True)
class GpioConfig:
    """Every pin of the table wiring plus the button timings, validated."""

    confirm: int
    reroll: int
    pass_: int
    undo: int
    ready_led: int
    reroll_led: int
    error_led: int
    seat_leds: tuple[int, ...]
    buzzer: int | None
    bounce_time: float
    hold_time: float

    def named_pins(self) -> list[tuple[str, int]]:
        """(name, BCM pin) for every wired part, in the order hw-test walks them."""
        pins = [
            ("confirm", self.confirm),
            ("reroll", self.reroll),
            ("pass", self.pass_),
            ("undo", self.undo),
            ("ready_led", self.ready_led),
            ("reroll_led", self.reroll_led),
            ("error_led", self.error_led),
        ]
        pins += [(f"seat_leds[{i}]", pin) for i, pin in enumerate(self.seat_leds)]
        if self.buzzer is not None:
            pins.append(("buzzer_pin", self.buzzer))
        return pins


def _pin(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"[gpio] {name} = {value!r}: a pin is a BCM number such as 17")
    if not FIRST_PIN <= value <= LAST_PIN:
        raise ConfigError(
            f"[gpio] {name} = {value}: BCM pin numbers go from {FIRST_PIN} to {LAST_PIN}"
        )
    return value


def _seconds(name: str, value: object, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"[gpio] {name} = {value!r}: give a time in seconds, e.g. {high / 2}")
    if not low <= value <= high:
        raise ConfigError(f"[gpio] {name} = {value}: must be between {low} and {high} seconds")
    return float(value)


def _seat_leds(value: object) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ConfigError(f"[gpio] seat_leds = {value!r}: give a list of pins, e.g. [16, 20]")
    if len(value) > MAX_SEAT_LEDS:
        raise ConfigError(
            f"[gpio] seat_leds has {len(value)} pins: at most {MAX_SEAT_LEDS} seats are wired"
        )
    return tuple(_pin(f"seat_leds[{i}]", pin) for i, pin in enumerate(value))


def _check_unique(pins: list[tuple[str, int]]) -> None:
    owner: dict[int, str] = {}
    for name, pin in pins:
        if pin in owner:
            raise ConfigError(f"[gpio] pin {pin} is used by both {owner[pin]} and {name}")
        owner[pin] = name


def gpio_config(config: Mapping[str, Any]) -> GpioConfig:
    """Read and check the `[gpio]` table; every missing key takes the documented default."""
    raw = table(config, "gpio", KNOWN_KEYS)
    pins = {name: _pin(name, raw.get(name, default)) for name, default in DEFAULT_PINS.items()}
    buzzer = raw.get("buzzer", False)
    if not isinstance(buzzer, bool):
        raise ConfigError(f"[gpio] buzzer = {buzzer!r}: write true or false")
    result = GpioConfig(
        confirm=pins["confirm"],
        reroll=pins["reroll"],
        pass_=pins["pass"],
        undo=pins["undo"],
        ready_led=pins["ready_led"],
        reroll_led=pins["reroll_led"],
        error_led=pins["error_led"],
        seat_leds=_seat_leds(raw.get("seat_leds", list(DEFAULT_SEAT_LEDS))),
        buzzer=pins["buzzer_pin"] if buzzer else None,
        bounce_time=_seconds("bounce_time", raw.get("bounce_time", DEFAULT_BOUNCE_TIME), 0, 0.5),
        hold_time=_seconds("hold_time", raw.get("hold_time", DEFAULT_HOLD_TIME), 0.01, 10),
    )
    _check_unique(result.named_pins())
    return result
