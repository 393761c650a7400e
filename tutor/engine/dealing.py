"""Dealing (RULES.md §3): seeded, reproducible, in FFT packets, the chien built card by card."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.engine.cards import DECK_SIZE, EXCUSE_BIT, PETIT, TRUMPS_MASK
from tutor.engine.ecart import CHIEN_SIZE
from tutor.engine.errors import ImpossiblePositionError

HAND_SIZE = {3: 24, 4: 18, 5: 15}
PACKET_SIZE = {3: 4, 4: 3, 5: 3}


@dataclass(frozen=True, slots=True)
class DealtCards:
    hands: tuple[int, ...]  # one mask per seat, seats numbered counter-clockwise
    chien: int
    dealer: int
    seed: int


def check_players(players: int) -> None:
    if players not in HAND_SIZE:
        raise ImpossiblePositionError(
            f"French tarot is played by 3, 4 or 5 players, not {players}",
            "players_count",
            values={"n": str(players)},
        )


def shuffled_pack(rng: random.Random) -> list[int]:
    """``rng.shuffle`` of the 78 cards, written out so that each draw costs no method call:
    the same draws in the same order (so the same pack for a seed), about twice as fast."""
    pack = list(range(DECK_SIZE))
    getrandbits = rng.getrandbits
    for i in range(DECK_SIZE - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def chien_gaps(rng: random.Random, players: int) -> set[int]:
    """After which packets a card goes to the chien. Never before the first packet nor after
    the last one, so the chien never gets the first or the last card of the pack."""
    packets = (DECK_SIZE - CHIEN_SIZE[players]) // PACKET_SIZE[players]
    return set(rng.sample(range(1, packets), CHIEN_SIZE[players]))


def deal(players: int, seed: int, dealer: int = 0) -> DealtCards:
    """Deal counter-clockwise from the dealer's right, ``PACKET_SIZE`` cards at a time."""
    check_players(players)
    rng = random.Random(seed)
    pack = shuffled_pack(rng)
    gaps = chien_gaps(rng, players)
    size = PACKET_SIZE[players]
    hands = [0] * players
    chien = 0
    pos = 0
    seat = (dealer + 1) % players
    packets = (DECK_SIZE - CHIEN_SIZE[players]) // size
    for packet in range(packets):
        if packet in gaps:
            chien |= 1 << pack[pos]
            pos += 1
        if size == 3:
            hands[seat] |= 1 << pack[pos] | 1 << pack[pos + 1] | 1 << pack[pos + 2]
        else:
            hands[seat] |= (
                1 << pack[pos] | 1 << pack[pos + 1] | 1 << pack[pos + 2] | 1 << pack[pos + 3]
            )
        pos += size
        seat = seat + 1 if seat + 1 < players else 0
    return DealtCards(tuple(hands), chien, dealer % players, seed)


def has_petit_sec(hand: int) -> bool:
    """The Petit is the only trump and there is no Excuse (Petit + Excuse is not petit sec)."""
    return hand & TRUMPS_MASK == 1 << PETIT and not hand & EXCUSE_BIT


def petit_sec_seat(dealt: DealtCards) -> int | None:
    for seat, hand in enumerate(dealt.hands):
        if has_petit_sec(hand):
            return seat
    return None
