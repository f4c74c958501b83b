"""The card reader on procedurally drawn cards: found where they lie, never named wrongly often."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import synth
from vision.card_detect import find_corner_frames, least_channel, shrink_by_area
from vision.card_eval import match
from vision.card_glyphs import glyph_vector, tight_crop
from vision.card_index import paper_white
from vision.card_models import TemplateSet, load_models
from vision.card_reader import read_cards
from vision.card_shapes import SUITS, draw_suit
from vision.synth_cards import card_quad, draw_face, place_card, render_scene


def test_lone_upright_card_is_found_and_read() -> None:
    rng = np.random.default_rng(11)
    img = synth.table(rng, 640, 480, "felt")
    face = draw_face("7", "D", rng)
    quad = card_quad((320, 240), 120, face.shape[0] / face.shape[1], 0.3, 0.0)
    place_card(img, face, quad, 0.2)
    cards = read_cards(img).cards
    assert len(cards) == 1
    assert np.linalg.norm(np.array(cards[0].center) - quad.mean(axis=0)) < 10
    assert cards[0].card in ("7D", None)


def test_scenes_find_most_cards_and_rarely_name_a_wrong_one() -> None:
    rng = np.random.default_rng(21)
    found = total = wrong = 0
    for _ in range(4):
        frame, labels = render_scene(rng, 1280, 720, 4)
        pairs, false_pos = match(labels, read_cards(frame))
        total += len(labels)
        found += len(pairs)
        wrong += sum(c is not None and c != lab["rank"] + lab["suit"] for lab, c in pairs)
        assert false_pos == 0
    assert found >= 0.6 * total
    assert wrong <= 0.15 * total


def test_shipped_suit_model_knows_new_drawings() -> None:
    models = load_models()
    rng = np.random.default_rng(99)
    right = 0
    for suit in SUITS:
        for _ in range(10):
            ink = tight_crop(draw_suit(suit, 48, rng).astype(np.float32) / 255.0)
            guess = models.suit.classify(glyph_vector(ink))
            right += guess is not None and guess.label == suit
    assert right >= 36


def test_echoes_of_a_card_are_dropped_but_neighbours_kept() -> None:
    from vision.card_reader import CardRead, _without_echoes

    def card(text: str | None, x: float, confidence: float) -> CardRead:
        quad = ((x, 0.0), (x + 100.0, 0.0), (x + 100.0, 145.0), (x, 145.0))
        return CardRead(text, quad, (x + 50.0, 72.5), confidence)

    named = card("7D", 0.0, 1.0)
    again = card("7D", 10.0, 0.6)  # the same card from a mis-sized hypothesis
    unknown_on_it = card(None, 30.0, 0.2)
    neighbour = card("7D", 200.0, 0.5)  # a card of its own, even if read the same
    other_card = card("8C", 20.0, 0.5)  # a different card named on top: kept, not hidden
    kept = _without_echoes([named, again, unknown_on_it, neighbour, other_card])
    assert kept == (named, neighbour, other_card)


def test_an_unknown_card_under_a_pile_at_an_index_corner_of_its_own_is_kept() -> None:
    """A card lying mostly under a surer one, read at an index corner outside it and clear of
    its corners, is a card of its own; the same placement read at a corner inside the surer
    card, or sized very differently from it, is a second hypothesis of that card."""
    from vision.card_reader import CardRead, _without_echoes

    def turned(centre: tuple[float, float], angle: float, scale: float = 1.0) -> CardRead:
        c, s = np.cos(np.radians(angle)), np.sin(np.radians(angle))
        corners = np.array([(-50, -72.5), (50, -72.5), (50, 72.5), (-50, 72.5)]) * scale
        quad = corners @ np.array([[c, s], [-s, c]]) + np.array(centre)
        return CardRead(None, tuple(map(tuple, quad.tolist())), centre, 0.3)

    named = CardRead(
        "7D", ((0.0, 0.0), (100.0, 0.0), (100.0, 145.0), (0.0, 145.0)), (50, 72.5), 1.0
    )
    # Turned so that its index corner points straight up, 28 px above the named card's top
    # edge and 57 px from its nearest corner; its centre lies on the named card.
    under = turned((50.0, 60.0), 34.6)
    assert (
        under.quad[0][1] < 0
        and min(np.hypot(under.quad[0][0] - x, under.quad[0][1]) for x in (0, 100)) > 50
    )
    assert _without_echoes([named, under]) == (named, under)
    inside = CardRead(
        None, ((20.0, 30.0), (120.0, 30.0), (120.0, 175.0), (20.0, 175.0)), (70, 102.5), 0.3
    )
    assert _without_echoes([named, inside]) == (named,)  # its index corner is on the named card
    # Read at its other index, just past the named card's corner: the same card again.
    other_index = CardRead(
        None, ((110.0, 150.0), (10.0, 150.0), (10.0, 5.0), (110.0, 5.0)), (60, 77.5), 0.3
    )
    assert _without_echoes([named, other_index]) == (named,)
    smaller = turned((50.0, 60.0), 34.6, scale=0.7)  # mis-sized from a covered edge
    assert _without_echoes([named, smaller]) == (named,)


def test_template_votes_stay_in_range_and_batches_match_single_glyphs() -> None:
    """Duplicate templates tie at the k-th nearest score; the vote must still be 0..1, and
    scoring many glyphs at once must answer as scoring each alone."""
    rng = np.random.default_rng(5)
    base = rng.standard_normal((6, 8)).astype(np.float32)
    copies = [6, 4, 4, 4, 4, 4]  # k is the smallest label's count: "A" ties past it
    vectors = np.repeat(base / np.linalg.norm(base, axis=1, keepdims=True), copies, axis=0)
    labels = np.repeat(np.array(list("ABCDEF")), copies)
    templates = TemplateSet(vectors, labels, basis=np.eye(8, dtype=np.float32))
    firsts = np.cumsum([0, *copies[:-1]])
    queries = np.concatenate([vectors[firsts], rng.standard_normal((10, 8)).astype(np.float32)])
    scores = templates.scores(queries)
    batch = templates.guesses(scores)
    assert batch == [templates.guess(row) for row in scores]
    assert all(g is not None and 0.0 <= g.vote <= 1.0 for g in batch)
    assert [g.label for g in batch[:6] if g] == list("ABCDEF")
    assert templates.guesses(scores[:0]) == []  # a frame with no glyph cut out


def test_template_votes_match_a_full_count_for_every_question() -> None:
    """Each question's vote is found from each label's few best scores
    (`TemplateSet.answers`); it must equal a count over all allowed templates, also where
    more templates than those few tie at the k-th nearest score (duplicated templates)."""
    from vision.card_models import NEIGHBOURS

    rng = np.random.default_rng(9)
    base = rng.standard_normal((4, 8)).astype(np.float32)
    copies = [14, 11, 12, 30]  # more copies than the best kept per label: ties past them
    vectors = np.repeat(base / np.linalg.norm(base, axis=1, keepdims=True), copies, axis=0)
    vectors = np.concatenate([vectors, rng.standard_normal((60, 8)).astype(np.float32)])
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    labels = np.concatenate(
        [np.repeat(np.array(list("CDHS")), copies), rng.choice(list("CDHS"), 60)]
    )
    templates = TemplateSet(vectors, labels, basis=np.eye(8, dtype=np.float32))
    queries = np.concatenate([base, rng.standard_normal((12, 8)).astype(np.float32)])
    scores = templates.scores(queries)
    questions = (frozenset("DH"), frozenset("CS"), None)
    for allowed, answers in zip(questions, templates.answers(scores, questions), strict=True):
        names = [n for n in templates.names if allowed is None or n in allowed]
        k = min(NEIGHBOURS, *(int(np.sum(templates.labels == n)) for n in names))
        for row, guess in zip(scores, answers, strict=True):
            pool = np.isin(templates.labels, names)
            kth = np.sort(row[pool])[-k]
            counts = sorted(
                (int(np.sum(row[templates.labels == n] >= kth)) for n in names), reverse=True
            )
            assert guess is not None
            assert guess.vote == min(1.0, (counts[0] - (counts[1] if len(counts) > 1 else 0)) / k)


def test_cards_on_a_busy_table_are_found_as_holes_in_its_edges(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On seeded tables whose texture closes edges everywhere, the reader outlines the
    card-shaped holes in the edge map instead of the whole table, and still reads the card."""
    from vision import card_detect

    calls: list[int] = []
    holes = card_detect._card_holes

    def counted(edges: np.ndarray, min_px: float) -> list[np.ndarray]:
        calls.append(1)
        return holes(edges, min_px)

    monkeypatch.setattr(card_detect, "_card_holes", counted)
    for seed in (2, 7, 20):
        frame, labels = render_scene(np.random.default_rng(seed), 1280, 720, 1)
        calls.clear()
        pairs, extra = match(labels, read_cards(frame))
        assert calls, f"seed {seed}: the table was not taken as busy"
        assert extra == 0
        assert [card for _, card in pairs] == [labels[0]["rank"] + labels[0]["suit"]]


def test_network_suit_confirms_the_templates_suit_but_never_overrules_it() -> None:
    """Two corners whose templates read 6 unanimously but a spade only weakly (the small
    index suit): the network sure of spades names the card; the network unsure, or sure of
    clubs, leaves it unknown, and a corner whose templates read clubs keeps its own vote."""
    from vision.card_detect import CornerFrame
    from vision.card_index import CornerRead
    from vision.card_models import Guess
    from vision.card_net import NetRead
    from vision.card_reader import _corner_votes, _decide, _net_suit

    def corner(x: float) -> CornerFrame:
        return CornerFrame(np.array([x, 0.0]), np.array([100.0, 0.0]), np.array([0.0, 145.0]))

    def read(suit: str, suit_vote: float) -> CornerRead:
        return CornerRead(Guess("6", 0.95, 0.1, 1.0), Guess(suit, 0.99, 0.05, suit_vote), True)

    def net(spade: float, club: float) -> NetRead:
        rank = np.zeros(14)
        rank[4] = 1.0
        return NetRead(rank, np.array([spade, 0.01, 0.01, club, 0.0]))

    corners = [corner(0.0), corner(100.0)]
    weak = [read("S", 0.33), read("S", 0.11)]
    assert _decide(_corner_votes(corners, weak, None))[0].card is None
    sure = _net_suit([net(0.8, 0.18), net(0.86, 0.12)])
    assert sure is not None and sure[0] == "S" and sure[1] > 0.95
    assert _decide(_corner_votes(corners, weak, sure))[0].card == "6S"
    unsure = _net_suit([net(0.6, 0.38), net(0.6, 0.38)])  # 0.71 for spades together
    assert _decide(_corner_votes(corners, weak, unsure))[0].card is None
    clubs = _net_suit([net(0.1, 0.88), net(0.1, 0.88)])
    assert _decide(_corner_votes(corners, weak, clubs))[0].card is None
    split = [read("C", 0.78), read("S", 0.56)]  # corners that disagree still cancel
    assert _decide(_corner_votes(corners, split, sure))[0].card is None


def test_network_picks_between_the_cards_the_templates_name() -> None:
    """Two corners of a wide card whose templates name 9H and 6H: the network, sure of one of
    the two, sets the other corner aside, but only where the picked corner reads clearly;
    a card the templates do not name it can never pick."""
    from vision.card_detect import CornerFrame
    from vision.card_index import CornerRead
    from vision.card_models import Guess
    from vision.card_net import RANK_LABELS, NetRead
    from vision.card_reader import _decide, _net_pick

    def corner(x: float) -> CornerFrame:
        return CornerFrame(np.array([x, 0.0]), np.array([100.0, 0.0]), np.array([0.0, 145.0]))

    def read(rank: str, score: float = 0.95) -> CornerRead:
        return CornerRead(Guess(rank, score, 0.1, 1.0), Guess("H", 0.99, 0.05, 1.0), True)

    def net(rank: str) -> NetRead:
        probs = np.full(14, 0.01)
        probs[RANK_LABELS.index(rank)] = 0.87
        return NetRead(probs, np.array([0.01, 0.96, 0.01, 0.01, 0.01]))

    corners = [corner(0.0), corner(100.0)]
    split = list(zip(corners, [read("9"), read("6")], strict=True))
    assert _decide(split)[0].card is None  # the corners cancel
    assert _decide(_net_pick(split, [net("9"), net("9")]))[0].card == "9H"
    unclear = list(zip(corners, [read("9", 0.7), read("6")], strict=True))
    assert _decide(_net_pick(unclear, [net("9"), net("9")]))[0].card is None
    assert _decide(_net_pick(split, [net("8"), net("8")]))[0].card is None


def test_network_cannot_confirm_a_suit_the_outline_vetoed_at_every_corner() -> None:
    """Two corners of a wide card whose templates lean to KC (too weakly to name it) and
    whose symbol outlines both veto clubs: the network naming KC does not name the card.
    With one corner's outline silent, the network confirms the lead as before."""
    from vision.card_detect import CornerFrame
    from vision.card_index import CornerRead
    from vision.card_models import Guess
    from vision.card_reader import CardRead, _decide, _fuse

    def corner(x: float) -> CornerFrame:
        return CornerFrame(np.array([x, 0.0]), np.array([100.0, 0.0]), np.array([0.0, 145.0]))

    def read(outline_agrees: bool) -> CornerRead:
        return CornerRead(
            Guess("K", 0.95, 0.1, 1.0), Guess("C", 0.9, 0.02, 0.4), True, outline_agrees
        )

    corners = [corner(0.0), corner(100.0)]
    net = CardRead("KC", ((0.0, 0.0),) * 4, (50.0, 70.0), 0.97)
    vetoed = _decide(list(zip(corners, [read(False), read(False)], strict=True)))
    assert vetoed[0].card is None
    assert _fuse(vetoed, net) == vetoed[0]
    silent = _decide(list(zip(corners, [read(False), read(True)], strict=True)))
    fused = _fuse(silent, net)
    assert fused is not None and fused.card == "KC"


def test_outline_and_network_together_name_the_other_black_suit() -> None:
    """A standard 9S whose templates lean to clubs at both corners, both vetoed by the
    symbol outline: the network sure of spades turns them to spades and names the card.
    Unsure, or naming clubs with the templates, it leaves the card unknown."""
    from vision.card_detect import CornerFrame
    from vision.card_index import CornerRead
    from vision.card_models import Guess
    from vision.card_reader import _corner_votes, _decide

    def corner(x: float) -> CornerFrame:
        return CornerFrame(np.array([x, 0.0]), np.array([100.0, 0.0]), np.array([0.0, 145.0]))

    corners = [corner(0.0), corner(100.0)]
    clubs = [CornerRead(Guess("9", 0.93, 0.1, 1.0), Guess("C", 1.0, 0.02, 0.11), True, False)] * 2
    alone = _decide(_corner_votes(corners, clubs, None))
    assert alone[0].card is None and alone[1] == ""  # vetoed: no lead for the network
    named = _decide(_corner_votes(corners, clubs, ("S", 0.96)))[0]
    assert named.card == "9S"
    assert _decide(_corner_votes(corners, clubs, ("S", 0.7)))[0].card is None
    assert _decide(_corner_votes(corners, clubs, ("C", 0.96)))[0].card is None


def test_a_stray_corner_does_not_cancel_a_unanimous_one() -> None:
    """A wide 4C read unanimously at one corner, its second index covered by another card
    and read AD at 0.11, is named; a second corner reading more than a stray vote against
    it still cancels, and a corner that is not unanimous is not helped."""
    from vision.card_detect import CornerFrame
    from vision.card_index import CornerRead
    from vision.card_models import Guess
    from vision.card_reader import STRAY_VOTE, _decide

    def corner(x: float) -> CornerFrame:
        return CornerFrame(np.array([x, 0.0]), np.array([138.0, 0.0]), np.array([0.0, 200.0]))

    def read(rank: str, suit: str, rank_vote: float, suit_vote: float = 1.0) -> CornerRead:
        return CornerRead(
            Guess(rank, 0.95, 0.1, rank_vote), Guess(suit, 0.95, 0.1, suit_vote), True
        )

    def decide(first: CornerRead, second: CornerRead) -> str | None:
        return _decide(list(zip([corner(0.0), corner(220.0)], [first, second], strict=True)))[
            0
        ].card

    assert decide(read("4", "C", 1.0), read("A", "D", 0.11)) == "4C"
    assert decide(read("4", "C", 1.0), read("A", "D", STRAY_VOTE + 0.05)) is None
    assert decide(read("4", "C", 1.0, 0.9), read("A", "D", 0.11)) is None


def test_templates_and_network_together_name_a_wide_card() -> None:
    """A wide card read at one unanimous corner whose spade only the outline confirms
    (confidence 0.45) is named where the network leans to the same card and their
    confidences add up to JOINT_ACCEPT; less from either, the network naming another
    card, or a lead the outline vetoed ("") leaves it unknown. (Cards under 80 px are not
    given this second look.) A card found by the network alone is named at NET_ALONE."""
    from vision.card_reader import JOINT_ACCEPT, NET_ALONE, CardRead, Leads, _fuse, _second_look

    quad = ((0.0, 0.0), (93.0, 0.0), (93.0, 135.0), (0.0, 135.0))
    blank = np.full((200, 200, 3), 235, np.uint8)  # no pips to add a third witness
    unknown = CardRead(None, quad, (46.5, 67.5), 0.45)

    def look(glyphs: str, glyph_confidence: float, net: str, net_confidence: float) -> str | None:
        return _second_look(
            blank, unknown, Leads(glyphs, glyph_confidence, net, net_confidence)
        ).card

    assert look("2S", 0.45, "2S", JOINT_ACCEPT - 0.43) == "2S"
    assert look("2S", 0.45, "2S", JOINT_ACCEPT - 0.47) is None
    assert look("2S", 0.3, "2S", 0.55) is None
    assert look("2S", 0.45, "2C", 0.9) is None
    assert look("", 0.0, "2C", 0.99) is None
    alone = _fuse(None, CardRead("6H", quad, (46.5, 67.5), NET_ALONE))
    assert alone is not None and alone.card == "6H"
    doubtful = _fuse(None, CardRead("6H", quad, (46.5, 67.5), NET_ALONE - 0.01))
    assert doubtful is not None and doubtful.card is None


def _pile(
    seed: int, table: str, along: float, aside: float, camera: bool
) -> tuple[np.ndarray, list[dict]]:
    """Three 105 px cards in a pile, each moved `along` of a card's length down its long
    side and `aside` of its width sideways from the one under it."""
    rng = np.random.default_rng(seed)
    img = synth.table(rng, 1280, 720, table)
    angle, width = rng.uniform(0, 2 * np.pi), 105.0
    right = np.array([np.cos(angle), np.sin(angle)])
    down = np.array([-right[1], right[0]])
    labels = []
    for k, text in enumerate(("4C", "3H", "7D")):
        face = draw_face(text[:-1], text[-1], rng)
        aspect = face.shape[0] / face.shape[1]
        move = along * aspect * down + aside * right
        centre = np.array([640.0, 360.0]) + (k - 1) * width * move
        quad = card_quad((float(centre[0]), float(centre[1])), width, aspect, angle, 0.0)
        place_card(img, face, quad, 0.2)
        labels.append({"kind": "card", "rank": text[:-1], "suit": text[-1], "quad": quad.tolist()})
    frame = synth.camera(img, rng, synth.random_camera(rng)) if camera else img
    return frame, labels


def _pile_found(frame: np.ndarray, labels: list[dict]) -> dict[str, str | None]:
    """The pile's cards found (label: reading); no reading off the pile, none wrong."""
    pairs, extra = match(labels, read_cards(frame))
    found = {lab["rank"] + lab["suit"]: card for lab, card in pairs}
    assert extra == 0
    assert all(card in (None, text) for text, card in found.items())
    return found


@pytest.mark.parametrize("seed", [1, 2])
def test_a_pile_whose_paper_fits_mis_sized_cards_is_outlined_as_edges_too(seed: int) -> None:
    """On a white tray the pile's paper outline lines up the cards' edges, and the cards
    that fit in it are mis-sized: it did not count as outlined until they covered it."""
    assert len(_pile_found(*_pile(seed, "tray", 0.4, 0.15, camera=True))) >= 2


@pytest.mark.parametrize("seed", [0, 1, 3, 5])
def test_cards_fanned_along_their_long_sides_are_found(seed: int) -> None:
    """The pile's outline has a straight side longer than a card's: the top and bottom
    cards are sized from their short edges there, as no card sized from that side fits."""
    assert _pile_found(*_pile(seed, "felt", 0.55, 0.08, camera=False)).keys() >= {"4C", "7D"}


def test_a_card_whose_edges_close_only_when_shrunk_is_found() -> None:
    """On this seeded cloth the 2D's edges close on the shrunk frame but break up at full
    resolution, where no card was outlined: the blob is outlined at detection scale."""
    frame, labels = render_scene(np.random.default_rng(5059), 1280, 720, 3)
    pairs, extra = match(labels, read_cards(frame))
    assert extra == 0
    assert len(pairs) == 3
    assert all(card in (None, lab["rank"] + lab["suit"]) for lab, card in pairs)


def test_faint_cards_on_a_light_tray_are_found_where_wider_closing_shuts_their_edges(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On this seeded light tray four of the six cards are hardly brighter than the tray and
    their rims break: neither the paper mask nor the closed edges found them (2 of 6). Edges
    closed 5 x 5 where no card was found close them; nothing is named wrong."""
    table = synth.table
    monkeypatch.setattr(synth, "table", lambda rng, w, h, kind=None: table(rng, w, h, "tray"))
    frame, labels = render_scene(np.random.default_rng(5007), 1280, 720, 6)
    pairs, extra = match(labels, read_cards(frame))
    assert extra == 0
    assert len(pairs) == 6
    assert all(card in (None, lab["rank"] + lab["suit"]) for lab, card in pairs)
    assert sum(card is not None for _, card in pairs) >= 4


@pytest.mark.parametrize("aside", [0.05, 0.15])
def test_a_pile_whose_edges_bend_at_full_resolution_is_outlined_when_shrunk(aside: float) -> None:
    """On a white tray the pile's closed edges, outlined at full resolution, give cards
    that leave it uncovered: outlined at detection scale too, a second card is found."""
    assert len(_pile_found(*_pile(1, "tray", 0.55, aside, camera=True))) >= 2


def test_a_card_whose_index_corners_are_bitten_off_is_measured_whole() -> None:
    """A lone 88 x 140 card (aspect 1.59, as paris faces) whose paper outline loses both
    index corners along a line 13 degrees off the long edge (print filling the corner).
    Taken as an edge, that bite made a skewed corner whose card length was guessed; it is
    skipped, and the card is found at its real index corners, its length measured."""
    import cv2

    from vision.card_detect import vector_length

    own = np.array([[6.0, 0], [88, 0], [88, 114.6], [82.0, 140], [0, 140], [0, 25.4]])
    for degrees in (20.0, 63.0):
        table = np.full((360, 480, 3), (60, 90, 120), np.uint8)
        angle = np.radians(degrees)
        turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        centre = np.array([240.0, 180.0])
        outline = (own - [44, 70]) @ turn.T + centre
        cv2.fillPoly(table, [np.round(outline).astype(np.int32)], (235, 235, 235))
        frames = find_corner_frames(table)
        for corner in (np.array([[0.0, 0.0], [88.0, 140.0]]) - [44, 70]) @ turn.T + centre:
            near = [f for f in frames if np.linalg.norm(f.origin - corner) < 4.0]
            assert near, (degrees, corner)
            assert all(abs(vector_length(f.down) / f.width - 140 / 88) < 0.05 for f in near)


@pytest.mark.parametrize("degrees", [15, 40, -25, 70, 100])
def test_a_card_whose_index_corners_are_bitten_gets_corners_there(degrees: float) -> None:
    """A 104 × 160 px card whose red index fills both index corners to its edges: its paper
    outline's corners are where the bites end. At 40° the only corners fitted were the two
    plain ones, sized from bitten edges (90 px wide); the rectangle of the lone card's hull
    puts corners at both index corners, at the card's size."""
    turn = np.deg2rad(degrees)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    corners = (np.array([[0, 0], [104, 0], [104, 160], [0, 160]]) - [52, 80]) @ rotation.T
    corners += [400, 300]
    frame = np.full((720, 1280, 3), (120, 150, 140), np.uint8)
    card = np.zeros((720, 1280), np.uint8)
    cv2.fillPoly(card, [np.round(corners).astype(np.int32)], 255)
    printed = np.full_like(frame, (225, 215, 215))
    for k, sign in ((0, 1), (2, -1)):
        for along, down, radius in ((9, 14, 13), (9, 34, 9)):
            centre = corners[k] + rotation @ np.array([sign * along, sign * down])
            cv2.circle(printed, tuple(int(v) for v in np.round(centre)), radius, (40, 40, 170), -1)
    frame[card > 0] = printed[card > 0]
    frames = find_corner_frames(cv2.GaussianBlur(frame, (0, 0), 1.0))
    for k in (0, 2):
        near = [f for f in frames if np.linalg.norm(f.origin - corners[k]) < 5.0]
        assert any(abs(f.width - 104) < 0.1 * 104 for f in near), (degrees, k)


def _rounded_card(mask: np.ndarray, centre: tuple[float, float], angle: float) -> None:
    """Paint a 140 × 200 px card with corners rounded at 26 px into a mask, turned."""
    w, h, r = 140, 200, 26
    card = np.zeros((h + 2, w + 2), np.uint8)
    cv2.rectangle(card, (r, 1), (w - r, h), 255, -1)
    cv2.rectangle(card, (1, r), (w, h - r), 255, -1)
    for cx, cy in ((r, r), (w - r, r), (r, h - r), (w - r, h - r)):
        cv2.circle(card, (cx, cy), r, 255, -1)
    m = cv2.getRotationMatrix2D(((w + 2) / 2, (h + 2) / 2), angle, 1.0)
    m[:, 2] += np.array(centre) - np.array([(w + 2) / 2, (h + 2) / 2])
    mask |= cv2.warpAffine(card, m, mask.shape[::-1])


def test_a_pile_of_cards_with_rounded_corners_gets_corners_of_card_size() -> None:
    """Two overlapping cards whose corners are rounded past the shortest edge kept: each
    rounded corner is two or three short edges turning between the sides. Without them
    dropped, the only corner found took a card 183 px wide."""
    from vision.card_detect import MAX_CARD_PX, MIN_CARD_PX, _outline_hypotheses

    mask = np.zeros((500, 600), np.uint8)
    _rounded_card(mask, (220, 250), 30)
    _rounded_card(mask, (330, 260), -15)
    fitted, bitten, _ = _outline_hypotheses(mask, MIN_CARD_PX, MAX_CARD_PX)
    widths = [float(np.linalg.norm(right)) for _, right, _ in fitted + bitten]
    assert any(0.85 * 140 <= w <= 1.1 * 140 for w in widths)
    assert all(w <= 1.2 * 140 for w in widths)


@pytest.mark.parametrize(
    "shape", [(360, 640), (360, 480), (370, 656), (480, 640), (70, 68), (33, 50)]
)
def test_shrink_by_area_is_opencvs_area_resize_to_the_bit(shape: tuple[int, int]) -> None:
    """The table estimate's cells (`paper_map`), shrunk in two steps where that is cheaper."""
    rng = np.random.default_rng(shape[0] * shape[1])
    h, w = shape
    size = (max(4, w // 16), max(4, h // 16))
    for image in (
        rng.integers(0, 256, shape, dtype=np.uint8),
        cv2.GaussianBlur(rng.integers(0, 256, shape, dtype=np.uint8), (0, 0), 3.0),
    ):
        ours = shrink_by_area(image, size)
        assert np.array_equal(ours, cv2.resize(image, size, interpolation=cv2.INTER_AREA))


def test_least_channel_is_numpys_minimum_over_the_channels() -> None:
    """Corner pixels (`card_net.net_input`) and a blob's pixels (`_grey_share`) alike."""
    rng = np.random.default_rng(5)
    for pixels in (rng.random((52, 28, 3), np.float32), rng.random((400, 3))):
        ours = least_channel(pixels)
        assert ours.dtype == pixels.dtype
        assert np.array_equal(ours, pixels.min(axis=-1))


def test_paper_white_is_the_first_level_reaching_nine_tenths_plus_one() -> None:
    """Per channel, as a sorted search of the cumulative counts finds it; a level whose
    count reaches 90 % exactly is the paper's (the first pixel of the last tenth)."""
    rng = np.random.default_rng(6)
    exact = np.full((10, 10, 3), 100, np.uint8)
    exact.reshape(-1, 3)[90:] = (200, 30, 255)  # 90 of 100 pixels at 100 in every channel
    for patch in (
        rng.integers(0, 256, (144, 80, 3), dtype=np.uint8),
        np.clip(rng.normal(200, 30, (144, 80, 3)), 0, 255).astype(np.uint8),
        exact,
    ):
        n = patch.shape[0] * patch.shape[1]
        counts = [np.bincount(patch[..., ch].ravel(), minlength=256).cumsum() for ch in range(3)]
        expected = [float(np.searchsorted(c, 0.9 * n)) + 1.0 for c in counts]
        ours = paper_white(patch)
        assert ours.dtype == np.float64
        assert ours.tolist() == expected
    assert paper_white(exact).tolist() == [101.0, 101.0, 101.0]


def test_polygon_vertices_are_found_at_their_first_visit_on_the_outline() -> None:
    """An outline through the same point twice (two cards touching at a corner) gives the
    first visit's index; a vertex off the outline, its nearest point's."""
    from vision.card_detect import _vertex_indices

    points = [(0, 0), (10, 0), (5, 5), (10, 10), (0, 10), (5, 5)]
    contour = np.array(points, np.int32).reshape(-1, 1, 2)
    poly = np.array([(10, 0), (5, 5), (0, 10), (7, 3)], np.int32).reshape(-1, 1, 2)
    assert _vertex_indices(contour, poly).tolist() == [1, 2, 2, 4]
