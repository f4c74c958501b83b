"""Rank and suit templates, and nearest-template classification with a margin.

Two template sets can be loaded: the shipped, deck-independent one (built by
`vision.build_card_models` from fonts and code-drawn shapes) and an optional taught one
(from "teach my deck"). Taught templates are asked first because they are the user's own
artwork; the shipped ones answer when the taught ones are absent or unsure.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

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
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    starts: np.ndarray = field(init=False, repr=False, compare=False)
    sizes: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Rows are kept sorted by label, so each label's templates are one run of columns of
        # a score matrix: per-label maxima and counts are one reduceat, with no gathering.
        order = np.argsort(self.labels, kind="stable")
        object.__setattr__(self, "vectors", self.vectors[order])
        object.__setattr__(self, "labels", self.labels[order])
        names, starts, sizes = np.unique(self.labels, return_index=True, return_counts=True)
        groups = {str(k): np.arange(a, a + n) for k, a, n in zip(names, starts, sizes, strict=True)}
        object.__setattr__(self, "groups", groups)
        object.__setattr__(self, "names", tuple(str(k) for k in names))
        object.__setattr__(self, "starts", starts)
        object.__setattr__(self, "sizes", sizes)

    def classify(self, vector: np.ndarray, allowed: frozenset[str] | None = None) -> Guess | None:
        """Nearest template's label; margin = best score minus best score of any other label.

        `allowed` limits the answer (and the runner-up) to some labels, e.g. the red suits.
        """
        if not self.groups:
            return None
        return self.guess(self.scores(vector), allowed)

    def scores(self, vectors: np.ndarray) -> np.ndarray:
        """Correlation of one glyph vector (D,) with every template, or of a batch (N, D)
        as one (N, templates) matrix product."""
        if self.basis is not None:
            vectors = vectors @ self.basis
            norm = np.linalg.norm(vectors, axis=-1, keepdims=True)
            vectors = vectors / (norm + 1e-9)
        return vectors @ self.vectors.T

    def guess(self, scores: np.ndarray, allowed: frozenset[str] | None = None) -> Guess | None:
        """The answer from precomputed `scores` of one glyph (one scoring, several questions)."""
        return self.guesses(scores[None, :], allowed)[0]

    def guesses(
        self, scores: np.ndarray, allowed: frozenset[str] | None = None
    ) -> list[Guess | None]:
        """The answer for each row of an (N, templates) score matrix, all rows at once."""
        return self.answers(scores, (allowed,))[0]

    def answers(
        self, scores: np.ndarray, questions: tuple[frozenset[str] | None, ...]
    ) -> list[list[Guess | None]]:
        """`guesses` for each allowed-label set of `questions` (e.g. red suits, black suits,
        any suit) from one pass over the scores: the per-label best scores and nearest
        templates are found once for all questions (each question's own pass over all
        10,000 templates was most of the cost of comparing a frame's glyphs)."""
        if not self.names or not len(scores):
            return [[None] * len(scores) for _ in questions]
        per_label = np.maximum.reduceat(scores, self.starts, axis=1)
        # A few taught templates per label make a neighbourhood vote meaningless; there the
        # score lead itself says how sure the answer is.
        nearest = self._label_nearest(scores) if self.basis is not None else None
        return [self._answer(scores, per_label, nearest, allowed) for allowed in questions]

    def _answer(
        self,
        scores: np.ndarray,
        per_label: np.ndarray,
        nearest: np.ndarray | None,
        allowed: frozenset[str] | None,
    ) -> list[Guess | None]:
        """One question's answers from the shared per-label figures (`answers`)."""
        cols = [i for i, name in enumerate(self.names) if allowed is None or name in allowed]
        if not cols:
            return [None] * len(scores)
        per_label = per_label[:, cols]
        order = np.argsort(-per_label, axis=1, kind="stable")
        rows = np.arange(len(scores))
        best = per_label[rows, order[:, 0]]
        runner_up = per_label[rows, order[:, 1]] if len(cols) > 1 else np.full(len(scores), -1.0)
        margin = best - runner_up
        vote = (
            self._votes(scores, nearest, cols)
            if nearest is not None
            else np.minimum(1.0, margin / TAUGHT_MARGIN)
        )
        return [
            Guess(self.names[cols[o]], float(b), float(m), float(v))
            for o, b, m, v in zip(order[:, 0], best, margin, vote, strict=True)
        ]

    def _label_nearest(self, scores: np.ndarray) -> np.ndarray:
        """Each row's NEIGHBOURS + 1 best scores per label, (N, labels, NEIGHBOURS + 1), -inf
        where a label has fewer templates: whatever labels a question allows, the nearest
        NEIGHBOURS templates among them are all in here (`_votes`)."""
        depth = NEIGHBOURS + 1
        out = np.full((len(scores), len(self.names), depth), -np.inf, scores.dtype)
        for j, (a, n) in enumerate(zip(self.starts.tolist(), self.sizes.tolist(), strict=True)):
            top = min(depth, n)
            out[:, j, :top] = np.partition(scores[:, a : a + n], n - top, axis=1)[:, n - top :]
        return out

    def _votes(self, scores: np.ndarray, nearest: np.ndarray, cols: list[int]) -> np.ndarray:
        """Lead of the commonest label among each row's nearest templates (0..1): near-duplicate
        templates make the raw score margin tiny, while the neighbourhood still says how
        crowded by other labels this spot is.

        The nearest k are those at or above each row's k-th best score among the allowed
        labels, which is the k-th best of their `_label_nearest` scores. A label counts its
        scores there at or above it; one whose NEIGHBOURS + 1 all are may tie the k-th best
        with more templates (k <= NEIGHBOURS: all but k - 1 of them equal it), so it is
        counted over all its templates (rare).
        """
        k = max(1, min(NEIGHBOURS, *(int(self.sizes[c]) for c in cols)))
        near = nearest[:, cols]
        kth = np.partition(near.reshape(len(near), -1), -k, axis=1)[:, -k]
        counts = np.count_nonzero(near >= kth[:, None, None], axis=2)
        for r, c in zip(*np.nonzero(counts == near.shape[2]), strict=True):
            a, n = int(self.starts[cols[c]]), int(self.sizes[cols[c]])
            counts[r, c] = np.count_nonzero(scores[r, a : a + n] >= kth[r])
        top = -np.sort(-counts, axis=1)
        second = top[:, 1] if top.shape[1] > 1 else 0
        return np.minimum(1.0, (top[:, 0] - second) / k)  # ties at the k-th count more


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


class TemplateFileError(ValueError):
    """A template file that cannot be read: truncated, not an .npz, or missing arrays."""


def load_template_file(path: Path) -> tuple[TemplateSet, TemplateSet]:
    """(rank, suit) template sets from an .npz written by the builder or by teaching."""
    with _template_arrays(path) as data:
        sets = tuple(
            TemplateSet(
                _unit_rows(data[f"{kind}_vectors"]),
                data[f"{kind}_labels"],
                data[f"{kind}_basis"].astype(np.float32) if f"{kind}_basis" in data else None,
            )
            for kind in ("rank", "suit")
        )
    return sets[0], sets[1]


@contextmanager
def _template_arrays(path: Path) -> Iterator[Any]:
    """The arrays of a template file; any failure to read them becomes a TemplateFileError
    naming the file, so that a damaged taught deck gives a message the player can act on
    (teach again) rather than a trace from numpy's zip code."""
    try:
        # Opened here, so the file is closed even where numpy's zip reader gives up on it.
        with open(path, "rb") as fid:
            data = np.load(fid)
            if not isinstance(data, np.lib.npyio.NpzFile):  # a lone .npy array
                raise ValueError("not an .npz archive of template arrays")
            with data:
                yield data
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as exc:
        raise TemplateFileError(
            f"cannot read card templates from {path} ({exc.__class__.__name__}: {exc}); "
            "teach the deck again, or remove the file"
        ) from exc


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
        with _template_arrays(taught) as data:
            if "card_vectors" in data:
                t_card = TemplateSet(_unit_rows(data["card_vectors"]), data["card_labels"])
    return CardModels(rank, suit, t_rank, t_suit, t_card)
