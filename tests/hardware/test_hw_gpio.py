from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.exc import BadPinFactory
from gpiozero.pins.mock import MockFactory

from hardware.gpio import gpio_available, pins_are_mock


def test_mock_pins_count_as_gpio(mock_pins: MockFactory) -> None:
    assert gpio_available()
    assert pins_are_mock()


def test_a_laptop_has_no_gpio(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_factory() -> None:
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_factory))
    assert not gpio_available()
    assert not pins_are_mock()
