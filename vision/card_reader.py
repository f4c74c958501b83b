"""Frame in, cards out: the card reader's one public function, `read_cards`.

Corner hypotheses from `card_detect` are read by `card_index`; hypotheses that describe
the same card (its two index corners, or a corner seen through an overlap) are merged and
their readings vote. Only a hypothesis with a printed index counts as a card, so blank
paper, dice and hands never become cards. A card whose answer is not clearly ahead of the
runner-up, or whose colour (or a black suit's outline) contradicts its suit, is reported
with `card=None`. A card's confidence is the agreement of its two index corners (1 = both
unanimous, 0.5 = one unanimous corner). A card at least 80 px wide is named from one
unanimous corner; a smaller one needs both corners to agree, because single-corner
readings of tiny indices were measured to be wrong too often: for them unknown is
acceptable, a wrong card is not. The corner network (`card_net`) is the second witness,
and a wide number card's big pips (`card_pips`) the third: they confirm what the
templates lean to, and never name a card on their own (bar a network all but certain).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from vision.card_detect import CornerFrame, find_corner_frames
from vision.card_index import (
    CARD_TRUST,
    SHAPE_CONFIRM,
    CornerRead,
    clear_reading,
    corner_patch,
    corner_vector,
    read_patches,
)
from vision.card_models import CardModels, load_models
from vision.card_net import RANK_LABELS, SUIT_LABELS, NetRead
from vision.card_net import read_patches as net_read_patches
from vision.card_pips import read_pips
from vision.sources import check_bgr

MIN_SCORE = 0.5
CORNERS = 2.0
ACCEPT = 0.5
ACCEPT_SMALL = 0.8  # tiny indices: unknown is fine, a wrong card is not
SMALL_CARD_PX = 80.0
SAME_CARD = 0.35
STRAY_VOTE = 0.15  # set on the test scenes: stray corners read 0.06-0.11 against unanimous ones
SAME_SIZE = 0.9
ECHO_OVERLAP = 0.5
# An unknown card on a surer one is a card of its own where its index corner lies outside
# that card, this share of its width clear of its corners, and their widths agree to this
# ratio (set on the test scenes: 0.3 from the corners kept two second readings of one card).
OWN_INDEX_CLEAR = 0.5
OWN_INDEX_SIZE = 0.8
RIM_INSET = 0.06
RIM_SATURATION = 0.35
RIM_PAPER = 0.7
RIM_PAPER_UNKNOWN = 0.4  # an unknown card's rim; its phantoms over the table measured 0-0.22
PAPER_LIGHT = 0.35  # of the light round a card: unknown cards' rims 0.59 and up, black dice 0.19
# The network naming the card the templates lean to (set on the test scenes with the network
# trained on the wider drawn glyphs; 0.9 and 0.97 before it, 0.7 named a wrong card).
NET_ACCEPT = 0.8
NET_ACCEPT_SMALL = 0.9
NET_ALONE = 0.98
# Templates and network leaning to the same wide card, their confidences added (set on the
# test scenes: the nearest wrong pair, a paris 3D read 5D by both, adds up to 0.79).
JOINT_ACCEPT = 0.9
NET_SUIT = 0.9  # the network's suit that confirms the templates' (spade against club)
NET_ALONE_INDEX = 0.75  # dice faces read 0.5-0.7
NET_UNKNOWN_INDEX = 0.2  # an unknown card's best corner; phantoms 0-0.11 there, cards 0.28-1
NET_PICK = 0.95  # the network's share of the cards the templates name, to pick one
PIP_RANKS = {str(n): n for n in range(2, 11)}  # ranks told by counting their big pips
BLACK_PAIR = {"S": "C", "C": "S"}  # the black suit an outline names when it vetoes the other
TAUGHT_SHARPNESS = 0.01  # a taught corner 0.01 closer in correlation counts e times more


@dataclass(frozen=True)
class CardRead:
    """One card: "10H"-style text or None (unknown), corners clockwise from the index corner."""

    card: str | None
    quad: tuple[tuple[float, float], ...]
    center: tuple[float, float]
    confidence: float


@dataclass(frozen=True)
class CardsReading:
    """Every card found in one frame."""

    cards: tuple[CardRead, ...]


def corner_confidence(read: CornerRead) -> float:
    """0..1: how unanimously the nearest rank and suit templates agree; 0 if the colour or
    the outline contradicts the suit or the glyphs are unlike any template."""
    if not (read.colour_agrees and read.outline_agrees):
        return 0.0
    if min(read.rank.score, read.suit.score) < MIN_SCORE:
        return 0.0
    return read.rank.vote * read.suit.vote


def _label(read: CornerRead) -> str:
    return read.rank.label + read.suit.label


def _same_card(a: CornerFrame, b: CornerFrame) -> bool:
    """Two hypotheses of one card: centres close, or one starts at a corner of the other
    with the edges lined up (an overlap can make the same corner guess different sizes)."""
    wa, wb = a.width, b.width
    w = max(wa, wb)
    (ax, ay), (bx, by) = a.centre.tolist(), b.centre.tolist()
    if math.hypot(ax - bx, ay - by) < SAME_CARD * w:
        return True
    cos = abs(float(a.right @ b.right)) / (wa * wb)
    if 0.2 <= cos <= 0.95:  # edges not lined up: the distance check is not needed
        return False
    ox, oy = b.origin.tolist()
    return min(math.hypot(ox - qx, oy - qy) for qx, qy in a.points) < 0.15 * w


def _group(frames: list[CornerFrame]) -> list[list[CornerFrame]]:
    """Hypotheses that describe the same card, each group led by its first member."""
    groups: list[list[CornerFrame]] = []
    for cf in frames:
        for g in groups:
            if _same_card(g[0], cf):
                g.append(cf)
                break
        else:
            groups.append([cf])
    return groups


def _physical_corners(group: list[CornerFrame]) -> list[CornerFrame]:
    """One frame per index corner of a card, each hypothesis's diagonal partner included
    (the second index). The same corner found twice (by the paper and the outline views,
    or as a partner) is read once, so it cannot vote twice."""
    widest = max(f.width for f in group)
    sized = [f for f in group if f.width >= SAME_SIZE * widest]
    candidates = (
        sized
        + [CornerFrame(f.origin + f.right + f.down, -f.right, -f.down) for f in sized]
        + [f for f in group if f.width < SAME_SIZE * widest]
    )
    kept: list[CornerFrame] = []
    for cf in candidates:
        if all(math.dist(cf.origin, k.origin) > 0.25 * k.width for k in kept):
            kept.append(cf)
    return kept


def _decide(group: list[tuple[CornerFrame, CornerRead]]) -> tuple[CardRead, str]:
    """One card from its corners' readings (agreeing corners add up, disagreeing ones
    cancel), and the leading label even when it is not sure enough to be named.

    A stray reading under STRAY_VOTE does not cancel a unanimous corner: a second index
    covered by another card, or guessed onto its pips, reads its print weakly (a nicu-white
    4C's covered corner read AD at 0.11 and kept the card unknown).

    A lead whose suit the symbol's outline vetoed at every corner naming it is no lead
    (""): the network naming that same card must not name it past the outline (an anglo
    KS whose templates leaned to clubs at both corners, both vetoed, was named KC).
    """
    votes: dict[str, float] = {}
    for _, read in group:
        votes[_label(read)] = votes.get(_label(read), 0.0) + corner_confidence(read)
    ranked = sorted(votes.items(), key=lambda kv: kv[1], reverse=True)
    best, score = ranked[0]
    against = ranked[1][1] if len(ranked) > 1 else 0.0
    if score >= 1.0 and against < STRAY_VOTE:
        against = 0.0
    confidence = float(np.clip((score - against) / CORNERS, 0.0, 1.0))
    frame = max(group, key=lambda it: (_label(it[1]) == best, corner_confidence(it[1])))[0]
    quad = tuple((float(x), float(y)) for x, y in frame.quad())
    cx, cy = frame.centre
    needed = ACCEPT if frame.width >= SMALL_CARD_PX else ACCEPT_SMALL
    card = best if confidence >= needed else None
    vetoed = all(not r.outline_agrees for _, r in group if _label(r) == best)
    return CardRead(card, quad, (float(cx), float(cy)), confidence), "" if vetoed else best


def _decide_net(
    group: list[tuple[CornerFrame, NetRead]], taught: list[np.ndarray | None]
) -> CardRead | None:
    """The network's best card from its readings of a card's corners, or None when no
    corner holds an index; `_fuse` decides whether it is sure enough to be named.

    Every corner that shows an index adds its log-probabilities over the 52 cards (rank
    plus suit, and the taught deck's own corners where a deck was taught), so agreeing
    corners strengthen each other and disagreeing ones cancel. The confidence is the
    resulting probability of that card.
    """
    shown = [(k, cf, r) for k, (cf, r) in enumerate(group) if r.is_index]
    if not shown:
        return None
    joint = np.zeros((len(RANK_LABELS) - 1, len(SUIT_LABELS) - 1))
    for k, _, r in shown:
        joint += _card_log_prob(r)
        evidence = taught[k]
        if evidence is not None:
            joint += evidence
    p = np.exp(joint - joint.max())
    p /= p.sum()
    ri, si = np.unravel_index(int(np.argmax(p)), p.shape)
    label = RANK_LABELS[ri] + SUIT_LABELS[si]
    confidence = float(p[ri, si])
    frame = max(shown, key=lambda it: it[2].confidence)[1]
    quad = tuple((float(x), float(y)) for x, y in frame.quad())
    cx, cy = frame.centre
    return CardRead(label, quad, (float(cx), float(cy)), confidence)


def _card_log_prob(read: NetRead) -> np.ndarray:
    """One corner's network reading as log-probabilities over the 13 ranks × 4 suits."""
    return np.log(read.rank[:-1, None] + 1e-6) + np.log(read.suit[None, :-1] + 1e-6)


def _taught_log_prob(patch: np.ndarray, models: CardModels) -> np.ndarray | None:
    """Log-evidence (13 ranks × 4 suits) from the taught deck's whole corners: each card's
    best correlation with this corner, sharpened; None without a taught deck or when no
    taught corner is close."""
    cards = models.taught_card
    if not cards.groups:
        return None
    scores = cards.scores(corner_vector(patch))
    best = np.full((len(RANK_LABELS) - 1, len(SUIT_LABELS) - 1), -1.0)
    for label, idx in cards.groups.items():
        best[RANK_LABELS.index(label[:-1]), SUIT_LABELS.index(label[-1])] = float(scores[idx].max())
    if best.max() < CARD_TRUST:
        return None
    return (best - best.max()) / TAUGHT_SHARPNESS


def read_cards(
    frame: np.ndarray, models: CardModels | None = None, taught: Path | None = None
) -> CardsReading:
    """Every card in a BGR frame with its rank and suit (or unknown), corners, centre, confidence.

    `models` defaults to the shipped templates plus the taught file `taught`, if given.
    Raises ValueError for anything but an (h, w, 3) uint8 image (`check_bgr`); a frame
    with no pixels holds no card.
    """
    check_bgr(frame)
    if frame.size == 0:
        return CardsReading(())
    models = models or load_models(taught)
    groups = [_physical_corners(g) for g in _group(find_corner_frames(frame))]
    patches = [[corner_patch(frame, cf) for cf in corners] for corners in groups]
    widths = [cf.width for corners in groups for cf in corners]
    corner_reads = iter(read_patches([p for ps in patches for p in ps], models, widths))
    glyph_reads = [[next(corner_reads) for _ in corners] for corners in groups]
    by_glyphs: list[tuple[CardRead, str] | None] = [
        _decide(votes) if (votes := _corner_votes(corners, reads, None)) else None
        for corners, reads in zip(groups, glyph_reads, strict=True)
    ]
    # The network reads only the cards the glyph templates could not name (one batch).
    asked = [k for k, g in enumerate(by_glyphs) if g is None or g[0].card is None]
    nets = net_read_patches([p for k in asked for p in patches[k]])
    cards = []
    leads: dict[CardRead, Leads] = {}  # unknown wide cards: what the witnesses lean to
    start = 0
    for k, glyphs in enumerate(by_glyphs):
        by_net = None
        mine: list[NetRead | None] = []
        if k in asked:
            mine = nets[start : start + len(patches[k])]
            start += len(patches[k])
            live = [
                (cf, p, r)
                for cf, p, r in zip(groups[k], patches[k], mine, strict=True)
                if r is not None
            ]
            by_net = _decide_net(
                [(cf, r) for cf, _, r in live],
                [_taught_log_prob(p, models) if r.is_index else None for _, p, r in live],
            )
        if glyphs is not None and glyphs[0].card is None:
            # Templates unsure: where the network is sure of the suit they name, or picks one
            # of the cards their corners name, decide again.
            votes = _corner_votes(groups[k], glyph_reads[k], _net_suit(mine))
            glyphs = _decide(_net_pick(votes, mine))
        if glyphs is None and by_net is not None:
            # Found by the network alone: it must be sure an index is there, and the
            # outline must be a card's.
            sure = max((r.index_prob for r in mine if r is not None), default=0.0)
            if sure < NET_ALONE_INDEX or not _paper_rim(frame, by_net):
                by_net = None
        card = _fuse(glyphs, by_net)
        if card is not None and card.card is None and _width(card) >= SMALL_CARD_PX:
            leads[card] = Leads(
                glyphs[1] if glyphs else "",
                glyphs[0].confidence if glyphs else 0.0,
                by_net.card or "" if by_net else "",
                by_net.confidence if by_net else 0.0,
            )
        if card is not None and (card.card is not None or _shown_unknown(frame, card, mine)):
            cards.append(card)
    return CardsReading(
        tuple(_second_look(frame, c, leads[c]) if c in leads else c for c in _without_echoes(cards))
    )


def _shown_unknown(frame: np.ndarray, card: CardRead, nets: list[NetRead | None]) -> bool:
    """Whether a card no witness names is still a card: its rim is mostly colourless paper
    (`RIM_PAPER_UNKNOWN`) and the network sees an index at one of its corners at least
    NET_UNKNOWN_INDEX.

    The templates take any ink for glyphs: the pips of two dice side by side, or the checks
    of a gingham cloth, made unknown "cards" whose rim passed as paper (white dice, grey
    checks) on 11 of 400 synthetic frames of dice and 5 of 600 empty tables. The network,
    trained on index corners and on "no index here", gave their corners at most 0.11 (two
    0.26 and 0.43); 78 of the 80 unknown cards of the shared scenes scored 0.28 or more. Of
    the two dropped there, one was a phantom of the gingham whose centre fell on a queen.
    """
    shown = max((r.index_prob for r in nets if r is not None), default=0.0)
    return shown >= NET_UNKNOWN_INDEX and _paper_rim(frame, card, RIM_PAPER_UNKNOWN, PAPER_LIGHT)


def _net_suit(nets: list[NetRead | None]) -> tuple[str, float] | None:
    """The suit the network reads at a card's index corners together (their
    log-probabilities over the four suits added), and its probability; None where no
    corner shows an index."""
    shown = [n for n in nets if n is not None and n.is_index]
    if not shown:
        return None
    joint = sum(np.log(n.suit[:-1] + 1e-6) for n in shown)
    p = np.exp(joint - joint.max())
    p /= p.sum()
    best = int(np.argmax(p))
    return SUIT_LABELS[best], float(p[best])


def _net_pick(
    votes: list[tuple[CornerFrame, CornerRead]], nets: list[NetRead | None]
) -> list[tuple[CornerFrame, CornerRead]]:
    """The corners of a card whose template corners name different cards, less those the
    network rules out.

    The network reads the card's index corners together (log-probabilities over the 52
    cards added). Where it gives one of the cards the corners name at least NET_PICK of
    their combined probability, and that card's corners are clear readings
    (`clear_reading`), the corners naming the others are set aside. It only picks among
    the templates' own readings: on its own it is wrong too often.
    """
    named = {_label(r) for _, r in votes if corner_confidence(r) > 0.0}
    shown = [n for n in nets if n is not None and n.is_index]
    if len(named) < 2 or not shown:
        return votes
    joint = sum(_card_log_prob(n) for n in shown)
    p = np.exp(joint - np.max(joint))
    share = {c: float(p[RANK_LABELS.index(c[:-1]), SUIT_LABELS.index(c[-1])]) for c in named}
    best = max(share, key=lambda c: share[c])
    mine = [(cf, r) for cf, r in votes if _label(r) == best]
    if share[best] < NET_PICK * sum(share.values()) or not all(clear_reading(r) for _, r in mine):
        return votes
    return mine


def _corner_votes(
    corners: list[CornerFrame], reads: list[CornerRead | None], net_suit: tuple[str, float] | None
) -> list[tuple[CornerFrame, CornerRead]]:
    """The corners that the templates read, as `_decide` takes them.

    Where the network is sure of the card's suit (`net_suit` at least NET_SUIT), each corner
    whose templates name that same suit takes the network's probability as its suit vote
    when that is higher. Small index suits (spade against club) are where the templates are
    weakest, and where both witnesses name one suit they were measured right. The rank vote
    stays the templates' own, and a corner naming another suit keeps its vote, so the
    network confirms the templates and never overrules them.
    """
    suit, p = net_suit if net_suit is not None and net_suit[1] >= NET_SUIT else ("", 0.0)
    out = []
    for cf, r in zip(corners, reads, strict=True):
        if r is None:
            continue
        if r.suit.label == suit:
            r = replace(r, suit=replace(r.suit, vote=max(r.suit.vote, p)))
        out.append((cf, r))
    return _outline_sides(out, suit)


def _outline_sides(
    votes: list[tuple[CornerFrame, CornerRead]], net_suit: str = ""
) -> list[tuple[CornerFrame, CornerRead]]:
    """A corner whose outline vetoed its templates' black suit (so the outline names the
    other one) reads the outline's suit at SHAPE_CONFIRM where another corner of the card
    reads the same rank with that suit, confirmed by its own outline, or where the network
    is sure of that suit (`net_suit`, already held to NET_SUIT).

    There two witnesses name one suit and the templates, weakest on small black suits,
    the other: the vetoed corner then agrees instead of staying silent (a standard 9S whose
    templates leaned to clubs at both corners was unknown). Where neither the templates of
    another corner nor the network name the outline's suit, the outline still only vetoes.
    """
    confirmed = {
        (r.rank.label, r.suit.label)
        for _, r in votes
        if r.suit.label in BLACK_PAIR
        and r.suit.vote >= SHAPE_CONFIRM
        and r.outline_agrees
        and corner_confidence(r) > 0.0
    }
    out = []
    for cf, r in votes:
        other = BLACK_PAIR.get(r.suit.label)
        if (
            other is not None
            and r.colour_agrees
            and not r.outline_agrees
            and ((r.rank.label, other) in confirmed or other == net_suit)
        ):
            suit = replace(r.suit, label=other, vote=SHAPE_CONFIRM)
            r = replace(r, suit=suit, outline_agrees=True)
        out.append((cf, r))
    return out


def _fuse(by_glyphs: tuple[CardRead, str] | None, by_net: CardRead | None) -> CardRead | None:
    """The card from both witnesses: the glyph templates (cut-out rank and suit) and the
    network (the whole index corner).

    The templates name a card as before. Where they cannot cut an index out, the network
    still finds the card (reported unknown unless it is all but certain); where they lean
    to a card but are unsure, the network naming that same card at NET_ACCEPT makes it
    named (a wide card they leave unknown gets a second look, `_second_look`, once echoes
    are dropped).
    """
    if by_glyphs is None:
        if by_net is None or by_net.confidence >= NET_ALONE:
            return by_net
        return replace(by_net, card=None)
    glyphs, lead = by_glyphs
    if glyphs.card is None and by_net is not None and by_net.card == lead:
        needed = NET_ACCEPT if _width(by_net) >= SMALL_CARD_PX else NET_ACCEPT_SMALL
        if by_net.confidence >= needed:
            return replace(glyphs, card=lead, confidence=max(glyphs.confidence, by_net.confidence))
    return glyphs


@dataclass(frozen=True)
class Leads:
    """What the two witnesses lean to on a wide card they could not name: the templates'
    lead ("" for none, or one the outline vetoed) and the network's best card ("" for
    none), each with its confidence."""

    glyphs: str
    glyph_confidence: float
    net: str
    net_confidence: float


def _second_look(frame: np.ndarray, card: CardRead, leads: Leads) -> CardRead:
    """A wide unknown card named where the witnesses together are sure enough: templates
    and network leaning to the same card with confidences adding up to JOINT_ACCEPT (one
    unanimous corner whose black suit only its outline confirms gives 0.45, and the
    network then needs 0.45), or, failing that, its big pips agreeing with one of their
    leads (`_by_pips`).

    It runs once echoes are dropped: a mis-sized second hypothesis of a card can lean to
    a wrong card with both witnesses (a 9H's read 3H at 0.32 and 0.77) or see part of its
    pips, and named, it would be kept as a card of its own.
    """
    joint = leads.glyph_confidence + leads.net_confidence
    if leads.glyphs and leads.glyphs == leads.net and joint >= JOINT_ACCEPT:
        return replace(card, card=leads.net, confidence=max(card.confidence, leads.net_confidence))
    return _by_pips(frame, card, [lead for lead in (leads.glyphs, leads.net) if lead])


def _by_pips(frame: np.ndarray, card: CardRead, leads: list[str]) -> CardRead:
    """The unknown card named after the lead (the templates' or the network's) its big pips
    agree with: a number card showing as many pips as its rank, of its suit (`card_pips`).

    Pips are a third witness, read at three or four times the index's size; they name no
    card on their own, and court cards and aces (one pip, or a part of a card's pips seen
    through a misplaced outline) are left to the index.
    """
    candidates = [lead for lead in leads if lead[:-1] in PIP_RANKS]
    if not candidates:
        return card
    pips = read_pips(frame, card.quad)
    if pips is None:
        return card
    for lead in candidates:
        if pips.count == PIP_RANKS[lead[:-1]] and pips.suit == lead[-1]:
            return replace(card, card=lead, confidence=max(card.confidence, ACCEPT))
    return card


def _width(card: CardRead) -> float:
    """The card's width in the image: its index corner to the next corner clockwise."""
    return math.dist(card.quad[0], card.quad[1])


def _paper_rim(
    frame: np.ndarray, card: CardRead, share: float = RIM_PAPER, light: float = 0.0
) -> bool:
    """Whether the card's outline runs round paper: at least `share` of the points just
    inside its four edges are colourless. Every deck prints its art inside a plain margin,
    while an outline traced partly over the table (wood, felt, cloth) is not. Where `light`
    is given, the median of those colourless points must also be at least that share of
    the light round the card (`_light_near`): the face of a black die is
    colourless too, and an unknown "card" was found on one in 2 of 700 synthetic frames of
    dice (0.18 and 0.19; the scenes' unknown cards measure 0.59 and more)."""
    quad = np.array(card.quad, np.float64)
    centre = quad.mean(axis=0)
    t = np.linspace(0.1, 0.9, 8)
    points = []
    for a, b in zip(quad, np.roll(quad, -1, axis=0), strict=True):
        edge = a[None, :] + t[:, None] * (b - a)[None, :]
        points.append(edge + RIM_INSET * (centre - edge))
    xy = np.round(np.concatenate(points)).astype(int)
    h, w = frame.shape[:2]
    xy = xy[(xy[:, 0] >= 0) & (xy[:, 1] >= 0) & (xy[:, 0] < w) & (xy[:, 1] < h)]
    if len(xy) < 16:  # mostly out of the frame: nothing to judge by
        return False
    px = frame[xy[:, 1], xy[:, 0]].astype(np.float32)
    hi, lo = px.max(axis=1), px.min(axis=1)
    colourless = (hi - lo) <= RIM_SATURATION * np.maximum(hi, 1.0)
    if float(colourless.mean()) < share:
        return False
    return light == 0.0 or bool(np.median(hi[colourless]) >= light * _light_near(frame, quad))


def _light_near(frame: np.ndarray, quad: np.ndarray) -> float:
    """The 95th percentile of brightness (the brightest channel) round a card, within its
    own width of its outline, on every fourth pixel each way: the light that paper there
    reflects. Taken over the whole frame, a pool of lamp light set it, and unknown cards
    in the dim rest of the frame failed (3 of 14 under a lamp 7 times as bright)."""
    reach = _side(quad)
    x0, y0 = np.maximum(np.floor(quad.min(axis=0) - reach), 0).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0) + reach).astype(int)
    window = frame[y0 : y1 + 1 : 4, x0 : x1 + 1 : 4]
    return float(np.percentile(window.max(axis=2), 95))


def _own_index(quad: np.ndarray, surer: np.ndarray) -> bool:
    """Whether an unknown card lying on a surer one was read at an index corner of its
    own: a card under another in a pile, not a second hypothesis of that card.

    Its index corner (the quad's first point) lies outside the surer card and at least
    OWN_INDEX_CLEAR of that card's width from each of its corners (one of which is the
    surer card's other index), and the two are alike in width (a hypothesis sized from
    one covered edge, of the same card, is not).
    """
    import cv2

    side, surer_side = _side(quad), _side(surer)
    corner = (float(quad[0][0]), float(quad[0][1]))
    if cv2.pointPolygonTest(surer, corner, False) >= 0:
        return False
    if min(math.dist(corner, p) for p in surer.tolist()) < OWN_INDEX_CLEAR * surer_side:
        return False
    return min(side, surer_side) >= OWN_INDEX_SIZE * max(side, surer_side)


def _side(quad: np.ndarray) -> float:
    """The length of a quad's first edge (a card's width, from its index corner)."""
    return float(np.linalg.norm(quad[1] - quad[0]))


def _without_echoes(cards: list[CardRead]) -> tuple[CardRead, ...]:
    """Drop a card that lies on a surer one and says nothing new: a second, mis-sized
    hypothesis of that same card rather than a card of its own. That is an unknown card
    whose centre is on the surer card or that overlaps it by half its area or more, or the
    same card named again with its centre on it. An unknown card read at an index corner
    of its own (`_own_index`) is kept: in a pile, most of a card may lie under another."""
    import cv2

    ranked = sorted(cards, key=lambda c: (c.card is not None, c.confidence), reverse=True)
    kept: list[CardRead] = []
    for c in ranked:
        quad = np.array(c.quad, np.float32)
        area = max(1.0, float(cv2.contourArea(quad)))
        echo = False
        for k in kept:
            other = np.array(k.quad, np.float32)
            if c.card is not None and c.card != k.card:
                continue
            if cv2.pointPolygonTest(other, c.center, False) > 0:
                echo = True
            elif c.card is None:
                overlap, _ = cv2.intersectConvexConvex(quad, other)
                echo = overlap >= ECHO_OVERLAP * area
            if echo and c.card is None:
                echo = not _own_index(quad, other)
            if echo:
                break
        if not echo:
            kept.append(c)
    return tuple(c for c in cards if c in kept)
