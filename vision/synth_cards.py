"""Seeded synthetic card scenes: procedurally drawn faces on the shared `vision.synth` tables.

Faces are drawn here from nothing but OpenCV's stroke fonts and `card_shapes` suits, so
the renderer can make any rank and suit in endless variations without any deck artwork.
Cards are placed with rotation, mild perspective and overlap (the covered card's index
corner stays visible, as on a real table), then `synth.camera` adds lighting, glare,
blur, noise and JPEG. Labels use the shared-data manifest format.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision import synth
from vision.card_shapes import RANKS, RED_SUITS, SUITS, draw_suit

FACE_W = 200
HERSHEY = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
)


def _ink_colour(suit: str, rng: np.random.Generator) -> np.ndarray:
    if suit in RED_SUITS:
        return np.array([rng.uniform(20, 60), rng.uniform(20, 50), rng.uniform(170, 220)])
    return np.full(3, rng.uniform(10, 40))


def _stamp(face: np.ndarray, mask: np.ndarray, x: int, y: int, colour: np.ndarray) -> None:
    """Blend a 0..255 mask of ink onto the face at (x, y), clipped to the face."""
    h, w = mask.shape
    fh, fw = face.shape[:2]
    x0, y0, x1, y1 = max(0, x), max(0, y), min(fw, x + w), min(fh, y + h)
    if x1 <= x0 or y1 <= y0:
        return
    a = mask[y0 - y : y1 - y, x0 - x : x1 - x, None].astype(np.float32) / 255.0
    region = face[y0:y1, x0:x1].astype(np.float32)
    face[y0:y1, x0:x1] = (region * (1 - a) + colour * a).astype(np.uint8)


def _rank_mask(rank: str, height: int, rng: np.random.Generator) -> np.ndarray:
    """The rank in a random stroke font, `height` px tall."""
    font = int(rng.choice(HERSHEY))
    thickness = int(rng.integers(2, 5))
    canvas = np.zeros((140, 220), np.uint8)
    cv2.putText(canvas, rank, (10, 110), font, 2.6, 255, thickness * 2, cv2.LINE_AA)
    ys, xs = np.nonzero(canvas)
    crop = canvas[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    scale = height / crop.shape[0]
    width = max(1, round(crop.shape[1] * scale * rng.uniform(0.8, 1.1)))
    return cv2.resize(crop, (width, height), interpolation=cv2.INTER_AREA)


def draw_face(rank: str, suit: str, rng: np.random.Generator) -> np.ndarray:
    """A card face (BGR, FACE_W wide, aspect 1.35–1.56) with its index at two corners."""
    h = round(FACE_W * rng.uniform(1.35, 1.56))
    paper = np.clip(rng.uniform(228, 252) + rng.uniform(-6, 6, 3), 0, 255)  # off-white stock
    face = np.empty((h, FACE_W, 3), np.uint8)
    face[:] = paper
    colour = _ink_colour(suit, rng)
    index = np.zeros((h // 2, FACE_W // 2), np.uint8)
    rank_h = round(FACE_W * rng.uniform(0.12, 0.22))
    rmask = _rank_mask(rank, rank_h, rng)
    left, top = round(FACE_W * rng.uniform(0.04, 0.08)), round(FACE_W * rng.uniform(0.04, 0.08))
    index[top : top + rank_h, left : left + rmask.shape[1]] = rmask[:, : FACE_W // 2 - left]
    suit_h = round(rank_h * rng.uniform(0.6, 0.95))
    smask = cv2.resize(draw_suit(suit, 96, rng), (suit_h, suit_h), interpolation=cv2.INTER_AREA)
    sx = left + max(0, (rmask.shape[1] - suit_h) // 2)
    sy = top + rank_h + round(rank_h * rng.uniform(0.1, 0.3))
    index[sy : sy + suit_h, sx : sx + suit_h] = smask
    _stamp(face, index, 0, 0, colour)
    _stamp(face, index[::-1, ::-1], FACE_W - index.shape[1], h - index.shape[0], colour)
    _centre(face, rank, suit, colour, rng)
    return face


def _centre(
    face: np.ndarray, rank: str, suit: str, colour: np.ndarray, rng: np.random.Generator
) -> None:
    """Pips for number cards, a big letter for court cards, one big pip for aces."""
    h, w = face.shape[:2]
    if rank in "JQK":
        big = _rank_mask(rank, round(h * 0.4), rng)
        _stamp(face, big, (w - big.shape[1]) // 2, (h - big.shape[0]) // 2, colour)
        return
    count = 1 if rank == "A" else int(rank)
    size = round(w * (0.4 if count == 1 else 0.16))
    pip = cv2.resize(draw_suit(suit, 96, rng), (size, size), interpolation=cv2.INTER_AREA)
    cols = 1 if count <= 3 else 2
    rows = -(-count // cols)
    for k in range(count):
        cx = w / 2 if cols == 1 else w * (0.35 + 0.3 * (k % cols))
        cy = h * (0.5 if rows == 1 else 0.24 + 0.52 * (k // cols) / (rows - 1))
        flip = pip if cy <= h / 2 else pip[::-1, ::-1]
        _stamp(face, flip, round(cx - size / 2), round(cy - size / 2), colour)


def card_quad(
    centre: tuple[float, float], width: float, aspect: float, angle: float, tilt: float
) -> np.ndarray:
    """TL, TR, BR, BL of a card of `width` px turned by `angle` with a slight keystone `tilt`."""
    w, h = width / 2, width * aspect / 2
    top = 1.0 - tilt
    corners = np.array([[-w * top, -h], [w * top, -h], [w, h], [-w, h]])
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    return corners @ rot.T + np.array(centre)


def place_card(img: np.ndarray, face: np.ndarray, quad: np.ndarray, shadow: float) -> np.ndarray:
    """Warp a face onto the picture in place, with a soft drop shadow; returns its coverage mask."""
    fh, fw = face.shape[:2]
    src = np.float32([[0, 0], [fw - 1, 0], [fw - 1, fh - 1], [0, fh - 1]])
    hmat = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    size = (img.shape[1], img.shape[0])
    alpha = np.zeros((fh, fw), np.float32)
    radius = max(2, round(0.06 * fw))
    cv2.rectangle(alpha, (radius, 0), (fw - 1 - radius, fh - 1), 1.0, -1)
    cv2.rectangle(alpha, (0, radius), (fw - 1, fh - 1 - radius), 1.0, -1)
    for cx, cy in (
        (radius, radius),
        (fw - 1 - radius, radius),
        (radius, fh - 1 - radius),
        (fw - 1 - radius, fh - 1 - radius),
    ):
        cv2.circle(alpha, (cx, cy), radius, 1.0, -1, cv2.LINE_AA)
    mask = cv2.warpPerspective(alpha, hmat, size, flags=cv2.INTER_AREA)
    warped = cv2.warpPerspective(face, hmat, size, flags=cv2.INTER_AREA)
    if shadow:
        synth.drop_shadow(img, mask, (2, 3), shadow)
    blend = img.astype(np.float32) * (1 - mask[..., None]) + warped * mask[..., None]
    img[:] = blend.astype(np.uint8)
    return mask


def render_scene(
    rng: np.random.Generator, width: int = 1280, height: int = 720, cards: int = 6
) -> tuple[np.ndarray, list[dict]]:
    """A camera-like frame with `cards` distinct cards, and their manifest-style labels."""
    img = synth.table(rng, width, height)
    deck = [r + s for r in RANKS for s in SUITS]
    picks = rng.choice(len(deck), size=cards, replace=False)
    card_w = rng.uniform(60, 140) * width / 1280
    labels: list[dict] = []
    centres: list[np.ndarray] = []
    for k in picks:
        text = deck[int(k)]
        rank, suit = text[:-1], text[-1]
        face = draw_face(rank, suit, rng)
        aspect = face.shape[0] / face.shape[1]
        for _ in range(30):
            c = rng.uniform([card_w, card_w * aspect], [width - card_w, height - card_w * aspect])
            if all(np.linalg.norm(c - o) > card_w * 1.2 for o in centres):
                break
        centres.append(c)
        quad = card_quad(
            (float(c[0]), float(c[1])),
            card_w,
            aspect,
            rng.uniform(0, 2 * np.pi),
            rng.uniform(0, 0.05),
        )
        place_card(img, face, quad, rng.uniform(0.1, 0.4))
        labels.append({"kind": "card", "rank": rank, "suit": suit, "quad": quad.round(1).tolist()})
    return synth.camera(img, rng, synth.random_camera(rng)), labels
