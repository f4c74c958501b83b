"""`companion simulate`: many seeded bot games, summarised (see docs/bots.md)."""

from __future__ import annotations

import argparse
import sys
from typing import IO, Any

from companion.bots import find_strategy
from companion.bots.simulate import Progress, Report, run
from companion.bots.stats import summarise
from companion.cli import UsageError
from companion.kwingto.state import MAX_PLAYERS, MIN_PLAYERS

BAR_WIDTH = 30


def progress_bar(stream: IO[str]) -> Progress:
    """A plain-text bar on `stream`, redrawn in place, at most once per percent."""
    shown = -1

    def show(done: int, total: int) -> None:
        nonlocal shown
        percent = done * 100 // total
        if percent == shown:
            return
        shown = percent
        filled = done * BAR_WIDTH // total
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        stream.write(f"\r[{bar}] {percent:3d}% {done}/{total} games")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def format_report(report: Report, games: int) -> str:
    """Scores per strategy (mean, sd, 95 % interval, wins), game length, endings."""
    lines = [f"{'strategy':<10} {'seats':>6} {'mean':>7} {'sd':>6} {'±95% CI':>8} {'wins':>6}"]
    for name, scores in report.scores.items():
        s = summarise(scores)
        wins = report.wins[name]
        lines.append(
            f"{name:<10} {s.count:>6} {s.mean:>7.2f} {s.sd:>6.2f} {s.ci95:>8.2f} {wins:>6}"
        )
    length = summarise(report.turns)
    lines.append(
        f"game length: {length.mean:.2f} turns (sd {length.sd:.2f}, "
        f"min {min(report.turns)}, max {max(report.turns)})"
    )
    for reason, count in report.reasons.most_common():
        lines.append(f"ended by {reason}: {count} games ({100 * count / games:.1f} %)")
    return "\n".join(lines)


def _handle(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.strategy.split(",") if n.strip()]
    if not names:
        raise UsageError("--strategy needs at least one name, e.g. greedy,advisor")
    try:
        for name in names:
            find_strategy(name)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise UsageError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS} (M1)")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    report = run(
        names,
        args.players,
        range(args.games),
        args.seed,
        find_strategy,
        progress_bar(sys.stderr),
    )
    print(
        f"{args.games} games, {args.players} players, seed {args.seed}, "
        f"strategies {','.join(names)}"
    )
    print(format_report(report, args.games))
    return 0


def register(sub: Any) -> None:
    """Add `companion simulate`."""
    p = sub.add_parser("simulate", help="play seeded games between bot strategies")
    p.add_argument("--players", type=int, default=4, help="seats at the table (2-4)")
    p.add_argument("--games", type=int, default=100, help="how many games")
    p.add_argument(
        "--strategy",
        default="greedy",
        help="comma-separated strategies filling the seats in turn: random, greedy, advisor",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the dice and the bots")
    p.set_defaults(handler=_handle)
