"""The games the companion serves, found by name.

A game is a module behind the small `GameRules` interface; adding one means a new module
and one line in `GAMES`, touching no other game.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol


class GameRules(Protocol):
    """What the app, the journal and the bots need from any game's rules engine."""

    name: str
    min_players: int
    max_players: int

    def new_match(self, setup: Mapping[str, Any]) -> Any:
        """The state before the first action; `setup` is the journal's first record."""

    def apply(self, state: Any, action: Any) -> Any:
        """The next state, or the game's rule error naming the clause."""

    def legal_actions(self, state: Any) -> list[Any]:
        """The decisions open now."""

    def is_over(self, state: Any) -> bool:
        """True once the match has a winner."""

    def action_to_json(self, action: Any) -> dict[str, Any]:
        """The journal form of an action."""

    def action_from_json(self, doc: Any) -> Any:
        """An action back from its journal form; ValueError when malformed."""


GAMES: dict[str, str] = {
    "kwingto": "companion.kwingto.game",
}


def find_game(name: str) -> GameRules:
    """The rules of the game called `name` (case-insensitive)."""
    module = GAMES.get(name.strip().lower())
    if module is None:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}")
    rules: GameRules = importlib.import_module(module).RULES
    return rules
