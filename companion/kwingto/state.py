"""The Kwingto match state: immutable values, rebuilt by folding actions (see engine)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.cards import Card
from companion.kwingto.board import Board
from companion.kwingto.roll import Roll
from companion.kwingto.scoring import Score

MIN_PLAYERS = 2
MAX_PLAYERS = 4
PENALTIES_TO_END = 4
COMPLETE_ROWS_TO_END = 2


class MatchMode(StrEnum):
    """C2: what ends a match."""

    GAMES = "games"  # after a fixed number of games
    WINS = "wins"  # when a player has won that many games
    POINTS = "points"  # when a player's cumulative total reaches the target


class Phase(StrEnum):
    """What the table is waiting for; derived from the state, never stored."""

    ROLL = "roll"  # the active player chooses and rolls the dice (T2–T3)
    PLACE = "place"  # players place or pass for the roll (T6)
    GAME_OVER = "game_over"  # scores are shown; the next game of the match may start
    MATCH_OVER = "match_over"


@dataclass(frozen=True)
class MatchOptions:
    """C2 and the G2 variant; defaults play one game (with tie-break games, S7)."""

    mode: MatchMode = MatchMode.GAMES
    target: int = 1
    finish_cycle: bool = False  # G2 variant: end only when every player was active equally

    def __post_init__(self) -> None:
        if self.target < 1:
            raise ValueError(f"the match target must be at least 1, got {self.target}")


@dataclass(frozen=True)
class Setup:
    """Who plays and how: the first record of every journal."""

    names: tuple[str, ...]
    first_player: int
    options: MatchOptions = field(default_factory=MatchOptions)

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= len(self.names) <= MAX_PLAYERS:
            raise ValueError(f"M1: Kwingto is for 2 to 4 players, not {len(self.names)}")
        if not 0 <= self.first_player < len(self.names):
            raise ValueError(f"T1: the first player must be one of the {len(self.names)} seats")

    def to_json(self) -> dict[str, Any]:
        """The journal form of the setup."""
        return {
            "names": list(self.names),
            "first_player": self.first_player,
            "mode": self.options.mode.value,
            "target": self.options.target,
            "finish_cycle": self.options.finish_cycle,
        }

    @classmethod
    def from_json(cls, doc: Any) -> Setup:
        """Read a setup back; anything malformed raises ValueError saying what is wrong."""
        if not isinstance(doc, Mapping):
            raise ValueError(f"a setup is a JSON object, got {doc!r}")
        names = doc.get("names")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError(f"a setup's 'names' is a list of names, got {names!r}")
        first, target = doc.get("first_player"), doc.get("target", 1)
        finish = doc.get("finish_cycle", False)
        for key, value in (("first_player", first), ("target", target)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"a setup's {key!r} is a whole number, got {value!r}")
        if not isinstance(finish, bool):
            raise ValueError(f"a setup's 'finish_cycle' is true or false, got {finish!r}")
        mode = MatchMode(doc.get("mode", "games"))
        assert isinstance(first, int) and isinstance(target, int)
        return cls(tuple(names), first, MatchOptions(mode, target, finish))


@dataclass(frozen=True)
class PlayerState:
    """One player's board and the cards that left their deck face-down."""

    board: Board = field(default_factory=Board)
    penalties: int = 0
    fillers: frozenset[Card] = frozenset()
    penalty_cards: frozenset[Card] = frozenset()
    hints: int = 0  # advisor hints taken this game, shown on the score screen

    @property
    def spent(self) -> frozenset[Card]:
        """Cards that can never be placed face-up again (B3, B4)."""
        return self.fillers | self.penalty_cards


@dataclass(frozen=True)
class TurnPlacement:
    """A placement made in the current turn, kept so E2 can move it back."""

    player: int
    row: int
    col: int
    card: Card
    opened_row: bool


@dataclass(frozen=True)
class Turn:
    """One active player's turn ("ronda"): the roll and who has decided."""

    active: int
    chosen: tuple[int, int] | None = None  # (red, black) announced, T2
    roll: Roll | None = None
    rerolled: bool = False
    placed: tuple[TurnPlacement, ...] = ()
    passed: frozenset[int] = frozenset()
    to_move: tuple[tuple[int, Card], ...] = ()  # E2: card taken back, to be placed again
    penalised: frozenset[int] = frozenset()  # took a penalty this turn already (E2)
    fillers: tuple[tuple[int, Card], ...] = ()  # recorded this turn: undone if E2 closes a row

    def has_placed(self, player: int) -> bool:
        """Did `player` place a card this turn (and keep it there)?"""
        return any(p.player == player for p in self.placed)

    def card_to_move(self, player: int) -> Card | None:
        """The card `player` must place again after an E2 correction, if any."""
        return next((card for p, card in self.to_move if p == player), None)

    @property
    def acted(self) -> bool:
        """Has anyone placed, passed or taken back a card for this roll? (closes T3)"""
        return bool(self.placed or self.passed or self.to_move)

    @property
    def reroll_open(self) -> bool:
        """T3: the one re-roll is still possible (not used, and nobody acted yet)."""
        return not self.rerolled and not self.acted

    def decided(self, player: int) -> bool:
        """Has `player` placed or passed for this roll? (shown on screen, T6)"""
        return self.has_placed(player) or player in self.passed


@dataclass(frozen=True)
class GameResult:
    """A finished game: each player's score and the winner (None: tie-break game, S7)."""

    scores: tuple[Score, ...]
    winner: int | None
    reason: str


@dataclass(frozen=True)
class GameState:
    """One game of the match."""

    players: tuple[PlayerState, ...]
    first_player: int
    turn: Turn
    turns_played: int = 0
    ending: str | None = None  # why the game will end once the turn (or cycle) is over, G1–G2
    result: GameResult | None = None


@dataclass(frozen=True)
class MatchState:
    """The whole match: the setup, finished games and the game in play."""

    setup: Setup
    game: GameState
    finished: tuple[GameResult, ...] = ()
    winner: int | None = None  # set once the match is over (C3)

    @property
    def phase(self) -> Phase:
        """What the table waits for now."""
        if self.winner is not None:
            return Phase.MATCH_OVER
        if self.game.result is not None:
            return Phase.GAME_OVER
        return Phase.ROLL if self.game.turn.roll is None else Phase.PLACE

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.setup.names)

    def cumulative(self) -> tuple[int, ...]:
        """C1: each player's points over the finished games."""
        return tuple(sum(g.scores[p].total for g in self.finished) for p in range(self.players))

    def wins(self) -> tuple[int, ...]:
        """Games won per player (a tie-break's tie counts for nobody)."""
        return tuple(sum(1 for g in self.finished if g.winner == p) for p in range(self.players))
