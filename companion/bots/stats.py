"""Means, spreads and 95 % confidence intervals for simulation reports."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.96  # normal quantile: games number in the hundreds, so the t correction is nil


@dataclass(frozen=True)
class Summary:
    """Mean, standard deviation and the half-width of the 95 % interval of the mean."""

    count: int
    mean: float
    sd: float
    ci95: float


def summarise(values: Sequence[float]) -> Summary:
    """The summary of `values` (sd and interval 0 below two values)."""
    n = len(values)
    if n == 0:
        return Summary(0, 0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n < 2:
        return Summary(n, mean, 0.0, 0.0)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return Summary(n, mean, sd, Z95 * sd / math.sqrt(n))
