"""From the table session to what the LEDs show: the one adapter between the two.

hardware/ never imports the engine; it takes a `TableSignals` value. This function is the
whole translation, so it is tested on its own with real sessions.
"""

from __future__ import annotations

from companion.kwingto.state import Phase
from companion.session import TableSession
from hardware.signals import TableSignals


def table_signals(session: TableSession) -> TableSignals:
    """The facts the lights show for the session's current state (seats count from 1)."""
    state = session.state
    if state is None:
        return TableSignals(error=session.last_error is not None)
    phase = state.phase
    turn = state.game.turn
    playing = phase in (Phase.ROLL, Phase.PLACE)
    reroll_open = phase is Phase.PLACE and turn.reroll_open
    return TableSignals(
        waiting_for_roll=phase is Phase.ROLL and session.proposed is None,
        awaiting_confirmation=session.proposed is not None,
        reroll_available=reroll_open,
        failed_throw=phase is Phase.PLACE and turn.roll is not None and turn.roll.failed,
        error=session.last_error is not None,
        active_seat=turn.active + 1 if playing else None,
        seats=state.players,
    )
