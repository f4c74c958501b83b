"""The Roll screen: the camera's view of the tray, the result in large type, the dice
editor for touch entry, and Confirm / Re-roll / Pass."""

from __future__ import annotations

import pygame

from companion.kwingto.roll import Die, Roll
from companion.kwingto.state import Phase
from display import theme
from display.camera import fit_frame
from display.dice_view import dice_editor, draw_dice
from display.layout import columns, rows
from display.messages import roll_summary
from display.screens.base import View
from display.widgets import Widget, area, button, draw_text, find, label


def _editing(v: View) -> bool:
    """Are the dice being entered (before the roll, or for the one re-roll)?"""
    state = v.state
    return state is not None and (
        state.phase is Phase.ROLL or (state.phase is Phase.PLACE and v.session.expecting_reroll)
    )


def shown_dice(v: View) -> tuple[Die, ...]:
    """The draft while dice are entered, else the roll being played."""
    if _editing(v) or v.state is None:
        return v.ui.dice
    roll = v.state.game.turn.roll
    return roll.dice if roll is not None else ()


def confirm_key(v: View) -> str:
    """What CONFIRM does now, as a catalogue key: roll, end the turn, or next game."""
    state = v.state
    if state is None or _editing(v):
        return "roll.confirm"
    if state.phase is Phase.PLACE:
        return "action.end_turn"
    return "action.next_game"


def can_confirm(v: View) -> bool:
    """Is there something for CONFIRM to do (a proposal to roll, a turn to end, a game)?"""
    state = v.state
    if state is None or state.phase is Phase.MATCH_OVER:
        return False
    return not _editing(v) or v.session.proposed is not None


class RollScreen:
    """See the module docstring."""

    def build(self, v: View) -> list[Widget]:
        """Camera panel on the left; result, dice and the three buttons on the right."""
        th, tr, ctl, state = v.th, v.tr, v.ctl, v.state
        camera, side = columns(v.frame.content, [11, 9], th.px(10))
        body = pygame.Rect(side.left, side.top, side.width, side.height - th.touch - th.px(8))
        status, result, dice_rect = rows(body, [1, 4, 4], th.px(4))
        widgets: list[Widget] = [area("roll.camera", camera)]
        dice = shown_dice(v)
        if dice:
            roll = Roll(dice)
            colour = theme.ERROR if roll.failed else theme.TEXT
            number, summary = rows(result, [3, 1], 0)
            widgets.append(
                label("roll.result", number, str(roll.result), font="huge", colour=colour)
            )
            widgets.append(label("roll.summary", summary, roll_summary(tr, roll), colour=colour))
        else:
            widgets.append(label("roll.result", result, "?", font="huge", colour=theme.PANEL_LIGHT))
        widgets.append(
            label("roll.status", status, self._status(v), font="small", colour=theme.MUTED)
        )
        widgets += dice_editor(v, dice_rect, dice, _editing(v))
        band = pygame.Rect(side.left, side.bottom - th.touch, side.width, th.touch)
        confirm, reroll, pass_ = columns(band, [4, 3, 3], th.px(8))
        widgets += [
            button(
                "roll.confirm",
                confirm,
                tr.t(confirm_key(v)),
                ctl.confirm if can_confirm(v) else None,
                "primary",
            ),
            button(
                "roll.reroll",
                reroll,
                tr.t("roll.reroll"),
                ctl.reroll if self._can_reroll(v) else None,
            ),
            button(
                "roll.pass",
                pass_,
                tr.t("roll.pass"),
                ctl.pass_active if self._can_pass(v) else None,
            ),
        ]
        widgets += self._advice(v, camera)
        if (
            state is not None
            and state.game.turn.roll is not None
            and state.game.turn.roll.failed
            and not _editing(v)
        ):
            banner = pygame.Rect(camera.left, camera.top, camera.width, th.px(64))
            widgets.append(
                label(
                    "roll.banner",
                    banner,
                    tr.t("roll.failed_banner", result=state.game.turn.roll.result),
                    font="title",
                )
            )
        return widgets

    @staticmethod
    def _advice(v: View, camera: pygame.Rect) -> list[Widget]:
        """Along the camera panel's foot, for a person about to roll: Advice, and once
        tapped the advisor's dice and their odds (T2)."""
        state = v.state
        if state is None or state.phase is not Phase.ROLL:
            return []
        if v.session.seats[state.game.turn.active].bot is not None:
            return []
        th, tr = v.th, v.tr
        band = pygame.Rect(camera.left, camera.bottom - th.touch, camera.width, th.touch)
        band = band.inflate(-th.px(8), 0).move(0, -th.px(4))
        tap_rect, text_rect = columns(band, [1, 3], th.px(8))
        advice = v.ctl.advice()
        dice = advice.dice if advice is not None else None
        tap = v.ctl.show_dice_advice if dice is None else None
        widgets = [button("roll.advice", tap_rect, tr.t("roll.advice"), tap)]
        if dice is not None:
            tall = pygame.Rect(text_rect.left, text_rect.bottom - th.px(76), text_rect.width, 0)
            tall.height = th.px(76)
            first, second = rows(tall.inflate(-th.px(12), 0), [1, 1], 0)
            dice_text = tr.t("roll.advice_dice", red=dice.red, black=dice.black)
            odds = tr.t("roll.advice_odds", percent=round(dice.place_chance * 100))
            widgets += [
                label("roll.advice_text", first, dice_text, align="left"),
                label("roll.advice_odds", second, odds, font="small", align="left"),
            ]
        return widgets

    @staticmethod
    def _status(v: View) -> str:
        """Where the dice came from, whether this is the re-roll, or that a bot rolls."""
        state = v.state
        if state is None:
            return ""
        active = v.session.seats[state.game.turn.active]
        if state.phase is Phase.ROLL and active.bot is not None:
            return v.tr.t("roll.bot_rolls", name=active.name)
        if _editing(v) and v.camera is not None and v.camera.lost:
            return v.tr.t("roll.status_camera_lost")
        proposed = v.session.proposed
        if v.session.expecting_reroll:
            return v.tr.t("roll.status_reroll")
        if state.phase is Phase.PLACE and state.game.turn.rerolled:
            return v.tr.t("roll.status_rerolled")
        if proposed is not None and proposed.confidence < 1.0:
            return v.tr.t("roll.status_camera", percent=round(proposed.confidence * 100))
        if _editing(v):
            return v.tr.t("roll.status_enter")
        return ""

    @staticmethod
    def _can_reroll(v: View) -> bool:
        """T3: once, before anyone places or passes (the engine repeats the check)."""
        state = v.state
        if state is None or state.phase is not Phase.PLACE or v.session.expecting_reroll:
            return False
        return state.game.turn.reroll_open

    @staticmethod
    def _can_pass(v: View) -> bool:
        state = v.state
        if state is None or state.phase is not Phase.PLACE or v.session.expecting_reroll:
            return False
        return not state.game.turn.decided(state.game.turn.active)

    def draw(self, surface: pygame.Surface, v: View, widgets: list[Widget]) -> None:
        """The camera (or its placeholder) with the dice outlined, then the dice tiles."""
        panel = find(widgets, "roll.camera")
        assert panel is not None
        self._draw_camera(surface, v, panel.rect)
        first, second = find(widgets, "roll.advice_text"), find(widgets, "roll.advice_odds")
        if first is not None and second is not None:  # readable over the camera picture
            back = first.rect.union(second.rect).inflate(v.th.px(12), v.th.px(4))
            pygame.draw.rect(surface, theme.PANEL, back, border_radius=v.th.px(8))
        banner = find(widgets, "roll.banner")
        if banner is not None:
            pygame.draw.rect(surface, theme.ERROR, banner.rect, border_radius=v.th.px(8))
        draw_dice(surface, shown_dice(v), widgets)

    @staticmethod
    def _draw_camera(surface: pygame.Surface, v: View, rect: pygame.Rect) -> None:
        th = v.th
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=th.px(10))
        if v.camera is None or v.camera.lost:
            words = v.tr.t("roll.camera_lost" if v.camera is not None else "roll.no_camera")
            draw_text(surface, th, words, rect, 22, theme.MUTED)
            return
        fitted = fit_frame(v.camera.image, rect.inflate(-th.px(8), -th.px(8)))
        surface.blit(fitted.surface, fitted.rect)
        for die in v.camera.dice:
            box = fitted.to_screen(die.bbox)
            pygame.draw.rect(surface, theme.ACCENT, box, width=th.px(3))
            text = str(die.value)
            if v.ui.vision_debug:
                text = f"{die.value} {die.color} {die.confidence:.2f}"
            tag = pygame.Rect(box.left, box.top - th.px(26), max(box.width, th.px(40)), th.px(24))
            if v.ui.vision_debug:
                tag.width = th.px(150)
            pygame.draw.rect(surface, theme.ACCENT, tag)
            draw_text(surface, th, text, tag, 20, theme.SUIT_BLACK)
