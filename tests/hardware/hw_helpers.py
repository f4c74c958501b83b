"""Helpers shared by the hardware tests (a module, since conftest is not importable)."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import Any


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def wait_for(condition: Callable[[], bool], timeout: float = 2.0, step: float = 0.01) -> bool:
    """Poll `condition` until true or `timeout` s pass (for threads we do not control)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(step)
    return True


def drain(commands: queue.Queue[Any]) -> list[Any]:
    """Everything on the queue now."""
    items = []
    while not commands.empty():
        items.append(commands.get_nowait())
    return items
