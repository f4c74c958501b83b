"""Teach my deck: learn the user's own index glyphs from one look at each rank and suit.

The user shows cards one at a time (any rotation) and says which card each is; every
readable index corner adds its rank crop and suit crop as templates, and the whole corner
(index plus the artwork beside it) as a template of that very card. A corner whose index
cannot be cut out (it touches the art) still adds its whole corner where the corner
network sees an index there: the reader consults taught corners exactly for such cards,
and a shown card with none lost to any taught look-alike (a paris KS was named KC).
Showing 13 cards that cover every rank and every suit is enough for the glyph templates;
showing all 52 also lets every card be recognised by its own corner. The templates are
saved as an .npz in the user's data folder (platformdirs) and `read_cards` asks them
before the shipped models.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import numpy as np

from vision.card_detect import find_corner_frames
from vision.card_glyphs import glyph_vector
from vision.card_index import PATCH_H, PATCH_W, corner_patch, corner_vector, index_crops
from vision.card_net import read_patches as net_read_patches

APP_NAME = "tabletop-companion"
TAUGHT_FILE = "card_templates.npz"


def default_taught_path() -> Path:
    """Where taught templates live: the user's data folder for this app."""
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME)) / TAUGHT_FILE


def learn(examples: Iterable[tuple[np.ndarray, str]]) -> dict[str, np.ndarray]:
    """Template arrays from (frame showing one card, its text like "10H") pairs."""
    ranks: list[tuple[str, np.ndarray]] = []
    suits: list[tuple[str, np.ndarray]] = []
    cards: list[tuple[str, np.ndarray]] = []
    for frame, text in examples:
        rank, suit = text[:-1], text[-1]
        patches = [corner_patch(frame, cf) for cf in find_corner_frames(frame)]
        for patch, net in zip(patches, net_read_patches(patches), strict=True):
            crops = index_crops(patch)
            if crops is not None:
                ranks.append((rank, glyph_vector(crops.rank)))
                suits.append((suit, glyph_vector(crops.suit)))
            if crops is not None or (net is not None and net.is_index):
                cards.append((text, corner_vector(patch)))
    return {
        "card_vectors": np.array([v for _, v in cards], np.float32).reshape(
            -1, len(corner_vector(np.zeros((PATCH_H, PATCH_W, 3), np.uint8)))
        ),
        "card_labels": np.array([label for label, _ in cards]),
        "rank_vectors": np.array([v for _, v in ranks], np.float32).reshape(-1, len(_probe())),
        "rank_labels": np.array([label for label, _ in ranks]),
        "suit_vectors": np.array([v for _, v in suits], np.float32).reshape(-1, len(_probe())),
        "suit_labels": np.array([label for label, _ in suits]),
    }


def _probe() -> np.ndarray:
    return glyph_vector(np.ones((4, 4), np.float32))


def teach(examples: Iterable[tuple[np.ndarray, str]], path: Path | None = None) -> Path:
    """Learn from the examples and save the templates (default: the user's data folder)."""
    path = path or default_taught_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **learn(examples))
    return path
