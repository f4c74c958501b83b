"""Train the dice nets (gate, detector, value). Needs the `train` extra (PyTorch).

    .venv/bin/python -m vision.train_dice --data /work/shared/data [--stage value]

Detector crops are made exactly as the reader makes them at run time: `find_candidates`
proposes points in each training frame and each point is labelled by the nearest
labelled die (its value when close to the centre, "no die" when far from every die, left
out in between). Value crops are the labelled dice themselves at the value net's scale,
with candidate points far from every die as "no die". Card scenes and synthetic dice
scenes add negatives and rare colours. Every crop is augmented (rotation, scale, shift,
light, white balance, blur, noise).

Held-out protocol: photos are grouped so that re-shots of one roll stay together
(thumbnail correlation > 0.97, or the same multiset of values); about 35 % of the groups
of each source are held out and written to `vision/dice_holdout.json`. Nothing from those
photos is used here; the figures in docs/vision-dice.md are measured on them only.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import cv2
import numpy as np

from vision.dice_eval import is_game_die
from vision.dice_find import find_candidates
from vision.dice_net import (
    CANON_DIE,
    CROP,
    GATE_FILE,
    VALUE_CROP,
    VALUE_DIE,
    VALUE_FILE,
    DiceNet,
    crop_features,
    gate_features,
)
from vision.synth_dice import random_dice_scene
from vision.synth_table import render_game_table

HERE = Path(__file__).parent
HOLDOUT_PATH = HERE / "dice_holdout.json"
HOLDOUT_SHARE = 0.35
POSITIVE_RADIUS = 0.2  # candidate within this many die edges of a label: that die's value
NEGATIVE_RADIUS = 0.6  # farther than this from every label: "no die"
VALUE_SHIFT = 0.07  # value crops' shift jitter, die edges: as far as merged centres stray
CARD_DIE_SIZES = (24.0, 36.0)  # die sizes (px) the card scenes are also cut at, as if dice set them
Frames = Iterator[tuple[np.ndarray, list[dict], float | None]]  # image, labels, die size
Point = tuple[float, float, int]  # x, y (frame px) and class (0 = no die, else the value)


def load_manifest(folder: Path) -> list[dict]:
    """The labelled photos: manifest entries with the image path resolved."""
    entries = json.loads((folder / "manifest.json").read_text())
    for e in entries:
        e["path"] = folder / e["file"]
    return entries


def split_groups(entries: list[dict], seed: int = 7) -> set[str]:
    """File names held out for evaluation (whole near-duplicate groups, per source)."""
    thumbs = []
    for e in entries:
        grey = cv2.imread(str(e["path"]), cv2.IMREAD_GRAYSCALE)
        t = cv2.resize(grey, (32, 24), interpolation=cv2.INTER_AREA).astype(np.float32).ravel()
        thumbs.append((t - t.mean()) / (t.std() + 1e-6))
    parent = list(range(len(entries)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    values = [tuple(sorted(o["value"] for o in e["objects"])) for e in entries]
    for i in range(len(entries)):
        for j in range(i):
            same = values[i] == values[j] or float(thumbs[i] @ thumbs[j]) / len(thumbs[i]) > 0.97
            if same:
                parent[root(i)] = root(j)
    held: set[str] = set()
    rng = random.Random(seed)
    for source in sorted({e["source"] for e in entries}):
        idx = [i for i, e in enumerate(entries) if e["source"] == source]
        groups: dict[int, list[int]] = {}
        for i in idx:
            groups.setdefault(root(i), []).append(i)
        order = sorted(groups.values())
        rng.shuffle(order)
        for members in order:
            if len(held & {entries[i]["file"] for i in idx}) >= HOLDOUT_SHARE * len(idx):
                break
            held.update(entries[i]["file"] for i in members)
    return held


def box_centres(objects: list[dict]) -> np.ndarray:
    """(n, 2) centres of the labelled boxes, in frame px."""
    boxes = np.array([o["bbox"] for o in objects], np.float64).reshape(-1, 4)
    return boxes[:, :2] + boxes[:, 2:] / 2


def labelled_points(candidates: np.ndarray, objects: list[dict], size: float) -> list[Point]:
    """Candidate points of one frame with their class (0 = no die), plus each die's centre."""
    return list(_labelled_points(candidates, objects, size))


def _labelled_points(candidates: np.ndarray, objects: list[dict], size: float) -> Iterator[Point]:
    centres = box_centres(objects)
    for x, y in candidates:
        if len(centres) == 0:
            yield float(x), float(y), 0
            continue
        d = np.hypot(centres[:, 0] - x, centres[:, 1] - y)
        k = int(np.argmin(d))
        if d[k] <= POSITIVE_RADIUS * size:
            yield float(x), float(y), objects[k]["value"]
        elif d[k] >= NEGATIVE_RADIUS * size:
            yield float(x), float(y), 0
    for (x, y), o in zip(centres, objects, strict=True):
        yield float(x), float(y), o["value"]


def augmented_crops(
    frame: np.ndarray,
    points: list[Point],
    size: float,
    rng: np.random.Generator,
    die: int = CANON_DIE,
    side: int = CROP,
    shift: float = 0.03,
) -> tuple[np.ndarray, np.ndarray]:
    """One augmented crop per point: the frame rescaled with jitter as at run time (a die
    `die` px across), then rotated, shifted, relit, blurred and noised per crop. Die crops
    are shifted by `shift` die edges (standard deviation), as far as the reader's centres
    stray at that stage."""
    factor = die / size * rng.uniform(0.82, 1.22)
    interp = cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR
    img = cv2.resize(frame, None, fx=factor, fy=factor, interpolation=interp)
    crops, labels = [], []
    for x, y, label in points:
        offset = rng.normal(0, shift * die, 2) if label else np.zeros(2)
        m = cv2.getRotationMatrix2D((x * factor, y * factor), rng.uniform(0, 360), 1.0)
        m[:, 2] += side / 2 - np.array([x, y]) * factor + offset
        crop = cv2.warpAffine(
            img, m, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT
        )
        if rng.random() < 0.5:
            crop = crop[:, ::-1]
        crops.append(relight(crop, rng))
        labels.append(label)
    return np.stack(crops), np.array(labels)


def relight(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Photometric jitter: gain per channel, offset, gamma, blur and sensor noise."""
    x = crop.astype(np.float32) / 255.0
    x = x ** rng.uniform(0.7, 1.4)
    x = x * rng.uniform(0.7, 1.25) * rng.uniform(0.9, 1.1, 3) + rng.uniform(-0.08, 0.08)
    if rng.random() < 0.3:
        x = cv2.GaussianBlur(x, (0, 0), rng.uniform(0.3, 0.9))
    x = x + rng.normal(0, rng.uniform(0, 0.025), x.shape)
    return np.clip(x * 255, 0, 255).astype(np.uint8)


def samples(
    frames: Frames,
    rounds: int,
    rng: np.random.Generator,
    pick: Callable[[np.ndarray, list[dict], float], list[Point]],
    die: int = CANON_DIE,
    side: int = CROP,
    shift: float = 0.03,
) -> tuple[np.ndarray, np.ndarray]:
    """Augmented uint8 crops and labels from labelled frames, `rounds` passes each, at the
    points `pick` chooses from the frame's candidate centres (`die`, `side`, `shift` as in
    `augmented_crops`)."""
    xs, ys = [], []
    for frame, objects, true_size in frames:
        candidates = find_candidates(frame, card_shapes=not objects)  # no dice: all look-alike
        size = true_size or candidates.die_size
        if size <= 0:
            continue
        points = pick(candidates.centers, objects, size)
        if not points:  # a frame with neither dice nor candidates teaches nothing
            continue
        for _ in range(rounds):
            c, label = augmented_crops(frame, points, size, rng, die, side, shift)
            xs.append(c)
            ys.append(label)
    return np.concatenate(xs), np.concatenate(ys)


def frame_samples(
    frames: Frames, rounds: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """Detector crops: every candidate point labelled by the nearest die."""
    return samples(frames, rounds, rng, labelled_points)


def value_points(
    candidates: np.ndarray,
    objects: list[dict],
    size: float,
    negatives: int,
    rng: np.random.Generator,
) -> list[Point]:
    """Every labelled die centre with its value, and up to `negatives` candidate points
    far from every die: the value net looks only where the detector found a die, so it
    needs the dice themselves and the look-alikes the detector lets through."""
    centres = box_centres(objects)
    points = [(float(x), float(y), o["value"]) for (x, y), o in zip(centres, objects, strict=True)]
    far = [
        (float(x), float(y), 0)
        for x, y in candidates
        if len(centres) == 0 or np.hypot(*(centres - (x, y)).T).min() >= NEGATIVE_RADIUS * size
    ]
    for i in rng.permutation(len(far))[:negatives]:
        points.append(far[i])
    return points


def value_samples(
    frames: Frames,
    rounds: int,
    negatives: int,
    rng: np.random.Generator,
    shift: float = VALUE_SHIFT,
) -> tuple[np.ndarray, np.ndarray]:
    """Augmented uint8 crops at the value net's scale, and their labels."""

    def pick(candidates: np.ndarray, objects: list[dict], size: float) -> list[Point]:
        return value_points(candidates, objects, size, negatives, rng)

    return samples(frames, rounds, rng, pick, die=VALUE_DIE, side=VALUE_CROP, shift=shift)


def game_dice_frames(entries: list[dict]) -> Frames:
    """The photos with only their game dice labelled (red, black or white bodies with white
    or black pips); the die size is still estimated from the whole photo. Extra passes over
    these weigh the dice Kwingto reads more than the rest (an option, measured in
    docs/vision-dice.md, eleventh session). Photos without game dice are left out."""
    for image, objects, _ in real_frames(entries):
        game = [o for o in objects if is_game_die(o)]
        if game:
            yield image, game, None


def real_frames(entries: list[dict]) -> Frames:
    """Photos with their labels; the die size is estimated as at run time."""
    for e in entries:
        yield cv2.imread(str(e["path"])), e["objects"], None


def card_frames(folder: Path, every: int, sizes: tuple[float, ...] = ()) -> Frames:
    """Card scenes (no dice): even-numbered ones only, the odd ones are left for tests.

    Each scene comes at the die size estimated from it (with no dice, that is about a
    card's width) and again at each of `sizes` px, as when dice beside the cards set it.
    """
    entries = json.loads((folder / "manifest.json").read_text())
    for e in entries[::every]:
        image = cv2.imread(str(folder / e["file"]))
        for size in (None, *sizes):
            yield image, [], size


def synthetic_frames(count: int, seed: int) -> Frames:
    """Random dice scenes at their true die size: on busy synthetic tables the estimate
    is sometimes off, and a crop at the wrong scale would teach the wrong pip count."""
    for i in range(count):
        scene = random_dice_scene(seed + i)
        objects = [{"value": d.value, "bbox": list(d.bbox)} for d in scene.dice]
        boxes = [max(d.bbox[2:]) for d in scene.dice]  # the photos' labels are boxes too
        yield scene.image, objects, float(np.median(boxes)) if boxes else None


def game_table_frames(count: int, seed: int) -> Frames:
    """Kwingto tables (cards beside the six game dice) at their true die size: the
    cards' index corners and pips, cut at the dice's scale, are the look-alikes a card
    scene measured at its own size never shows."""
    for i in range(count):
        table = render_game_table(seed + i)
        objects = [{"value": d.value, "bbox": list(d.bbox)} for d in table.dice]
        yield table.image, objects, float(np.median([max(d.bbox[2:]) for d in table.dice]))


def train_net(
    x: np.ndarray,
    y: np.ndarray,
    side: int,
    convs: tuple[int, ...],
    hidden: tuple[int, ...],
    epochs: int,
    seed: int,
) -> DiceNet:
    """Fit a `DiceNet` with PyTorch (imported here: only training needs it).

    The torch model flattens feature maps in (h, w, c) order, as the numpy forward pass
    does, so the weights carry over by transposition only.
    """
    import torch
    from torch.nn import functional

    torch.manual_seed(seed)
    pixels = side * side * 3
    chans = (3, *convs)
    conv_layers = torch.nn.ModuleList(
        torch.nn.Conv2d(a, b, 3, padding=1) for a, b in itertools.pairwise(chans)
    )
    flat = (side // 2 ** len(convs)) ** 2 * chans[-1] if convs else pixels
    dims = (flat + 6, *hidden, 7)
    dense_layers = torch.nn.ModuleList(torch.nn.Linear(a, b) for a, b in itertools.pairwise(dims))

    def forward(f: torch.Tensor) -> torch.Tensor:
        h = f[:, :pixels]
        if convs:
            img = h.reshape(-1, side, side, 3).permute(0, 3, 1, 2)
            for conv in conv_layers:
                img = functional.max_pool2d(functional.relu(conv(img)), 2)
            h = img.permute(0, 2, 3, 1).reshape(len(f), -1)
        h = torch.cat([h, f[:, pixels:]], dim=1)
        for i, layer in enumerate(dense_layers):
            h = layer(h)
            if i < len(dense_layers) - 1:
                h = functional.relu(h)
        return h

    params = list(conv_layers.parameters()) + list(dense_layers.parameters())
    opt = torch.optim.AdamW(params, lr=2e-3, weight_decay=1e-3)
    batch = 256
    sched = torch.optim.lr_scheduler.OneCycleLR(
        opt, 3e-3, total_steps=epochs * (len(x) // batch + 1)
    )
    tx, ty = torch.from_numpy(x), torch.from_numpy(y.astype(np.int64))
    for epoch in range(epochs):
        perm = torch.randperm(len(tx))
        total, right = 0.0, 0
        for i in range(0, len(tx), batch):
            b = perm[i : i + batch]
            out = forward(tx[b])
            loss = functional.cross_entropy(out, ty[b], label_smoothing=0.02)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(b)
            right += int((out.argmax(1) == ty[b]).sum())
        print(
            f"epoch {epoch + 1}: loss {total / len(tx):.4f} acc {right / len(tx):.4f}", flush=True
        )

    def numpy_pair(w: torch.Tensor, b: torch.Tensor) -> tuple[np.ndarray, np.ndarray]:
        return w.detach().numpy().copy(), b.detach().numpy().copy()

    conv_w = tuple(
        numpy_pair(c.weight.permute(1, 2, 3, 0).reshape(-1, c.out_channels), c.bias)
        for c in conv_layers
    )
    dense_w = tuple(numpy_pair(d.weight.T, d.bias) for d in dense_layers)
    return DiceNet(conv_w, dense_w, side)


def balanced(y: np.ndarray, negatives_per_positive: float, rng: np.random.Generator) -> np.ndarray:
    """Indices keeping every die crop and a random share of the "no die" crops."""
    pos = np.nonzero(y > 0)[0]
    neg = np.nonzero(y == 0)[0]
    take = min(len(neg), int(negatives_per_positive * len(pos)))
    return np.sort(np.concatenate([pos, rng.choice(neg, take, replace=False)]))


def train_detector(args: argparse.Namespace, train: list[dict], rng: np.random.Generator) -> None:
    """The gate and the 20 px detector (`dice_gate.npz`, `dice_mlp.npz`)."""
    if args.cache and args.cache.is_file():
        with np.load(args.cache) as cached:
            crops, y, hard = cached["crops"], cached["labels"], cached["hard"]
    else:
        parts = [
            frame_samples(real_frames(train), args.rounds, rng),
            frame_samples(synthetic_frames(args.synthetic, args.seed * 100_000), 2, rng),
            frame_samples(card_frames(args.data / "cards_scenes", 2), args.card_rounds, rng),
        ]
        crops = np.concatenate([p[0] for p in parts])
        y = np.concatenate([p[1] for p in parts])
        hard = np.zeros(len(y), bool)
        hard[-len(parts[-1][1]) :] = True  # card crops: every one is kept for the CNN
        if args.cache:
            np.savez(args.cache, crops=crops, labels=y, hard=hard)
    print(f"{len(crops)} crops, class counts {np.bincount(y, minlength=7).tolist()}", flush=True)
    if not args.skip_gate:
        gate = train_net(
            gate_features(crops), y, CROP // 2, (), (args.gate_hidden,), args.epochs, args.seed
        )
        gate.save(args.out.with_name(GATE_FILE))
    keep = np.union1d(balanced(y, 1.5, rng), np.nonzero(hard)[0])
    x = crop_features(crops[keep])
    net = train_net(x, y[keep], CROP, tuple(args.convs), tuple(args.hidden), args.epochs, args.seed)
    net.save(args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB)")


def train_value(args: argparse.Namespace, train: list[dict], rng: np.random.Generator) -> None:
    """The value net (`dice_value.npz`): every training die many times over, with the
    detector's usual look-alikes from photos, card scenes and synthetic tables."""
    cards = card_frames(args.data / "cards_scenes", 2, CARD_DIE_SIZES)
    parts = [  # 8 look-alikes a pass
        value_samples(real_frames(train), args.value_rounds, 8, rng, args.value_shift),
        value_samples(cards, 4, 40, rng),  # 4 passes, 40 points: cards are all look-alike
        value_samples(synthetic_frames(2 * args.synthetic, args.seed * 200_000), 3, 4, rng),
    ]
    if args.value_game_rounds:  # measured, not shipped: see docs/vision-dice.md, eleventh session
        game = game_dice_frames(train)
        parts.append(value_samples(game, args.value_game_rounds, 0, rng, args.value_shift))
    if args.game_tables:  # measured, not shipped: see docs/vision-dice.md, "Held-out protocol"
        tables = game_table_frames(args.game_tables, args.seed * 300_000)
        parts.append(value_samples(tables, 2, 12, rng))
    crops = np.concatenate([p[0] for p in parts])
    y = np.concatenate([p[1] for p in parts])
    print(f"{len(crops)} value crops, classes {np.bincount(y, minlength=7).tolist()}", flush=True)
    x = crop_features(crops)
    net = train_net(
        x,
        y,
        VALUE_CROP,
        tuple(args.value_convs),
        (args.value_hidden,),
        args.value_epochs,
        args.seed,
    )
    path = args.out.with_name(VALUE_FILE)
    net.save(path)
    print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=HERE.parent.parent / "shared" / "data")
    ap.add_argument("--stage", choices=("all", "detector", "value"), default="all")
    ap.add_argument("--synthetic", type=int, default=300, help="synthetic scenes to add")
    ap.add_argument(
        "--game-tables", type=int, default=0, help="cards-and-dice tables (value stage)"
    )
    ap.add_argument("--rounds", type=int, default=6, help="augmented passes per photo")
    ap.add_argument("--card-rounds", type=int, default=6, help="passes per card scene")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--convs", type=int, nargs="*", default=[8, 16])
    ap.add_argument("--hidden", type=int, nargs="+", default=[48])
    ap.add_argument("--value-rounds", type=int, default=24, help="value passes per photo")
    ap.add_argument("--value-epochs", type=int, default=12)
    ap.add_argument(
        "--value-game-rounds",
        type=int,
        default=0,
        help="extra value passes over the photos' game dice only (weighs them more)",
    )
    ap.add_argument(
        "--value-shift",
        type=float,
        default=VALUE_SHIFT,
        help="value crops' shift jitter, in die edges (standard deviation)",
    )
    ap.add_argument("--value-convs", type=int, nargs="+", default=[16, 32, 32])
    ap.add_argument("--value-hidden", type=int, default=64)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--gate-hidden", type=int, default=24)
    ap.add_argument("--skip-gate", action="store_true", help="keep the gate file as it is")
    ap.add_argument("--cache", type=Path, default=None, help="npz to keep the crops in")
    ap.add_argument("--out", type=Path, default=HERE / "dice_mlp.npz")
    args = ap.parse_args()
    if args.game_tables < 0:
        ap.error("--game-tables must be 0 or more")
    cv2.setNumThreads(2)
    rng = np.random.default_rng(args.seed)
    entries = load_manifest(args.data / "real" / "dice")
    held = split_groups(entries)
    HOLDOUT_PATH.write_text(json.dumps(sorted(held), indent=1) + "\n")
    train = [e for e in entries if e["file"] not in held]
    print(f"{len(train)} training photos, {len(held)} held out", flush=True)
    if args.stage in ("all", "detector"):
        train_detector(args, train, rng)
    if args.stage in ("all", "value"):
        train_value(args, train, rng)


if __name__ == "__main__":
    main()
