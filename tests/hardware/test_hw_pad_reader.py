from __future__ import annotations

import logging
import os
import queue
import select
import tty
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hw_helpers import wait_for

from companion.commands import Button, PadLink, Press
from companion.config import ConfigError
from hardware.leds import WAITING_BLINK, led_pattern
from hardware.pad_protocol import Problem
from hardware.pad_reader import Backoff, PadManager, SeatPad, pads_config
from hardware.pad_sim import SimulatedPad
from hardware.signals import TableSignals

FAST = 0.02


def pump(
    pad: SimulatedPad, condition: Callable[[], bool], received: list[str] | None = None
) -> list[str]:
    """Run the simulated firmware until `condition` holds; the host lines go to `received`."""
    received = [] if received is None else received

    def step() -> bool:
        received.extend(pad.poll(0.01))
        return condition()

    assert wait_for(step, timeout=2.0, step=0)
    return received


class Inbox:
    """What the readers put on the app's queue, kept in arrival order."""

    def __init__(self, commands: queue.Queue[Any]) -> None:
        self._commands = commands
        self.items: list[Any] = []

    def take(self) -> list[Any]:
        while not self._commands.empty():
            self.items.append(self._commands.get_nowait())
        return self.items

    def has(self, wanted: object) -> Callable[[], bool]:
        return lambda: wanted in self.take()


@pytest.fixture
def sim() -> Iterator[SimulatedPad]:
    with SimulatedPad(seat=3, firmware="2.1") as pad:
        yield pad


def test_backoff_doubles_to_its_limit_and_resets() -> None:
    backoff = Backoff(first=0.5, limit=4)
    assert [backoff.next() for _ in range(6)] == [0.5, 1, 2, 4, 4, 4]
    backoff.reset()
    assert backoff.next() == 0.5


def test_pads_config() -> None:
    assert pads_config({}) == []
    assert pads_config({"pads": {"ports": ["/dev/ttyACM*", "loop://"]}}) == [
        "/dev/ttyACM*",
        "loop://",
    ]
    with pytest.raises(ConfigError, match=r"\[pads\] ports = '/dev/ttyACM0': give a list"):
        pads_config({"pads": {"ports": "/dev/ttyACM0"}})
    with pytest.raises(ConfigError, match="unknown key"):
        pads_config({"pads": {"port": []}})


def test_hello_then_presses_carry_the_seat(sim: SimulatedPad, commands: queue.Queue[Any]) -> None:
    inbox = Inbox(commands)
    with SeatPad(sim.path, commands) as pad:
        # the pad says seat 3; Commands carry the player index, 2
        received = pump(sim, inbox.has(PadLink(2, True, f"firmware 2.1 on {sim.path}")))
        assert received[0] == "WHO"
        assert pad.connected and pad.seat == 3 and pad.firmware == "2.1"
        sim.press(Button.PLACED)
        sim.press(Button.PASS)
        pump(sim, inbox.has(Press(Button.PASS, 2)))
    assert inbox.take()[1:] == [Press(Button.PLACED, 2), Press(Button.PASS, 2)]
    assert pad.problems == {}
    assert not pad.connected
    pad.close()  # a second close is harmless


def test_led_and_buzz_reach_the_pad_and_are_resent_after_hello(
    sim: SimulatedPad, commands: queue.Queue[Any]
) -> None:
    received: list[str] = []
    with SeatPad(sim.path, commands) as pad:
        pump(sim, lambda: pad.connected, received)
        pad.show(WAITING_BLINK)
        pad.show(WAITING_BLINK)  # unchanged: not sent again
        pad.buzz(150)
        pump(sim, lambda: "BUZZ 150" in received, received)
        assert received.count("LED BLINK 400 400") == 1
        sim.hello()  # the pad rebooted: it must get its LED state again
        pump(sim, lambda: received.count("LED BLINK 400 400") == 2, received)


def raw_pty() -> tuple[int, str]:
    master, slave = os.openpty()
    tty.setraw(slave)
    return master, os.ttyname(slave)


def test_garbage_is_counted_and_logged_never_fatal(
    commands: queue.Queue[Any], caplog: pytest.LogCaptureFixture
) -> None:
    master, path = raw_pty()
    try:
        with SeatPad(path, commands) as pad, caplog.at_level(logging.WARNING):
            assert select.select([master], [], [], 2.0)[0]
            assert os.read(master, 100) == b"WHO\n"  # the port is open: lines now arrive
            os.write(master, b"DOWN placed\n")  # before HELLO: no seat to give it
            os.write(master, b"\x00\xff\xfe binary\n" + b"A" * 500 + b"\n")
            os.write(master, b"JUMP now\nHELLO 9 1.0\nHELLO 2 1.0\nDOWN pass\n")
            assert wait_for(Inbox(commands).has(Press(Button.PASS, 1)))
        assert pad.problems == {
            Problem.NO_HELLO: 1,
            Problem.BINARY: 1,
            Problem.OVERLONG: 1,
            Problem.UNKNOWN: 1,
            Problem.MALFORMED: 1,
        }
        assert "bad line (overlong" in caplog.text
        assert "bad line (malformed: seat 9 is not in 1..4)" in caplog.text
    finally:
        os.close(master)


def test_loop_port_counts_its_own_echo_as_unknown(commands: queue.Queue[Any]) -> None:
    with SeatPad("loop://", commands) as pad:
        assert wait_for(lambda: pad.problems[Problem.UNKNOWN] == 1)  # WHO came back
        pad.buzz(10)
        assert wait_for(lambda: pad.problems[Problem.UNKNOWN] == 2)
        assert not pad.connected
    assert commands.empty()


def test_unplug_is_reported_and_the_pad_reconnects_with_backoff(
    tmp_path: Path, commands: queue.Queue[Any]
) -> None:
    inbox = Inbox(commands)
    link = tmp_path / "ttyPAD0"  # like /dev/serial/by-id/…: a stable name for the pad
    first = SimulatedPad(seat=3, firmware="2.1")
    link.symlink_to(first.path)
    with SeatPad(str(link), commands, Backoff(first=FAST, limit=0.1)) as pad:
        pump(first, lambda: pad.connected)
        first.close()  # the cable is pulled
        link.unlink()
        assert wait_for(lambda: len(inbox.take()) == 2)
        gone = inbox.items[1]
        assert (gone.seat, gone.connected) == (2, False)  # seat 3 is player 2
        assert gone.detail.startswith("unplugged")
        assert not pad.connected
        with SimulatedPad(seat=3, firmware="2.2") as second:
            link.symlink_to(second.path)
            pump(second, lambda: pad.connected and pad.firmware == "2.2")
            second.press(Button.PLACED)
            assert wait_for(inbox.has(Press(Button.PLACED, 2)))
        assert pad.connects == 2
    assert inbox.items[2] == PadLink(2, True, f"firmware 2.2 on {link}")


def test_manager_finds_pads_plugged_in_later_and_drives_their_leds(
    tmp_path: Path, commands: queue.Queue[Any]
) -> None:
    def all_connected(manager: PadManager, count: int) -> Callable[[], bool]:
        pads = manager.pads.values()
        return lambda: len(manager.pads) == count and all(pad.connected for pad in pads)

    got_one: list[str] = []
    got_three: list[str] = []
    with SimulatedPad(seat=1) as one, SimulatedPad(seat=3) as three:
        (tmp_path / "pad-a").symlink_to(one.path)
        with PadManager([str(tmp_path / "pad-*")], commands, scan_interval=FAST) as manager:
            pump(one, all_connected(manager, 1), got_one)
            (tmp_path / "pad-b").symlink_to(three.path)  # plugged in mid-game
            pump(three, all_connected(manager, 2), got_three)
            manager.show(led_pattern(TableSignals(waiting_for_roll=True, active_seat=3, seats=3)))
            pump(three, lambda: "LED ON" in got_three, got_three)
            rejected = led_pattern(TableSignals(error=True, active_seat=3, seats=3))
            manager.show(rejected)
            manager.show(rejected)  # the same rejection: one beep
            manager.show(led_pattern(TableSignals(active_seat=1, seats=3)))
            pump(one, lambda: "LED ON" in got_one, got_one)
        manager.close()
        assert got_one.count("BUZZ 150") == 1
        assert got_one[-1] == "LED ON"


def test_a_repeated_hello_is_announced_once_and_a_new_seat_moves_the_pad(
    commands: queue.Queue[Any],
) -> None:
    master, path = raw_pty()
    try:
        with SeatPad(path, commands):
            assert select.select([master], [], [], 2.0)[0]
            os.read(master, 100)
            os.write(master, b"HELLO 2 1.0\nHELLO 2 1.0\nHELLO 3 1.0\nDOWN placed\n")
            inbox = Inbox(commands)
            assert wait_for(inbox.has(Press(Button.PLACED, 2)))
        assert inbox.items == [
            PadLink(1, True, f"firmware 1.0 on {path}"),
            PadLink(1, False, "now seat 3"),
            PadLink(2, True, f"firmware 1.0 on {path}"),
            Press(Button.PLACED, 2),
        ]
    finally:
        os.close(master)
