"""Bot benchmarks for `companion bench`: hint latency, simulation speed, strength.

Strength is a paired comparison: in each seeded 2-player game one strategy faces the
other (seats alternate), and the figure is the mean score difference with its 95 %
interval. The games are shared out among the machine's cores; each is seeded by its
number, so the result does not depend on how many processes played it.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from companion.bench import Figure, rate
from companion.bots import find_strategy, hint
from companion.bots.greedy import Greedy
from companion.bots.simulate import play_game
from companion.bots.simulate import run as play_series
from companion.bots.stats import summarise
from companion.kwingto.actions import Reroll, RollDice
from companion.kwingto.engine import apply, legal_placements, new_match
from companion.kwingto.state import MatchState, Phase, Setup

SECTION = "bots"
SEED = 2026
CHUNK = 50


def _hint_cases(count: int, seed: int) -> list[tuple[MatchState, int]]:
    """(state, player) just after a roll, where the player has a space to choose: states
    from seeded greedy 4-player games replayed in the engine, spread over whole games."""
    cases: list[tuple[MatchState, int]] = []
    game = 0
    while len(cases) < 4 * count:
        rng = random.Random(f"bench-hint/{seed}/{game}")
        record = play_game([Greedy() for _ in range(4)], game % 4, rng, record=True)
        state = new_match(Setup(("A", "B", "C", "D"), game % 4))
        for action in record.actions:
            state = apply(state, action)
            if isinstance(action, RollDice | Reroll) and state.phase is Phase.PLACE:
                player = next((p for p in range(4) if legal_placements(state, p)), None)
                if player is not None:
                    cases.append((state, player))
        game += 1
    return cases[::4][:count]


def hint_latency(count: int) -> tuple[float, float]:
    """Median and 95th percentile of a hint's wall time, in ms."""
    times: list[float] = []
    for i, (state, player) in enumerate(_hint_cases(count, SEED)):
        start = time.perf_counter()
        hint(state, player, seed=i)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, round(0.95 * len(times)))]


def _duel_chunk(task: tuple[str, str, range]) -> list[int]:
    """Score differences (first strategy minus second) in the numbered 2-player games."""
    first, second, games = task
    report = play_series([first, second], 2, games, SEED, find_strategy)
    return [a - b for a, b in zip(report.scores[first], report.scores[second], strict=True)]


def duel(first: str, second: str, games: int) -> list[int]:
    """Paired score differences over `games` seeded games, on every core."""
    tasks = [(first, second, range(i, min(games, i + CHUNK))) for i in range(0, games, CHUNK)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return [d for chunk in pool.map(_duel_chunk, tasks) for d in chunk]


def _duel_figures(first: str, second: str, games: int) -> list[Figure]:
    s = summarise(duel(first, second, games))
    label = f"{first} − {second}, {games} 2-player games"
    return [
        Figure(SECTION, f"{label}: mean score difference", s.mean, "points"),
        Figure(SECTION, f"{label}: 95% CI half-width", s.ci95, "points"),
    ]


def run(quick: bool) -> list[Figure]:
    """Hint latency, greedy 4-player games per second, and the two strength duels."""
    median, p95 = hint_latency(8 if quick else 60)
    rng = random.Random(SEED)
    games_per_s = rate(
        lambda: play_game([Greedy() for _ in range(4)], 0, rng), 0.5 if quick else 5.0
    )
    games = 40 if quick else 2000
    return [
        Figure(SECTION, "hint latency, median", median, "ms"),
        Figure(SECTION, "hint latency, 95th percentile", p95, "ms"),
        Figure(SECTION, "greedy 4-player games (fast simulator, one core)", games_per_s, "per s"),
        *_duel_figures("advisor", "greedy", games),
        *_duel_figures("greedy", "random", games),
    ]
