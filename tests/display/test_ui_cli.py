"""`companion demo` without a screen plays a simulated table, prints it, saves a picture."""

from __future__ import annotations

from collections.abc import Callable
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


def test_ui_run_resumes_the_unfinished_match_after_a_restart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.session import new_session
    from display.app import App
    from display.scenes import roll_now, start

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("DISPLAY", ":fake")  # the dummy driver stands in for the window
    before = new_session(tmp_path / "journal.sqlite")
    start(before, 2)
    roll_now(before, "B2 B6 R3")
    before.journal.close()  # the power is cut here
    shown: list[str] = []

    (tmp_path / "config.toml").write_text('[vision]\nsource = "none"\n')
    refreshed: list[bool] = []

    def one_frame(app: App, after_step: Callable[[], None]) -> None:
        app.step()
        after_step()
        refreshed.append(True)
        shown.append(app.ui.screen)
        state = app.session.state
        assert state is not None and str(state.game.turn.roll) == "B2 B6 R3"

    monkeypatch.setattr(App, "run", one_frame)
    assert main(["run", "--windowed"]) == 0
    assert "match resumed" in capsys.readouterr().out
    assert shown == ["boards"] and refreshed == [True]
