"""Virtual seats, hints and dice advice on the touchscreen, played by touch events."""

from __future__ import annotations

import random

import numpy as np
import pygame
from test_ui_game import decide, enter_dice
from ui_helpers import inset, pixel, tap_id, text_of, widget

from companion.kwingto.actions import Pass, Place
from companion.kwingto.engine import legal_placements
from companion.kwingto.state import Phase
from display import theme
from display.app import App
from display.i18n import load_catalogue
from display.scenes import build_scene, memory_session, roll_now, start
from display.screens.boards import find_cell
from display.sim import SimulatedTable


def bot_app() -> App:
    """A fresh app whose bots move at once (no pause between their moves)."""
    pygame.event.clear()
    return App(memory_session(), pygame.Surface((800, 480)), rng=random.Random(5), bot_delay_s=0)


def test_ui_a_seat_becomes_a_bot_by_touch() -> None:
    app = bot_app()
    app.update()
    assert text_of(app, "setup.kind.1") == "Person"
    tap_id(app, "setup.kind.1", finger=True)
    assert text_of(app, "setup.kind.1") == "Bot: greedy"
    assert text_of(app, "setup.name.1") == "Bot 2"
    tap_id(app, "setup.kind.1")
    assert text_of(app, "setup.kind.1") == "Bot: advisor"
    tap_id(app, "setup.start")
    seats = app.session.seats
    assert [s.bot for s in seats] == [None, "advisor"] and seats[1].name == "Bot 2"
    tap_id(app, "tab.boards")
    assert "BOT" in text_of(app, "board.1.info")
    assert not widget(app, "cell.1.0.0").tappable


def test_ui_one_person_and_one_bot_play_a_game_to_the_scores() -> None:
    app = bot_app()
    rng = random.Random(7)
    app.update()
    tap_id(app, "setup.kind.1")
    tap_id(app, "setup.start")
    for _ in range(600):
        state = app.session.state
        assert state is not None
        if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            break
        turn = state.game.turn
        if state.phase is Phase.ROLL and turn.active == 1:
            app.step()  # the bot rolls and decides by itself
        elif state.phase is Phase.ROLL:
            enter_dice(app, rng)
            tap_id(app, "roll.confirm")
        elif turn.roll is not None and turn.roll.failed:
            tap_id(app, "roll.confirm")  # a failed throw: nobody places, end the turn
        elif not turn.decided(0) or turn.card_to_move(0):
            decide(app, rng, 0)
        elif not turn.decided(1):
            app.step()  # the bot places or passes once the person has decided
        else:
            tap_id(app, "nav.confirm")
    state = app.session.state
    assert state is not None and state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
    assert app.ui.screen == "scores"
    bot_moves = [a for a in app.session.actions if isinstance(a, Place | Pass) and a.player == 1]
    assert len(bot_moves) > 5


def hint_mask(surface: pygame.Surface) -> np.ndarray:
    """Where the hint's outline colour is drawn."""
    rgb = pygame.surfarray.array3d(surface)
    return np.all(rgb == np.array(theme.HINT), axis=2)


def test_ui_hint_marks_the_advisors_space_and_is_counted_on_the_scores() -> None:
    app = build_scene("boards_hint", (800, 480))
    app.update()
    state = app.session.state
    assert state is not None
    advice = app.ctl.advice()
    assert advice is not None
    ((player, recommended),) = advice.hints.items()
    assert isinstance(recommended, Place)
    assert (recommended.row, recommended.col) in {
        (p.row, p.col) for p in legal_placements(state, player)
    }
    assert state.game.players[player].hints == 1
    cell = find_cell(app.view(), (player, recommended.row, recommended.col))
    mask = hint_mask(app.surface)
    inside = np.zeros_like(mask)
    inside[cell.left : cell.right, cell.top : cell.bottom] = True
    assert mask[inside].any(), "the hinted space has no hint outline"
    assert not mask[~inside].any(), "the hint outline is drawn outside the advisor's space"
    assert pixel(app, cell.center) == theme.BACKGROUND  # the star, where legal has a "+"
    assert pixel(app, inset(cell, 8)) == theme.LEGAL  # still a legal space
    assert text_of(app, f"board.{player}.status").startswith("Hint: ")
    assert not widget(app, f"board.{player}.hint").tappable  # asked once per roll
    tap_id(app, "tab.scores")
    assert text_of(app, "score.hints") == "Hints"
    assert text_of(app, f"score.hints.{player}") == "1"


def test_ui_hint_button_plays_use_hint_and_may_say_pass() -> None:
    app = build_scene("boards", (800, 480))
    state = app.session.state
    assert state is not None
    player = next(p for p in range(state.players) if not state.game.turn.decided(p))
    tap_id(app, f"board.{player}.hint", finger=True)
    state = app.session.state
    assert state is not None and state.game.players[player].hints == 1
    advice = app.ctl.advice()
    assert advice is not None and player in advice.hints
    if isinstance(advice.hints[player], Pass):
        assert text_of(app, f"board.{player}.status") == "Hint: pass"


def test_ui_dice_advice_on_the_roll_screen() -> None:
    app = build_scene("roll", (800, 480))
    tap_id(app, "roll.advice")
    assert text_of(app, "roll.advice_text").startswith("Advice: ")
    assert text_of(app, "roll.advice_odds").endswith("% chance to place a card")
    state = app.session.state
    assert state is not None and state.game.players[state.game.turn.active].hints == 1


def test_ui_bot_and_hint_strings_are_in_spanish() -> None:
    es = load_catalogue("es")
    assert es["board.hint"] == "Pista" and es["score.hints"] == "Pistas"
    assert es["setup.person"] == "Persona" and es["board.hint_pass"] == "Pista: pasar"
    app = bot_app()
    app.ctl.set_language("es")
    app.ctl.cycle_seat_kind(1)
    app.update()
    assert text_of(app, "setup.kind.1") == "Bot: voraz"
    assert text_of(app, "setup.kind.0") == "Persona"


def test_ui_bots_move_at_a_followable_pace_and_wait_for_the_active_person() -> None:
    now = [0.0]
    pygame.event.clear()
    session = memory_session()
    start(session, 2, bots=(None, "greedy"))  # Ana (a person) rolls first
    app = App(session, pygame.Surface((800, 480)), rng=random.Random(2), clock=lambda: now[0])
    roll_now(session, "B2 B6 R3")
    app.step()
    assert not session.bot_must_act()  # Ana may still re-roll (T3): the bot waits
    tap_id(app, "board.0.pass")
    assert session.bot_must_act()
    now[0] = 0.5
    app.step()
    state = app.session.state
    assert state is not None and not state.game.turn.decided(1)  # too soon to follow
    now[0] = 0.9
    app.step()
    state = app.session.state
    assert state is not None and state.game.turn.decided(1)


def test_ui_the_loop_wakes_for_bots_exactly_when_the_session_would_play() -> None:
    session = memory_session()
    start(session, 3, bots=("greedy", None, "greedy"))
    table = SimulatedTable(session, random.Random(4))  # plays the person's part
    rng = random.Random(4)
    for _ in range(300):
        state = session.state
        assert state is not None
        if state.phase is Phase.MATCH_OVER:
            break
        expected = session.bot_must_act()
        assert session.step_bots(rng) is expected
        if not expected:
            command = table.next_command()
            assert command is not None
            session.handle(command)
