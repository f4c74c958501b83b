"""Engine benchmarks for `companion bench`: legal placements, scoring, whole games."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

from companion.bench import Figure, rate
from companion.cards import Card
from companion.kwingto.actions import Action
from companion.kwingto.board import Board, board_placements
from companion.kwingto.engine import apply, new_match
from companion.kwingto.playout import random_match
from companion.kwingto.roll import Roll
from companion.kwingto.scoring import score_board
from companion.kwingto.state import MatchState, Setup

SECTION = "engine"


def _sample_boards(count: int, seed: int) -> list[MatchState]:
    """Mid- and end-game states reached by legal random play."""
    rng = random.Random(seed)
    states: list[MatchState] = []
    while len(states) < count:
        setup = Setup(("A", "B", "C", "D"), rng.randrange(4))
        state = new_match(setup)
        actions: list[Action] = random_match(setup, rng)
        for i, action in enumerate(actions):
            state = apply(state, action)
            if i % 37 == 0:
                states.append(state)
    return states[:count]


def _cli_throughput(lines: int) -> list[Figure]:
    """`companion kwingto score|legal --jsonl` end to end, start-up included."""
    board = {
        "rows": [["3H", "6H", None, "JH", None], ["2S", None, "4S", None, None], [None] * 5],
        "penalties": 1,
        "roll": "B2 B6 R3",
    }
    text = "\n".join(json.dumps(board) for _ in range(lines))
    figures = []
    for command in ("score", "legal"):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "companion", "kwingto", command, "--jsonl"],
            input=text,
            capture_output=True,
            text=True,
            check=True,
        )
        ms = (time.perf_counter() - start) * 1000 / (lines / 1000)
        figures.append(Figure(SECTION, f"cli {command} --jsonl ({lines} lines)", ms, "ms per 1000"))
    return figures


def run(quick: bool) -> list[Figure]:
    """Legal placements per second, scorings per second, random 4-player games per second."""
    seconds = 0.2 if quick else 1.5
    states = _sample_boards(50 if quick else 400, seed=7)
    boards: list[Board] = [p.board for s in states for p in s.game.players]
    rolls = [Roll.parse(t) for t in ("B2 B6 R3", "R4", "B3 B4", "R1 B6 B6", "R2 R3", "B1")]
    spent: frozenset[Card] = frozenset()
    i = 0

    def legal() -> None:
        nonlocal i
        roll = rolls[i % len(rolls)]
        board_placements(boards[i % len(boards)], roll.card_rank or 1, roll.allowed_suits, spent)
        i += 1

    def score() -> None:
        nonlocal i
        score_board(boards[i % len(boards)], 1)
        i += 1

    rng = random.Random(11)

    def game() -> None:
        random_match(Setup(("A", "B", "C", "D"), 0), rng)

    return [
        *_cli_throughput(500 if quick else 5000),
        Figure(SECTION, "legal placements (one board, one roll)", rate(legal, seconds), "per s"),
        Figure(SECTION, "board scorings", rate(score, seconds), "per s"),
        Figure(SECTION, "random 4-player games", rate(game, seconds), "per s"),
    ]
