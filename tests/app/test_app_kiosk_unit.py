"""The kiosk unit starts a command the companion really has, with options it accepts."""

import shlex
from pathlib import Path

from companion.cli import build_parser

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "companion.service"


def _exec_start() -> list[str]:
    line = next(x for x in UNIT.read_text().splitlines() if x.startswith("ExecStart="))
    return shlex.split(line.removeprefix("ExecStart="))


def test_exec_start_is_a_companion_command_the_parser_accepts():
    program, *args = _exec_start()
    assert program.endswith("/.venv/bin/companion")
    parsed = build_parser().parse_args(args)
    assert parsed.command == "run" and callable(parsed.handler)


def test_unit_restarts_and_is_installed_with_its_placeholders_filled():
    text = UNIT.read_text()
    assert "Restart=always" in text
    installer = (UNIT.parent / "install.sh").read_text()
    for placeholder in ("@USER@", "@PREFIX@"):
        assert placeholder in text and placeholder in installer
