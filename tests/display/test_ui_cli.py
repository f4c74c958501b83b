"""`companion demo` without a screen plays a simulated table, prints it, saves a picture."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.cli import main


def test_ui_headless_demo_plays_and_saves_a_screenshot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    shot = tmp_path / "demo.png"
    assert main(["demo", "--steps", "80", "--seed", "3", "--screenshot", str(shot)]) == 0
    out = capsys.readouterr().out
    assert "headless" in out and " rolls " in out
    assert pygame.image.load(str(shot)).get_size() == (800, 480)


def test_ui_demo_rejects_a_bad_size() -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--size", "big"])
