"""Plain-English lines for what just happened at the table (the headless demo prints them)."""

from __future__ import annotations

from companion.kwingto.actions import (
    Action,
    EndTurn,
    FlagMistake,
    NextGame,
    Pass,
    Place,
    Reroll,
    RollDice,
)
from companion.kwingto.state import MatchState
from companion.session import TableSession


class Narrator:
    """Reads the session's journalled actions and tells each new one once."""

    def __init__(self, session: TableSession) -> None:
        self.session = session
        self.told = len(session.actions)

    def news(self) -> list[str]:
        """One line per action journalled since the last call (plus game results)."""
        actions = self.session.actions[self.told :]
        self.told = len(self.session.actions)
        state = self.session.state
        if state is None:
            return []
        return [line for action in actions for line in self.tell(action, state)]

    def tell(self, action: Action, state: MatchState) -> list[str]:
        """The line(s) for one action; `state` is the state after the latest action."""
        names = [s.name for s in self.session.seats]
        match action:
            case RollDice(roll=roll) | Reroll(roll=roll):
                verb = "re-rolls" if isinstance(action, Reroll) else "rolls"
                who = names[state.game.turn.active]
                outcome = "a failed throw" if roll.failed else f"= {roll.result}"
                return [f"{who} {verb} {roll}: {outcome}"]
            case Place(player=p, row=r, col=c, card=card):
                return [f"  {names[p]} places {card} in row {r + 1}, column {c + 1}"]
            case Pass(player=p):
                return [f"  {names[p]} passes"]
            case FlagMistake(player=p, row=r, col=c):
                return [f"  mistake flagged on {names[p]}'s row {r + 1}, column {c + 1}"]
            case EndTurn() if state.game.result is not None and state.game.turn.roll is None:
                return self._result(state, names)
            case NextGame():
                return [f"Game {len(state.finished) + 1} starts"]
        return []

    @staticmethod
    def _result(state: MatchState, names: list[str]) -> list[str]:
        """The scores of a game that just ended."""
        result = state.game.result
        assert result is not None
        lines = [f"Game over ({result.reason}):"]
        lines += [f"  {names[p]}: {s.total} points" for p, s in enumerate(result.scores)]
        winner = "a tie (one more game)" if result.winner is None else names[result.winner]
        lines.append(f"  winner: {winner}")
        return lines
