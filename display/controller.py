"""What a tap means: every on-screen control calls one method here.

Methods either change the UI's own state (screen, language, drafts, dialogs) or turn the
tap into a Command for the TableSession, the same Commands the buttons and pads send.
No rule is decided here: an illegal tap is sent anyway so the engine explains it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from companion.bots import dice_hint, hint
from companion.cards import Card, Suit
from companion.commands import Button, Command, Play, Press, ProposeRoll
from companion.kwingto.actions import FlagMistake, Pass, Place, Reroll, RollDice, UseHint
from companion.kwingto.engine import legal_placements
from companion.kwingto.roll import MAX_DICE, Die, DieColour, Roll
from companion.kwingto.state import MatchMode, MatchOptions, MatchState, Phase, Setup
from companion.phrase import Phrase
from companion.session import SeatInfo, TableSession
from display.i18n import Translator
from display.messages import error_lines
from display.model import MAX_NAME, SEAT_KINDS, Advice, Dialog, TurnKey, UiState
from display.theme import SEAT_COLOURS


class CameraColours(Protocol):
    """The dice colours the table's camera reads with (companion.table_io.TableIO)."""

    def calibrate_dice(self) -> Phrase:
        """Learn them from the dice in view, and say how it went."""
        ...

    def default_dice_colours(self) -> Phrase:
        """Go back to the default ones, and say so."""
        ...


class Controller:
    """Turns taps into UI changes and session Commands."""

    def __init__(
        self,
        session: TableSession,
        ui: UiState,
        rng: random.Random | None = None,
        colours: CameraColours | None = None,
        hint_budget_ms: float = 150,
    ) -> None:
        self.session = session
        self.hint_budget_ms = hint_budget_ms
        self.ui = ui
        self.rng = rng or random.Random()
        self.colours = colours
        self.tr = Translator(ui.language)

    # --- plumbing ---------------------------------------------------------------------

    def send(self, command: Command) -> None:
        """Hand a Command to the session (what every button and pad does too)."""
        self.session.handle(command)

    def _ui(self) -> None:
        self.ui.changed()

    def go(self, screen: str) -> None:
        """Show another screen; a pending question is dropped."""
        self.ui.screen, self.ui.dialog, self.ui.notice = screen, None, None
        if screen == "correction":
            self.load_current_roll()
        elif screen == "roll":
            proposed = self.session.proposed
            self.ui.dice = proposed.roll.dice if proposed is not None else ()
        self._ui()

    def close_dialog(self) -> None:
        """Answer "no" / close the question."""
        self.ui.dialog = None
        self._ui()

    def dismiss_notice(self) -> None:
        """The player has read the explanation."""
        self.ui.notice = None
        self._ui()

    def hide_error(self) -> None:
        """The error bubble was read and tapped away (it returns with the next error)."""
        self.ui.hidden_error = self.session.version
        self._ui()

    def notify(self, key: str, **params: object) -> None:
        """Show an explanation (a catalogue key, filled in when drawn)."""
        self.ui.notice = (key, params)
        self._ui()

    # --- settings ---------------------------------------------------------------------

    def set_language(self, language: str) -> None:
        """Switch every string on screen to `language`."""
        self.ui.language = language
        self.tr = Translator(language)
        self._ui()

    def toggle_sound(self) -> None:
        """Sound effects on or off."""
        self.ui.sound = not self.ui.sound
        self._ui()

    def toggle_vision_debug(self) -> None:
        """Show the camera with every detection's box and confidence on the Roll screen."""
        self.ui.vision_debug = not self.ui.vision_debug
        self._ui()

    def calibrate(self) -> None:
        """Learn the dice colours from the camera, and say how it went."""
        self._tell(None if self.colours is None else self.colours.calibrate_dice)

    def ask_default_colours(self) -> None:
        """Default colours asks first: it forgets a calibration that took six dice laid out."""
        if self.colours is None:
            self.notify("settings.no_camera")
            return
        self.ui.dialog = Dialog("colours")
        self._ui()

    def default_colours(self) -> None:
        """Yes, forget the calibrated dice colours; say so."""
        self.ui.dialog = None
        self._tell(None if self.colours is None else self.colours.default_dice_colours)

    def _tell(self, act: Callable[[], Phrase] | None) -> None:
        if act is None:
            self.notify("settings.no_camera")
            return
        said = act()
        self.notify(said.key, **said.values)

    # --- the roll -----------------------------------------------------------------------

    def confirm(self) -> None:
        """CONFIRM: roll the proposal, end the turn, or start the next game."""
        self.send(Press(Button.CONFIRM))

    def reroll(self) -> None:
        """RE-ROLL: the next roll confirmed replaces this one."""
        self.ui.dice = ()
        self.send(Press(Button.REROLL))

    def pass_active(self) -> None:
        """PASS from the table: the active player does not place."""
        self.send(Press(Button.PASS))

    def add_die(self, colour: DieColour) -> None:
        """Add a die (showing 1) to the dice draft."""
        if len(self.ui.dice) < MAX_DICE:
            self._set_dice((*self.ui.dice, Die(colour, 1)))

    def bump_die(self, index: int) -> None:
        """Tap a die: its value goes up by one, 6 wraps to 1."""
        dice = list(self.ui.dice)
        die = dice[index]
        dice[index] = Die(die.colour, die.value % 6 + 1)
        self._set_dice(tuple(dice))

    def remove_die(self) -> None:
        """Take the last die off the draft."""
        self._set_dice(self.ui.dice[:-1])

    def _set_dice(self, dice: tuple[Die, ...]) -> None:
        """Edit the draft; on the Roll screen it is also the proposed roll."""
        self.ui.dice = dice
        self._ui()
        if dice and self.ui.screen == "roll":
            self.send(ProposeRoll(Roll(dice), 1.0))

    def load_current_roll(self) -> None:
        """Start the Correction screen's dice draft from the roll being played."""
        state = self.session.state
        roll = state.game.turn.roll if state is not None else None
        self.ui.dice = roll.dice if roll is not None else ()
        self._ui()

    def correct_dice(self) -> None:
        """Replace the current roll by the draft: take the roll back and play the draft.

        Only the roll itself can be replaced (nobody has placed yet); if the engine refuses
        the corrected dice, the original roll is played again so nothing is lost.
        """
        session, dice = self.session, self.ui.dice
        last = session.actions[-1] if session.actions else None
        if not dice or not isinstance(last, RollDice | Reroll):
            self.notify("correction.dice_locked")
            return
        kind = type(last)
        session.undo()
        if not session.play(kind(Roll(dice))):
            error = session.last_error
            session.play(last)
            reason = error_lines(self.tr, error)[0] if error is not None else ""
            self.notify("correction.dice_refused", reason=reason)
        else:
            self.notify("correction.dice_done", roll=str(Roll(dice)))

    # --- boards -------------------------------------------------------------------------

    def pass_player(self, player: int) -> None:
        """A player taps their Pass button (T6)."""
        self.send(Play(Pass(player)))

    def tap_space(self, player: int, row: int, col: int) -> None:
        """Place in a space: at once when one card fits, after a suit choice when several
        do, and when none does, send a plausible card so the engine says why not."""
        state = self.session.state
        if state is None:
            return
        cards = tuple(
            p.card for p in legal_placements(state, player) if (p.row, p.col) == (row, col)
        )
        if len(cards) > 1:
            self.ui.dialog = Dialog("suit", (player, row, col), cards)
            self._ui()
            return
        card = cards[0] if cards else self._candidate(player, row)
        self.send(Play(Place(player, row, col, card)))

    def _candidate(self, player: int, row: int) -> Card:
        """The card a player would most likely have meant for an illegal space."""
        state = self.session.state
        assert state is not None
        roll = state.game.turn.roll
        rank = (roll.card_rank if roll is not None else None) or 1
        board = state.game.players[player].board
        allowed = roll.allowed_suits if roll is not None else frozenset(Suit)
        free = [s for s in Suit if s not in board.suits]
        suit = board.suits[row] or next((s for s in free if s in allowed), None)
        return Card(rank, suit or (free[0] if free else Suit.SPADES))

    def choose_card(self, card: Card) -> None:
        """The suit chosen for a space that opens a row."""
        dialog = self.ui.dialog
        self.ui.dialog = None
        self._ui()
        if dialog is not None and dialog.space is not None:
            player, row, col = dialog.space
            self.send(Play(Place(player, row, col, card)))

    # --- advice -------------------------------------------------------------------------

    def advice(self) -> Advice | None:
        """The advice given for the roll being played, if any (older advice is stale)."""
        state, advice = self.session.state, self.ui.advice
        if state is None or advice is None or advice.turn != turn_key(state):
            return None
        return advice

    def show_hint(self, player: int) -> None:
        """A player asks the advisor where to place (T6); the hint is counted (UseHint)."""
        state = self.session.state
        if state is None or state.phase is not Phase.PLACE:
            return
        recommended = hint(state, player, budget_ms=self.hint_budget_ms)
        if self.session.play(UseHint(player)):
            old = self.advice()
            hints = {**(old.hints if old is not None else {}), player: recommended}
            self._give(Advice(turn_key(state), hints))

    def show_dice_advice(self) -> None:
        """The active player asks which dice to throw (T2); counted like a hint."""
        state = self.session.state
        if state is None or state.phase is not Phase.ROLL:
            return
        advice = dice_hint(state)
        if self.session.play(UseHint(state.game.turn.active)):
            self._give(Advice(turn_key(state), dice=advice))

    def _give(self, advice: Advice) -> None:
        self.ui.advice = advice
        self._ui()

    # --- correction -----------------------------------------------------------------------

    def ask_undo(self) -> None:
        """Undo asks first: it takes back a journalled action."""
        self.ui.dialog = Dialog("undo")
        self._ui()

    def undo(self) -> None:
        """Yes, undo the last action."""
        self.ui.dialog = None
        self._ui()
        if self.session.undo():
            self.notify("correction.undone")

    def show_player(self, player: int) -> None:
        """Which player's board the Correction screen shows."""
        self.ui.flag_player = player
        self._ui()

    def ask_flag(self, player: int, row: int, col: int) -> None:
        """Flagging a placement as a mistake asks first, saying what will happen."""
        self.ui.dialog = Dialog("flag", (player, row, col))
        self._ui()

    def flag(self) -> None:
        """Yes, the card should not be there: E2 or E3 as the engine decides."""
        dialog = self.ui.dialog
        self.ui.dialog = None
        self._ui()
        if dialog is None or dialog.space is None or self.session.state is None:
            return
        player, row, col = dialog.space
        same_turn = placed_this_turn(self.session, player, row, col)
        if self.session.play(FlagMistake(player, row, col)):
            key = "correction.e2_done" if same_turn else "correction.e3_done"
            self.notify(key, name=self.session.seats[player].name, row=row + 1)

    # --- setup --------------------------------------------------------------------------

    def set_game(self, game: str) -> None:
        """Which game the table plays (each game has its own rules and board renderer)."""
        self.ui.setup.game = game
        self._ui()

    def set_players(self, count: int) -> None:
        """How many players sit down (2–4)."""
        self.ui.setup.players = count
        self._ui()

    def cycle_colour(self, seat: int) -> None:
        """The next seat colour not taken by another seat."""
        draft = self.ui.setup
        names = list(SEAT_COLOURS)
        taken = set(draft.colours[: draft.players]) - {draft.colours[seat]}
        i = names.index(draft.colours[seat])
        for step in range(1, len(names) + 1):
            candidate = names[(i + step) % len(names)]
            if candidate not in taken:
                draft.colours[seat] = candidate
                break
        self._ui()

    def cycle_seat_kind(self, seat: int) -> None:
        """A seat is a person or a bot (greedy, advisor): each tap the next one."""
        bots = self.ui.setup.bots
        bots[seat] = SEAT_KINDS[(SEAT_KINDS.index(bots[seat]) + 1) % len(SEAT_KINDS)]
        self._ui()

    def edit_name(self, seat: int) -> None:
        """Tap a name: the on-screen keyboard opens (a real keyboard types too)."""
        self.ui.setup.editing = seat
        self.ui.dialog = Dialog("keyboard")
        self._ui()

    def finish_name(self) -> None:
        """Done typing: close the keyboard."""
        self.ui.setup.editing = None
        self.ui.dialog = None
        self._ui()

    def keep_dialog(self) -> None:
        """A tap on a dialog's background: nothing happens (it is not a dismissal)."""

    def type_text(self, text: str) -> None:
        """Text typed while a name is being edited."""
        draft = self.ui.setup
        if draft.editing is not None:
            draft.names[draft.editing] = (draft.names[draft.editing] + text)[:MAX_NAME]
            self._ui()

    def type_letter(self, letter: str) -> None:
        """An on-screen key: a capital to start each word, small letters after it."""
        draft = self.ui.setup
        if draft.editing is not None:
            name = draft.names[draft.editing]
            self.type_text(letter.upper() if not name or name.endswith(" ") else letter.lower())

    def erase_char(self) -> None:
        """Backspace while a name is being edited."""
        draft = self.ui.setup
        if draft.editing is not None:
            draft.names[draft.editing] = draft.names[draft.editing][:-1]
            self._ui()

    def set_mode(self, mode: MatchMode) -> None:
        """C2: what ends the match; each mode starts from a sensible target."""
        draft = self.ui.setup
        draft.mode = mode
        draft.target = {MatchMode.GAMES: 1, MatchMode.WINS: 2, MatchMode.POINTS: 100}[mode]
        self._ui()

    def change_target(self, up: bool) -> None:
        """The match target up or down (points move by 25, games and wins by 1)."""
        draft = self.ui.setup
        step = 25 if draft.mode is MatchMode.POINTS else 1
        draft.target = max(step, draft.target + (step if up else -step))
        self._ui()

    def seat_name(self, seat: int) -> str:
        """The name typed for a seat, or "Player N" ("Bot N" for a bot) in the language."""
        default = "setup.default_bot" if self.ui.setup.bots[seat] else "setup.default_name"
        return self.ui.setup.names[seat].strip() or self.tr.t(default, n=seat + 1)

    def start(self) -> None:
        """Start the match; the first player is drawn at random (T1)."""
        draft = self.ui.setup
        n = draft.players
        names = tuple(self.seat_name(i) for i in range(n))
        setup = Setup(names, self.rng.randrange(n), MatchOptions(draft.mode, draft.target))
        seats = [SeatInfo(names[i], draft.colours[i], draft.bots[i]) for i in range(n)]
        draft.editing = None
        self.session.start_match(setup, seats)
        self.ui.dice = ()
        self.go("roll")


def turn_key(state: MatchState) -> TurnKey:
    """The game, turn, phase and roll: advice holds only while all four are unchanged."""
    return (len(state.finished), state.game.turns_played, state.phase, state.game.turn.roll)


def placed_this_turn(session: TableSession, player: int, row: int, col: int) -> bool:
    """Was the card in this space placed in the turn being played (E2) or before (E3)?"""
    state = session.state
    if state is None or state.phase not in (Phase.ROLL, Phase.PLACE):
        return False
    return any((p.player, p.row, p.col) == (player, row, col) for p in state.game.turn.placed)
