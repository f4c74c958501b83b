"""Touch and keys through the app: questions before undo and flagging, suit choice,
re-roll, dice correction, languages, and redrawing only when something changed."""

from __future__ import annotations

import random

import pygame
from ui_helpers import tap_id, text_of, widget

from companion.cards import Card
from companion.kwingto.actions import Place
from companion.kwingto.state import Phase
from companion.phrase import Phrase
from display.app import App
from display.i18n import Translator
from display.scenes import build_scene, memory_session, roll_now, start
from display.sim import tray_frame


def fresh_app(players: int = 2) -> App:
    """A started match at its first roll, on an 800×480 surface."""
    pygame.event.clear()
    session = memory_session()
    app = App(session, pygame.Surface((800, 480)), rng=random.Random(0))
    start(session, players)
    app.update()
    return app


def test_ui_redraws_only_when_something_changed() -> None:
    app = fresh_app()
    assert app.update() is False, "nothing changed since the last frame"
    assert app.step() is False
    tap_id(app, "dice.add_red")
    assert app.session.proposed is not None
    assert app.update() is False, "the tap's frame was already drawn by step()"


def test_ui_a_new_roll_opening_a_row_asks_for_the_suit() -> None:
    app = fresh_app()
    roll_now(app.session, "B2 B6 R3")  # 5, both colours: any suit
    app.update()
    assert app.ui.screen == "boards"
    tap_id(app, "cell.0.0.2")
    assert app.ui.dialog is not None and app.ui.dialog.kind == "suit"
    assert len(app.ui.dialog.cards) == 4
    tap_id(app, "dialog.card.5H")
    state = app.session.state
    assert state is not None
    assert state.game.players[0].board.card_at(0, 2) == Card.parse("5H")
    assert text_of(app, "board.0.status") == "placed"


def test_ui_undo_asks_first_and_no_keeps_everything() -> None:
    app = fresh_app()
    roll_now(app.session, "B2 B6 R3")
    app.session.play(Place(0, 0, 0, Card.parse("5S")))
    tap_id(app, "tab.correction")
    count = len(app.session.actions)
    tap_id(app, "fix.undo")
    assert "5♠" in text_of(app, "dialog.text.0") or "5S" in text_of(app, "dialog.text.0")
    tap_id(app, "dialog.no")
    assert len(app.session.actions) == count
    tap_id(app, "fix.undo")
    tap_id(app, "dialog.yes")
    assert len(app.session.actions) == count - 1
    state = app.session.state
    assert state is not None and state.game.players[0].board.card_at(0, 0) is None


def test_ui_flagging_an_earlier_card_blocks_its_row_and_explains_e3() -> None:
    app = build_scene("correction_flag", (800, 480))
    dialog = app.ui.dialog
    assert dialog is not None and dialog.space is not None
    player, row, _ = dialog.space
    state = app.session.state
    assert state is not None
    penalties = state.game.players[player].penalties
    tap_id(app, "dialog.yes")
    state = app.session.state
    assert state is not None
    assert row in state.game.players[player].board.blocked
    assert state.game.players[player].penalties == penalties + 1
    notice = " ".join(w.text for w in app.layout().banners)
    assert "E3" in notice and "blocked" in notice


def test_ui_flagging_a_card_of_this_turn_is_e2_and_asks_to_move_it() -> None:
    app = fresh_app()
    roll_now(app.session, "B2 B6 R3")
    app.session.play(Place(1, 1, 1, Card.parse("5C")))
    tap_id(app, "tab.correction")
    tap_id(app, "fix.player.1")
    tap_id(app, "fix.cell.1.1")
    assert "E2" in " ".join(w.text for w in app.layout().dialog)
    tap_id(app, "dialog.yes")
    state = app.session.state
    assert state is not None and state.game.turn.card_to_move(1) == Card.parse("5C")
    tap_id(app, "tab.boards")
    assert "5" in text_of(app, "board.1.info")
    assert text_of(app, "board.1.status") == "move card"


def test_ui_reroll_then_touch_entry_replaces_the_roll() -> None:
    app = fresh_app()
    roll_now(app.session, "R6 R6 R5")
    app.update()
    assert app.ui.screen == "roll", "a failed throw stays on the Roll screen"
    tap_id(app, "roll.reroll")
    assert app.session.expecting_reroll
    for _ in range(3):
        tap_id(app, "dice.add_red")
    tap_id(app, "die.0")
    tap_id(app, "roll.confirm")
    state = app.session.state
    assert state is not None and state.game.turn.rerolled
    assert str(state.game.turn.roll) == "R2 R1 R1"
    assert not widget(app, "roll.reroll").tappable


def test_ui_correcting_the_dice_replays_the_roll() -> None:
    app = fresh_app()
    roll_now(app.session, "B2 B6 R3")
    tap_id(app, "tab.correction")
    tap_id(app, "die.2")  # R3 → R4
    tap_id(app, "fix.apply_dice")
    state = app.session.state
    assert state is not None and str(state.game.turn.roll) == "B2 B6 R4"
    assert state.game.turn.roll.result == 4


def test_ui_keyboard_stands_in_for_the_buttons() -> None:
    app = fresh_app()
    tap_id(app, "dice.add_black")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    app.step()
    state = app.session.state
    assert state is not None and state.phase is Phase.PLACE
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F3, mod=0))
    app.step()
    assert app.ui.screen == "scores"


def test_ui_spanish_replaces_every_visible_string() -> None:
    app = build_scene("boards", (800, 480))
    english = {w.text for w in app.layout().all if w.text}
    tap_id(app, "tab.settings")
    tap_id(app, "settings.lang.es")
    tap_id(app, "tab.boards")
    es = Translator("es")
    assert text_of(app, "tab.boards") == es.t("tab.boards")
    assert text_of(app, "board.1.pass") == es.t("board.pass")
    spanish = {w.text for w in app.layout().all if w.text}
    names = {s.name for s in app.session.seats}
    same = {t for t in english & spanish if not t.isdigit() and t not in names}
    assert same <= {"Total"}, f"not translated: {same}"


def test_ui_camera_frames_are_polled_only_on_the_roll_screen() -> None:
    from companion.kwingto.roll import Roll
    from display.camera import CameraFrame

    calls: list[int] = []
    frame = tray_frame(Roll.parse("B3 R2"))

    def provider() -> CameraFrame:
        calls.append(1)
        return frame

    session = memory_session()
    start(session, 2)
    app = App(session, pygame.Surface((800, 480)), camera=provider)
    app.ctl.go("roll")
    app.step()
    assert calls and app.view().camera is frame
    app.ctl.go("scores")
    before = len(calls)
    app.step()
    assert len(calls) == before


def test_ui_names_are_typed_on_the_on_screen_keyboard() -> None:
    pygame.event.clear()
    app = App(memory_session(), pygame.Surface((800, 480)), rng=random.Random(0))
    app.update()
    tap_id(app, "setup.name.0")
    assert app.ui.dialog is not None and app.ui.dialog.kind == "keyboard"
    for key in ("key.L", "key.U", "key.Z", "key.X", "key.erase", "key.space", "key.Ñ"):
        tap_id(app, key)
    tap_id(app, "key.done")
    assert app.ui.dialog is None
    tap_id(app, "setup.colour.1")
    tap_id(app, "setup.start")
    seats = app.session.seats
    assert seats[0].name == "Luz Ñ"
    assert seats[1].colour not in ("orange", seats[0].colour)


def test_ui_refused_dice_correction_keeps_the_roll_and_says_why() -> None:
    from companion.kwingto.actions import ChooseDice

    app = fresh_app()
    app.session.play(ChooseDice(1, 2))
    roll_now(app.session, "B2 B6 R3")
    tap_id(app, "tab.correction")
    tap_id(app, "dice.remove")  # two dice where three were chosen: T2 refuses
    tap_id(app, "fix.apply_dice")
    state = app.session.state
    assert state is not None and str(state.game.turn.roll) == "B2 B6 R3"
    notice = " ".join(w.text for w in app.layout().banners)
    assert "unchanged" in notice and "1 to 3 dice" in notice


def test_ui_table_problems_are_shown_on_screen_until_tapped_away() -> None:
    """What the table could not start (here a damaged dice calibration) is a banner the
    players see in their language, not only an English line in the system log; a tap on
    it dismisses it."""
    from display.cli import tell_table_problems

    app = fresh_app()
    damaged = Phrase("table.colours_unreadable", {"path": "/x.json", "error": "cut short"})
    tell_table_problems(app, [Phrase("table.no_gpio", {}), damaged])
    app.update()
    notice = " ".join(w.text for w in app.layout().banners)
    assert "could not start" in notice and "dice colours in /x.json (cut short)" in notice
    app.ctl.set_language("es")
    app.update()
    shown = " ".join(" ".join(w.text.split()) for w in app.layout().all if w.text)
    es = Translator("es")
    for line in (es.t("table.no_gpio"), es.t(damaged.key, **damaged.values)):
        assert " ".join(line.split()) in shown  # wrapped, word for word
    tap_id(app, "notice.banner")
    assert app.ui.notice is None and not app.layout().banners
    tell_table_problems(app, [])
    assert app.ui.notice is None


class FakeColours:
    """The table's dice colours as Settings sees them: each button says what happened."""

    def calibrate_dice(self) -> Phrase:
        return Phrase("calibration.count", {"seen": 4})

    def default_dice_colours(self) -> Phrase:
        return Phrase("calibration.reset", {})


def test_ui_calibration_says_how_it_went_in_the_players_language() -> None:
    """The table answers with a phrase: its English sentences showed on a Spanish screen.
    "Default colours" undoes a calibration without a shell."""
    session = memory_session()
    start(session, 2)
    app = App(session, pygame.Surface((800, 480)), colours=FakeColours(), language="es")
    app.ctl.go("settings")
    app.step()
    tap_id(app, "settings.calibrate")
    assert app.ui.notice == ("calibration.count", {"seen": 4})
    shown = " ".join(w.text for w in app.layout().all if w.text)  # the notice, line by line
    assert Translator("es").t("calibration.count", seen=4) in shown
    tap_id(app, "notice.banner")
    tap_id(app, "settings.default_colours")  # it forgets a calibration: it asks first
    assert app.ui.notice is None and app.ui.dialog is not None
    tap_id(app, "dialog.no")
    assert app.ui.dialog is None and app.ui.notice is None
    tap_id(app, "settings.default_colours")
    tap_id(app, "dialog.yes")
    assert app.ui.dialog is None and app.ui.notice == ("calibration.reset", {})


def test_ui_settings_without_a_camera_say_so() -> None:
    app = fresh_app()
    app.ctl.go("settings")
    app.step()
    for button in ("settings.calibrate", "settings.default_colours"):
        tap_id(app, button)
        assert app.ui.notice == ("settings.no_camera", {})
        tap_id(app, "notice.banner")


def test_ui_a_lost_camera_is_said_on_the_roll_screen() -> None:
    from display.camera import LOST

    session = memory_session()
    start(session, 2)
    app = App(session, pygame.Surface((800, 480)), camera=lambda: LOST, language="es")
    app.ctl.go("roll")
    app.step()
    assert text_of(app, "roll.status") == Translator("es").t("roll.status_camera_lost")
