"""Bidding and the called king: a point-count evaluation of the hand, as club players learn it.

The count (for a hand of 18 cards at 4 players; other sizes are scaled, see ``hand_strength``):

- oudlers: the 21 is 10, the Excuse 7, the Petit from 0 (short in trumps, it will be caught)
  to 9 (long in trumps, it is safe);
- trumps: 2 each, +1 for each "major" trump (16 to 20);
- honours: king 6, queen 3 (+1 with its king: a "marriage"), cavalier 2, jack 1;
- long suits: 5 cards 5, 6 cards 7, then +2 a card;
- shape, worth something only with trumps to ruff: a void 6, a singleton 3.

The thresholds at 4 players: under 40 pass, 40 prise, 52 garde, 60 garde sans, 68 garde
contre (3 and 5 players: see THRESHOLDS). Garde sans and garde contre are bid only with very
strong hands.
"""

from __future__ import annotations

from tutor.engine import (
    CAVALIER,
    EXCUSE_BIT,
    HAND_SIZE,
    JACK,
    KING,
    PETIT,
    PLAIN_SUITS,
    QUEEN,
    SUIT_MASKS,
    TRUMP_21,
    TRUMPS_MASK,
    Card,
    Contract,
    callable_cards,
    cards_of,
    suit_card,
)

MAJOR_TRUMPS = sum(1 << (PETIT + n - 1) for n in range(16, 21))
# Per plain suit: its mask and where its king, queen, cavalier and jack are.
HONOURS_AT = tuple(
    (SUIT_MASKS[s], *(suit_card(s, rank) for rank in (KING, QUEEN, CAVALIER, JACK)))
    for s in PLAIN_SUITS
)

# Thresholds on the 18-card scale, per number of players: (minimum, contract), strongest
# first. Calibrated by simulation (SimpleBot in every seat, the strongest hand forced to take):
# a prise is bid where it is made a little over half the time, a garde where about three in
# four, a garde sans or contre only far above that.
THRESHOLDS: dict[int, tuple[tuple[int, Contract], ...]] = {
    3: (
        (60, Contract.GARDE_CONTRE),
        (54, Contract.GARDE_SANS),
        (45, Contract.GARDE),
        (36, Contract.PRISE),
    ),
    4: (
        (68, Contract.GARDE_CONTRE),
        (60, Contract.GARDE_SANS),
        (52, Contract.GARDE),
        (40, Contract.PRISE),
    ),
    5: (
        (70, Contract.GARDE_CONTRE),
        (60, Contract.GARDE_SANS),
        (48, Contract.GARDE),
        (36, Contract.PRISE),
    ),
}
# Trumps the hand should hold for the Petit to be safe, per number of players.
SAFE_PETIT_TRUMPS = {3: 8, 4: 6, 5: 5}
# Trumps that make voids and singletons useful, per number of players.
RUFFING_TRUMPS = {3: 7, 4: 5, 5: 4}


def petit_value(trumps: int, players: int) -> int:
    safe = SAFE_PETIT_TRUMPS[players]
    return max(0, min(9, 9 - 2 * (safe - trumps)))


def long_suit_value(length: int) -> int:
    if length < 5:
        return 0
    return 5 + 2 * (length - 5) if length > 5 else 5


def raw_strength(hand: int, players: int) -> int:
    """The point count of ``hand`` (see the module docstring), unscaled."""
    trumps = hand & TRUMPS_MASK
    n_trumps = trumps.bit_count()
    points = 0
    if hand >> TRUMP_21 & 1:
        points += 10
    if hand & EXCUSE_BIT:
        points += 7
    if hand >> PETIT & 1:
        points += petit_value(n_trumps, players)
    points += 2 * n_trumps + (trumps & MAJOR_TRUMPS).bit_count()
    ruffing = n_trumps >= RUFFING_TRUMPS[players]
    for suit_mask, king_at, queen_at, cavalier_at, jack_at in HONOURS_AT:
        cards = hand & suit_mask
        length = cards.bit_count()
        king = cards >> king_at & 1
        queen = cards >> queen_at & 1
        points += 6 * king + 3 * queen + (1 if king and queen else 0)
        points += 2 * (cards >> cavalier_at & 1)
        points += cards >> jack_at & 1
        points += long_suit_value(length)
        if ruffing and length == 0:
            points += 6
        elif ruffing and length == 1:
            points += 3
    return points


def hand_strength(hand: int, players: int) -> int:
    """The count on the 4-player scale: a 24-card or 15-card hand is scaled to 18 cards."""
    raw = raw_strength(hand, players)
    size = HAND_SIZE[players]
    return round(raw * HAND_SIZE[4] / size)


def wanted_contract(hand: int, players: int) -> Contract | None:
    """The highest contract the hand is worth, or None (pass)."""
    strength = hand_strength(hand, players)
    for minimum, contract in THRESHOLDS[players]:
        if strength >= minimum:
            return contract
    return None


def choose_bid(hand: int, players: int, highest: Contract | None) -> Contract | None:
    """Bid the contract the hand is worth if it is higher than the bids so far, else pass."""
    wanted = wanted_contract(hand, players)
    if wanted is None or (highest is not None and wanted <= highest):
        return None
    return wanted


def choose_call(hand: int) -> Card:
    """5 players: call a king of a suit the hand holds cards in but not the king (the longest
    such suit, then the one with the most points); with every king, the same with queens, and
    so on. Calling a card of one's own hand (playing alone) only when nothing else is allowed."""
    allowed = callable_cards(hand)
    candidates = [c for c in cards_of(allowed) if not hand >> c & 1]
    if not candidates:
        return max(cards_of(allowed))

    def key(card: Card) -> tuple[int, int, int]:
        suit_cards = hand & SUIT_MASKS[card // 14]
        rank = card % 14 + 1
        return (suit_cards.bit_count() > 0, rank, suit_cards.bit_count())

    return max(candidates, key=key)
