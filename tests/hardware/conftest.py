"""Hardware fixtures: the default wiring and a hand-driven clock (mock pins: tests/conftest.py)."""

from __future__ import annotations

import queue
from typing import Any

import pytest
from hw_helpers import FakeClock

from hardware.pins import GpioConfig, gpio_config


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
