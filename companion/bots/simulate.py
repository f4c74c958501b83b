"""The fast simulator: whole games between strategies, without building engine states.

The engine's `apply` rebuilds immutable states for every action, which is right for the
table but too slow for thousands of games. Here each seat is one `Seat` replaced as it
changes, while every rule still comes from the engine: legal spaces from
`board_placements`, the dice from `Roll`, boards from `Board.with_card`, scores from
`score_board`. With `record=True` a game also returns the engine actions it stands for,
and a test replays them through `apply` to hold the two in agreement.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from companion.bots.strategy import Seat, Strategy, View
from companion.bots.virtual_deck import draw
from companion.kwingto.actions import (
    Action,
    CardUse,
    ChooseDice,
    EndTurn,
    Pass,
    Place,
    RecordCard,
    Reroll,
    RollDice,
)
from companion.kwingto.board import FILLERS_PER_ROW, Board, board_placements
from companion.kwingto.playout import roll_dice
from companion.kwingto.scoring import score_board, winner
from companion.kwingto.state import COMPLETE_ROWS_TO_END, PENALTIES_TO_END

TWO_ROWS = "two complete rows"
FOURTH_PENALTY = "fourth penalty card"
MAX_TURNS = 500  # a safety net: every turn adds a card or a penalty somewhere, so games end


@dataclass(frozen=True)
class GameRecord:
    """One simulated game: final totals (S5), turns played, why it ended (G1)."""

    scores: tuple[int, ...]
    winner: int | None  # S7; None when a tie-break game would be needed
    turns: int
    reason: str
    actions: tuple[Action, ...] = ()


def ending(seats: Sequence[Seat]) -> str | None:
    """G1: two complete rows or a fourth penalty card, checked after each turn (G2)."""
    for seat in seats:
        if seat.board.complete_rows >= COMPLETE_ROWS_TO_END:
            return TWO_ROWS
        if seat.penalties >= PENALTIES_TO_END:
            return FOURTH_PENALTY
    return None


def empty_seats(players: int) -> list[Seat]:
    """Every seat at the start of a game: empty board, nothing spent (B1)."""
    return [Seat(Board(), frozenset(), 0) for _ in range(players)]


def play_game(
    strategies: Sequence[Strategy], first: int, rng: random.Random, record: bool = False
) -> GameRecord:
    """One game from the empty table, `first` active first (T1), each seat its strategy."""
    seats = empty_seats(len(strategies))
    log: list[Action] | None = [] if record else None
    active = first
    for turn in range(1, MAX_TURNS + 1):
        placed = _play_turn(strategies, seats, active, rng, log)
        if not placed:
            seats[active] = _penalise(seats[active])  # T7
        reason = ending(seats)
        if reason is not None:
            scores = [score_board(s.board, s.penalties) for s in seats]
            totals = tuple(s.total for s in scores)
            return GameRecord(totals, winner(scores), turn, reason, tuple(log or ()))
        if not placed:
            seats[active] = _record_penalty(seats[active], active, rng, log)
        active = (active + 1) % len(seats)  # T8
    raise RuntimeError(f"a game went past {MAX_TURNS} turns")


def _play_turn(
    strategies: Sequence[Strategy],
    seats: list[Seat],
    active: int,
    rng: random.Random,
    log: list[Action] | None,
) -> bool:
    """T2–T7 for one roll; returns whether the active player placed a card."""
    mover = strategies[active]
    red, black = mover.dice(View(tuple(seats), active, active), rng)
    roll = roll_dice(rng, red, black)
    _log(log, ChooseDice(red, black), RollDice(roll))
    if mover.reroll(View(tuple(seats), active, active), roll, rng):
        roll = roll_dice(rng, red, black)
        _log(log, Reroll(roll))
    rank = roll.card_rank
    placed = False
    for player, strategy in enumerate(strategies):
        seat = seats[player]
        options = (
            []
            if rank is None
            else board_placements(seat.board, rank, roll.allowed_suits, seat.spent)
        )
        view = View(tuple(seats), player, active)
        pick = strategy.space(view, roll, options, rng) if options else None
        if pick is None:
            _log(log, Pass(player))
            continue
        opens = seat.board.suits[pick.row] is None
        seat = Seat(seat.board.with_card(pick.row, pick.col, pick.card), seat.spent, seat.penalties)
        _log(log, Place(player, pick.row, pick.col, pick.card))
        if opens:  # B3: the other four spaces of the row take fillers from the deck
            fillers = draw(rng, seat.board, seat.spent, FILLERS_PER_ROW)
            seat = Seat(seat.board, seat.spent.union(fillers), seat.penalties)
            _log(log, *(RecordCard(player, c, CardUse.FILLER) for c in fillers))
        seats[player] = seat
        placed = placed or player == active
    _log(log, EndTurn())
    return placed


def _penalise(seat: Seat) -> Seat:
    return Seat(seat.board, seat.spent, seat.penalties + 1)


def _record_penalty(seat: Seat, player: int, rng: random.Random, log: list[Action] | None) -> Seat:
    """T7, B4: the penalty card comes from the seat's deck and is spent."""
    cards = draw(rng, seat.board, seat.spent, 1)
    _log(log, *(RecordCard(player, c, CardUse.PENALTY) for c in cards))
    return Seat(seat.board, seat.spent.union(cards), seat.penalties)


def _log(log: list[Action] | None, *actions: Action) -> None:
    if log is not None:
        log.extend(actions)


Factory = Callable[[str], Strategy]
Progress = Callable[[int, int], None]


@dataclass
class Report:
    """What many games say: scores and wins per strategy, game lengths, endings (G1)."""

    scores: dict[str, list[int]] = field(default_factory=dict)
    wins: Counter[str] = field(default_factory=Counter)
    turns: list[int] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)


def lineup(names: Sequence[str], players: int, game: int) -> list[str]:
    """Who sits where in game `game`: the names repeated to fill the table, turned by one
    seat each game so every strategy plays every seat equally often."""
    table = [names[i % len(names)] for i in range(players)]
    shift = game % players
    return table[shift:] + table[:shift]


def game_rng(seed: int, game: int) -> random.Random:
    """Each game its own seeded generator, so any game can be replayed alone."""
    return random.Random(f"kwingto-sim/{seed}/{game}")


def run(
    names: Sequence[str],
    players: int,
    games: range,
    seed: int,
    make: Factory,
    progress: Progress | None = None,
) -> Report:
    """Play the seeded games numbered `games` with the named strategies; gather the report.

    Game numbers, not a count, so a benchmark can share one series out among processes
    and still play exactly the games a single process would.
    """
    report = Report(scores={name: [] for name in names})
    for done, game in enumerate(games, 1):
        seats = lineup(names, players, game)
        rng = game_rng(seed, game)
        result = play_game([make(name) for name in seats], rng.randrange(players), rng)
        for name, score in zip(seats, result.scores, strict=True):
            report.scores[name].append(score)
        if result.winner is not None:
            report.wins[seats[result.winner]] += 1
        report.turns.append(result.turns)
        report.reasons[result.reason] += 1
        if progress is not None:
            progress(done, len(games))
    return report
