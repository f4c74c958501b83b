"""Representative positions for every screen, reached by real play on an in-memory journal.

The screenshots in docs/, the headless render tests and the frame-time benchmark all
draw these scenes, so the pictures players see in the docs are the ones the tests check.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from companion.commands import Button, Play, Press, ProposeRoll
from companion.journal import Journal
from companion.kwingto.actions import Pass, Place
from companion.kwingto.engine import legal_placements
from companion.kwingto.roll import Roll
from companion.kwingto.state import MatchMode, MatchOptions, MatchState, Phase, Setup
from companion.session import SeatInfo, TableSession
from display.app import App
from display.camera import CameraFrame
from display.model import DEFAULT_COLOURS, Dialog
from display.sim import SimulatedTable, tray_frame

NAMES = ("Ana", "Ben", "Carla", "Dani")
HINT_BOTS = (None, "greedy", None, "advisor")  # the hint scene's table: two people, two bots
SCENES: tuple[str, ...] = (
    "setup",
    "setup_keyboard",
    "roll",
    "roll_failed",
    "roll_advice",
    "boards",
    "boards_error",
    "boards_hint",
    "scores",
    "correction",
    "correction_flag",
    "settings",
)


def memory_session() -> TableSession:
    """A session whose journal lives in memory (nothing touches the disk)."""
    return TableSession(Journal.open(Path(":memory:")))


def start(
    session: TableSession,
    players: int,
    options: MatchOptions | None = None,
    bots: Sequence[str | None] = (),
) -> None:
    """Seat `players` players (Ana first; seat i is a bot "Bot i+1" where `bots[i]` names a
    strategy) and start the match."""
    kinds = [*bots, *[None] * players][:players]
    names = tuple(NAMES[i] if kind is None else f"Bot {i + 1}" for i, kind in enumerate(kinds))
    setup = Setup(names, 0, options or MatchOptions())
    seats = [SeatInfo(names[i], DEFAULT_COLOURS[i], kinds[i]) for i in range(players)]
    session.start_match(setup, seats)


def advance(
    session: TableSession, rng: random.Random, done: Callable[[MatchState], bool], limit: int = 5000
) -> None:
    """Play random legal moves until `done(state)` holds."""
    table = SimulatedTable(session, rng)
    for _ in range(limit):
        assert session.state is not None
        if done(session.state):
            return
        command = table.next_command()
        if command is None:
            return
        session.handle(command)
    raise RuntimeError("the scene's position was not reached")


def roll_now(session: TableSession, text: str) -> None:
    """At a ROLL phase, roll exactly these dice (as the camera and CONFIRM would)."""
    session.handle(ProposeRoll(Roll.parse(text), 0.95))
    session.handle(Press(Button.CONFIRM))


def mid_game(
    session: TableSession,
    rng: random.Random,
    players: int,
    turns: int,
    bots: Sequence[str | None] = (),
) -> None:
    """A game some turns in, at the start of a turn."""
    start(session, players, bots=bots)
    advance(session, rng, lambda s: s.game.turns_played >= turns and s.phase is Phase.ROLL)


def placing(
    session: TableSession, rng: random.Random, players: int, bots: Sequence[str | None] = ()
) -> None:
    """Mid-game, the roll B2 B6 R3 (5, any row), the first player placed, the second passed."""
    mid_game(session, rng, players, 8, bots)
    roll_now(session, "B2 B6 R3")
    state = session.state
    assert state is not None
    first = state.game.turn.active
    options = legal_placements(state, first)
    if options:
        p = options[0]
        session.handle(Play(Place(first, p.row, p.col, p.card)))
    session.handle(Play(Pass((first + 1) % players)))


def build_scene(name: str, size: tuple[int, int], seed: int = 3) -> App:
    """An app on an off-screen surface of `size`, showing the scene called `name`."""
    rng = random.Random(seed)
    session = memory_session()
    frame: list[CameraFrame] = []
    screen = name.split("_")[0]
    if name.startswith("setup"):
        pass
    elif name in ("roll", "roll_advice"):
        mid_game(session, rng, 3, 5)
        roll = Roll.parse("B2 B6 R3")
        session.handle(ProposeRoll(roll, 0.93))
        frame.append(tray_frame(roll))
    elif name == "roll_failed":
        mid_game(session, rng, 3, 5)
        roll_now(session, "R6 R6 R5")
    elif name in ("boards", "boards_error", "correction", "correction_flag"):
        placing(session, rng, 4 if screen == "boards" else 3)
    elif name == "boards_hint":
        mid_game(session, rng, 4, 8, HINT_BOTS)
        roll_now(session, "B2 B6 R3")
    elif name == "scores":
        start(session, 2, MatchOptions(MatchMode.GAMES, 3))
        advance(session, rng, lambda s: len(s.finished) >= 2 and s.phase is not Phase.PLACE)
    elif name == "settings":
        start(session, 2)
    app = App(session, pygame.Surface(size), camera=(lambda: frame[0]) if frame else None, rng=rng)
    app.ctl.go(screen)
    app.poll()
    if name.startswith("setup"):
        draft = app.ui.setup
        draft.players = 3
        draft.names[:3] = [NAMES[0], "", NAMES[2]]
        draft.bots[1] = "greedy"  # a virtual seat: its name defaults to "Bot 2"
    if name == "setup_keyboard":
        app.ctl.edit_name(2)
        app.ctl.erase_char()
    if name == "boards_error":
        _tap_illegal(app)
    if name == "correction_flag":
        _ask_flag(app)
    if name == "boards_hint":
        _ask_hint(app)
    if name == "roll_advice":
        app.ctl.show_dice_advice()
    app.ui.changed()
    return app


def _tap_illegal(app: App) -> None:
    """Tap a space the active player may not use, so the engine's reason shows."""
    state = app.session.state
    assert state is not None
    player = (state.game.turn.active + 2) % state.players
    legal = {(p.row, p.col) for p in legal_placements(state, player)}
    board = state.game.players[player].board
    space = next(
        (r, c)
        for r in range(3)
        for c in range(5)
        if (r, c) not in legal and board.card_at(r, c) is None
    )
    app.ctl.tap_space(player, *space)


def _ask_hint(app: App) -> None:
    """The active player (a person: the bots wait for them) taps Hint."""
    state = app.session.state
    assert state is not None
    app.ctl.show_hint(state.game.turn.active)


def _ask_flag(app: App) -> None:
    """Open the "is this card a mistake?" question on the first face-up card found."""
    state = app.session.state
    assert state is not None
    for player, me in enumerate(state.game.players):
        for r in range(3):
            for c in range(5):
                if me.board.card_at(r, c) is not None:
                    app.ctl.show_player(player)
                    app.ui.dialog = Dialog("flag", (player, r, c))
                    return


def save_screenshots(folder: Path, size: tuple[int, int] = (800, 480)) -> list[Path]:
    """One PNG per scene in `folder` (docs/screenshots is made this way)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for name in SCENES:
        path = folder / f"{name}.png"
        build_scene(name, size).screenshot(path)
        paths.append(path)
    return paths
