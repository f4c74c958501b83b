"""Named dice colours, and the calibration that learns a table's actual dice.

A colour is a point in OpenCV's 8-bit Lab space; a die gets the name of the nearest point.
Dice sets differ (a "black" smoke die is brown-grey, a "red" one can be maroon), so the
user can show the camera one roll and say what it holds ("3 red, 3 black"): the palette
entries for those names move to the dice actually seen. The result is stored as JSON in
the user's config folder, so it survives restarts; every function takes the path so tests
and other tools can point elsewhere.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import platformdirs

APP_NAME = "tabletop-companion"
PALETTE_FILE = "dice_palette.json"
LIGHT_WEIGHT = 0.5  # lightness matters less than hue: a shadowed red is still red
# ... and less again for a die whose pips are lighter than its body (`Palette.nearest`): a
# black die under a lamp is as light as a maroon red, and only its hue tells them apart.
LIT_WEIGHT = 0.25
WHITE = "white"  # the one body colour whose pips are always darker than it

# Median body colours of each labelled colour on the training photos (Lab, 8-bit OpenCV).
# A name may have several prototypes: "red" also covers maroon, which is darker and less
# saturated than smoke-black dice are red. Chosen on the training photos only.
DEFAULT_COLORS: tuple[tuple[str, tuple[float, float, float]], ...] = (
    ("red", (81.0, 161.0, 148.0)),
    ("red", (57.0, 149.0, 128.0)),
    ("black", (46.0, 134.0, 132.0)),
    ("white", (187.0, 127.0, 128.0)),
    ("green", (107.0, 103.0, 145.0)),
    ("blue", (42.0, 143.0, 100.0)),
    ("yellow", (164.0, 120.0, 185.0)),
    ("purple", (40.0, 138.0, 120.0)),
)


@dataclass(frozen=True)
class Palette:
    """Named Lab colour prototypes; `nearest` names a measured body colour.

    A name may appear more than once (one colour name, several shades of dice).
    """

    names: tuple[str, ...]
    lab: np.ndarray  # (n, 3) float32, one row per prototype

    def nearest(self, lab: Sequence[float], *, light_pips: bool = False) -> str:
        """The name whose colour is closest to `lab` (lightness down-weighted).

        A die with `light_pips` (pips lighter than its body) is not white, whose pips are
        dark, and its lightness counts for less (LIT_WEIGHT): under a strong lamp a black
        die turns grey, nearer white than black, and as light as a maroon red."""
        d = self.lab - np.asarray(lab, np.float32)
        d[:, 0] *= LIT_WEIGHT if light_pips else LIGHT_WEIGHT
        cost = (d * d).sum(axis=1)
        if light_pips:
            # A palette of white alone still names white: the argmin of all inf is its first.
            cost[[name == WHITE for name in self.names]] = np.inf
        return self.names[int(np.argmin(cost))]

    def replaced(self, updates: Mapping[str, Sequence[float]]) -> Palette:
        """A copy where each updated name has exactly the one given colour."""
        rows = [(n, list(map(float, v))) for n, v in zip(self.names, self.lab, strict=True)]
        rows = [r for r in rows if r[0] not in updates]
        rows += [(n, list(map(float, v))) for n, v in updates.items()]
        return Palette(tuple(n for n, _ in rows), np.asarray([v for _, v in rows], np.float32))

    def only(self, names: Collection[str]) -> Palette:
        """The prototypes of `names` alone, so that every die is named one of them: a game
        with dice of two colours has no use for a third, and a die nearer the third (a
        black die under cool light, nearer purple) is nearest its own among the two.
        Raises ValueError naming the colours the palette has no prototype of."""
        missing = sorted(set(names) - set(self.names))
        if missing:
            raise ValueError(f"it names no {' or '.join(missing)} dice")
        keep = [i for i, name in enumerate(self.names) if name in names]
        return Palette(tuple(self.names[i] for i in keep), self.lab[keep])

    def to_json(self) -> str:
        """The stored form: {"colors": [{"name": ..., "lab": [L, a, b]}, ...]}."""
        rows = [
            {"name": n, "lab": [round(float(v), 1) for v in row]}
            for n, row in zip(self.names, self.lab, strict=True)
        ]
        return json.dumps({"colors": rows}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Palette:
        """Parse `to_json` output; raises ValueError on a malformed file."""
        data = json.loads(text)
        rows = data.get("colors") if isinstance(data, dict) else None
        if not isinstance(rows, list) or not rows:
            raise ValueError("palette JSON needs a non-empty 'colors' list")
        try:
            names = tuple(str(r["name"]) for r in rows)
            lab = np.asarray([r["lab"] for r in rows], np.float32)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError("each palette colour must be {name, lab: [L, a, b]}") from exc
        if lab.shape != (len(rows), 3):
            raise ValueError("each palette colour must be {name, lab: [L, a, b]}")
        return cls(names, lab)


def default_palette() -> Palette:
    """The built-in palette: red, black, white, green, blue, yellow, purple."""
    names = tuple(n for n, _ in DEFAULT_COLORS)
    return Palette(names, np.asarray([lab for _, lab in DEFAULT_COLORS], np.float32))


def palette_path() -> Path:
    """Where the calibrated palette lives in the user's config folder."""
    return Path(platformdirs.user_config_dir(APP_NAME)) / PALETTE_FILE


class PaletteError(ValueError):
    """A saved palette that cannot be read; the message names the file and what to do.

    `path` and `reason` are kept apart for the kiosk, which says it in the players'
    language."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            f"cannot read the dice colours in {path} ({reason}); "
            "calibrate again (companion vision calibrate-dice), or remove the file"
        )
        self.path = path
        self.reason = reason


def load_palette(path: Path | None = None) -> Palette:
    """The calibrated palette, or the default when none has been saved yet.

    Raises PaletteError naming the file when one is there but cannot be read (damaged,
    hand-edited, cut short by a power loss), so that the caller can say so and choose the
    default, instead of a JSON trace.
    """
    path = path or palette_path()
    try:
        if not path.is_file():
            return default_palette()
        return Palette.from_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise PaletteError(path, str(exc)) from exc


def save_palette(palette: Palette, path: Path | None = None) -> Path:
    """Write the palette (creating the folder) and return where it went."""
    path = path or palette_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(palette.to_json(), encoding="utf-8")
    return path


def parse_counts(text: str) -> dict[str, int]:
    """ "3 red, 3 black" → {"red": 3, "black": 3}; raises ValueError on anything else."""
    counts: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in re.split(r"[,;]| and ", text))):
        match = re.fullmatch(r"(\d+)\s+([a-z]+)", part.lower())
        if not match or int(match.group(1)) < 1:
            raise ValueError(f"cannot read {part!r}: write e.g. '3 red, 3 black'")
        counts[match.group(2)] = counts.get(match.group(2), 0) + int(match.group(1))
    if not counts:
        raise ValueError("no dice named: write e.g. '3 red, 3 black'")
    return counts


def fit_counts(
    bodies: np.ndarray, counts: Mapping[str, int], palette: Palette
) -> dict[str, np.ndarray]:
    """Split measured body colours into the named groups with exactly the stated counts.

    Groups start at the palette's colours for those names (the nearest of a name's
    prototypes to each die: "red" covers maroon) and are refined a few times. Each pass
    gives every group its `count` dice so that the sum of the distances is least. Handing
    out the surest dice first, as before, swapped red and black in dim light: a dim red
    body lies nearer to the black prototype than to the bright red one, nearer than the
    black bodies do, and took black's places first. Returns each name's new Lab colour
    (the median of its dice).
    """
    names = list(counts)
    slots = np.repeat(np.arange(len(names)), [counts[n] for n in names])
    grey = np.full((1, 3), 128.0, np.float32)
    weigh = np.array([LIGHT_WEIGHT, 1.0, 1.0], np.float32)
    groups = [palette.lab[[i for i, m in enumerate(palette.names) if m == n]] for n in names]
    groups = [g if len(g) else grey for g in groups]
    for _ in range(5):
        d = np.stack(
            [
                np.linalg.norm((bodies[:, None, :] - g[None]) * weigh, axis=2).min(axis=1)
                for g in groups
            ],
            axis=1,
        )
        owner = slots[least_cost_assignment(d[:, slots])]
        groups = [np.median(bodies[owner == g], axis=0, keepdims=True) for g in range(len(names))]
    return {n: groups[i][0].astype(np.float32) for i, n in enumerate(names)}


def least_cost_assignment(cost: np.ndarray) -> np.ndarray:
    """For a square cost matrix, the column given to each row so that the total cost is
    least (the Hungarian method with row and column potentials, O(n³); a calibration
    roll has a handful of dice)."""
    n = len(cost)
    row_pot, col_pot = np.zeros(n + 1), np.zeros(n + 1)
    row_of = np.zeros(n + 1, np.intp)  # row_of[j]: the row (1-based) holding column j; 0: none
    for row in range(1, n + 1):
        row_of[0], col = row, 0
        slack, came_from = np.full(n + 1, np.inf), np.zeros(n + 1, np.intp)
        used = np.zeros(n + 1, bool)
        while row_of[col]:
            used[col] = True
            here = row_of[col]
            reduced = cost[here - 1] - row_pot[here] - col_pot[1:]
            better = ~used[1:] & (reduced < slack[1:])
            slack[1:][better] = reduced[better]
            came_from[1:][better] = col
            free = np.flatnonzero(~used[1:]) + 1
            step_to = free[np.argmin(slack[free])]
            delta = slack[step_to]
            row_pot[row_of[used]] += delta
            col_pot[used] -= delta
            slack[~used] -= delta
            col = step_to
        while col:
            previous = came_from[col]
            row_of[col] = row_of[previous]
            col = previous
    columns = np.zeros(n, np.intp)
    columns[row_of[1:] - 1] = np.arange(n)
    return columns
