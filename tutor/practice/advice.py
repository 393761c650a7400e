"""The coach before each decision: the bid, the called card (5 players) and the écart.

Advice is data: enum codes and the facts they are about; ``tutor.ui.coach_text`` turns it into
sentences. The coach judges with what the learner can know when deciding: their own hand, the
bids so far, the chien once it is turned. What it would do comes from the bots' own logic
(``tutor.bots.bidding``, ``tutor.bots.ecart``), never from a copy of it.

The bid is explained by the count the bots bid with (``tutor.bots.bidding``: Noël Chavey's
point count, taught in lesson 17), item by item, with the scale's next step; the hand's facts
are kept in lesson 5's words (oudlers, trumps, kings, long suits, voids and singletons, the
Petit guarded or not).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tutor.bots.bidding import (
    SHORT_SUIT,
    HandCount,
    choose_bid,
    choose_call,
    hand_count,
    helpers_in_suit,
    length_at_18,
    petit_points,
    trumps_held,
)
from tutor.bots.ecart import loose_honours, plan_ecart, voids_made
from tutor.engine import (
    CAVALIERS_MASK,
    KING,
    KINGS_MASK,
    LOW_CARDS_MASK,
    OUDLERS_MASK,
    PETIT,
    PLAIN_SUITS,
    QUEENS_MASK,
    SUIT_MASKS,
    TRUMPS_MASK,
    Action,
    Bid,
    Card,
    ChienFate,
    Contract,
    Deal,
    EcartReason,
    Phase,
    Suit,
    callable_cards,
    cards_of,
    ecart_refusal,
    half_points,
    mask_of,
    rank_of,
    suit_of,
    trumps_to_show,
)

LONG_SUIT = 5  # lesson 5: a long suit; the bots count it from five cards too
# Trumps 16 to 21: "their number and height" (lesson 5), the bots' major trumps and the 21.
HIGH_TRUMPS_MASK = sum(1 << (PETIT + n - 1) for n in range(16, 22))


class CoachLevel(StrEnum):
    """How much the coach says: nothing, only when asked (a "Coach" button), or always."""

    OFF = "off"
    ON_REQUEST = "on_request"
    ALWAYS = "always"


# --- the bid ------------------------------------------------------------------------------
class PetitGuard(StrEnum):
    NONE = "none"  # no Petit in the hand
    GUARDED = "guarded"  # five trumps or more around it (the count gives it points)
    UNGUARDED = "unguarded"  # fewer: the defence will hunt it (lesson 5); the count gives 0


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What lesson 5 says to look at, in its order: oudlers, trumps, kings and shape."""

    oudlers: tuple[Card, ...]
    trumps: int  # how many trumps, the 21 and the Petit included (not the Excuse)
    high_trumps: int  # trumps 16 to 21
    kings: tuple[Card, ...]
    long_suits: tuple[tuple[Suit, int], ...]  # (suit, length), five cards or more
    voids: tuple[Suit, ...]
    singletons: tuple[Suit, ...]
    petit: PetitGuard


def hand_facts(hand: int, players: int) -> HandFacts:
    trumps = hand & TRUMPS_MASK
    n_trumps = trumps.bit_count()
    lengths = [(s, (hand & SUIT_MASKS[s]).bit_count()) for s in PLAIN_SUITS]
    if not hand >> PETIT & 1:
        petit = PetitGuard.NONE
    elif petit_points(hand, length_at_18(trumps_held(hand), players)):
        petit = PetitGuard.GUARDED  # the count gives it points: trumps enough around it
    else:
        petit = PetitGuard.UNGUARDED
    return HandFacts(
        oudlers=tuple(cards_of(hand & OUDLERS_MASK)),
        trumps=n_trumps,
        high_trumps=(trumps & HIGH_TRUMPS_MASK).bit_count(),
        kings=tuple(cards_of(hand & KINGS_MASK)),
        long_suits=tuple((s, n) for s, n in lengths if n >= LONG_SUIT),
        voids=tuple(s for s, n in lengths if n == 0),
        singletons=tuple(s for s, n in lengths if n == 1),
        petit=petit,
    )


class BidWhy(StrEnum):
    """Why a computer player bids what it bids, in lesson 5's words."""

    WEAK = "weak"  # pass: the hand is not worth a prise
    AVERAGE = "average"  # prise: about an even chance, counting on the chien
    STRONG = "strong"  # garde: clearly more likely to win than to lose
    VERY_STRONG = "very_strong"  # garde sans: wins without the chien
    EXCEPTIONAL = "exceptional"  # garde contre: wins even giving the chien away
    OUTBID = "outbid"  # worth a contract, but somebody already bid as high or higher


_WHY = {
    None: BidWhy.WEAK,
    Contract.PRISE: BidWhy.AVERAGE,
    Contract.GARDE: BidWhy.STRONG,
    Contract.GARDE_SANS: BidWhy.VERY_STRONG,
    Contract.GARDE_CONTRE: BidWhy.EXCEPTIONAL,
}


@dataclass(frozen=True, slots=True)
class BidAdvice:
    facts: HandFacts
    count: HandCount  # the count, item by item, and where it stands on the scale
    worth: Contract | None  # the contract the hand is worth, the bids so far aside
    advised: Contract | None  # what a computer player would say now (None: pass)
    why: BidWhy
    highest: Contract | None  # the highest bid so far


def bid_advice(deal: Deal, seat: int) -> BidAdvice:
    """Before ``seat`` bids: the hand in lesson 5's words and what a computer player would
    say with it, after the bids so far."""
    hand = deal.hands[seat]
    players = deal.players
    count = hand_count(hand, players)
    worth = count.contract
    advised = choose_bid(hand, players, deal.highest)
    why = _WHY[advised] if advised is not None or worth is None else BidWhy.OUTBID
    return BidAdvice(hand_facts(hand, players), count, worth, advised, why, deal.highest)


class BidRiskCode(StrEnum):
    TOO_WEAK = "too_weak"  # took with a hand a computer player would pass: likely lost
    HIGHER_STAKE = "higher_stake"  # a higher contract than advised: a loss costs more
    WITHOUT_CHIEN = "without_chien"  # garde sans or contre where the hand needs the chien
    PASSED_STRONG = "passed_strong"  # passed with a hand worth taking
    LOWER_STAKE = "lower_stake"  # a lower contract than advised: a win is worth less


@dataclass(frozen=True, slots=True)
class BidRisk:
    code: BidRiskCode
    bid: Contract | None  # the learner's bid (None: pass)
    advised: Contract | None
    petit_unguarded: bool  # the taker's Petit has few trumps around it


def bid_risk(deal: Deal, seat: int, bid: Contract | None) -> BidRisk | None:
    """The risk of bidding ``bid`` (before it is made, the deal as ``seat`` must speak) when
    it is not what a computer player would say; None when it is."""
    advice = bid_advice(deal, seat)
    advised = advice.advised
    if bid == advised:
        return None
    unguarded = advice.facts.petit is PetitGuard.UNGUARDED and bid is not None
    if bid is None:
        code = BidRiskCode.PASSED_STRONG
    elif advised is None:
        code = BidRiskCode.TOO_WEAK
    elif bid < advised:
        code = BidRiskCode.LOWER_STAKE
    elif bid.chien is not ChienFate.SHOWN_TAKEN_AND_ECART and (
        advised.chien is ChienFate.SHOWN_TAKEN_AND_ECART
    ):
        code = BidRiskCode.WITHOUT_CHIEN
    else:
        code = BidRiskCode.HIGHER_STAKE
    return BidRisk(code, bid, advised, unguarded)


def risk_of_bid_made(deal: Deal, seat: int) -> BidRisk | None:
    """After the bidding moved on: the risk note of the bid ``seat`` made (None if it has
    not bid yet, or bid as advised). The deal is taken back to that moment and restored."""
    popped: list[Action] = []
    try:
        while deal.moves:
            action = deal.pop()
            popped.append(action)
            if isinstance(action, Bid) and deal.phase is Phase.BIDDING and deal.speaker == seat:
                return bid_risk(deal, seat, action.contract)
        return None
    finally:
        for action in reversed(popped):
            deal.push(action)


# --- the call (5 players) -----------------------------------------------------------------
class CallWhy(StrEnum):
    SHORT_SUIT_HELPER = "short_suit_helper"  # 2-3 cards of the suit, its queen or cavalier
    SHORT_SUIT = "short_suit"  # 2-3 cards of the suit, no queen or cavalier
    SINGLETON = "singleton"  # one card of the suit: no suit of two or three without its king
    KING_OF_YOUR_SUIT = "king_of_your_suit"  # 4 or more cards of the suit: no shorter one
    KING_OF_A_VOID = "king_of_a_void"  # a king of a suit you have none of: every other held
    LOWER_RANK = "lower_rank"  # every king held: a queen (or lower) of a suit you hold
    LOWER_RANK_VOID = "lower_rank_void"  # every king held: a queen (or lower) of a void suit
    ALONE = "alone"  # every allowed card is in your hand: you play alone


@dataclass(frozen=True, slots=True)
class CallAdvice:
    allowed: tuple[Card, ...]  # the cards the rules let the taker call
    advised: Card
    why: CallWhy
    suit_length: int  # the learner's cards in the advised card's suit
    helpers: tuple[Card, ...]  # the learner's queen or cavalier of that suit


def call_advice(deal: Deal, seat: int) -> CallAdvice:
    """5 players, the taker calls: the cards allowed and the one a computer player calls."""
    hand = deal.hands[seat]
    allowed = tuple(cards_of(callable_cards(hand)))
    advised = choose_call(hand)
    suit = suit_of(advised)
    length = (hand & SUIT_MASKS[suit]).bit_count()
    helpers = tuple(helpers_in_suit(hand, suit)) if rank_of(advised) == KING else ()
    if hand >> advised & 1:
        why = CallWhy.ALONE
    elif rank_of(advised) != KING:
        why = CallWhy.LOWER_RANK if length else CallWhy.LOWER_RANK_VOID
    elif not length:
        why = CallWhy.KING_OF_A_VOID
    elif length > SHORT_SUIT:
        why = CallWhy.KING_OF_YOUR_SUIT
    elif length == 1:
        why = CallWhy.SINGLETON
    else:
        why = CallWhy.SHORT_SUIT_HELPER if helpers else CallWhy.SHORT_SUIT
    return CallAdvice(allowed, advised, why, length, helpers)


# --- the chien and the écart --------------------------------------------------------------
def chien_face_up(deal: Deal) -> bool:
    """The chien was turned face up for all (prise, garde: lesson 5 step 6); at garde sans
    and garde contre nobody sees it."""
    return deal.contract is not None and deal.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART


def trumps_shown(deal: Deal) -> tuple[Card, ...]:
    """The trumps the taker put in the écart, which everybody has been shown."""
    return tuple(trumps_to_show(deal.ecart))


class EcartWhy(StrEnum):
    MAKES_VOID = "makes_void"  # the whole suit goes: you can trump it from the first lead
    SAVES_POINTS = "saves_points"  # a queen or cavalier without its king: safe in your pile
    LOW_CARD = "low_card"  # a low card (ace to 10): nothing given away
    SHORT_SUIT = "short_suit"  # a jack, or a face card its king guards: shortens its suit
    TRUMP_UNAVOIDABLE = "trump_unavoidable"  # not enough other cards: a trump, shown


@dataclass(frozen=True, slots=True)
class EcartCard:
    card: Card
    why: EcartWhy


@dataclass(frozen=True, slots=True)
class EcartAdvice:
    cards: tuple[EcartCard, ...]  # the suggested écart, with a reason per card
    kept: tuple[tuple[Card, EcartReason], ...]  # kings and oudlers in hand: never in the écart
    voids: tuple[Suit, ...]  # suits the suggested écart empties
    points: int  # half-points the suggested écart puts in the taker's pile
    trumps_shown: tuple[Card, ...]  # trumps in it, shown to everybody


def _full_hand(deal: Deal, seat: int) -> int:
    """The taker's hand with the chien, the cards already put aside included."""
    return deal.hands[seat] | (deal.ecart if seat == deal.taker else 0)


def ecart_advice(deal: Deal, seat: int) -> EcartAdvice:
    """The écart a computer player would make from the hand and the chien, each card with
    its reason; the kings and oudlers kept, with the engine's reason."""
    if deal.phase not in (Phase.ECART, Phase.CHELEM) or seat != deal.taker:
        raise ValueError("écart advice is for the taker, after taking the chien")
    hand = _full_hand(deal, seat)
    size = deal.ecart_size
    plan = plan_ecart(hand, size)
    ecart = mask_of(plan)
    voids = voids_made(hand, ecart)
    kings = hand & KINGS_MASK
    cards = []
    for card in plan:
        suit = suit_of(card)
        if 1 << card & TRUMPS_MASK:
            why = EcartWhy.TRUMP_UNAVOIDABLE
        elif suit in voids:
            why = EcartWhy.MAKES_VOID
        elif 1 << card & (QUEENS_MASK | CAVALIERS_MASK) and not kings & SUIT_MASKS[suit]:
            why = EcartWhy.SAVES_POINTS
        elif 1 << card & LOW_CARDS_MASK:
            why = EcartWhy.LOW_CARD
        else:
            why = EcartWhy.SHORT_SUIT
        cards.append(EcartCard(card, why))
    kept = tuple(
        (card, reason)
        for card in cards_of(hand & (KINGS_MASK | OUDLERS_MASK))
        if (reason := ecart_refusal(hand, card, size)) is not None
    )
    return EcartAdvice(
        tuple(cards), kept, voids, half_points(ecart), tuple(trumps_to_show(ecart))
    )


@dataclass(frozen=True, slots=True)
class EcartReview:
    """What the learner's écart changes."""

    voids: tuple[Suit, ...]  # suits it leaves the hand without: trump them from the first lead
    singletons: tuple[Suit, ...]  # suits it leaves with one card
    points: int  # half-points put aside, safe in the taker's pile
    trumps_shown: tuple[Card, ...]  # trumps in it, shown to the defence
    loose_honours: tuple[Card, ...]  # queens and cavaliers kept without their king in a
    #   suit of two cards or fewer: likely caught (lesson 6 step 6)
    bare_kings: tuple[Card, ...]  # kings the écart leaves alone in their suit: to cash the
    #   first time the suit is led, before a defender runs out of it and trumps
    advised_voids: tuple[Suit, ...]  # the voids the suggested écart makes
    advised_points: int
    same_as_advised: bool


def ecart_review(deal: Deal, seat: int, ecart: int) -> EcartReview:
    """After the learner's écart (``ecart``, a mask of the cards put aside): what it
    changes, and how it compares with the suggestion."""
    hand = _full_hand(deal, seat)
    kept = hand & ~ecart
    advice = ecart_advice(deal, seat)
    return EcartReview(
        voids=voids_made(hand, ecart),
        singletons=tuple(
            s for s in PLAIN_SUITS if (hand & SUIT_MASKS[s]).bit_count() > 1
            and (kept & SUIT_MASKS[s]).bit_count() == 1
        ),
        points=half_points(ecart),
        trumps_shown=tuple(trumps_to_show(ecart)),
        loose_honours=loose_honours(hand, ecart),
        bare_kings=tuple(
            king
            for king in cards_of(kept & KINGS_MASK)
            if (kept & SUIT_MASKS[suit_of(king)]).bit_count() == 1
            and (hand & SUIT_MASKS[suit_of(king)]).bit_count() > 1
        ),
        advised_voids=advice.voids,
        advised_points=advice.points,
        same_as_advised=ecart == mask_of(c.card for c in advice.cards),
    )
