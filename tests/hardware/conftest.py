"""Hardware fixtures: gpiozero's mock pins, fresh for every test, and a hand-driven clock."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from hw_helpers import FakeClock

from hardware.pins import GpioConfig, gpio_config


@pytest.fixture
def mock_pins(monkeypatch: pytest.MonkeyPatch) -> Iterator[MockFactory]:
    """A new MockFactory as gpiozero's pin factory, reset and closed after the test."""
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory
    factory.reset()
    factory.close()
    Device.pin_factory = None


@pytest.fixture
def wiring() -> GpioConfig:
    """The default wiring (docs/wiring.md) with a short hold so hold tests stay fast."""
    return gpio_config({"gpio": {"hold_time": 0.1, "buzzer": True}})


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def commands() -> queue.Queue[Any]:
    return queue.Queue()
