"""Sentences built from the state: the header prompt and engine errors in plain words.

The engine's RuleError names a clause ("P3") and says what went wrong in English. Players
see the catalogue's plain explanation of that clause in their language, and, in English,
the engine's exact words about this tap under it.
"""

from __future__ import annotations

from companion.kwingto.errors import RuleError
from companion.kwingto.roll import Roll
from companion.kwingto.state import Phase
from companion.session import TableSession
from display.i18n import Translator

ACE_HIGH = 14


def rank_name(result: int) -> str:
    """What a result names: "7", "J", or "A" for 1 and 14 (T5)."""
    special = {1: "A", 11: "J", 12: "Q", 13: "K", ACE_HIGH: "A"}
    return special.get(result, str(result))


def roll_summary(tr: Translator, roll: Roll) -> str:
    """One line under the big result: the card it names, or that the throw failed."""
    if roll.failed:
        return tr.t("roll.failed", result=roll.result)
    return tr.t("roll.names_card", card=rank_name(roll.result))


def prompt(tr: Translator, session: TableSession) -> str:
    """What the table waits for now, in one sentence for the header."""
    state = session.state
    if state is None:
        return tr.t("prompt.setup")
    names = [s.name for s in session.seats]
    active = names[state.game.turn.active]
    phase = state.phase
    roll = state.game.turn.roll
    if phase is Phase.ROLL:
        return tr.t("prompt.roll", name=active)
    if phase is Phase.PLACE and session.expecting_reroll:
        return tr.t("prompt.reroll", name=active)
    if phase is Phase.PLACE and roll is not None and roll.failed:
        return tr.t("prompt.failed", name=active, result=roll.result)
    if phase is Phase.PLACE and roll is not None:
        return tr.t("prompt.place", result=roll.result, card=rank_name(roll.result))
    result = state.finished[-1]
    if phase is Phase.MATCH_OVER and state.winner is not None:
        return tr.t("prompt.match_won", name=names[state.winner])
    if result.winner is None:
        return tr.t("prompt.tie")
    return tr.t("prompt.game_won", name=names[result.winner])


def error_lines(tr: Translator, error: RuleError) -> list[str]:
    """A refused action in plain words: the clause explained, then (English) the detail."""
    key = f"rule.{error.clause}"
    headline = tr.t(key) if tr.has(key) else tr.t("rule.other")
    if tr.language == "en":
        return [headline, error.message[:1].upper() + error.message[1:] + "."]
    return [headline, tr.t("rule.clause", clause=error.clause)]
