from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.exc import BadPinFactory
from gpiozero.pins.mock import MockFactory
from hw_helpers import drain, wait_for

from companion.cli import main
from companion.commands import Button, PadLink, Press
from hardware.hwtest import check_buttons
from hardware.pad_reader import SeatPad
from hardware.pins import GpioConfig

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def factory_from_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """gpiozero picks its factory from GPIOZERO_PIN_FACTORY=mock, as on the command line."""
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    Device.pin_factory = None
    yield
    if Device.pin_factory is not None:
        Device.pin_factory.reset()
        Device.pin_factory.close()
        Device.pin_factory = None


def test_hw_test_simulated_lights_every_led_and_presses_every_button(
    factory_from_env: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["hw-test", "--simulate"]) == 0
    out = capsys.readouterr().out
    for pin in (17, 27, 22, 23):
        assert f"ok: BCM {pin} (header pin" in out
    for pin in (5, 6, 13, 16, 20, 21, 26):
        assert f"BCM {pin} (header pin" in out
        states = [s.state for s in Device.pin_factory.pin(pin).states]
        assert states[-2:] == [True, False]  # lit once, then dark again
    assert "every button answered" in out


def test_hw_test_on_mock_pins_times_out_per_button(
    factory_from_env: None, capsys: pytest.CaptureFixture[str]
) -> None:
    start = time.monotonic()
    assert main(["hw-test", "--timeout", "0.05", "--light-time", "0"]) == 1
    assert time.monotonic() - start < 2
    out = capsys.readouterr().out
    assert "mock pins, nobody can press them" in out
    assert out.count("FAIL: no press on BCM") == 4
    assert "no press on BCM 23 (header pin 16) within 0.05 s" in out
    assert "4 button(s) need attention" in out


def test_hw_test_reports_a_bad_config_as_one_line(
    factory_from_env: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[gpio]\nconfirm = 17\npass = 17\n")
    assert main(["hw-test", "--config", str(config)]) == 2
    assert capsys.readouterr().err == (
        "companion: [gpio] pin 17 is used by both confirm and pass\n"
    )


def test_hw_test_without_gpio_says_how_to_try_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_factory() -> None:
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_factory))
    assert main(["hw-test"]) == 2
    assert "GPIOZERO_PIN_FACTORY=mock companion hw-test --simulate" in capsys.readouterr().err


def test_hw_test_names_swapped_wires(mock_pins: MockFactory, wiring: GpioConfig) -> None:
    def installer() -> None:
        time.sleep(0.2)
        for pin in (wiring.pass_, wiring.reroll, wiring.pass_, wiring.undo):
            mock_pins.pin(pin).drive_low()
            mock_pins.pin(pin).drive_high()
            time.sleep(0.06)  # past the bounce time

    out = StringIO()
    threading.Thread(target=installer, daemon=True).start()
    assert check_buttons(wiring, out, timeout=1.0, simulate=False) == 1
    text = out.getvalue()
    assert "BCM 22 (header pin 15) (pass) fired instead — are the confirm and pass wires" in text
    assert text.count("  ok: ") == 3


def start_pad_sim(*args: str, stdin: int | None = None) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "pad-sim", *args],
        cwd=REPO,
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith("pad-sim: seat"), first + proc.stderr.read() if proc.stderr else ""
    return proc, first.rsplit(" on ", 1)[1].strip()


def test_pad_sim_keys_become_presses_at_the_host(commands: queue.Queue[Any]) -> None:
    proc, path = start_pad_sim("--seat", "2", "--keys", "\rp", "--delay", "0.1")
    with SeatPad(path, commands):
        assert proc.wait(timeout=5) == 0
    assert drain(commands)[:3] == [
        PadLink(1, True, f"firmware sim-1.0 on {path}"),
        Press(Button.PLACED, 1),
        Press(Button.PASS, 1),
    ]
    out = proc.stdout.read() if proc.stdout else ""
    assert "← WHO" in out and "→ DOWN placed" in out and "→ UP pass" in out


@pytest.mark.parametrize("terminal", [False, True], ids=["pipe", "terminal"])
def test_pad_sim_interactive_reads_keys_from_stdin(
    commands: queue.Queue[Any], terminal: bool
) -> None:
    if terminal:  # a real keyboard: stdin is a terminal the simulator puts in cbreak mode
        keyboard, stdin = os.openpty()
    else:
        stdin, keyboard = os.pipe()
    try:
        proc, path = start_pad_sim("--seat", "4", stdin=stdin)
        with SeatPad(path, commands) as pad:
            assert wait_for(lambda: pad.connected)
            os.write(keyboard, b"p q")
            assert proc.wait(timeout=5) == 0
            assert wait_for(lambda: commands.qsize() >= 4)  # the simulator quit: unplugged
    finally:
        os.close(keyboard)
        os.close(stdin)
    items = drain(commands)
    assert items[1:3] == [Press(Button.PASS, 3), Press(Button.PLACED, 3)]
    assert items[3].connected is False


def test_pad_sim_without_a_host_gives_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pad-sim", "--keys", "p", "--wait", "0.2"]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith("pad-sim: seat 1 (firmware sim-1.0) on /dev/")
    assert "no host opened /dev/" in captured.err


@pytest.mark.parametrize("args", [["--seat", "5"], ["--seat", "x"], ["--firmware", "a b"]])
def test_pad_sim_rejects_bad_arguments(args: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["pad-sim", *args])
    assert info.value.code == 2


def test_cli_registers_both_commands_without_importing_gpiozero() -> None:
    code = (
        "import sys; from companion.cli import build_parser; build_parser(); "
        "print('gpiozero' in sys.modules, 'serial' in sys.modules)"
    )
    env = {k: v for k, v in os.environ.items() if k != "GPIOZERO_PIN_FACTORY"}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert result.stdout.strip() == "False False"
