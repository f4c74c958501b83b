"""`companion hw-test` and `companion pad-sim`: the installer's and developer's hardware tools.

Only argparse is imported at registration; gpiozero and the pty machinery load inside the
handlers so other subcommands start fast.
"""

from __future__ import annotations

import argparse
import os
import select
import sys
import time
from pathlib import Path
from typing import Any

from companion.cli import UsageError

QUIT_KEYS = ("q", "\x04")


def _gpio_config(path: Path | None) -> Any:
    from companion.config import ConfigError, load_config
    from hardware.pins import gpio_config

    try:
        return gpio_config(load_config(path))
    except ConfigError as exc:
        raise UsageError(str(exc)) from exc


def _hw_test(args: argparse.Namespace) -> int:
    from hardware.gpio import gpio_available, pins_are_mock
    from hardware.hwtest import run_hw_test

    config = _gpio_config(args.config)
    if not gpio_available():
        raise UsageError(
            "no GPIO pins found on this machine; to try it without a Pi run "
            "GPIOZERO_PIN_FACTORY=mock companion hw-test --simulate"
        )
    mock = pins_are_mock()
    if args.simulate and not mock:
        raise UsageError("--simulate presses mock pins only: set GPIOZERO_PIN_FACTORY=mock")
    if mock and not args.simulate:
        print(
            f"hw-test: mock pins, nobody can press them: each button times out after "
            f"{args.timeout:g} s (add --simulate to press them automatically)",
            flush=True,
        )
    light_time = args.light_time if args.light_time is not None else (0.05 if mock else 1.0)
    return run_hw_test(
        config, sys.stdout, timeout=args.timeout, light_time=light_time, simulate=args.simulate
    )


def _seat(text: str) -> int:
    from hardware.pins import MAX_SEAT_LEDS

    if not text.isdigit() or not 1 <= int(text) <= MAX_SEAT_LEDS:
        raise argparse.ArgumentTypeError(f"a seat is 1 to {MAX_SEAT_LEDS}")
    return int(text)


def _firmware(text: str) -> str:
    from hardware.pad_protocol import FIRMWARE

    if not FIRMWARE.fullmatch(text):
        raise argparse.ArgumentTypeError("1-16 of letters, digits and . _ + -")
    return text


def _show(received: list[str]) -> None:
    for line in received:
        print(f"← {line}", flush=True)


def _press(pad: Any, key: str) -> None:
    from hardware.pad_sim import KEYS

    button = KEYS.get(key.lower())
    if button is not None:
        for line in pad.press(button):
            print(f"→ {line}", flush=True)


def _scripted(pad: Any, keys: str, wait: float, delay: float) -> int:
    """Wait for the host's WHO, type `keys`, then serve host lines for `delay` s."""
    deadline = time.monotonic() + wait
    while True:
        received = pad.poll(0.05)
        _show(received)
        if "WHO" in received:
            break
        if time.monotonic() > deadline:
            print(f"pad-sim: no host opened {pad.path} within {wait:g} s", file=sys.stderr)
            return 1
    for key in keys:
        _press(pad, key)
        end = time.monotonic() + delay
        while time.monotonic() < end:
            _show(pad.poll(0.05))
    return 0


def _interactive(pad: Any) -> int:
    """Keys from stdin (raw when it is a terminal) until q, Ctrl-D or end of input."""
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd) if os.isatty(fd) else None
    if saved is not None:
        tty.setcbreak(fd)
    try:
        while True:
            _show(pad.poll(0.05))
            if not select.select([fd], [], [], 0.05)[0]:
                continue
            key = os.read(fd, 1).decode("ascii", "replace")
            if not key or key in QUIT_KEYS:
                return 0
            _press(pad, key)
    finally:
        if saved is not None:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _pad_sim(args: argparse.Namespace) -> int:
    from hardware.pad_sim import SimulatedPad

    with SimulatedPad(args.seat, args.firmware) as pad:
        print(f"pad-sim: seat {args.seat} (firmware {args.firmware}) on {pad.path}", flush=True)
        print(
            f'  add  ports = ["{pad.path}"]  under [pads] in config.toml; '
            "keys: Enter/Space = placed, p = pass, q = quit",
            flush=True,
        )
        pad.hello()
        if args.keys is not None:
            return _scripted(pad, args.keys, args.wait, args.delay)
        return _interactive(pad)


def register(sub: Any) -> None:
    """Add `companion hw-test` and `companion pad-sim` to the command line."""
    p = sub.add_parser("hw-test", help="light each LED and wait for each button (installers)")
    p.add_argument("--config", type=Path, help="config file (default: the installed one)")
    p.add_argument(
        "--simulate", action="store_true", help="press the mock pins automatically (no Pi)"
    )
    p.add_argument("--timeout", type=float, default=15.0, help="seconds to wait per button")
    p.add_argument("--light-time", type=float, help="seconds each LED stays lit")
    p.set_defaults(handler=_hw_test)

    p = sub.add_parser("pad-sim", help="a simulated seat pad on a pseudo-terminal")
    p.add_argument("--seat", type=_seat, default=1, help="the seat this pad serves (1-4)")
    p.add_argument(
        "--firmware", type=_firmware, default="sim-1.0", help="firmware version to announce"
    )
    p.add_argument("--keys", help="type these keys once the host connects, then exit")
    p.add_argument("--wait", type=float, default=30.0, help="with --keys: wait for the host")
    p.add_argument("--delay", type=float, default=0.5, help="with --keys: seconds between keys")
    p.set_defaults(handler=_pad_sim)
