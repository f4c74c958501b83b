"""Shared fixtures: the shared test data folder, found as DEVELOPERS.md says."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

REPO = Path(__file__).resolve().parent.parent


def _data_dir() -> Path:
    env = os.environ.get("COMPANION_TEST_DATA")
    return Path(env) if env else REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The shared labelled photos; skip where absent, fail under CI=true."""
    path = _data_dir()
    if not (path / "README.md").is_file():
        reason = f"shared test data not found at {path} (set COMPANION_TEST_DATA)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return path


@pytest.fixture
def mock_pins(monkeypatch: pytest.MonkeyPatch) -> Iterator[MockFactory]:
    """A new gpiozero MockFactory as the pin factory, reset and closed after the test."""
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory
    factory.reset()
    factory.close()
    Device.pin_factory = None
