"""Kwingto, the flagship game: a pure rules engine (rules in shared/rules/kwingto.md)."""

from companion.kwingto.actions import (
    Action,
    CardUse,
    ChooseDice,
    EndTurn,
    FlagMistake,
    NextGame,
    Pass,
    Place,
    RecordCard,
    Reroll,
    RollDice,
    UseHint,
    action_from_json,
    action_to_json,
)
from companion.kwingto.board import Board, Placement, board_placements, placement_error
from companion.kwingto.engine import (
    apply,
    legal_actions,
    legal_placements,
    new_match,
    replay,
)
from companion.kwingto.errors import RuleError
from companion.kwingto.roll import Die, DieColour, Roll
from companion.kwingto.scoring import Score, score_board, winner
from companion.kwingto.state import (
    GameResult,
    GameState,
    MatchMode,
    MatchOptions,
    MatchState,
    Phase,
    PlayerState,
    Setup,
    Turn,
)

NAME = "kwingto"

__all__ = [
    "NAME",
    "Action",
    "Board",
    "CardUse",
    "ChooseDice",
    "Die",
    "DieColour",
    "EndTurn",
    "FlagMistake",
    "GameResult",
    "GameState",
    "MatchMode",
    "MatchOptions",
    "MatchState",
    "NextGame",
    "Pass",
    "Phase",
    "Place",
    "Placement",
    "PlayerState",
    "RecordCard",
    "Reroll",
    "Roll",
    "RollDice",
    "RuleError",
    "Score",
    "Setup",
    "Turn",
    "UseHint",
    "action_from_json",
    "action_to_json",
    "apply",
    "board_placements",
    "legal_actions",
    "legal_placements",
    "new_match",
    "placement_error",
    "replay",
    "score_board",
    "winner",
]
