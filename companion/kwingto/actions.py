"""Every Kwingto action as a frozen value, with a JSON form for the journal.

A game is the fold of `apply` over these values, so they must carry everything that
happened at the table, and nothing the engine could work out itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from companion.cards import Card
from companion.kwingto.roll import Roll


class CardUse(StrEnum):
    """Why a card left the deck face-down (B3, T7)."""

    FILLER = "filler"
    PENALTY = "penalty"


@dataclass(frozen=True)
class ChooseDice:
    """T2: the active player announces how many red and black dice they roll (optional)."""

    red: int
    black: int
    kind: ClassVar[str] = "choose"


@dataclass(frozen=True)
class RollDice:
    """T3: the dice as they landed (read by the camera or entered by touch)."""

    roll: Roll
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Reroll:
    """T3: the one re-roll of the same dice, replacing the first roll."""

    roll: Roll
    kind: ClassVar[str] = "reroll"


@dataclass(frozen=True)
class Place:
    """T6: a player puts a card of the rolled value in a space."""

    player: int
    row: int
    col: int
    card: Card
    kind: ClassVar[str] = "place"


@dataclass(frozen=True)
class Pass:
    """T6: a player does not place this turn (the active player then takes a penalty, T7)."""

    player: int
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class EndTurn:
    """T7–T8: penalties are settled and the next player becomes active (or the game ends)."""

    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class RecordCard:
    """B3/B4: which card a player used as a filler or a penalty card, so it is spent."""

    player: int
    card: Card
    use: CardUse
    kind: ClassVar[str] = "record"


@dataclass(frozen=True)
class FlagMistake:
    """E2/E3: the card in this space should not be there."""

    player: int
    row: int
    col: int
    kind: ClassVar[str] = "mistake"


@dataclass(frozen=True)
class UseHint:
    """A player asked the advisor for a hint: counted, so help used is visible."""

    player: int
    kind: ClassVar[str] = "hint"


@dataclass(frozen=True)
class NextGame:
    """C1: start the next game of the match."""

    kind: ClassVar[str] = "next_game"


Action = (
    ChooseDice
    | RollDice
    | Reroll
    | Place
    | Pass
    | EndTurn
    | RecordCard
    | FlagMistake
    | UseHint
    | NextGame
)


def action_to_json(action: Action) -> dict[str, Any]:
    """The journal form: `{"type": "place", "player": 0, "row": 1, "col": 2, "card": "5H"}`."""
    doc: dict[str, Any] = {"type": action.kind}
    for name, value in vars(action).items():
        doc[name] = (
            value.value
            if isinstance(value, StrEnum)
            else (str(value) if isinstance(value, Card | Roll) else value)
        )
    return doc


def _int(doc: Mapping[str, Any], key: str) -> int:
    value = doc.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"action {doc.get('type')!r} needs an integer {key!r}, got {value!r}")
    return value


def _text(doc: Mapping[str, Any], key: str) -> str:
    value = doc.get(key)
    if not isinstance(value, str):
        raise ValueError(f"action {doc.get('type')!r} needs text {key!r}, got {value!r}")
    return value


def _use(doc: Mapping[str, Any]) -> CardUse:
    text = _text(doc, "use")
    if text not in CardUse._value2member_map_:
        raise ValueError(f"'use' must be 'filler' or 'penalty', got {text!r}")
    return CardUse(text)


_READERS: dict[str, Callable[[Mapping[str, Any]], Action]] = {
    "choose": lambda d: ChooseDice(_int(d, "red"), _int(d, "black")),
    "roll": lambda d: RollDice(Roll.parse(_text(d, "roll"))),
    "reroll": lambda d: Reroll(Roll.parse(_text(d, "roll"))),
    "place": lambda d: Place(
        _int(d, "player"), _int(d, "row"), _int(d, "col"), Card.parse(_text(d, "card"))
    ),
    "pass": lambda d: Pass(_int(d, "player")),
    "end_turn": lambda d: EndTurn(),
    "record": lambda d: RecordCard(_int(d, "player"), Card.parse(_text(d, "card")), _use(d)),
    "mistake": lambda d: FlagMistake(_int(d, "player"), _int(d, "row"), _int(d, "col")),
    "hint": lambda d: UseHint(_int(d, "player")),
    "next_game": lambda d: NextGame(),
}


def action_from_json(doc: Any) -> Action:
    """Read one action back; a malformed one raises ValueError quoting what is wrong."""
    if not isinstance(doc, Mapping):
        raise ValueError(f"an action is a JSON object, got {doc!r}")
    kind = doc.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        known = ", ".join(_READERS)
        raise ValueError(f"unknown action type {doc.get('type')!r}; known: {known}")
    return reader(doc)
