"""`companion hw-test`: walk an installer through every LED and button, pin by pin.

Each LED lights in turn, then each button is waited for with a time limit. Every button
is listened to at once, so pressing the wrong one names the pin that did fire (swapped
wires show up as such). With `simulate` on gpiozero's mock pins the test presses the
buttons itself, so the whole walk runs unattended where no Pi exists.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Any, TextIO

from hardware.leds import TableLights
from hardware.pins import HEADER_PIN, GpioConfig

SIMULATED_PRESS_DELAY = 0.05


def _where(pin: int) -> str:
    return f"BCM {pin} (header pin {HEADER_PIN[pin]})"


def _led_parts(lights: TableLights, config: GpioConfig) -> list[tuple[str, int, Any]]:
    parts = [
        ("ready_led", config.ready_led, lights.ready),
        ("reroll_led", config.reroll_led, lights.reroll),
        ("error_led", config.error_led, lights.error),
    ]
    if lights.seats is not None:
        for i, (pin, led) in enumerate(zip(config.seat_leds, lights.seats.leds, strict=True)):
            parts.append((f"seat {i + 1} LED", pin, led))
    if lights.buzzer is not None and config.buzzer is not None:
        parts.append(("buzzer", config.buzzer, lights.buzzer))
    return parts


def check_leds(config: GpioConfig, out: TextIO, light_time: float) -> None:
    """Light each LED (and sound the buzzer) alone for `light_time` s, naming its pin."""
    with TableLights(config) as lights:
        for name, pin, device in _led_parts(lights, config):
            device.on()
            print(f"{name:<12} {_where(pin)}: on — is the right one lit?", file=out)
            time.sleep(light_time)
            device.off()


def _press_later(pin: int) -> None:
    from gpiozero import Device

    mock_pin = Device.pin_factory.pin(pin)
    time.sleep(SIMULATED_PRESS_DELAY)
    mock_pin.drive_low()
    time.sleep(SIMULATED_PRESS_DELAY)
    mock_pin.drive_high()


def check_buttons(config: GpioConfig, out: TextIO, timeout: float, simulate: bool) -> int:
    """Wait for each button in turn; returns how many did not work as wired."""
    from gpiozero import Button

    wiring = config.named_pins()[:4]
    presses: queue.Queue[tuple[str, int]] = queue.Queue()
    buttons = []
    failures = 0
    try:
        for name, pin in wiring:
            button = Button(pin, bounce_time=config.bounce_time or None)
            button.when_pressed = lambda name=name, pin=pin: presses.put((name, pin))
            buttons.append(button)
        for name, pin in wiring:
            print(f"press {name.upper():<8} {_where(pin)} …", file=out, flush=True)
            if simulate:
                threading.Thread(target=_press_later, args=(pin,), daemon=True).start()
            failures += not _await_press(presses, name, pin, timeout, out)
    finally:
        for button in buttons:
            button.close()
    return failures


def _await_press(
    presses: queue.Queue[tuple[str, int]], name: str, pin: int, timeout: float, out: TextIO
) -> bool:
    try:
        got, got_pin = presses.get(timeout=timeout)
    except queue.Empty:
        print(
            f"  FAIL: no press on {_where(pin)} within {timeout:g} s — is {name} wired "
            f"between BCM {pin} and a ground pin?",
            file=out,
        )
        return False
    if got != name:
        print(
            f"  FAIL: {_where(got_pin)} ({got}) fired instead — are the {name} and {got} "
            "wires swapped?",
            file=out,
        )
        return False
    print(f"  ok: {_where(pin)} pressed", file=out)
    return True


def run_hw_test(
    config: GpioConfig, out: TextIO, *, timeout: float, light_time: float, simulate: bool
) -> int:
    """The whole walk: LEDs then buttons; exit status 0 only when every button worked."""
    check_leds(config, out, light_time)
    failures = check_buttons(config, out, timeout, simulate)
    if failures:
        print(f"hw-test: {failures} button(s) need attention (see docs/wiring.md)", file=out)
        return 1
    print("hw-test: every LED was lit and every button answered", file=out)
    return 0
