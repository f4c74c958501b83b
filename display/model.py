"""What the UI itself remembers, apart from the match: screen, language, drafts, dialogs.

The match lives in the TableSession; this holds only what a person is in the middle of
doing on the screen (a dice draft, a name being typed, a question awaiting yes/no), so
losing it loses nothing that matters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.bots import DiceAdvice
from companion.cards import Card
from companion.kwingto.actions import Pass, Place
from companion.kwingto.roll import Die
from companion.kwingto.state import MatchMode
from display.theme import SEAT_COLOURS

SCREENS: tuple[str, ...] = ("setup", "roll", "boards", "scores", "correction", "settings")
TABS: tuple[str, ...] = ("roll", "boards", "scores", "correction", "settings")
"""The screens the bottom tab bar reaches (Setup is reached from Settings or at start)."""

DEFAULT_COLOURS: tuple[str, ...] = tuple(SEAT_COLOURS)[:4]
MAX_NAME = 12
SEAT_KINDS: tuple[str | None, ...] = (None, "greedy", "advisor")
"""What a seat can be on Setup: a person (None) or a bot playing that strategy."""


@dataclass
class SetupDraft:
    """The Setup screen's form: filled in by touch, turned into a Setup on Start."""

    game: str = "kwingto"
    players: int = 2
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    colours: list[str] = field(default_factory=lambda: list(DEFAULT_COLOURS))
    bots: list[str | None] = field(default_factory=lambda: [None, None, None, None])
    mode: MatchMode = MatchMode.GAMES
    target: int = 1
    editing: int | None = None  # the seat whose name the keyboard is typing


@dataclass(frozen=True)
class Dialog:
    """A question over the screen: `kind` is "undo", "flag", "suit", "colours" or "keyboard".

    `space` is (player, row, col) for "flag" and "suit"; `cards` the cards a "suit"
    choice offers (the legal cards for that space).
    """

    kind: str
    space: tuple[int, int, int] | None = None
    cards: tuple[Card, ...] = ()


TurnKey = tuple[object, ...]
"""Which roll of which turn advice was given for: advice is stale once it changes."""


@dataclass(frozen=True)
class Advice:
    """What the advisor said, for the roll it was asked about (counted by UseHint)."""

    turn: TurnKey
    hints: dict[int, Place | Pass] = field(default_factory=dict)  # player → recommendation
    dice: DiceAdvice | None = None  # phase ROLL: the active player's dice


@dataclass
class UiState:
    """The screen's own state; `version` bumps on every change, like the session's."""

    screen: str = "setup"
    language: str = "en"
    sound: bool = True
    vision_debug: bool = False
    dialog: Dialog | None = None
    notice: tuple[str, dict[str, object]] | None = None  # catalogue key + params, shown once
    hidden_error: int = -1  # the session version whose error bubble was tapped away
    dice: tuple[Die, ...] = ()  # the dice editor's draft
    flag_player: int = 0  # whose board the Correction screen shows
    setup: SetupDraft = field(default_factory=SetupDraft)
    advice: Advice | None = None
    version: int = 0

    def changed(self) -> None:
        """Mark the screen for redrawing."""
        self.version += 1
