"""Train `vision/card_net.npz`, the corner-reading network, on drawn card corners only.

Run `python -m vision.card_train` (needs the optional `train` extra: torch, CPU build;
also pygame, the Debian font packages used by `vision.build_card_models`, and
fonts-urw-base35 and fonts-noto-mono; a missing font folder is skipped, which changes the
network). Every training corner is drawn here: a rank from the Debian fonts, OpenCV's
stroke fonts or strokes drawn in code (`drawn_rank`), in varied weight and width, a
suit from `card_shapes`, placed as card indices are (rank over suit, near the corner),
beside things decks print next to the index (a big pip that may touch it, court-art
clutter in a frame, a border line). Negatives are the same corners with no index, bare
art and table surfaces. Each corner is then seen through a simulated camera: a 45–160 px
card, a detection off by a few degrees and units, blur, noise, white balance, JPEG. No
deck artwork is used.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from vision.build_card_models import FONT_DIRS, _join, _pad, rank_glyphs, render_text
from vision.card_glyphs import tight_crop
from vision.card_index import PATCH_H, PATCH_W, UNIT_PX
from vision.card_net import IN_H, IN_W, LAYERS, RANK_LABELS, SUIT_LABELS, WEIGHTS, net_input
from vision.card_shapes import RANKS, RED_SUITS, SUITS, draw_suit

PX = 4  # clean drawing: pixels per unit (1/100 card width)
MARGIN = 6  # units of table above and left of the card in a drawing
NEGATIVE_SHARE = 0.2
# More Debian font packages than the templates use (fonts-urw-base35: Century Schoolbook,
# Palatino, Bookman, Avant Garde, Nimbus Sans Narrow; fonts-noto-mono), narrow faces included:
# card index fonts are often condensed. Absent folders are skipped. Each folder has the name
# pattern of its package's files: fonts-noto-core installs hundreds of faces into the same
# noto folder, and would change the network silently.
NET_FONT_DIRS = (
    *((d, "*.ttf") for d in FONT_DIRS),
    (Path("/usr/share/fonts/opentype/urw-base35"), "*.otf"),
    (Path("/usr/share/fonts/truetype/noto"), "Noto*Mono-*.ttf"),
)
NET_SKIP = ("Oblique", "Ita", "Math", "ExtraLight", "StandardSymbols", "D050000L", "Z003")
DRAWN_PER_RANK = 24  # glyphs drawn in code for each of "3", "5" and "10"


def _paste(canvas: np.ndarray, alpha: np.ndarray, colour: np.ndarray, x: int, y: int) -> None:
    """Blend ink (alpha 0..1) of one colour onto a float BGR canvas at (x, y), clipped."""
    h, w = alpha.shape
    ch, cw = canvas.shape[:2]
    x0, y0, x1, y1 = max(0, x), max(0, y), min(cw, x + w), min(ch, y + h)
    if x1 <= x0 or y1 <= y0:
        return
    a = alpha[y0 - y : y1 - y, x0 - x : x1 - x, None]
    canvas[y0:y1, x0:x1] = canvas[y0:y1, x0:x1] * (1 - a) + colour * a


def _resize_ink(ink: np.ndarray, height: float, stretch: float) -> np.ndarray:
    import cv2

    h = max(2, round(height))
    w = max(2, round(ink.shape[1] * h / ink.shape[0] * stretch))
    return cv2.resize(ink.astype(np.float32), (w, h), interpolation=cv2.INTER_AREA)


def _ink_colour(red: bool, rng: np.random.Generator) -> np.ndarray:
    if red:
        return np.array([rng.uniform(0, 90), rng.uniform(0, 70), rng.uniform(140, 240)])
    return np.full(3, rng.uniform(0, 70)) + rng.uniform(-8, 8, 3)


def _table(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    import cv2

    base = rng.uniform(20, 235, 3)
    if rng.random() < 0.4:
        base = np.full(3, rng.uniform(150, 235)) + rng.uniform(-10, 10, 3)  # a light tray
    small = rng.normal(0, 1, (max(2, h // 24), max(2, w // 24), 1)).astype(np.float32)
    grain = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)[..., None]
    return base + rng.uniform(0, 20) * grain + rng.normal(0, 3, (h, w, 1))


def _court_art(canvas: np.ndarray, x0: int, y0: int, rng: np.random.Generator) -> None:
    """Clutter standing for court artwork: a frame line and coloured shapes inside it."""

    h, w = canvas.shape[:2]
    x0, y0 = min(x0, w - 2), min(y0, h - 2)
    art = canvas[y0:, x0:].copy()  # art stays clear of the index: drawn in its own region
    _draw_art(art, rng)
    canvas[y0:, x0:] = art


def _draw_art(canvas: np.ndarray, rng: np.random.Generator) -> None:
    import cv2

    h, w = canvas.shape[:2]
    x0 = y0 = 0
    palette = [
        (30, 200, 240),
        (40, 40, 200),
        (160, 80, 30),
        (20, 20, 20),
        (120, 160, 230),
        (60, 140, 60),
    ]
    if rng.random() < 0.6:
        t = max(1, round(rng.uniform(0.4, 1.5) * PX))
        cv2.rectangle(canvas, (0, 0), (w + 10, h + 10), _ink_colour(False, rng).tolist(), t)
    for _ in range(int(rng.integers(3, 12))):
        colour = np.array(palette[int(rng.integers(len(palette)))], np.float64) + rng.uniform(
            -25, 25, 3
        )
        cx, cy = int(rng.uniform(x0, w)), int(rng.uniform(y0, h))
        size = int(rng.uniform(3, 18) * PX)
        shape = rng.integers(3)
        if shape == 0:
            axes = (size, max(1, int(size * rng.uniform(0.2, 1))))
            cv2.ellipse(canvas, (cx, cy), axes, rng.uniform(0, 180), 0, 360, colour.tolist(), -1)
        elif shape == 1:
            pts = np.array([[cx, cy]]) + rng.uniform(-size, size, (int(rng.integers(3, 7)), 2))
            cv2.fillPoly(canvas, [pts.astype(np.int32)], colour.tolist())
        else:
            end = (cx + int(rng.uniform(-2, 2) * size), cy + int(rng.uniform(-2, 2) * size))
            cv2.line(canvas, (cx, cy), end, colour.tolist(), max(1, int(rng.uniform(0.3, 2) * PX)))


def net_font_files() -> list[Path]:
    """Every upright face (TTF or OTF) in the font folders the network is trained from."""
    found = [p for d, pattern in NET_FONT_DIRS if d.is_dir() for p in d.glob(pattern)]
    return sorted(p for p in found if not any(s in p.name for s in NET_SKIP))


def net_rank_glyphs(rng: np.random.Generator) -> list[tuple[str, np.ndarray]]:
    """(rank, ink) for training: the templates' glyphs (`rank_glyphs`), the extra fonts, each
    font's "10" with its digits touching or overlapping, and "3", "5" and "10" drawn in code
    (`drawn_rank`) in forms few fonts have: a flat-topped "3", a bar "1" by a narrow "0"."""
    out = list(rank_glyphs(rng))
    extra = [p for p in net_font_files() if p.parent not in FONT_DIRS]
    narrow = [p for p in net_font_files() if p.parent in FONT_DIRS and "Narrow" in p.name]
    for path in extra + narrow:
        for rank in RANKS:
            ink = render_text(path, rank)
            if ink is not None:
                out.append((rank, ink))
    for path in net_font_files():
        one, zero = render_text(path, "1"), render_text(path, "0")
        if one is not None and zero is not None:
            for gap in (-12, -9, -3):
                out.append(("10", _join(one, zero, gap)))
    for rank in ("3", "5", "10"):
        out.extend((rank, drawn_rank(rank, rng)) for _ in range(DRAWN_PER_RANK))
    return out


def drawn_rank(rank: str, rng: np.random.Generator) -> np.ndarray:
    """A "3", "5" or "10" drawn with strokes (ink 0..1, 64 px tall, padded), in proportions
    and weights that vary from condensed to wide, hairline to bold."""
    import cv2

    h = 64
    t = int(rng.integers(4, 12))  # stroke width
    if rank == "10":
        w1 = t + int(rng.integers(0, 8))
        one = np.zeros((h + 2 * t, w1 + 3 * t), np.uint8)
        x = one.shape[1] - t - t // 2 - 1
        cv2.line(one, (x, t), (x, h + t), 255, t, cv2.LINE_AA)
        if rng.random() < 0.5:  # a flag
            cv2.line(
                one, (x, t), (x - w1 - t, t + int(h * rng.uniform(0.1, 0.3))), 255, max(2, t - 2)
            )
        if rng.random() < 0.3:  # a foot
            cv2.line(one, (x - t - 4, h + t), (x + t + 4, h + t), 255, max(2, t // 2))
        zw = int(h * rng.uniform(0.32, 0.62))
        zero = np.zeros((h + 2 * t, zw + 2 * t), np.uint8)
        centre = (zero.shape[1] // 2, zero.shape[0] // 2)
        cv2.ellipse(zero, centre, (zw // 2, h // 2), 0, 0, 360, 255, -1, cv2.LINE_AA)
        side = min(t, round(0.5 * zw / 2))  # the "0" keeps its hole
        top = max(2, round(side * rng.uniform(0.45, 1.0)))
        inner = (max(1, zw // 2 - side), max(1, h // 2 - top))
        cv2.ellipse(zero, centre, inner, 0, 0, 360, 0, -1, cv2.LINE_AA)
        a, b = (tight_crop(g.astype(np.float32) / 255.0) for g in (one, zero))
        return _pad(_join(a, b, int(rng.integers(-t, max(1, h // 6)))))
    w = int(h * rng.uniform(0.42, 0.75))
    canvas = np.zeros((h + 2 * t, w + 2 * t), np.uint8)
    x0, x1, y0 = t, t + w, t
    mid = y0 + int(h * rng.uniform(0.36, 0.5))
    bowl_h = (y0 + h - mid) / 2
    centre = (round((x0 + x1) / 2 + w * rng.uniform(-0.05, 0.08)), round(mid + bowl_h))
    axes = (max(2, round(w / 2)), max(2, round(bowl_h)))
    if rank == "3":
        if rng.random() < 0.6:  # flat top, a diagonal down to the bowl
            cv2.line(canvas, (x0, y0), (x1, y0), 255, t, cv2.LINE_AA)
            cv2.line(canvas, (x1, y0), (centre[0] - int(w * 0.1), mid), 255, t, cv2.LINE_AA)
        else:  # a rounded top bowl
            top_axes = (max(2, round(w * rng.uniform(0.38, 0.48))), max(2, (mid - y0) // 2))
            top_c = (centre[0] - round(w * 0.05), y0 + top_axes[1])
            cv2.ellipse(canvas, top_c, top_axes, 0, 190, 450, 255, t, cv2.LINE_AA)
        cv2.ellipse(canvas, centre, axes, 0, -90, 150, 255, t, cv2.LINE_AA)
    else:  # "5": a top bar, a stem down the left, the bowl
        stem_x = x0 + int(w * rng.uniform(0.0, 0.2))
        cv2.line(canvas, (stem_x, y0), (x1, y0), 255, t, cv2.LINE_AA)
        cv2.line(canvas, (stem_x, y0), (stem_x, mid + t // 2), 255, t, cv2.LINE_AA)
        cv2.ellipse(canvas, centre, axes, 0, -160, 150, 255, t, cv2.LINE_AA)
    return _pad(tight_crop(canvas.astype(np.float32) / 255.0))


def _net_weight(ink: np.ndarray, rng: np.random.Generator, most: float = 0.07) -> np.ndarray:
    """The glyph bolder or thinner by up to `most` of its height, as printers and decks
    differ (a hairline serif "3", a heavy sans "10")."""
    import cv2

    choice = rng.random()
    k = max(1, round(rng.uniform(0.01, most) * ink.shape[0]))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))
    if choice < 0.35:
        return cv2.dilate(ink, kernel)
    if choice < 0.65:
        thin = cv2.erode(ink, kernel)
        return thin if thin.max() > 0.5 and (thin > 0.5).sum() > 0.3 * (ink > 0.5).sum() else ink
    return ink


def draw_corner(
    rank_ink: np.ndarray | None,
    suit: str,
    suits: dict[str, list[np.ndarray]],
    rng: np.random.Generator,
) -> np.ndarray:
    """A clean card corner (float BGR, PX per unit) with MARGIN units of table above and
    left; `rank_ink` None draws no index (a negative)."""
    import cv2

    h, w = (PATCH_H // UNIT_PX + MARGIN) * PX, (PATCH_W // UNIT_PX + MARGIN) * PX
    m = MARGIN * PX
    canvas = _table(rng, h, w)
    paper = np.clip(rng.uniform(200, 255) + rng.uniform(-12, 12, 3), 0, 255)
    card = np.zeros((h, w), np.uint8)
    radius = int(rng.uniform(1, 7) * PX)
    cv2.rectangle(card, (m + radius, m), (w, h), 255, -1)
    cv2.rectangle(card, (m, m + radius), (w, h), 255, -1)
    cv2.circle(card, (m + radius, m + radius), radius, 255, -1, cv2.LINE_AA)
    a = card.astype(np.float32)[..., None] / 255.0
    canvas = canvas * (1 - a) + paper * a
    red = suit in RED_SUITS
    colour = _ink_colour(red, rng)
    if rng.random() < 0.2:  # a printed border line
        inset = m + int(rng.uniform(1.5, 5) * PX)
        t = max(1, round(rng.uniform(0.3, 1.0) * PX))
        line_colour = colour if rng.random() < 0.5 else _ink_colour(rng.random() < 0.3, rng)
        cv2.rectangle(canvas, (inset, inset), (w + 10, h + 10), line_colour.tolist(), t)
    left = m + rng.uniform(1.5, 9) * PX
    top = m + rng.uniform(1.5, 9) * PX
    rank_h = rng.uniform(8, 22) * PX
    rank_w = 0.0
    suit_ink = suits[suit][int(rng.integers(len(suits[suit])))]
    if rank_ink is not None:
        rank = _resize_ink(rank_ink, rank_h, float(np.exp(rng.uniform(np.log(0.6), np.log(1.25)))))
        rank_w = rank.shape[1]
        _paste(canvas, rank, colour, round(left), round(top))
        suit_h = rank_h * rng.uniform(0.5, 1.0)
        small = _resize_ink(suit_ink, suit_h, rng.uniform(0.85, 1.15))
        sx = left + (rank_w - small.shape[1]) / 2 + rng.uniform(-0.15, 0.15) * rank_h
        sy = top + rank_h * rng.uniform(1.03, 1.4)
        _paste(canvas, small, colour, round(sx), round(sy))
    if rank_ink is None and rng.random() < 0.3:  # pips of a die face: dots, no index
        dot = rng.uniform(3, 9) * PX
        for _ in range(int(rng.integers(1, 5))):
            cx, cy = m + rng.uniform(0, 26) * PX, m + rng.uniform(0, 50) * PX
            cv2.circle(canvas, (round(cx), round(cy)), round(dot), colour.tolist(), -1, cv2.LINE_AA)
    art = rng.random()
    if art < 0.45:  # a big pip beside the index, sometimes touching it
        big = _resize_ink(
            suits[suit][int(rng.integers(len(suits[suit])))], rng.uniform(12, 34) * PX, 1
        )
        bx = left + rank_w + rng.uniform(-3, 10) * PX
        by = top + rng.uniform(-4, 30) * PX
        if rng.random() < 0.5:
            big = big[::-1, ::-1]
        _paste(canvas, big, colour, round(bx), round(by))
    elif art < 0.75:
        _court_art(
            canvas,
            round(left + rank_w + rng.uniform(0, 8) * PX),
            round(m + rng.uniform(4, 20) * PX),
            rng,
        )
    return canvas


def camera_patch(clean: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The drawn corner as `corner_patch` would cut it from a camera frame: a 45–160 px
    card, a detection a little off in angle, size and place, and camera degradations."""
    import cv2

    card_px = rng.uniform(45, 160)
    scale = card_px / 100.0 / PX  # camera pixels per drawing pixel
    h, w = clean.shape[:2]
    img = clean.astype(np.float32)
    # Lighting and white balance.
    img *= rng.uniform(0.6, 1.15) * rng.uniform(0.85, 1.15, 3)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = rng.uniform(0, 2 * np.pi)
    img *= (1 + rng.uniform(0, 0.3) * ((xx * np.cos(ang) + yy * np.sin(ang)) / max(h, w) - 0.5))[
        ..., None
    ]
    lift = rng.uniform(0, 60) if rng.random() < 0.5 else 0.0  # faded print, lifted blacks
    img = img * (1 - lift / 255) + lift
    if rng.random() < 0.15:  # glare
        gx, gy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(5, 30) * PX
        img += (
            rng.uniform(40, 160)
            * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * r * r))[..., None]
        )
    sw, sh = max(8, round(w * scale)), max(8, round(h * scale))
    small = cv2.resize(np.clip(img, 0, 255), (sw, sh), interpolation=cv2.INTER_AREA)
    if rng.random() < 0.7:
        small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.3, 1.3))
    small += rng.normal(0, rng.uniform(0, 6), small.shape) * np.sqrt(np.clip(small, 1, 255) / 128)
    small = np.clip(small, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 96))])
    if ok:
        small = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    # The detected frame: origin at the card corner (off by a few units), a slightly wrong
    # width and angle; sampled at UNIT_PX per unit as the reader does.
    unit = card_px / 100.0 * rng.uniform(0.9, 1.1)  # camera px per (estimated) unit
    theta = np.radians(rng.uniform(-4, 4))
    ox = (MARGIN + rng.uniform(-2.5, 2.5)) * card_px / 100.0
    oy = (MARGIN + rng.uniform(-2.5, 2.5)) * card_px / 100.0
    step = unit / UNIT_PX
    ex = np.array([np.cos(theta), np.sin(theta)]) * step
    ey = np.array([-np.sin(theta), np.cos(theta)]) * step * rng.uniform(0.95, 1.05)
    mat = np.array([[ex[0], ey[0], ox], [ex[1], ey[1], oy]], np.float64)
    return cv2.warpAffine(
        small,
        mat,
        (PATCH_W, PATCH_H),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )


def make_dataset(count: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(inputs (N, 2, IN_H, IN_W), rank class, suit class); no-index class is the last."""
    rng = np.random.default_rng(seed)
    glyphs = net_rank_glyphs(rng)
    by_rank: dict[str, list[np.ndarray]] = {r: [] for r in RANKS}
    for rank, ink in glyphs:
        by_rank[rank].append(ink)
    suits = {
        s: [draw_suit(s, 64, rng).astype(np.float32) / 255.0 for _ in range(60)] for s in SUITS
    }
    xs, rs, ss = [], [], []
    while len(xs) < count:
        suit = SUITS[int(rng.integers(4))]
        if rng.random() < NEGATIVE_SHARE:
            rank_i, ink = len(RANKS), None
            suit_i = len(SUITS)
        else:
            rank_i = int(rng.integers(len(RANKS)))
            options = by_rank[RANKS[rank_i]]
            ink = _net_weight(options[int(rng.integers(len(options)))], rng)
            suit_i = SUITS.index(suit)
        if ink is None and rng.random() < 0.3:
            h, w = (PATCH_H // UNIT_PX + MARGIN) * PX, (PATCH_W // UNIT_PX + MARGIN) * PX
            clean = _table(rng, h, w)  # bare table, no card at all
        else:
            clean = draw_corner(ink, suit, suits, rng)
        x = net_input(camera_patch(clean, rng))
        if x is None:
            if ink is not None:
                continue
            x = np.zeros((2, IN_H, IN_W), np.float32)
        xs.append(x)
        rs.append(rank_i)
        ss.append(suit_i)
    return np.stack(xs), np.array(rs, np.int64), np.array(ss, np.int64)


def _model():  # type: ignore[no-untyped-def]
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            chans = [2] + [c for _, c in LAYERS]
            for (name, _), cin, cout in zip(LAYERS, chans[:-1], chans[1:], strict=True):
                setattr(self, name, nn.Conv2d(cin, cout, 3, padding=1))
            flat = chans[-1] * (IN_H // 8) * (IN_W // 8)
            self.fc = nn.Linear(flat, 96)
            self.rank = nn.Linear(96, len(RANK_LABELS))
            self.suit = nn.Linear(96, len(SUIT_LABELS))
            self.drop = nn.Dropout(0.2)

        def forward(self, x):  # type: ignore[no-untyped-def]
            for name, _ in LAYERS:
                x = torch.max_pool2d(torch.relu(getattr(self, name)(x)), 2)
            x = self.drop(torch.relu(self.fc(x.flatten(1))))
            return self.rank(x), self.suit(x)

    return Net()


def _draw_many(count: int, seed: int, workers: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`make_dataset` in chunks of 2,000 with their own seeds, on `workers` processes."""
    from multiprocessing import Pool

    chunks = [(min(2000, count - k), seed * 1000 + k // 2000) for k in range(0, count, 2000)]
    with Pool(workers) as pool:
        parts = pool.starmap(make_dataset, chunks)
    return tuple(np.concatenate(p) for p in zip(*parts, strict=True))  # type: ignore[return-value]


def train(
    count: int,
    epochs: int,
    seed: int,
    out: Path,
    workers: int = 1,
    cache: Path | None = None,
    init: Path | None = None,
    max_lr: float = 3e-3,
) -> None:
    """Draw `count` corners, train, report held-out accuracy and write the weights."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    t0 = time.time()
    if cache is not None and cache.is_file():
        with np.load(cache) as d:
            x, r, s, vx, vr, vs = (d[k] for k in ("x", "r", "s", "vx", "vr", "vs"))
    else:
        x, r, s = _draw_many(count, seed, workers)
        vx, vr, vs = make_dataset(max(500, count // 10), seed + 10_000)
        if cache is not None:
            np.savez(cache, x=x, r=r, s=s, vx=vx, vr=vr, vs=vs)
    print(f"drew {len(x)} + {len(vx)} corners in {time.time() - t0:.0f} s", flush=True)
    net = _model()
    if init is not None:
        with np.load(init) as d:
            net.load_state_dict({k: torch.from_numpy(d[k].astype(np.float32)) for k in d.files})
    opt = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.OneCycleLR(
        opt, max_lr=max_lr, total_steps=epochs * (-(-len(x) // 128))
    )
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05)
    xt, rt, st = torch.from_numpy(x), torch.from_numpy(r), torch.from_numpy(s)
    for epoch in range(epochs):
        net.train()
        order = torch.randperm(len(xt))
        total = 0.0
        for k in range(0, len(order), 128):
            idx = order[k : k + 128]
            pr, ps = net(xt[idx])
            loss = loss_fn(pr, rt[idx]) + loss_fn(ps, st[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(idx)
        net.eval()
        with torch.no_grad():
            pr, ps = net(torch.from_numpy(vx))
        racc = float((pr.argmax(1).numpy() == vr).mean())
        sacc = float((ps.argmax(1).numpy() == vs).mean())
        print(
            f"epoch {epoch + 1}: loss {total / len(xt):.3f},"
            f" held-out rank {racc:.3f} suit {sacc:.3f} ({time.time() - t0:.0f} s)",
            flush=True,
        )
    weights = {k: v.detach().numpy().astype(np.float16) for k, v in net.state_dict().items()}
    np.savez_compressed(out, **weights)
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB)")


def main(argv: list[str] | None = None) -> None:
    """Train and write the network (default: vision/card_net.npz)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=60000)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cache", type=Path, help="keep the drawn corners in this .npz")
    parser.add_argument("--init", type=Path, help="start from these weights")
    parser.add_argument("--max-lr", type=float, default=3e-3)
    args = parser.parse_args(argv)
    train(
        args.count,
        args.epochs,
        args.seed,
        args.out,
        args.workers,
        args.cache,
        args.init,
        args.max_lr,
    )


if __name__ == "__main__":
    main()
