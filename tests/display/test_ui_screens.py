"""Every screen rendered headless at the three sizes, checked on its pixels and widgets."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest
from ui_helpers import inset, pixel, text_of, widget

from companion.kwingto.engine import legal_placements
from companion.kwingto.state import Phase
from display import theme
from display.layout import SIZES
from display.scenes import SCENES, build_scene
from display.screens.boards import find_cell


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", SCENES)
def test_ui_every_screen_renders_with_touch_sized_targets(
    scene: str, size: tuple[int, int], tmp_path: Path
) -> None:
    app = build_scene(scene, size)
    path = tmp_path / f"{scene}.png"
    app.screenshot(path)
    image = pygame.image.load(str(path))
    assert image.get_size() == size
    packed = pygame.surfarray.array2d(image.convert(32, 0))
    assert len(np.unique(packed[::3, ::3])) > 20, "the screen is (almost) blank"
    screen = pygame.Rect((0, 0), size)
    for w in app.layout().all:
        assert screen.contains(w.rect), f"{w.id} {w.rect} leaves the {size} screen"
        if w.kind == "button":
            assert min(w.rect.size) >= theme.MIN_TOUCH, f"{w.id} {w.rect.size} is under 48 px"


def legal_mask(app_surface: pygame.Surface) -> np.ndarray:
    """Where the legal-space colour is drawn."""
    rgb = pygame.surfarray.array3d(app_surface)
    return np.all(rgb == np.array(theme.LEGAL), axis=2)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui_legal_spaces_are_highlighted_exactly_where_the_engine_says(
    size: tuple[int, int],
) -> None:
    app = build_scene("boards", size)
    app.update()
    state = app.session.state
    assert state is not None and state.phase is Phase.PLACE
    mask = legal_mask(app.surface)
    allowed = np.zeros_like(mask)
    seen = 0
    for p in range(state.players):
        legal = {(pl.row, pl.col) for pl in legal_placements(state, p)}
        for r in range(3):
            for c in range(5):
                cell = find_cell(app.view(), (p, r, c))
                highlighted = pixel(app, inset(cell)) == theme.LEGAL
                assert highlighted == ((r, c) in legal), (p, r, c)
                if (r, c) in legal:
                    allowed[cell.left : cell.right, cell.top : cell.bottom] = True
                    seen += 1
    assert seen > 0, "the scene should have legal spaces"
    assert not (mask & ~allowed).any(), "the highlight colour appears outside legal spaces"


def test_ui_score_table_shows_the_engine_scores() -> None:
    app = build_scene("scores", (800, 480))
    state = app.session.state
    assert state is not None and state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
    scores = state.finished[-1].scores
    for p, s in enumerate(scores):
        assert text_of(app, f"score.rows.{p}") == str(sum(s.rows))
        assert text_of(app, f"score.columns.{p}") == str(sum(s.columns))
        assert text_of(app, f"score.straights.{p}") == str(sum(s.straights))
        assert text_of(app, f"score.penalties.{p}") == str(s.penalty_points)
        assert text_of(app, f"score.total.{p}") == str(s.total)
        assert text_of(app, f"score.match.{p}") == str(state.cumulative()[p])
        assert text_of(app, f"score.wins.{p}") == str(state.wins()[p])
    app.update()
    chart = widget(app, "score.chart").rect
    rgb = pygame.surfarray.array3d(app.surface)[chart.left : chart.right, chart.top : chart.bottom]
    for seat in app.session.seats:
        colour = np.array(theme.seat_colour(seat.colour))
        assert np.all(rgb == colour, axis=2).sum() > 50, f"no line for {seat.name}"


def test_ui_roll_screen_shows_result_and_outlines_the_dice_seen() -> None:
    app = build_scene("roll", (800, 480))
    assert text_of(app, "roll.result") == "5"
    app.update()
    camera = widget(app, "roll.camera").rect
    rgb = pygame.surfarray.array3d(app.surface)[
        camera.left : camera.right, camera.top : camera.bottom
    ]
    assert np.all(rgb == np.array(theme.ACCENT), axis=2).sum() > 200, "no die outlined"
    assert widget(app, "roll.confirm").tappable


def test_ui_failed_throw_shows_a_banner() -> None:
    app = build_scene("roll_failed", (800, 480))
    assert text_of(app, "roll.result") == "17"
    banner = widget(app, "roll.banner")
    assert "17" in banner.text
    assert pixel(app, inset(banner.rect, 6)) == theme.ERROR


def test_ui_engine_error_is_shown_beside_the_space_tapped() -> None:
    app = build_scene("boards_error", (800, 480))
    space = app.session.error_space
    assert space is not None and app.session.last_error is not None
    cell = find_cell(app.view(), space)
    bubble = widget(app, "error.bubble").rect
    gap = min(abs(bubble.top - cell.bottom), abs(cell.top - bubble.bottom))
    assert gap <= 12 and bubble.left <= cell.centerx <= bubble.right
    assert pixel(app, (cell.centerx, cell.top + 1)) == theme.ERROR
    headline = app.ctl.tr.t(f"rule.{app.session.last_error.clause}")
    assert headline.startswith(text_of(app, "error.line.0"))
    assert app.session.last_error.message[:12] in " ".join(
        w.text for w in app.layout().all if w.id.startswith("error.detail")
    )
