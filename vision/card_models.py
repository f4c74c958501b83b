"""Rank and suit templates, and nearest-template classification with a margin.

Two template sets can be loaded: the shipped, deck-independent one (built by
`vision.build_card_models` from fonts and code-drawn shapes) and an optional taught one
(from "teach my deck"). Taught templates are asked first because they are the user's own
artwork; the shipped ones answer when the taught ones are absent or unsure.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

SHIPPED = Path(__file__).with_name("card_models.npz")
NEIGHBOURS = 9
TAUGHT_MARGIN = 0.05


@dataclass(frozen=True)
class Guess:
    """The best label, its correlation with the nearest template, its lead over the runner-up
    in score, and its lead in votes among the nearest templates."""

    label: str
    score: float
    margin: float
    vote: float


@dataclass(frozen=True)
class TemplateSet:
    """Unit vectors (one row each) with a label per row, optionally in a reduced basis.

    With a `basis`, a glyph vector is projected onto it (and renormalised) before comparing.
    """

    vectors: np.ndarray
    labels: np.ndarray
    basis: np.ndarray | None = None
    groups: dict[str, np.ndarray] = field(init=False, repr=False, compare=False)
    pools: dict[frozenset[str] | None, np.ndarray] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        groups = {str(k): np.flatnonzero(self.labels == k) for k in np.unique(self.labels)}
        object.__setattr__(self, "groups", groups)

    def classify(self, vector: np.ndarray, allowed: frozenset[str] | None = None) -> Guess | None:
        """Nearest template's label; margin = best score minus best score of any other label.

        `allowed` limits the answer (and the runner-up) to some labels, e.g. the red suits.
        """
        if not self.groups:
            return None
        return self.guess(self.scores(vector), allowed)

    def scores(self, vector: np.ndarray) -> np.ndarray:
        """Correlation of a glyph vector with every template."""
        if self.basis is not None:
            vector = vector @ self.basis
            vector = vector / (float(np.linalg.norm(vector)) + 1e-9)
        return self.vectors @ vector

    def guess(self, scores: np.ndarray, allowed: frozenset[str] | None = None) -> Guess | None:
        """The answer from precomputed `scores` (one scoring, several questions)."""
        best = sorted(
            (
                (float(scores[idx].max()), label)
                for label, idx in self.groups.items()
                if allowed is None or label in allowed
            ),
            reverse=True,
        )
        if not best:
            return None
        runner_up = best[1][0] if len(best) > 1 else -1.0
        margin = best[0][0] - runner_up
        # A few taught templates per label make a neighbourhood vote meaningless; there the
        # score lead itself says how sure the answer is.
        vote = (
            self._vote(scores, allowed)
            if self.basis is not None
            else min(1.0, margin / TAUGHT_MARGIN)
        )
        return Guess(best[0][1], best[0][0], margin, vote)

    def _vote(self, scores: np.ndarray, allowed: frozenset[str] | None) -> float:
        """Lead of the commonest label among the nearest templates (0..1): near-duplicate
        templates make the raw score margin tiny, while the neighbourhood still says how
        crowded by other labels this spot is."""
        labels = [x for x in self.groups if allowed is None or x in allowed]
        k = max(1, min(NEIGHBOURS, *(len(self.groups[x]) for x in labels)))
        pool = self.pools.get(allowed)
        if pool is None:
            pool = np.concatenate([self.groups[x] for x in labels])
            self.pools[allowed] = pool
        near = pool[np.argpartition(-scores[pool], k - 1)[:k]]
        counts = [*Counter(self.labels[near].tolist()).most_common(2), ("", 0)]
        return (counts[0][1] - counts[1][1]) / k


@dataclass(frozen=True)
class CardModels:
    """Rank and suit template sets, with the taught ones (possibly empty) tried first; the
    taught set also holds whole-corner templates of the very cards shown."""

    rank: TemplateSet
    suit: TemplateSet
    taught_rank: TemplateSet
    taught_suit: TemplateSet
    taught_card: TemplateSet


def _empty() -> TemplateSet:
    return TemplateSet(np.zeros((0, 1), np.float32), np.array([], dtype="<U2"))


def load_template_file(path: Path) -> tuple[TemplateSet, TemplateSet]:
    """(rank, suit) template sets from an .npz written by the builder or by teaching."""
    with np.load(path) as data:
        sets = tuple(
            TemplateSet(
                _unit_rows(data[f"{kind}_vectors"]),
                data[f"{kind}_labels"],
                data[f"{kind}_basis"].astype(np.float32) if f"{kind}_basis" in data else None,
            )
            for kind in ("rank", "suit")
        )
    return sets[0], sets[1]


def _unit_rows(stored: np.ndarray) -> np.ndarray:
    """Float rows of unit length, whether stored as int8 (shipped) or float (taught)."""
    rows = stored.astype(np.float32)
    return rows / (np.linalg.norm(rows, axis=1, keepdims=True) + 1e-9)


@lru_cache(maxsize=8)
def load_models(taught: Path | None = None) -> CardModels:
    """The shipped templates plus, when `taught` names an existing file, the taught ones."""
    rank, suit = load_template_file(SHIPPED)
    t_rank, t_suit, t_card = _empty(), _empty(), _empty()
    if taught is not None and taught.is_file():
        t_rank, t_suit = load_template_file(taught)
        with np.load(taught) as data:
            if "card_vectors" in data:
                t_card = TemplateSet(_unit_rows(data["card_vectors"]), data["card_labels"])
    return CardModels(rank, suit, t_rank, t_suit, t_card)
