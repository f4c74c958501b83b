"""The event journal: every confirmed action is committed to SQLite before it is shown.

A match is its setup plus the list of its actions; the state is rebuilt by replaying them,
so undo drops the last row and recovery after a power cut replays what was committed.
The file is opened with WAL and `synchronous=FULL`, so a committed action survives a cut.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    seats TEXT NOT NULL,
    started TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
);
CREATE TABLE IF NOT EXISTS set_aside_events (
    match_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL
);
"""


class JournalError(RuntimeError):
    """The journal file cannot be used; the message says which file and what to do."""


@dataclass(frozen=True)
class JournalMatch:
    """One match as stored: what `replay` needs to rebuild its state."""

    id: int
    game: str
    setup: dict[str, Any]
    seats: list[dict[str, Any]]
    actions: list[dict[str, Any]]
    finished: bool


def _utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Journal:
    """An append-only log of matches and their actions in one SQLite file."""

    def __init__(self, conn: sqlite3.Connection, now: Callable[[], str] = _utc_now) -> None:
        self._conn = conn
        self._now = now
        self.set_aside: Path | None = None  # where an unreadable old file was moved, if any

    @classmethod
    def open(cls, path: Path, now: Callable[[], str] = _utc_now) -> Journal:
        """Open (or create) the journal; an unreadable file is moved aside, never deleted."""
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            journal = cls(_connect(path), now)
        except sqlite3.OperationalError as exc:
            raise JournalError(f"cannot open the game journal {path}: {exc}") from exc
        except sqlite3.DatabaseError:
            aside = _free_name(path)
            path.rename(aside)
            journal = cls(_connect(path), now)
            journal.set_aside = aside
        return journal

    def close(self) -> None:
        """Close the file; safe to call twice."""
        self._conn.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start_match(self, game: str, setup: dict[str, Any], seats: list[dict[str, Any]]) -> int:
        """Record a new match; returns its id."""
        with self._conn:
            cur = self._conn.execute(
                "INSERT INTO matches (game, setup, seats, started) VALUES (?, ?, ?, ?)",
                (game, json.dumps(setup), json.dumps(seats), self._now()),
            )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(self, match_id: int, action: dict[str, Any]) -> None:
        """Commit one action; when this returns, it survives a power cut."""
        with self._conn:
            self._conn.execute(
                "INSERT INTO events (match_id, seq, action) VALUES (?, "
                "(SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE match_id = ?), ?)",
                (match_id, match_id, json.dumps(action)),
            )

    def drop_last(self, match_id: int) -> bool:
        """Undo: remove the match's last action; False when there is none."""
        with self._conn:
            cur = self._conn.execute(
                "DELETE FROM events WHERE match_id = ? AND seq = "
                "(SELECT MAX(seq) FROM events WHERE match_id = ?)",
                (match_id, match_id),
            )
        return cur.rowcount > 0

    def set_finished(self, match_id: int, finished: bool) -> None:
        """Mark a match over (or not, after an undo), so start-up does not resume it."""
        with self._conn:
            self._conn.execute(
                "UPDATE matches SET finished = ? WHERE id = ?", (int(finished), match_id)
            )

    def set_aside_from(self, match_id: int, number: int) -> None:
        """Move the match's actions from the `number`-th on (counting from 1) into
        `set_aside_events`: kept for inspection, no longer part of the match, so new
        actions follow the last good one."""
        rows = self._conn.execute(
            "SELECT seq FROM events WHERE match_id = ? ORDER BY seq", (match_id,)
        ).fetchall()
        if number > len(rows):
            return
        first = rows[number - 1][0]
        with self._conn:
            self._conn.execute(
                "INSERT INTO set_aside_events SELECT match_id, seq, action FROM events "
                "WHERE match_id = ? AND seq >= ?",
                (match_id, first),
            )
            self._conn.execute(
                "DELETE FROM events WHERE match_id = ? AND seq >= ?", (match_id, first)
            )

    def latest(self) -> JournalMatch | None:
        """The most recently started match, with its actions in order."""
        row = self._conn.execute(
            "SELECT id, game, setup, seats, finished FROM matches ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        actions = [
            _decode(text)
            for (text,) in self._conn.execute(
                "SELECT action FROM events WHERE match_id = ? ORDER BY seq", (row[0],)
            )
        ]
        return JournalMatch(row[0], row[1], _decode(row[2]), _decode(row[3]), actions, bool(row[4]))


def _decode(text: str) -> Any:
    """A stored JSON value; damaged text becomes a record that no reader accepts, so
    recovery stops there with a note instead of failing to start."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return {"type": None, "damaged": text[:200]}


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level="DEFERRED", check_same_thread=True)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.executescript(SCHEMA)
        conn.execute("SELECT COUNT(*) FROM matches").fetchone()
    except sqlite3.DatabaseError:
        conn.close()
        raise
    return conn


def _free_name(path: Path) -> Path:
    for n in range(1, 1000):
        candidate = path.with_name(f"{path.name}.unreadable-{n}")
        if not candidate.exists():
            return candidate
    raise JournalError(f"cannot move aside the unreadable journal {path}; remove old copies")
