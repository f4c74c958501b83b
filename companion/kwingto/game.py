"""Kwingto behind the common `GameRules` interface (see companion.games)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.kwingto.actions import Action, action_from_json, action_to_json
from companion.kwingto.engine import apply, legal_actions, new_match
from companion.kwingto.state import MAX_PLAYERS, MIN_PLAYERS, MatchState, Phase, Setup


class KwingtoRules:
    """Adapter from the Kwingto engine's functions to the shared interface."""

    name = "kwingto"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def new_match(self, setup: Mapping[str, Any]) -> MatchState:
        """A match from its journal setup record."""
        return new_match(Setup.from_json(setup))

    def apply(self, state: MatchState, action: Action) -> MatchState:
        """One action (raises RuleError)."""
        return apply(state, action)

    def legal_actions(self, state: MatchState) -> list[Action]:
        """The decisions open now."""
        return legal_actions(state)

    def is_over(self, state: MatchState) -> bool:
        """True once the match has a winner (C2–C3)."""
        return state.phase is Phase.MATCH_OVER

    def action_to_json(self, action: Action) -> dict[str, Any]:
        """The journal form of an action."""
        return action_to_json(action)

    def action_from_json(self, doc: Any) -> Action:
        """An action back from its journal form."""
        return action_from_json(doc)


RULES = KwingtoRules()
