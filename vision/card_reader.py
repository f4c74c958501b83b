"""Frame in, cards out: the card reader's one public function, `read_cards`.

Corner hypotheses from `card_detect` are read by `card_index`; hypotheses that describe
the same card (its two index corners, or a corner seen through an overlap) are merged and
their readings vote. Only a hypothesis with a printed index counts as a card, so blank
paper, dice and hands never become cards. A card whose answer is not clearly ahead of the
runner-up, or whose colour contradicts its suit, is reported with `card=None`. A card's
confidence is the agreement of its two index corners (1 = both unanimous, 0.5 = one
unanimous corner). A card at least 80 px wide is named from one unanimous corner; a
smaller one needs both corners to agree, because single-corner readings of tiny indices
were measured to be wrong too often: for them unknown is acceptable, a wrong card is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.card_detect import CornerFrame, find_corner_frames
from vision.card_index import CornerRead, read_corner
from vision.card_models import CardModels, load_models

MIN_SCORE = 0.5
CORNERS = 2.0
ACCEPT = 0.5
ACCEPT_SMALL = 0.8  # tiny indices: unknown is fine, a wrong card is not
SMALL_CARD_PX = 80.0
SAME_CARD = 0.35


@dataclass(frozen=True)
class CardRead:
    """One card: "10H"-style text or None (unknown), corners clockwise from the index corner."""

    card: str | None
    quad: tuple[tuple[float, float], ...]
    center: tuple[float, float]
    confidence: float


@dataclass(frozen=True)
class CardsReading:
    """Every card found in one frame."""

    cards: tuple[CardRead, ...]


def corner_confidence(read: CornerRead) -> float:
    """0..1: how unanimously the nearest rank and suit templates agree; 0 if the colour
    contradicts the suit or the glyphs are unlike any template."""
    if not read.colour_agrees or min(read.rank.score, read.suit.score) < MIN_SCORE:
        return 0.0
    return read.rank.vote * read.suit.vote


def _label(read: CornerRead) -> str:
    return read.rank.label + read.suit.label


def _same_card(a: CornerFrame, b: CornerFrame) -> bool:
    """Two hypotheses of one card: centres close, or one starts at a corner of the other
    with the edges lined up (an overlap can make the same corner guess different sizes)."""
    w = max(a.width, b.width)
    if np.linalg.norm(a.centre() - b.centre()) < SAME_CARD * w:
        return True
    cos = abs(float(a.right @ b.right)) / (a.width * b.width)
    near = min(float(np.linalg.norm(b.origin - q)) for q in a.quad())
    return (cos > 0.95 or cos < 0.2) and near < 0.15 * w


def _group(frames: list[CornerFrame]) -> list[list[CornerFrame]]:
    """Hypotheses that describe the same card, each group led by its first member."""
    groups: list[list[CornerFrame]] = []
    for cf in frames:
        for g in groups:
            if _same_card(g[0], cf):
                g.append(cf)
                break
        else:
            groups.append([cf])
    return groups


def _physical_corners(group: list[CornerFrame]) -> list[CornerFrame]:
    """One frame per index corner of a card, each hypothesis's diagonal partner included
    (the second index). The same corner found twice (by the paper and the outline views,
    or as a partner) is read once, so it cannot vote twice."""
    candidates = group + [
        CornerFrame(f.origin + f.right + f.down, -f.right, -f.down) for f in group
    ]
    kept: list[CornerFrame] = []
    for cf in candidates:
        if all(np.linalg.norm(cf.origin - k.origin) > 0.25 * k.width for k in kept):
            kept.append(cf)
    return kept


def _decide(group: list[tuple[CornerFrame, CornerRead]]) -> CardRead:
    """One card from its corners' readings: agreeing corners add up, disagreeing ones cancel."""
    votes: dict[str, float] = {}
    for _, read in group:
        votes[_label(read)] = votes.get(_label(read), 0.0) + corner_confidence(read)
    ranked = sorted(votes.items(), key=lambda kv: kv[1], reverse=True)
    best, score = ranked[0]
    against = ranked[1][1] if len(ranked) > 1 else 0.0
    confidence = float(np.clip((score - against) / CORNERS, 0.0, 1.0))
    frame = max(group, key=lambda it: (_label(it[1]) == best, corner_confidence(it[1])))[0]
    quad = tuple((float(x), float(y)) for x, y in frame.quad())
    cx, cy = frame.centre()
    needed = ACCEPT if frame.width >= SMALL_CARD_PX else ACCEPT_SMALL
    card = best if confidence >= needed else None
    return CardRead(card, quad, (float(cx), float(cy)), confidence)


def read_cards(
    frame: np.ndarray, models: CardModels | None = None, taught: Path | None = None
) -> CardsReading:
    """Every card in a BGR frame with its rank and suit (or unknown), corners, centre, confidence.

    `models` defaults to the shipped templates plus the taught file `taught`, if given.
    """
    models = models or load_models(taught)
    cards = []
    for group in _group(find_corner_frames(frame)):
        reads = []
        for cf in _physical_corners(group):
            read = read_corner(frame, cf, models)
            if read is not None:
                reads.append((cf, read))
        if reads:
            cards.append(_decide(reads))
    return CardsReading(tuple(cards))
