"""Table LEDs: a pure pattern from `TableSignals`, and a driver that applies it to gpiozero.

Keeping the pattern a plain value means every "what is lit when" rule is tested without
waiting for a blink, and the driver only touches an LED whose pattern changed, so a
blinking LED keeps its rhythm however often the app pushes the same state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from hardware.pins import GpioConfig
from hardware.signals import TableSignals

Mode = Literal["off", "on", "blink", "flash"]


@dataclass(frozen=True)
class Light:
    """One LED's (or the buzzer's) behaviour; "flash" blinks `count` times then stays off."""

    mode: Mode
    on_time: float = 0.0
    off_time: float = 0.0
    count: int = 0


OFF = Light("off")
ON = Light("on")
WAITING_BLINK = Light("blink", on_time=0.4, off_time=0.4)
ERROR_FLASH = Light("flash", on_time=0.1, off_time=0.1, count=3)
ERROR_BEEP = Light("flash", on_time=0.15, off_time=0.0, count=1)


@dataclass(frozen=True)
class LedPattern:
    """What every table LED and the buzzer shows; `seats[0]` is seat 1's LED."""

    ready: Light = OFF
    reroll: Light = OFF
    error: Light = OFF
    seats: tuple[Light, ...] = ()
    buzzer: Light = OFF


def led_pattern(signals: TableSignals) -> LedPattern:
    """The lights for one game state: the single source of every LED rule."""
    if signals.awaiting_confirmation:
        ready = WAITING_BLINK
    elif signals.waiting_for_roll:
        ready = ON
    else:
        ready = OFF
    if signals.error:
        error = ERROR_FLASH
    elif signals.failed_throw:
        error = ON
    else:
        error = OFF
    return LedPattern(
        ready=ready,
        reroll=ON if signals.reroll_available else OFF,
        error=error,
        seats=tuple(
            ON if seat == signals.active_seat else OFF for seat in range(1, signals.seats + 1)
        ),
        buzzer=ERROR_BEEP if signals.error else OFF,
    )


def apply_light(device: Any, light: Light) -> None:
    """Make one gpiozero LED or Buzzer show `light` (blinking runs in gpiozero's thread)."""
    if light.mode == "on":
        device.on()
    elif light.mode == "blink":
        device.blink(on_time=light.on_time, off_time=light.off_time, n=None, background=True)
    elif light.mode == "flash":
        device.blink(on_time=light.on_time, off_time=light.off_time, n=light.count, background=True)
    else:
        device.off()


class TableLights:
    """The table's LEDs, seat LEDs and optional buzzer, driven from a `LedPattern`."""

    def __init__(self, config: GpioConfig) -> None:
        from gpiozero import LED, Buzzer, LEDBoard

        self.ready: Any = None
        self.reroll: Any = None
        self.error: Any = None
        self.seats: Any = None
        self.buzzer: Any = None
        self._shown: dict[str, Light] = {}
        try:
            self.ready = LED(config.ready_led)
            self.reroll = LED(config.reroll_led)
            self.error = LED(config.error_led)
            if config.seat_leds:
                self.seats = LEDBoard(*config.seat_leds)
            if config.buzzer is not None:
                self.buzzer = Buzzer(config.buzzer)
        except BaseException:
            self.close()
            raise

    def _devices(self, pattern: LedPattern) -> list[tuple[str, Any, Light]]:
        devices = [
            ("ready", self.ready, pattern.ready),
            ("reroll", self.reroll, pattern.reroll),
            ("error", self.error, pattern.error),
        ]
        if self.seats is not None:
            for i, led in enumerate(self.seats.leds):
                light = pattern.seats[i] if i < len(pattern.seats) else OFF
                devices.append((f"seat{i + 1}", led, light))
        if self.buzzer is not None:
            devices.append(("buzzer", self.buzzer, pattern.buzzer))
        return devices

    def show(self, pattern: LedPattern) -> list[str]:
        """Apply `pattern`, touching only parts whose light changed; returns their names."""
        changed = []
        for name, device, light in self._devices(pattern):
            if self._shown.get(name) != light:
                apply_light(device, light)
                self._shown[name] = light
                changed.append(name)
        return changed

    def close(self) -> None:
        """Turn everything off and release the pins; safe to call twice."""
        for device in (self.ready, self.reroll, self.error, self.seats, self.buzzer):
            if device is not None:
                device.off()
                device.close()
        self.ready = self.reroll = self.error = self.seats = self.buzzer = None
        self._shown.clear()

    def __enter__(self) -> TableLights:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
