"""A whole 2-player game played to its score screen by posting touch events only."""

from __future__ import annotations

import random

import pygame
from ui_helpers import inset, pixel, tap_id, widget

from companion.kwingto.engine import legal_placements
from companion.kwingto.state import Phase
from display import theme
from display.app import App
from display.scenes import memory_session
from display.screens.boards import find_cell


def enter_dice(app: App, rng: random.Random) -> None:
    """Add 1–3 dice of random colours by touch and tap each up to a random value."""
    for i in range(rng.randint(1, 3)):
        tap_id(app, rng.choice(["dice.add_red", "dice.add_black"]), finger=rng.random() < 0.5)
        for _ in range(rng.randint(0, 5)):
            tap_id(app, f"die.{i}")


def decide(app: App, rng: random.Random, player: int) -> None:
    """A player places in a highlighted space (choosing a suit if asked) or passes."""
    state = app.session.state
    assert state is not None
    options = legal_placements(state, player)
    if not options or rng.random() < 0.1:
        tap_id(app, f"board.{player}.pass")
        return
    choice = rng.choice(options)
    cell = find_cell(app.view(), (player, choice.row, choice.col))
    assert pixel(app, inset(cell)) == theme.LEGAL, "a legal space is not highlighted"
    tap_id(app, f"cell.{player}.{choice.row}.{choice.col}", finger=True)
    if app.ui.dialog is not None:
        cards = [w for w in app.layout().dialog if w.id.startswith("dialog.card.")]
        tap_id(app, rng.choice(cards).id)


def test_ui_whole_game_by_touch_reaches_the_score_screen() -> None:
    pygame.event.clear()
    rng = random.Random(2024)
    app = App(memory_session(), pygame.Surface((800, 480)), rng=random.Random(1))
    app.update()
    tap_id(app, "setup.count.2")
    tap_id(app, "setup.start")
    assert app.ui.screen == "roll"
    for _ in range(400):
        state = app.session.state
        assert state is not None
        if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            break
        if state.phase is Phase.ROLL:
            assert app.ui.screen == "roll"
            enter_dice(app, rng)
            tap_id(app, "roll.confirm")
            continue
        turn = state.game.turn
        if turn.roll is not None and turn.roll.failed:
            assert app.ui.screen == "roll" and "roll.banner" in {w.id for w in app.layout().all}
            tap_id(app, "roll.confirm")
            continue
        assert app.ui.screen == "boards"
        undecided = [p for p in range(2) if not turn.decided(p) or turn.card_to_move(p)]
        if undecided:
            decide(app, rng, undecided[0])
        else:
            tap_id(app, "nav.confirm")
    state = app.session.state
    assert state is not None and state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
    assert app.ui.screen == "scores"
    total = state.finished[-1].scores[0].total
    assert widget(app, "score.total.0").text == str(total)
    assert len(app.session.actions) > 20
