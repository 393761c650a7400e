"""The écart: build voids, never kings nor oudlers, trumps only when forced.

Plan: first empty the shortest suits that hold no king (a void lets the taker ruff); then put
away the points that would be lost (queens and cavaliers unguarded by their king), then the
lowest cards of the shortest suits. Trumps only when the plain cards run out, lowest first.

The principles the plan follows (lesson 6) are read on any écart by ``voids_made`` and
``loose_honours``: what the coach and an écart puzzle say about a learner's écart.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine import (
    CAVALIERS_MASK,
    HALF_POINTS,
    KINGS_MASK,
    OUDLERS_MASK,
    PLAIN_SUITS,
    QUEENS_MASK,
    SUIT_MASKS,
    TRUMPS_MASK,
    Card,
    Suit,
    cards_of,
    discardable_plain_cards,
    suit_of,
)

LOOSE_SUIT = 2  # a queen or cavalier with at most one guard and no king is likely caught


def plan_ecart(hand: int, size: int) -> list[Card]:
    """``size`` cards to discard from ``hand`` (chien included), in the order to discard them."""
    chosen: list[Card] = []
    plain = discardable_plain_cards(hand)
    suits = sorted(PLAIN_SUITS, key=lambda s: ((plain & SUIT_MASKS[s]).bit_count(), -int(s)))
    # 1. Voids: whole suits without a king, shortest first, when they fit.
    for suit in suits:
        cards = plain & SUIT_MASKS[suit]
        if not cards or hand & KINGS_MASK & SUIT_MASKS[suit]:
            continue
        if len(chosen) + cards.bit_count() <= size:
            chosen += sorted(cards_of(cards), key=lambda c: -HALF_POINTS[c])
    # 2. Then points from short suits (a queen or cavalier is better in the écart than lost),
    #    then low cards of the shortest suits.
    rest = [c for c in cards_of(plain) if c not in chosen]
    for card in sorted(rest, key=_step_two_order(hand, plain)):
        if len(chosen) == size:
            break
        chosen.append(card)
    # 3. Trumps only when forced: the lowest (never an oudler: the engine refuses them).
    if len(chosen) < size:
        trumps = cards_of(hand & TRUMPS_MASK & ~OUDLERS_MASK)
        chosen += trumps[: size - len(chosen)]
    return chosen[:size]


def _step_two_order(hand: int, plain: int) -> Callable[[Card], tuple[int, int, int]]:
    """Step 2's order: an honour with no king to guard it first (most points first), then low
    cards of the shortest suits."""
    length = {int(s): (plain & SUIT_MASKS[s]).bit_count() for s in PLAIN_SUITS}
    kings = hand & KINGS_MASK

    def key(card: Card) -> tuple[int, int, int]:
        suit = card // 14
        unguarded_honour = HALF_POINTS[card] > 3 and not kings & SUIT_MASKS[suit]
        return (-HALF_POINTS[card] if unguarded_honour else 0, length[suit], card % 14)

    return key


def next_discard(hand: int, remaining: int) -> Card:
    """The next card of the plan for the slots still open: ``plan_ecart(hand, remaining)[0]``,
    found without planning the rest."""
    plain = discardable_plain_cards(hand)
    # 1. The first void that fits: its card with the most points.
    suits = sorted(PLAIN_SUITS, key=lambda s: ((plain & SUIT_MASKS[s]).bit_count(), -int(s)))
    for suit in suits:
        cards = plain & SUIT_MASKS[suit]
        if cards and not hand & KINGS_MASK & SUIT_MASKS[suit] and cards.bit_count() <= remaining:
            return max(cards_of(cards), key=lambda c: HALF_POINTS[c], default=-1)
    # 2. No void fits: the first card of the order of step 2.
    if plain:
        return min(cards_of(plain), key=_step_two_order(hand, plain))
    # 3. Trumps: the lowest that is not an oudler.
    trumps = hand & TRUMPS_MASK & ~OUDLERS_MASK
    return (trumps & -trumps).bit_length() - 1


# --- the principles, read on any écart ------------------------------------------------------
def voids_made(hand: int, ecart: int) -> tuple[Suit, ...]:
    """Suits the hand (chien included) held that the écart leaves it without: the taker
    trumps them from the first lead."""
    return tuple(
        s for s in PLAIN_SUITS if hand & SUIT_MASKS[s] and not hand & ~ecart & SUIT_MASKS[s]
    )


def loose_honours(hand: int, ecart: int) -> tuple[Card, ...]:
    """Queens and cavaliers the écart keeps without their king in a suit of two cards or
    fewer: likely caught by the defence (in the écart their points would be the taker's)."""
    kept = hand & ~ecart
    return tuple(
        card
        for card in cards_of(kept & (QUEENS_MASK | CAVALIERS_MASK))
        if not kept & KINGS_MASK & SUIT_MASKS[suit_of(card)]
        and (kept & SUIT_MASKS[suit_of(card)]).bit_count() <= LOOSE_SUIT
    )
