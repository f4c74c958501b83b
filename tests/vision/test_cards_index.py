"""Cutting the index out of a corner patch whose card has a rim line the glyphs touch."""

from __future__ import annotations

import cv2
import numpy as np

from vision.card_index import PATCH_H, PATCH_W, index_crops, read_patches
from vision.card_models import load_models
from vision.card_shapes import draw_suit


def _corner(frame_line: bool = False) -> np.ndarray:
    """A clean upright corner patch: a grey rim line with a rounded corner 5 px in from the
    card edge, an "A" whose foot leans on the rim, and a spade under it; optionally the
    frame of court art beside the index, its top line level with the "A"."""
    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    grey = (120, 120, 120)
    cv2.line(patch, (5, 14), (5, PATCH_H - 1), grey, 2)
    cv2.line(patch, (14, 5), (PATCH_W - 1, 5), grey, 2)
    cv2.ellipse(patch, (14, 14), (9, 9), 180, 0, 90, grey, 2)
    cv2.putText(patch, "A", (5, 34), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (20, 20, 20), 3)
    suit = draw_suit("S", 20) > 127
    patch[40:60, 8:28][suit] = (20, 20, 20)
    if frame_line:
        cv2.rectangle(patch, (30, 14), (PATCH_W + 5, PATCH_H + 5), (40, 40, 40), 2)
    return patch


def test_an_index_touching_the_rim_line_is_cut_free_of_it() -> None:
    crops = index_crops(_corner())
    assert crops is not None
    # The "A" alone (about 25 px tall), not the rim or its rounded corner.
    assert 20 <= crops.rank.shape[0] <= 32
    assert crops.rank.shape[1] <= 30
    assert not crops.red


def test_a_frame_line_beside_the_index_does_not_count_as_the_rim() -> None:
    # Cut there, the "A" would lose its top and read as something else.
    crops = index_crops(_corner(frame_line=True))
    assert crops is not None
    assert 20 <= crops.rank.shape[0] <= 32


def test_a_bare_rim_gives_no_index() -> None:
    patch = _corner()
    patch[16:, 8:] = 235  # the index wiped, the rim and its corner left
    assert index_crops(patch) is None


def _large_index() -> np.ndarray:
    """A large "Q" whose tail runs into the heart under it (as nicu-white prints its queens)."""
    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    red = (40, 40, 210)
    cv2.ellipse(patch, (30, 34), (14, 20), 0, 0, 360, red, 6)
    cv2.line(patch, (34, 48), (42, 64), red, 6)
    heart = draw_suit("H", 34) > 127
    patch[54:88, 12:46][heart] = red
    return patch


def test_a_rank_touching_its_suit_is_cut_at_the_waist() -> None:
    crops = index_crops(_large_index())
    assert crops is not None
    assert 40 <= crops.rank.shape[0] <= 56  # the "Q" and its tail, not the heart
    assert crops.red


def _faint_index() -> np.ndarray:
    """A light-red "9" and heart (about half the depth of the darkest print) beside court
    art that runs over the card's edge, a faint smudge joining the "9" to the art."""
    patch = np.full((PATCH_H, PATCH_W, 3), 240, np.uint8)
    tint = (120, 120, 235)
    cv2.putText(patch, "9", (6, 42), cv2.FONT_HERSHEY_SIMPLEX, 1.3, tint, 3)
    patch[50:70, 9:29][draw_suit("H", 20) > 127] = tint
    patch[:, 34:] = (30, 30, 200)
    patch[24:30, 26:34] = 175
    return patch


def test_a_faint_rank_joined_to_the_art_is_cut_at_the_deeper_ink_level() -> None:
    # At the usual cut the "9", the smudge and the art are one blob touching the card's
    # edge, dropped as table; the smudge is fainter than the "9" and parts from it deeper.
    crops = index_crops(_faint_index())
    assert crops is not None
    assert crops.late
    assert 20 <= crops.rank.shape[0] <= 32 and crops.rank.shape[1] <= 24  # the "9" alone
    assert crops.red


def _court_corner() -> np.ndarray:
    """A red "K" whose foot touches the grey line framing court art, a grey ornament of the
    frame under that line, and a red diamond under the "K" (as anglo prints its kings)."""
    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    red, grey = (60, 60, 200), (100, 100, 100)
    cv2.putText(patch, "K", (6, 40), cv2.FONT_HERSHEY_SIMPLEX, 1.2, red, 3)
    patch[48:66, 9:27][draw_suit("D", 18) > 127] = red
    cv2.line(patch, (26, 40), (50, 40), grey, 2)
    cv2.line(patch, (26, 40), (26, 44), grey, 2)
    cv2.rectangle(patch, (32, 46), (46, 60), grey, -1)
    return patch


def test_a_red_rank_on_a_grey_frame_is_cut_again_from_the_red_ink() -> None:
    # Cut from all ink, the "K" and the frame are one rank blob, and the grey ornament
    # under it is taken for the suit: a red rank over a black "suit" is no index.
    crops = index_crops(_court_corner())
    assert crops is not None
    assert crops.red and crops.late
    assert crops.rank.shape[1] <= 24  # the "K" alone, not the frame line


def test_a_late_cut_needs_a_clear_suit() -> None:
    """A late cut's reading counts only with a close rank and at least an even suit vote.
    scene_0037's 59 px standard KS, found only by the deeper cut, read the "K" clearly and
    its spade as a club by a vote of 0.11, and the network then named it KC."""
    from vision.card_index import _clear
    from vision.card_models import Guess

    king = Guess("K", 0.92, 0.1, 1.0)
    assert not _clear(king, Guess("C", 0.9, 0.01, 0.11))
    assert _clear(king, Guess("S", 0.9, 0.01, 0.56))
    assert not _clear(Guess("K", 0.7, 0.1, 1.0), Guess("S", 0.9, 0.01, 1.0))
    assert not _clear(king, None)


def _queen_on_a_frame() -> np.ndarray:
    """A red "Q" whose tail runs into the corner of the faint grey line framing court art
    beside it (only the corner's dark ornament is ink), and a red diamond under it (as anglo
    prints its queens)."""
    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    red, grey = (60, 60, 200), (90, 90, 90)
    cv2.ellipse(patch, (18, 22), (9, 14), 0, 0, 360, red, 3)
    cv2.line(patch, (10, 14), (30, 36), red, 3)
    cv2.line(patch, (30, 36), (44, 36), grey, 2)
    cv2.line(patch, (30, 36), (30, 40), grey, 2)
    patch[44:62, 9:27][draw_suit("D", 18) > 127] = red
    return patch


def test_grey_ink_in_a_red_rank_is_dropped() -> None:
    # Cut from all ink, the "Q" and the frame's corner are one rank blob (read "K" on
    # anglo); the first cut did find the index, so the red-ink cut is not a late one.
    crops = index_crops(_queen_on_a_frame())
    assert crops is not None
    assert crops.red and not crops.late
    assert crops.rank.shape[1] <= 26  # the "Q" and its tail, not the frame line


def _spade_on_a_sceptre() -> np.ndarray:
    """A black "K" over a spade whose stem stands on a sceptre running down the card (as
    paris prints its king of spades): the spade and the sceptre are one blob."""
    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    black = (30, 30, 30)
    cv2.putText(patch, "K", (6, 30), cv2.FONT_HERSHEY_SIMPLEX, 1.2, black, 3)
    patch[29:57, 6:34][draw_suit("S", 28) > 127] = black
    cv2.rectangle(patch, (16, 51), (23, PATCH_H - 1), black, -1)
    cv2.rectangle(patch, (8, 80), (31, 88), black, -1)
    return patch


def test_a_suit_standing_on_art_is_cut_at_its_waist() -> None:
    # Spade and sceptre are one blob too tall for a suit at every ink level; the late cut
    # parts them where the spade's stem meets the sceptre.
    crops = index_crops(_spade_on_a_sceptre())
    assert crops is not None
    assert crops.late and not crops.red
    assert 14 <= crops.suit.shape[0] <= 26  # the spade, not the sceptre


def test_the_template_build_leaves_the_court_art_tries_out() -> None:
    # Drawn template corners have no court art: without those tries the spade on its
    # sceptre gives no index, and the queen keeps the frame corner her first cut took in,
    # so every drawn corner is cut as when the shipped templates were built.
    assert index_crops(_spade_on_a_sceptre(), court_art=False) is None
    crops = index_crops(_queen_on_a_frame(), court_art=False)
    assert crops is not None
    assert crops.rank.shape[1] > 26


def test_a_red_rank_over_a_suit_that_is_not_red_gives_no_confidence() -> None:
    # A deck prints its index in one colour: a red "2" over a small dark diamond (a red
    # suit blurred dark on a tinted table) contradicts itself, whatever the templates say.
    patch = np.full((PATCH_H, PATCH_W, 3), 235, np.uint8)
    cv2.putText(patch, "2", (6, 30), cv2.FONT_HERSHEY_SIMPLEX, 1.1, (40, 40, 190), 3)
    cv2.fillConvexPoly(patch, np.array([[16, 36], [22, 43], [16, 50], [10, 43]]), (50, 40, 60))
    crops = index_crops(patch)
    assert crops is not None and crops.red_rank
    (read,) = read_patches([patch], load_models(None), [100.0])
    assert read is None or not read.colour_agrees
