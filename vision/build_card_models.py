"""Rebuild vision/card_models.npz: the deck-independent rank and suit templates that ship.

Run `python -m vision.build_card_models` (needs pygame, already a dependency, and the
Debian font packages fonts-dejavu-core, fonts-liberation and fonts-freefont-ttf). Ranks are
rendered from every upright font face found there and from OpenCV's Hershey fonts; suits
are drawn by `vision.card_shapes` and taken from the fonts' ♠♥♦♣ glyphs. Each glyph is
varied in stroke weight, width and sharpness, then each class is condensed to a few
k-means centres so the file stays small. No deck artwork is used.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from vision.card_glyphs import glyph_vector, tight_crop
from vision.card_shapes import RANKS, SUITS, draw_suit

FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/truetype/liberation"),
    Path("/usr/share/fonts/truetype/freefont"),
)
SKIP_STYLES = ("Oblique", "Italic", "Math", "ExtraLight", "Narrow")
SUIT_CHARS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
CENTRES_PER_CLASS = {"rank": 120, "suit": 200}
INT8_SCALE = 400.0
DEFAULT_OUT = Path(__file__).with_name("card_models.npz")


def font_files() -> list[Path]:
    """Every upright TTF in the Debian font folders we use."""
    found = [p for d in FONT_DIRS if d.is_dir() for p in sorted(d.glob("*.ttf"))]
    return [p for p in found if not any(s in p.name for s in SKIP_STYLES)]


def render_text(font_path: Path, text: str, px: int = 64) -> np.ndarray | None:
    """Anti-aliased ink (0..1) of `text` in one font, or None if the font lacks a glyph."""
    import pygame.freetype as ft

    ft.init()
    font = ft.Font(str(font_path), px)
    if any(font.get_metrics(ch)[0] is None for ch in text):
        return None
    raw, (w, h) = font.render_raw(text)
    ink = np.frombuffer(raw, np.uint8).reshape(h, w).astype(np.float32) / 255.0
    return _pad(tight_crop(ink))


def render_hershey(text: str, font: int, thickness: int) -> np.ndarray:
    """Ink of `text` in one of OpenCV's built-in stroke fonts."""
    import cv2

    canvas = np.zeros((120, 200), np.uint8)
    cv2.putText(canvas, text, (10, 90), font, 2.2, 255, thickness, cv2.LINE_AA)
    return _pad(tight_crop(canvas.astype(np.float32) / 255.0))


def _pad(ink: np.ndarray, margin: int = 4) -> np.ndarray:
    return np.pad(ink, margin)


def variants(ink: np.ndarray, rng: np.random.Generator) -> Iterator[np.ndarray]:
    """The same glyph bolder, thinner, wider, narrower, tilted and softened, as cameras see it."""
    import cv2

    h = ink.shape[0]
    unit = max(1, round(h / 20))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * unit + 1, 2 * unit + 1))
    for weight in (-1, 0, 1):
        base = ink
        if weight > 0:
            base = cv2.dilate(ink, kernel)
        elif weight < 0:
            base = cv2.erode(ink, kernel)
        if base.max() < 0.5:
            continue
        for stretch in (0.8, 1.0, 1.25):
            for target_h in (7, 10, 14, 24):
                angle = float(rng.uniform(-5, 5))
                g = cv2.resize(base, None, fx=stretch, fy=1.0, interpolation=cv2.INTER_AREA)
                m = cv2.getRotationMatrix2D((g.shape[1] / 2, g.shape[0] / 2), angle, 1.0)
                g = cv2.warpAffine(g, m, (g.shape[1], g.shape[0]))
                scale = target_h / g.shape[0]
                small = cv2.resize(g, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
                back = cv2.resize(small, (g.shape[1], g.shape[0]), interpolation=cv2.INTER_LINEAR)
                crop = tight_crop(back, 0.4)
                if crop.size:
                    yield crop


def rank_glyphs(rng: np.random.Generator) -> Iterator[tuple[str, np.ndarray]]:
    """(rank, ink) for every rank in every font, "10" also with the digits pushed together."""
    import cv2

    hershey = (
        cv2.FONT_HERSHEY_SIMPLEX,
        cv2.FONT_HERSHEY_DUPLEX,
        cv2.FONT_HERSHEY_COMPLEX,
        cv2.FONT_HERSHEY_TRIPLEX,
    )
    for rank in RANKS:
        for path in font_files():
            ink = render_text(path, rank)
            if ink is not None:
                yield rank, ink
            if rank == "10":
                one, zero = render_text(path, "1"), render_text(path, "0")
                if one is not None and zero is not None:
                    yield rank, _join(one, zero, -6)
        for font in hershey:
            for thickness in (2, 4, 6):
                yield rank, render_hershey(rank, font, thickness)


def _join(left: np.ndarray, right: np.ndarray, gap: int) -> np.ndarray:
    """Two glyphs side by side, bottoms aligned, `gap` pixels apart (negative: overlapping)."""
    h = max(left.shape[0], right.shape[0])
    w = left.shape[1] + right.shape[1] + gap
    out = np.zeros((h, w), np.float32)
    out[h - left.shape[0] :, : left.shape[1]] = left
    x = left.shape[1] + gap
    region = out[h - right.shape[0] :, x : x + right.shape[1]]
    np.maximum(region, right, out=region)
    return out


def suit_glyphs(rng: np.random.Generator) -> Iterator[tuple[str, np.ndarray]]:
    """(suit, ink) from the code-drawn shapes and from the fonts' suit characters."""
    for suit in SUITS:
        for _ in range(60):
            mask = draw_suit(suit, 64, rng)
            yield suit, _pad(tight_crop(mask.astype(np.float32) / 255.0))
        for path in font_files():
            ink = render_text(path, SUIT_CHARS[suit])
            if ink is not None:
                yield suit, ink


def condense(vectors: np.ndarray, k: int) -> np.ndarray:
    """At most `k` k-means centres (renormalised) standing for one class's vectors."""
    import cv2

    if len(vectors) <= k:
        return vectors
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 1e-4)
    cv2.setRNGSeed(7)
    _, _, centres = cv2.kmeans(vectors, k, None, criteria, 3, cv2.KMEANS_PP_CENTERS)
    return centres / np.linalg.norm(centres, axis=1, keepdims=True)


def build(seed: int = 1) -> dict[str, np.ndarray]:
    """All template arrays: rank/suit vectors (int8, ×INT8_SCALE) and their labels."""
    rng = np.random.default_rng(seed)
    out: dict[str, np.ndarray] = {}
    for kind, source in (("rank", rank_glyphs(rng)), ("suit", suit_glyphs(rng))):
        by_label: dict[str, list[np.ndarray]] = {}
        for label, ink in source:
            for v in variants(ink, rng):
                by_label.setdefault(label, []).append(glyph_vector(v))
        labels, vecs = [], []
        for label, items in by_label.items():
            centres = condense(np.array(items, np.float32), CENTRES_PER_CLASS[kind])
            labels += [label] * len(centres)
            vecs.append(centres)
        scaled = np.clip(np.round(np.concatenate(vecs) * INT8_SCALE), -127, 127)
        out[f"{kind}_vectors"] = scaled.astype(np.int8)
        out[f"{kind}_labels"] = np.array(labels)
    return out


def main() -> None:
    """Write the template file (default: next to this module)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    arrays = build()
    np.savez_compressed(args.out, **arrays)
    counts = {k: v.shape for k, v in arrays.items()}
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB): {counts}")


if __name__ == "__main__":
    main()
