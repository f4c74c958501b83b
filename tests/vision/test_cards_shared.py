"""The card reader on the shared test data: real dice photos hold no cards, and labelled
card scenes are mostly found and almost never named wrongly."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.card_eval import evaluate, match
from vision.card_reader import read_cards


def test_real_dice_photos_have_no_cards(shared_data: Path) -> None:
    folder = shared_data / "real" / "dice"
    entries = json.loads((folder / "manifest.json").read_text())  # all 179: a few seconds
    for entry in entries:
        frame = cv2.imread(str(folder / entry["file"]))
        assert read_cards(frame).cards == (), entry["file"]


def test_card_scenes_sample(shared_data: Path, tmp_path: Path) -> None:
    folder = shared_data / "cards_scenes"
    entries = json.loads((folder / "manifest.json").read_text())[::10]
    for entry in entries:
        shutil.copy(folder / entry["file"], tmp_path / entry["file"])
    (tmp_path / "manifest.json").write_text(json.dumps(entries))
    scores = evaluate(tmp_path, read_cards)
    assert scores.labelled > 40
    assert scores.recall >= 0.6
    # 15 of 19 wide cards named right (13 before index glyphs were cut free of rim lines).
    assert scores.accuracy_wide >= 0.75
    assert scores.confident_wrong <= max(1, round(0.03 * scores.matched))
    assert np.isfinite(scores.median_ms)


def test_weak_template_suits_confirmed_by_the_network(shared_data: Path) -> None:
    """scene_0002's 9S and KD: the templates lean to them, the spade and diamond only
    weakly; the network's suit, read at both index corners, confirms them."""
    folder = shared_data / "cards_scenes"
    entry = next(
        e
        for e in json.loads((folder / "manifest.json").read_text())
        if e["file"] == "scene_0002.jpg"
    )
    labels = [o for o in entry["objects"] if o.get("kind") == "card"]
    pairs, extra = match(labels, read_cards(cv2.imread(str(folder / entry["file"]))))
    assert extra == 0
    assert sorted(card or "?" for _, card in pairs) == ["2D", "9S", "AH", "KD"]


def _scene(folder: Path, name: str) -> list[str]:
    """The cards read in one labelled scene, in label order ("?" for unknown); no extras."""
    entry = next(e for e in json.loads((folder / "manifest.json").read_text()) if e["file"] == name)
    labels = [o for o in entry["objects"] if o.get("kind") == "card"]
    pairs, extra = match(labels, read_cards(cv2.imread(str(folder / name))))
    assert extra == 0
    order = {id(lab): k for k, lab in enumerate(labels)}
    return [card or "?" for _, card in sorted(pairs, key=lambda p: order[id(p[0])])]


def test_outline_tells_small_index_spades_from_clubs(shared_data: Path) -> None:
    """scene_0085's 6S and 7S: the templates lean to spades only weakly, and the outline
    (no club notches) confirms them. scene_0124's 2S and scene_0011's 6S: the templates
    read clubs, and were named so, until the outline contradicted them."""
    folder = shared_data / "cards_scenes"
    assert sorted(_scene(folder, "scene_0085.jpg")) == ["10D", "4S", "6S", "7D", "7S", "KH"]
    assert "2C" not in _scene(folder, "scene_0124.jpg")
    assert "6C" not in _scene(folder, "scene_0011.jpg")


def test_an_outline_veto_sides_with_the_corner_it_confirms(shared_data: Path) -> None:
    """scene_0011's KC, scene_0035's JS and scene_0059's 5S (anglo, 90-104 px): one corner's
    templates name the suit and its outline confirms it (0.9, short of naming the card
    alone); at the other corner the templates name the other black suit, the outline
    vetoes it and names the first. Both corners' outlines agree, so the vetoed corner now
    sides with the confirmed one instead of staying silent."""
    folder = shared_data / "cards_scenes"
    assert "KC" in _scene(folder, "scene_0011.jpg")
    assert "JS" in _scene(folder, "scene_0035.jpg")
    assert "5S" in _scene(folder, "scene_0059.jpg")


def test_faint_ranks_touching_art_are_cut_at_the_deeper_ink_level(shared_data: Path) -> None:
    """scene_0058's paris 9H (a light "9" whose blurred edge joins the big heart beside it)
    and scene_0100's anglo KH (a "K" joined to its court frame): no index was cut out at
    either corner until the deeper cut parted the glyph from the print it touches."""
    folder = shared_data / "cards_scenes"
    assert _scene(folder, "scene_0058.jpg") == ["6H", "9H", "7S"]
    assert "KH" in _scene(folder, "scene_0100.jpg")


def test_the_network_picks_between_corners_that_disagree(shared_data: Path) -> None:
    """scene_0059's 10H (one corner reads "9") and scene_0077's QC (one corner reads "10"):
    the corners cancelled until the network, sure of one of the two cards, set the other
    corner aside."""
    folder = shared_data / "cards_scenes"
    assert "10H" in _scene(folder, "scene_0059.jpg")
    assert "QC" in _scene(folder, "scene_0077.jpg")


def test_red_court_ranks_are_cut_free_of_their_frame(shared_data: Path) -> None:
    """Anglo's KD (scene_0100, scene_0124) and QD (scene_0104): the red rank leans on the grey
    line framing the art, and a piece of it was cut out as a black suit; cut again from the
    red ink alone, the index reads right."""
    folder = shared_data / "cards_scenes"
    assert "KD" in _scene(folder, "scene_0100.jpg")
    assert "KD" in _scene(folder, "scene_0124.jpg")
    assert "QD" in _scene(folder, "scene_0104.jpg")


def test_a_red_queen_whose_tail_runs_into_the_frame_is_read(shared_data: Path) -> None:
    """Anglo QD and QH (deck frames, seed 0, about 90 px): the tail of the red "Q" runs into
    the corner of the grey frame line, and the two cut out as one rank read "K" (or nothing
    clear). The grey ink is dropped from a red rank over a red suit, and the "Q" reads."""
    from vision.card_eval import deck_frames

    wanted = ("QD", "QH")
    frames = [(f, t) for f, t in deck_frames(shared_data / "decks" / "anglo") if t in wanted]
    assert [[c.card for c in read_cards(f).cards] for f, _ in frames] == [[t] for _, t in frames]


def test_a_spade_standing_on_court_art_is_read(shared_data: Path) -> None:
    """Paris KS and QS (deck frames, seed 0) and scene_0062's paris QS (118 px): the small
    spade stands on the sceptre or the flower stem, the two one blob at every ink level, and
    no index was cut out (scene_0062's QS was not even found). Parted from the art under the
    spade's stem, all three read (without the stem, the spades read as clubs)."""
    from vision.card_eval import deck_frames

    wanted = ("KS", "QS")
    frames = [(f, t) for f, t in deck_frames(shared_data / "decks" / "paris") if t in wanted]
    assert [[c.card for c in read_cards(f).cards] for f, _ in frames] == [[t] for _, t in frames]
    assert "QS" in _scene(shared_data / "cards_scenes", "scene_0062.jpg")


def test_cards_in_a_pile_bitten_into_by_their_print_are_found(shared_data: Path) -> None:
    """scene_0066's anglo 5H and 4D (about 118 px, in a pile on wood) and scene_0025's 72 px
    AC: pips at their edges bite into the pile's paper, so no card fitted inside the blob
    and neither was found (the AC was found only as a mis-sized unknown). Inside the pile's
    convex hull, with their long side seen whole and half of them paper, they are. (The
    scene's QH, unknown before, is named by the network since its wider drawn glyphs.)"""
    folder = shared_data / "cards_scenes"
    assert _scene(folder, "scene_0066.jpg") == ["5H", "6H", "4D", "AS", "8S", "QH"]
    assert _scene(folder, "scene_0025.jpg")[0] == "AC"


def test_the_network_confirms_black_suits_the_templates_could_not(shared_data: Path) -> None:
    """scene_0101's standard 9S (83 px): templates read clubs at both corners, both vetoed by
    the symbol outline, so it was unknown; the outline and the network (spades, 0.996)
    name it now. scene_0009's 2S and scene_0126's 3S were read at one corner only, their
    spade confirmed by the outline alone (0.45); the network leaning to them (0.52, 0.77)
    names them, while the same scene's 9H, also read 3H by both witnesses on a mis-sized
    hypothesis (0.32 + 0.77), stays a 9H with no extra card: that echo is dropped first."""
    folder = shared_data / "cards_scenes"
    assert "9S" in _scene(folder, "scene_0101.jpg")
    assert "2S" in _scene(folder, "scene_0009.jpg")
    scene = _scene(folder, "scene_0126.jpg")
    assert "3S" in scene and "9H" in scene and "3H" not in scene


def test_number_cards_are_named_by_their_big_pips(shared_data: Path) -> None:
    """scene_0132's simplistic 10H and 10D (106 px): their "10"s read as K, 6 or 5 to the
    templates, while the network leans to 10H and 10D (0.45, 0.35); ten red pips, hearts
    and diamonds, name them. scene_0063's 5S, whose mis-sized second hypothesis sees three
    of its pips, gets no second card named 3S: echoes are dropped before pips are read."""
    folder = shared_data / "cards_scenes"
    scene = _scene(folder, "scene_0132.jpg")
    assert "10H" in scene and "10D" in scene
    assert "5S" in _scene(folder, "scene_0063.jpg")


def test_pips_near_the_index_or_the_ends_are_counted(shared_data: Path) -> None:
    """scene_0031's paris 10H (98 px): its top pips touch the "10" and the small heart
    beside it, and the joined blob was no pip (8 counted, unknown); cut free at the index
    column, ten hearts agree with the network's 10H. scene_0135's anglo 7C (105 px): its
    end pips reach 2 % of the card's length from its ends, inside the 6 % rim (5
    counted); judged by their centres, seven clubs agree with the network's 7C.
    scene_0118's anglo 3S (101 px): glare washes out its middle spade, whose solid ink
    covers half the area of the others (SAME_PIP, was 0.6); three spades agree with the
    templates' 3S."""
    folder = shared_data / "cards_scenes"
    assert "10H" in _scene(folder, "scene_0031.jpg")
    assert "7C" in _scene(folder, "scene_0135.jpg")
    assert "3S" in _scene(folder, "scene_0118.jpg")


def test_lone_cards_are_also_read_at_their_rectangles_corners(shared_data: Path) -> None:
    """scene_0139's paris 9H (102 px, under glare on wood): its "9"s and hearts fill both
    index corners to the card's edges, the paper outline's corners were fitted only at the
    plain corners and sized from a bitten edge (82 px), and the card read AH, unknown.
    scene_0136's paris 3D (85 px) read 5D the same way. The rectangle of each lone card's
    hull has corners at its index corners."""
    folder = shared_data / "cards_scenes"
    assert "9H" in _scene(folder, "scene_0139.jpg")
    assert "3D" in _scene(folder, "scene_0136.jpg")


def test_a_covered_second_index_does_not_cancel_the_first(shared_data: Path) -> None:
    """scene_0046's 141 px nicu-white 4C lies under a 7H: its second index, under the 7H's
    hearts, read AD at 0.11, which cancelled part of its unanimous first corner (0.44,
    unknown). scene_0116's 9D had the same (KH at 0.06 against it)."""
    folder = shared_data / "cards_scenes"
    assert "4C" in _scene(folder, "scene_0046.jpg")
    assert "9D" in _scene(folder, "scene_0116.jpg")


@pytest.mark.parametrize(
    ("deck", "seed"),
    [(d, 0) for d in ("anglo", "paris", "simplistic", "standard", "nicu-white")] + [("anglo", 3)],
)
def test_every_deck_is_read_before_and_after_teaching(
    shared_data: Path, tmp_path: Path, deck: str, seed: int
) -> None:
    """The issue's figures for each shared deck (none used to build the shipped models): its
    52 faces at about 100 px and random turns read at 98 % before teaching and 99.5 % after,
    taught from other frames (seed 2). At seed 0 every deck reads all 52 both ways (paris 49
    before the pieces-hull rectangles, 50 before spades standing on court art were cut
    free; anglo 50 before red queens were cut free of their frame)."""
    from vision.card_eval import deck_accuracy, deck_frames
    from vision.card_teach import teach

    folder = shared_data / "decks" / deck
    before = deck_accuracy(deck_frames(folder, seed=seed), read_cards)
    taught = teach(deck_frames(folder, seed=2), tmp_path / f"{deck}.npz")
    after = deck_accuracy(deck_frames(folder, seed=seed), lambda f: read_cards(f, taught=taught))
    assert before >= 0.98
    assert after >= 0.995


def test_no_phantom_card_over_the_table_beside_a_card(shared_data: Path) -> None:
    """Deck frames (seed 0) of paris AD and simplistic QC on a mottled table: a corner
    hypothesis built outward from the card's edge read the card's own index and was
    reported as a second, unknown card, though its rim runs over the table (0 and 22 %
    paper; the unknown real cards of the scenes measure at least 50 %)."""
    from vision.card_eval import deck_frames

    for deck, card in (("paris", "AD"), ("simplistic", "QC")):
        frame = next(f for f, text in deck_frames(shared_data / "decks" / deck) if text == card)
        assert [c.card for c in read_cards(frame).cards] == [card], deck


def test_a_taught_card_whose_index_touches_its_art_keeps_its_corner(
    shared_data: Path, tmp_path: Path
) -> None:
    """Paris KS and KC taught: the KS index touches the sceptre, so no rank or suit can be
    cut out of it, and teaching used to keep no corner of it; its taught look-alike KC
    then named it with confidence 1.0. Its whole corners are taught now (the network sees
    an index there), and the KS is never named KC."""
    from vision.card_eval import deck_frames
    from vision.card_teach import teach

    paris = shared_data / "decks" / "paris"
    shown = ((f, t) for f, t in deck_frames(paris, seed=2) if t in ("KS", "KC"))
    taught = teach(shown, tmp_path / "paris.npz")
    assert sorted(set(np.load(taught)["card_labels"])) == ["KC", "KS"]
    frame = next(f for f, t in deck_frames(paris) if t == "KS")
    assert [c.card for c in read_cards(frame, taught=taught).cards] in (["KS"], [None])


def test_court_cards_cut_up_by_their_art_are_outlined_as_rectangles(shared_data: Path) -> None:
    """Court art cuts a card's paper into pieces, grouped by their joint hull. scene_0133's
    paris KC lies within reach of a lone six and seven, and its group took them in too;
    scene_0140's standard KC and the paris 10H deck frame (seed 0) were sized from the
    corners the index and pips bit out of the hull. Regrouped without the whole cards, and
    outlined by the hull's rectangle, all three are found and named."""
    from vision.card_eval import deck_frames

    folder = shared_data / "cards_scenes"
    assert _scene(folder, "scene_0133.jpg") == ["7S", "5H", "KC", "JD", "6D", "5C"]
    assert _scene(folder, "scene_0140.jpg") == ["2H", "KC"]
    paris = shared_data / "decks" / "paris"
    frame = next(f for f, text in deck_frames(paris) if text == "10H")
    assert [c.card for c in read_cards(frame).cards] == ["10H"]


def test_cards_under_a_pile_read_at_their_own_index_are_kept(shared_data: Path) -> None:
    """scene_0108's three standard cards and scene_0124's anglo 2S lie partly under other
    cards; their unknown readings were dropped as echoes of the cards on top. Each was read
    at an index corner of its own, and is kept, with no extra card (the 2S and 7S, unknown to
    their index, are named by their big pips)."""
    folder = shared_data / "cards_scenes"
    assert _scene(folder, "scene_0108.jpg") == ["?", "2S", "7S"]
    assert _scene(folder, "scene_0124.jpg") == ["?", "10S", "KD"]


def test_cards_with_rounded_outlines_are_found(shared_data: Path) -> None:
    """scene_0046's nicu-white 4C and 3C (about 140 px, on a light laminate) are outlined by
    their closed edges only, blurred and rounded: the polygon cut each rounded corner into
    short edges, no two neighbours met at a right angle, and neither card got a corner.
    scene_0035's anglo 7C, under the 4C, lost its corners the same way."""
    folder = shared_data / "cards_scenes"
    assert _scene(folder, "scene_0046.jpg") == ["4C", "3C"]  # the 7H lying on the 4C: not found
    assert _scene(folder, "scene_0035.jpg") == ["JS", "QD", "4C", "7C", "4H", "8C"]
