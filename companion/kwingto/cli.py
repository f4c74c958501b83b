"""`companion kwingto score|legal`: contracts outside tools rely on (see docs/cli.md)."""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Callable, Iterable
from typing import IO, Any

from companion.cli import UsageError
from companion.kwingto.boardio import legal_json, score_json
from companion.kwingto.errors import RuleError

Handler = Callable[[Any], dict[str, Any]]


def _open(path: str) -> IO[str]:
    """The input as text; bytes that are not UTF-8 reach the JSON reader and fail there,
    as one bad line, instead of ending the run."""
    if path == "-":
        if isinstance(sys.stdin, io.TextIOWrapper):
            sys.stdin.reconfigure(errors="surrogateescape")
        return sys.stdin
    try:
        return open(path, encoding="utf-8", errors="surrogateescape")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None


def _one(stream: IO[str], handle: Handler) -> int:
    try:
        doc = json.load(stream)
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"the input is not valid JSON: {exc}") from None
    try:
        out = handle(doc)
    except (RuleError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    print(json.dumps(out))
    return 0


def _lines(lines: Iterable[str], handle: Handler, out: IO[str]) -> int:
    """One output line per input line, in order; a bad line gives an error object."""
    write = out.write
    for number, line in enumerate(lines, 1):
        try:
            text = json.dumps(handle(json.loads(line)))
        except json.JSONDecodeError as exc:
            text = json.dumps({"error": f"line {number}: not valid JSON: {exc.msg}"})
        except RecursionError:
            text = json.dumps({"error": f"line {number}: not valid JSON: nested too deeply"})
        except (RuleError, ValueError) as exc:
            text = json.dumps({"error": f"line {number}: {exc}"})
        write(text + "\n")
    return 0


def _run(args: argparse.Namespace, handle: Handler) -> int:
    stream = _open(args.file)
    try:
        if args.jsonl:
            return _lines(stream, handle, sys.stdout)
        return _one(stream, handle)
    finally:
        if stream is not sys.stdin:
            stream.close()


def _score(args: argparse.Namespace) -> int:
    return _run(args, score_json)


def _legal(args: argparse.Namespace) -> int:
    def handle(doc: Any) -> dict[str, Any]:
        roll = doc.get("roll", args.roll) if isinstance(doc, dict) else args.roll
        return legal_json(doc, roll)

    if not args.jsonl and args.roll is None:
        raise UsageError('legal needs --roll, e.g. --roll "B2 B6 R3"')
    return _run(args, handle)


def register(sub: Any) -> None:
    """Add `companion kwingto score` and `companion kwingto legal`."""
    game = sub.add_parser("kwingto", help="Kwingto boards: scores and legal placements")
    cmds = game.add_subparsers(dest="kwingto_command", metavar="COMMAND", required=True)

    score = cmds.add_parser("score", help="score a board (S1–S7)")
    score.add_argument("file", nargs="?", default="-", help="JSON board file, or - for stdin")
    score.add_argument("--jsonl", action="store_true", help="one board per input line")
    score.set_defaults(handler=_score)

    legal = cmds.add_parser("legal", help="every legal placement of a roll on a board")
    legal.add_argument("file", nargs="?", default="-", help="JSON board file, or - for stdin")
    legal.add_argument("--roll", help='the dice, e.g. "B2 B6 R3" (with --jsonl: the default)')
    legal.add_argument("--jsonl", action="store_true", help="one board per input line")
    legal.set_defaults(handler=_legal)
