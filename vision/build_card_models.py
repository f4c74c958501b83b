"""Rebuild vision/card_models.npz: the deck-independent rank and suit templates that ship.

Run `python -m vision.build_card_models` (needs pygame, already a dependency, and the
Debian font packages fonts-dejavu-core, fonts-liberation and fonts-freefont-ttf). Ranks are
rendered from every upright font face found there (a "10" also as the font's "I" beside
its "0", the bare stroke many decks print) and from OpenCV's Hershey fonts; suits
are drawn by `vision.card_shapes`. Each rank is printed with a random suit into a card
corner (varied weight, size, placement, ink and paper), shrunk to a 45–160 px card with
blur, noise and JPEG, and cut out again by the reader's own `index_crops`; the vectors
are projected onto their principal axes so the file stays small. No deck artwork is used.

`--net` also trains the corner-reading network (`vision/card_net.npz`) with
`vision.card_train`, which needs the optional `train` extra (torch, CPU build).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from vision.card_glyphs import glyph_vector, tight_crop
from vision.card_index import PATCH_H, PATCH_W, UNIT_PX, index_crops
from vision.card_shapes import RANKS, RED_SUITS, SUITS, draw_suit

FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/truetype/liberation"),
    Path("/usr/share/fonts/truetype/freefont"),
)
SKIP_STYLES = ("Oblique", "Italic", "Math", "ExtraLight", "Narrow")
BASIS_DIMS = 48
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
                bar = render_text(path, "I")
                if bar is not None and zero is not None:
                    yield rank, _join(bar, zero, 0)
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
    """(suit, ink) from the code-drawn shapes.

    The fonts' ♠♥♦♣ glyphs were tried too; they are drawn thinner and more ornate than card
    indices and made the models worse, so only the drawn shapes are used.
    """
    for suit in SUITS:
        for _ in range(90):
            mask = draw_suit(suit, 64, rng)
            yield suit, _pad(tight_crop(mask.astype(np.float32) / 255.0))


def _weight(ink: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The glyph a little bolder or thinner, as printers and decks differ."""
    import cv2

    unit = max(1, round(ink.shape[0] / 24))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * unit + 1, 2 * unit + 1))
    choice = rng.integers(3)
    if choice == 1:
        return cv2.dilate(ink, kernel)
    if choice == 2:
        thin = cv2.erode(ink, kernel)
        return thin if thin.max() > 0.5 else ink
    return ink


def render_corner(
    rank_ink: np.ndarray, suit_ink: np.ndarray, red: bool, rng: np.random.Generator
) -> np.ndarray:
    """A clean card corner (BGR, 8 px per 1/100 card width, PATCH_W × PATCH_H units)."""
    import cv2

    px = 8
    h, w = PATCH_H // UNIT_PX * px, PATCH_W // UNIT_PX * px
    paper = rng.uniform(215, 255, 3)
    ink_colour = (
        np.array([rng.uniform(10, 70), rng.uniform(10, 60), rng.uniform(150, 230)])
        if red
        else np.full(3, rng.uniform(0, 50))
    )
    alpha = np.zeros((h, w), np.float32)
    rank_h = rng.uniform(9, 24) * px
    rw = max(2, round(rank_ink.shape[1] * rank_h / rank_ink.shape[0] * rng.uniform(0.85, 1.15)))
    rank = cv2.resize(rank_ink, (rw, round(rank_h)), interpolation=cv2.INTER_AREA)
    left, top = round(rng.uniform(2.5, 8) * px), round(rng.uniform(2.5, 8) * px)
    suit_h = round(rank_h * rng.uniform(0.55, 1.0))
    sw = max(2, round(suit_ink.shape[1] * suit_h / suit_ink.shape[0]))
    suit = cv2.resize(suit_ink, (sw, suit_h), interpolation=cv2.INTER_AREA)
    sx = left + (rw - sw) // 2 + round(rng.uniform(-0.1, 0.1) * rank_h)
    sy = top + round(rank_h * rng.uniform(1.05, 1.35))
    for ink, x, y in ((rank, left, top), (suit, max(0, sx), sy)):
        ih, iw = ink.shape
        iw, ih = min(iw, w - x), min(ih, h - y)
        if iw > 0 and ih > 0:
            np.maximum(
                alpha[y : y + ih, x : x + iw], ink[:ih, :iw], out=alpha[y : y + ih, x : x + iw]
            )
    out = paper * (1 - alpha[..., None]) + ink_colour * alpha[..., None]
    return out.astype(np.uint8)


def camera_corner(
    clean: np.ndarray, rng: np.random.Generator, card_px: float | None = None
) -> np.ndarray:
    """The corner as `corner_patch` would cut it from a camera frame of a `card_px` wide
    card (by default drawn from 45–160 px)."""
    import cv2

    card_px = rng.uniform(45, 160) if card_px is None else card_px
    h, w = clean.shape[:2]
    angle, dx, dy = rng.uniform(-3, 3), rng.uniform(-1.5, 1.5) * 8, rng.uniform(-1.5, 1.5) * 8
    m = cv2.getRotationMatrix2D((0, 0), angle, 1.0)
    m[:, 2] += (dx, dy)
    moved = cv2.warpAffine(clean, m, (w, h), borderMode=cv2.BORDER_REPLICATE)
    small_w = max(4, round(card_px * PATCH_W / UNIT_PX / 100))
    small_h = max(4, round(small_w * h / w))
    small = cv2.resize(moved, (small_w, small_h), interpolation=cv2.INTER_AREA).astype(np.float32)
    if rng.random() < 0.6:
        small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.3, 1.0))
    small += rng.normal(0, rng.uniform(0, 5), small.shape)
    small = np.clip(small, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(60, 96))])
    if ok:
        small = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return cv2.resize(small, (PATCH_W, PATCH_H), interpolation=cv2.INTER_LINEAR)


def corner_examples(
    rng: np.random.Generator, per_glyph: int
) -> Iterator[tuple[str, str, np.ndarray, np.ndarray]]:
    """(rank, suit, rank vector, suit vector) read back from rendered, camera-degraded corners.

    The crops come from the reader's own `index_crops`, so the templates carry exactly the
    cut-out, thresholding and blur that crops from real frames will have (less its tries for
    court art, which drawn corners do not have).
    """
    suits = [(s, ink) for s, ink in suit_glyphs(rng)]
    for rank, ink in rank_glyphs(rng):
        for _ in range(per_glyph):
            suit, suit_ink = suits[int(rng.integers(len(suits)))]
            clean = render_corner(_weight(ink, rng), _weight(suit_ink, rng), suit in RED_SUITS, rng)
            crops = index_crops(camera_corner(clean, rng), court_art=False)
            if crops is not None:
                yield rank, suit, glyph_vector(crops.rank), glyph_vector(crops.suit)


def notch_depths(rng: np.random.Generator, count: int) -> dict[str, np.ndarray]:
    """(symbol height in frame pixels, outline notch depth) of drawn spades and clubs, each
    printed under a random rank into a corner, seen by the simulated camera and cut out by
    the reader: the figures MIN_SYMBOL_PX, SPADE_MAX and CLUB_MIN were read from."""
    from vision.card_suit_shape import notch_depth

    ranks = [ink for _, ink in rank_glyphs(rng)]
    found: dict[str, list[tuple[float, float]]] = {"S": [], "C": []}
    for _ in range(count):
        suit = "SC"[int(rng.integers(2))]
        suit_ink = _pad(tight_crop(draw_suit(suit, 64, rng).astype(np.float32) / 255.0))
        rank_ink = ranks[int(rng.integers(len(ranks)))]
        clean = render_corner(_weight(rank_ink, rng), _weight(suit_ink, rng), False, rng)
        card_px = float(rng.uniform(45, 160))
        crops = index_crops(camera_corner(clean, rng, card_px), court_art=False)
        if crops is not None:
            height_px = crops.suit.shape[0] / UNIT_PX * card_px / 100.0
            found[suit].append((height_px, notch_depth(crops.suit)))
    return {suit: np.array(rows).reshape(-1, 2) for suit, rows in found.items()}


def _print_notches(depths: dict[str, np.ndarray]) -> None:
    from vision.card_suit_shape import CLUB_MIN, MIN_SYMBOL_PX, SPADE_MAX

    spades, clubs = depths["S"], depths["C"]
    for lo, hi in ((0, 6), (6, 7), (7, 8), (8, 10), (10, 13), (13, 99)):
        s = spades[(spades[:, 0] >= lo) & (spades[:, 0] < hi), 1]
        c = clubs[(clubs[:, 0] >= lo) & (clubs[:, 0] < hi), 1]
        print(
            f"symbols {lo}-{hi} px: {len(s)} spades, {len(c)} clubs; clubs at most SPADE_MAX"
            f" {np.mean(c <= SPADE_MAX):.1%}, spades at least CLUB_MIN {np.mean(s >= CLUB_MIN):.1%}"
        )
    s = spades[spades[:, 0] >= MIN_SYMBOL_PX, 1]
    c = clubs[clubs[:, 0] >= MIN_SYMBOL_PX, 1]
    print(f"from MIN_SYMBOL_PX: spade percentiles 90/95/98 {np.percentile(s, (90, 95, 98))}")
    for t in np.arange(0.03, 0.0551, 0.005):
        share = (s >= t).sum() / max(1, (s >= t).sum() + (c >= t).sum())
        print(f"  depth {t:.3f}: clubs at most {np.mean(c <= t):.1%}; spades {share:.1%} of deeper")


def build(seed: int = 1, per_glyph: int = 24) -> dict[str, np.ndarray]:
    """All template arrays per kind (rank, suit): basis, int8 vectors, labels.

    Every example is kept, projected onto its kind's first BASIS_DIMS principal axes: the
    nearest single example classifies better than any averaged centre, and the projection
    keeps the file small.
    """
    rng = np.random.default_rng(seed)
    by_kind: dict[str, tuple[list[str], list[np.ndarray]]] = {"rank": ([], []), "suit": ([], [])}
    for rank, suit, rank_vec, suit_vec in corner_examples(rng, per_glyph):
        for kind, label, vec in (("rank", rank, rank_vec), ("suit", suit, suit_vec)):
            by_kind[kind][0].append(label)
            by_kind[kind][1].append(vec)
    out: dict[str, np.ndarray] = {}
    for kind, (labels, vecs) in by_kind.items():
        data = np.array(vecs, np.float32)
        basis = np.linalg.svd(data, full_matrices=False)[2][:BASIS_DIMS].T
        projected = data @ basis
        projected /= np.linalg.norm(projected, axis=1, keepdims=True) + 1e-9
        out[f"{kind}_basis"] = basis.astype(np.float16)
        out[f"{kind}_vectors"] = np.clip(np.round(projected * 127), -127, 127).astype(np.int8)
        out[f"{kind}_labels"] = np.array(labels)
    return out


def main() -> None:
    """Write the template file (default: next to this module)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--net", action="store_true", help="also train vision/card_net.npz")
    parser.add_argument(
        "--notches", action="store_true", help="only print drawn spades' and clubs' notch depths"
    )
    args = parser.parse_args()
    if args.notches:
        _print_notches(notch_depths(np.random.default_rng(12), 4000))
        return
    if args.net:
        from vision.card_train import main as train_net

        train_net([])
    arrays = build()
    np.savez_compressed(args.out, **arrays)
    counts = {k: v.shape for k, v in arrays.items()}
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB): {counts}")


if __name__ == "__main__":
    main()
