"""The table session: the app model between the inputs and the engine.

It owns the journal and the current match state, and turns Commands (buttons, pads,
touch, camera readings) into engine actions. Every accepted action is committed to the
journal before the state changes, so what the screen shows has always been saved.
Only the main loop calls it; it does no rendering.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.commands import Button, Command, PadLink, Play, Press, ProposeRoll
from companion.journal import Journal
from companion.kwingto.actions import (
    Action,
    EndTurn,
    FlagMistake,
    NextGame,
    Pass,
    Place,
    Reroll,
    RollDice,
    action_from_json,
    action_to_json,
)
from companion.kwingto.engine import apply, new_match
from companion.kwingto.errors import RuleError
from companion.kwingto.roll import Roll
from companion.kwingto.state import MatchState, Phase, Setup

GAME = "kwingto"


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a name, a seat colour, and the bot strategy for a virtual seat."""

    name: str
    colour: str
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The journal form."""
        return {"name": self.name, "colour": self.colour, "bot": self.bot}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> SeatInfo:
        """Read back the journal form."""
        return cls(str(doc["name"]), str(doc["colour"]), doc.get("bot"))


@dataclass(frozen=True)
class ProposedRoll:
    """A dice reading waiting for a person to confirm it."""

    roll: Roll
    confidence: float


class TableSession:
    """The one place the match state changes; see the module docstring."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.match_id: int | None = None
        self.setup: Setup | None = None
        self.state: MatchState | None = None
        self.seats: tuple[SeatInfo, ...] = ()
        self.actions: list[Action] = []
        self.proposed: ProposedRoll | None = None
        self.expecting_reroll = False
        self.last_error: RuleError | None = None
        self.error_space: tuple[int, int, int] | None = None
        self.focus_seat: int | None = None
        self.pads: dict[int, bool] = {}
        self.recovery_note: str | None = None
        self.version = 0

    # --- lifecycle --------------------------------------------------------------------

    def start_match(self, setup: Setup, seats: Sequence[SeatInfo]) -> None:
        """Begin a new match and journal its setup."""
        if len(seats) != len(setup.names):
            raise ValueError("one seat description per player is needed")
        self.match_id = self.journal.start_match(
            GAME, setup.to_json(), [s.to_json() for s in seats]
        )
        self.setup, self.seats, self.actions = setup, tuple(seats), []
        self.state = new_match(setup)
        self._clear_transient()
        self._changed()

    def resume(self) -> bool:
        """Rebuild the latest unfinished match from the journal (after a restart or a cut).

        An action that no longer replays (a damaged row) stops the replay there; what came
        before is kept and `recovery_note` says what was dropped.
        """
        stored = self.journal.latest()
        if stored is None or stored.finished or stored.game != GAME:
            return False
        try:
            setup = Setup.from_json(stored.setup)
            seats = tuple(SeatInfo.from_json(s) for s in stored.seats)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            self.recovery_note = f"the saved match could not be read ({exc}); starting afresh"
            return False
        state = new_match(setup)
        actions: list[Action] = []
        for number, doc in enumerate(stored.actions, 1):
            try:
                action = action_from_json(doc)
                state = apply(state, action)
            except (ValueError, TypeError, RuleError) as exc:
                dropped = len(stored.actions) - number + 1
                self.journal.set_aside_from(stored.id, number)
                self.recovery_note = (
                    f"stopped at saved action {number} ({exc}); "
                    f"{dropped} action(s) set aside in the journal"
                )
                break
            actions.append(action)
        self.match_id, self.setup, self.state, self.seats = stored.id, setup, state, seats
        self.actions = actions
        self._clear_transient()
        self._changed()
        return True

    # --- actions ----------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Apply an action: journal first, then state. False (and `last_error`) if refused."""
        if self.state is None or self.match_id is None:
            return False
        try:
            new_state = apply(self.state, action)
        except RuleError as exc:
            self.last_error = exc
            self.error_space = _space_of(action)
            self._changed()
            return False
        self.journal.append(self.match_id, action_to_json(action))
        if new_state.phase is Phase.MATCH_OVER:
            self.journal.set_finished(self.match_id, True)
        self.state = new_state
        self.actions.append(action)
        self.last_error = self.error_space = None
        if isinstance(action, RollDice | Reroll | Place | Pass | FlagMistake):
            # a new roll, or someone acted on this one: the re-roll is settled (T3)
            self.proposed, self.expecting_reroll = None, False
        self._changed()
        return True

    def can_undo(self) -> bool:
        """Is there an action to take back?"""
        return bool(self.actions)

    def undo(self) -> bool:
        """Take back the last action: drop it from the journal and replay the rest."""
        if self.setup is None or self.match_id is None or not self.actions:
            return False
        was_over = self.state is not None and self.state.phase is Phase.MATCH_OVER
        self.journal.drop_last(self.match_id)
        self.actions.pop()
        state = new_match(self.setup)
        for action in self.actions:
            state = apply(state, action)
        self.state = state
        if was_over:
            self.journal.set_finished(self.match_id, False)
        self._clear_transient()
        self._changed()
        return True

    def propose(self, roll: Roll, confidence: float) -> None:
        """A dice reading to show and wait on; only a confirmation plays it."""
        if self.state is None:
            return
        phase = self.state.phase
        if phase is Phase.ROLL or (phase is Phase.PLACE and self.expecting_reroll):
            self.proposed = ProposedRoll(roll, confidence)
            self._changed()

    def confirm(self) -> bool:
        """What CONFIRM means now: play the proposed roll (or re-roll), end the turn, or
        start the next game."""
        if self.state is None:
            return False
        phase = self.state.phase
        if phase is Phase.ROLL and self.proposed is not None:
            return self.play(RollDice(self.proposed.roll))
        if phase is Phase.PLACE and self.expecting_reroll:
            return self.proposed is not None and self.play(Reroll(self.proposed.roll))
        if phase is Phase.PLACE:
            return self.play(EndTurn())
        if phase is Phase.GAME_OVER:
            return self.play(NextGame())
        return False

    def request_reroll(self) -> bool:
        """REROLL: the next confirmed roll replaces this one (T3: once, before anyone acts)."""
        if self.state is None or self.state.phase is not Phase.PLACE:
            return False
        turn = self.state.game.turn
        if not turn.reroll_open:
            self.last_error = RuleError(
                "T3", "the dice may be re-rolled once, before anyone places or passes"
            )
            self._changed()
            return False
        self.expecting_reroll, self.proposed = True, None
        self._changed()
        return True

    def pass_turn(self, seat: int | None) -> bool:
        """PASS from a seat pad (that seat) or the table button (the active player)."""
        if self.state is None:
            return False
        player = self.state.game.turn.active if seat is None else seat
        return self.play(Pass(player))

    def bot_seats(self) -> list[int]:
        """The seats played by the companion itself (virtual seats)."""
        return [i for i, seat in enumerate(self.seats) if seat.bot is not None]

    def bot_to_act(self) -> int | None:
        """The virtual seat that must act now, if any.

        Bots act like people: they roll when active, then place or pass, but only once a
        person who rolled has kept the roll (placed, passed or re-rolled), since nobody may
        act before the one re-roll is settled (T3).
        """
        state, bots = self.state, self.bot_seats()
        if state is None or not bots:
            return None
        turn = state.game.turn
        if state.phase is Phase.ROLL:
            return turn.active if turn.active in bots else None
        kept = turn.rerolled or turn.decided(turn.active) or turn.active in bots
        if state.phase is Phase.PLACE and kept:
            return next((seat for seat in bots if not turn.decided(seat)), None)
        return None

    def _bots_close(self) -> Action | None:
        """At an all-bot table nobody confirms: the turn ends and the next game starts."""
        state = self.state
        if state is None or not self.seats or len(self.bot_seats()) != len(self.seats):
            return None
        if state.phase is Phase.PLACE:
            return EndTurn()
        return NextGame() if state.phase is Phase.GAME_OVER else None

    def bot_must_act(self) -> bool:
        """Would `step_bots` play now? (The app sleeps when it would not.)"""
        return self.bot_to_act() is not None or self._bots_close() is not None

    def step_bots(self, rng: random.Random) -> bool:
        """Let one virtual seat act, if one must; True when something was played.

        The app calls this from its loop, with a pause between calls so people can follow
        what the bot did. The turn ends by itself only at an all-bot table; otherwise a
        person confirms it.
        """
        seat = self.bot_to_act()
        if seat is not None and self.state is not None:
            from companion.bots import bot_turn_actions, find_strategy

            bot = self.seats[seat].bot
            assert bot is not None
            actions = bot_turn_actions(self.state, seat, find_strategy(bot), rng)
            for action in actions:
                if not self.play(action):
                    return False
            return bool(actions)
        closing = self._bots_close()
        return closing is not None and self.play(closing)

    def handle(self, command: Command) -> None:
        """Route one queued Command."""
        match command:
            case Press(button=Button.CONFIRM):
                self.confirm()
            case Press(button=Button.REROLL):
                self.request_reroll()
            case Press(button=Button.PASS, seat=seat):
                self.pass_turn(seat)
            case Press(button=Button.UNDO):
                self.undo()
            case Press(button=Button.PLACED, seat=seat):
                self.focus_seat = seat
                self._changed()
            case PadLink(seat=seat, connected=connected):
                self.pads[seat] = connected
                self._changed()
            case Play(action=action):
                self.play(action)
            case ProposeRoll(roll=roll, confidence=confidence):
                self.propose(roll, confidence)

    # --- helpers ----------------------------------------------------------------------

    def _clear_transient(self) -> None:
        self.proposed = None
        self.expecting_reroll = False
        self.last_error = self.error_space = None
        self.focus_seat = None

    def _changed(self) -> None:
        self.version += 1


def _space_of(action: Action) -> tuple[int, int, int] | None:
    if isinstance(action, Place | FlagMistake):
        return (action.player, action.row, action.col)
    return None


def new_session(journal_path: Path) -> TableSession:
    """Open the journal and resume its unfinished match, if there is one."""
    session = TableSession(Journal.open(journal_path))
    session.resume()
    return session
