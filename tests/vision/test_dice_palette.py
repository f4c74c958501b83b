"""Colour names, the saved palette and calibration from one roll."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from vision.dice import body_labs, calibrate, read_dice
from vision.dice_net import CROP
from vision.palette import (
    Palette,
    default_palette,
    least_cost_assignment,
    load_palette,
    palette_path,
    parse_counts,
    save_palette,
)
from vision.synth import Camera
from vision.synth_dice import SynthDie, render_dice


def test_default_palette_names_its_own_colours() -> None:
    p = default_palette()
    assert set(p.names) == {"red", "black", "white", "green", "blue", "yellow", "purple"}
    for name, lab in zip(p.names, p.lab, strict=True):
        assert p.nearest(lab) == name


def test_palette_round_trip_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "dice_palette.json"
    assert load_palette(path).names == default_palette().names
    moved = default_palette().replaced({"red": (80, 160, 140), "orange": (150, 160, 180)})
    assert save_palette(moved, path) == path
    back = load_palette(path)
    assert back.names[-1] == "orange"
    assert np.allclose(back.lab, moved.lab, atol=0.05)
    assert back.names.count("red") == 1  # calibrated: one red, the one given


def test_a_palette_of_some_colours_names_every_colour_one_of_them() -> None:
    """`only` keeps every prototype of the names given (both reds) and no other, so a
    colour nearest purple is named black once purple is gone; a name it has no prototype
    of is an error that says which."""
    p = default_palette()
    purple = p.lab[p.names.index("purple")]
    assert p.nearest(purple) == "purple"
    kept = p.only({"red", "black", "white"})
    assert kept.names == ("red", "red", "black", "white")
    assert kept.nearest(purple) == "black"
    with pytest.raises(ValueError, match="names no gold or silver dice"):
        p.only({"red", "gold", "silver"})


def test_palette_path_is_in_the_user_config_dir() -> None:
    assert palette_path().name == "dice_palette.json"
    assert "tabletop-companion" in str(palette_path())


def test_malformed_palette_is_an_error() -> None:
    with pytest.raises(ValueError):
        Palette.from_json('{"colors": [{"name": "red", "lab": [1, 2]}]}')
    with pytest.raises(ValueError):
        Palette.from_json('{"colors": {"red": [1, 2, 3]}}')


def test_parse_counts() -> None:
    assert parse_counts("3 red, 3 black") == {"red": 3, "black": 3}
    assert parse_counts("2 white and 1 Green") == {"white": 2, "green": 1}
    for bad in ("", "red", "three red", "0 red"):
        with pytest.raises(ValueError):
            parse_counts(bad)


KWINGTO = [
    SynthDie(v, c, (90 + 90 * i, 160 + 140 * (i % 2)), 40, 17 * i)
    for i, (v, c) in enumerate(zip([1, 2, 3, 4, 5, 6], ["red", "black"] * 3, strict=True))
]


def kwingto_scene(brightness: float) -> np.ndarray:
    """3 red and 3 black dice (white pips), well apart, the whole frame scaled in light."""
    img = render_dice(KWINGTO, seed=5, cam=Camera(noise=2.0, jpeg=92)).image.astype(np.float32)
    return np.clip(img * brightness, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("brightness", [0.75, 0.35])
def test_calibration_learns_the_dice_shown(brightness: float) -> None:
    """Darker than the default colours expect. At a third of the light a red body lies
    nearer to the black prototype than to the bright red one, and nearer to it than the
    black bodies do: handing out the surest dice first swapped red and black."""
    frame = kwingto_scene(brightness)
    palette = calibrate(frame, parse_counts("3 red, 3 black"))
    reading = read_dice(frame, palette)
    assert len(reading.dice) == len(KWINGTO)
    for truth in KWINGTO:
        seen = min(reading.dice, key=lambda d: np.hypot(*np.subtract(d.center, truth.center)))
        assert seen.color == truth.color
    assert palette.lab[palette.names.index("red")][0] < default_palette().lab[0][0] + 20
    assert palette.lab[palette.names.index("red")][1] > palette.lab[palette.names.index("black")][1]


def test_the_least_cost_assignment_is_the_best_of_every_permutation() -> None:
    rng = np.random.default_rng(3)
    for n in range(1, 7):
        for _ in range(40):
            cost = rng.integers(0, 6, (n, n)).astype(float)  # ties on purpose
            columns = least_cost_assignment(cost)
            assert sorted(columns.tolist()) == list(range(n))
            best = min(
                sum(cost[i, p[i]] for i in range(n)) for p in itertools.permutations(range(n))
            )
            assert sum(cost[i, columns[i]] for i in range(n)) == best


def test_calibration_refuses_a_wrong_count() -> None:
    with pytest.raises(ValueError, match="saw 6 dice"):
        calibrate(kwingto_scene(1.0), {"red": 4, "black": 3})


def test_calibration_leaves_out_the_colours_it_is_told_to() -> None:
    """Card paper beside the dice reads as a white die in a game with none: it spoiled
    the count at the table ("saw 7 dice") or was learned as one of the six."""
    paper = SynthDie(5, "white", (560, 80), 40, 0)
    frame = render_dice([*KWINGTO, paper], seed=5, cam=Camera(noise=2.0, jpeg=92)).image
    assert "white" in {d.color for d in read_dice(frame).dice}
    with pytest.raises(ValueError, match="saw 7 dice but was told 6"):
        calibrate(frame, parse_counts("3 red, 3 black"))
    palette = calibrate(frame, parse_counts("3 red, 3 black"), ignore=frozenset({"white"}))
    reading = read_dice(frame, palette)
    assert sorted(d.color for d in reading.dice) == ["black"] * 3 + ["red"] * 3 + ["white"]


def test_a_body_with_light_pips_is_not_named_white() -> None:
    """A black die under a strong lamp is grey, nearer white's prototype than black's; its
    pips, lighter than its body, say it is no white die, whose pips are dark. Its lightness
    then counts for less (the light set it), so the grey is black, not a maroon red."""
    grey = (140.0, 124.0, 129.0)
    neutral = (140.0, 130.0, 130.0)  # a maroon red by lightness, black by hue
    for palette in (default_palette(), default_palette().only({"red", "black", "white"})):
        assert palette.nearest(grey) == "white"
        assert palette.nearest(grey, light_pips=True) == "black"
        assert palette.nearest(neutral, light_pips=True) == "black"
        white = palette.lab[palette.names.index("white")]
        assert palette.nearest(white) == "white"


def face(body: int, spots: int) -> np.ndarray:
    """A padded canonical frame (`body_labs` reads it) whose die at (CROP / 2, CROP / 2) has a
    face of grey `body` with `spots` 3 px pips of the opposite grey in its square."""
    padded = np.full((2 * CROP, 2 * CROP, 3), body, np.uint8)
    for dx, dy in [(-4, -4), (2, 2), (-4, 2), (2, -4)][:spots]:
        padded[CROP + dy : CROP + dy + 3, CROP + dx : CROP + dx + 3] = 255 - body
    return padded


def test_the_pips_side_of_the_body_is_measured() -> None:
    """`body_labs` gives each die's body and how much lighter its smaller group is: light
    pips on a black face, dark ones on a white face, nothing on a plain square."""
    centre = [(CROP / 2, CROP / 2)]
    for body, sign in ((30, 1), (225, -1)):
        colours, lifts = body_labs(face(body, 4), centre)
        assert colours[0][0] == pytest.approx(body, abs=6)  # grey's Lab lightness, 8-bit
        assert sign * lifts[0] > 150
    _, lifts = body_labs(face(140, 0), centre)
    assert lifts[0] == 0.0


LAMP_DICE = [
    SynthDie(v, c, xy, 48, a)
    for v, c, xy, a in [
        (5, "black", (150, 150), 10),
        (6, "black", (320, 160), 35),
        (3, "black", (480, 150), 60),
        (4, "red", (160, 330), 20),
        (2, "red", (330, 320), 45),
        (6, "white", (490, 330), 70),
    ]
]


@pytest.mark.parametrize("strength", [90.0, 120.0])
def test_dark_dice_under_a_lamp_keep_their_colour(strength: float) -> None:
    """A broad pool of lamp light over the dice (grey levels added at its middle). Before
    the pips' polarity was asked, every black die here was named white under the stronger
    light, and a Kwingto roll left white dice out."""
    palette = default_palette().only({"red", "black", "white"})
    yy, xx = np.mgrid[0:480, 0:640].astype(np.float32)
    light = strength * np.exp(-((xx - 320) ** 2 + (yy - 240) ** 2) / (2 * 260.0**2))
    for seed in range(4):
        img = render_dice(LAMP_DICE, seed=seed, cam=Camera(noise=2.0, jpeg=92)).image
        frame = np.clip(img + light[..., None], 0, 255).astype(np.uint8)
        reading = read_dice(frame, palette)
        for truth in LAMP_DICE:
            seen = [d for d in reading.dice if np.hypot(*np.subtract(d.center, truth.center)) < 20]
            if truth.color == "black":
                assert len(seen) == 1, (seed, truth)
            assert all(d.color == truth.color for d in seen), (seed, truth, seen)
