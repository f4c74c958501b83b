"""Whether this machine has GPIO pins gpiozero can drive.

The app asks once at start-up: with pins it builds the table buttons and LEDs, without
(a laptop) the keyboard stands in (`hardware.keys`). gpiozero's own fallback warnings are
silenced because "no GPIO here" is an expected answer, not a fault.
"""

from __future__ import annotations

import warnings


def gpio_available() -> bool:
    """True when gpiozero found a pin factory (a Pi, or GPIOZERO_PIN_FACTORY=mock)."""
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            Device.ensure_pin_factory()
    except BadPinFactory:
        return False
    return True


def pins_are_mock() -> bool:
    """True when the pins are gpiozero's mock ones (tests, `hw-test --simulate`)."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    return gpio_available() and isinstance(Device.pin_factory, MockFactory)
