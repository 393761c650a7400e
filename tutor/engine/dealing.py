"""Dealing (RULES §2): seeded, reproducible, in FFT packets, the chien built card by card."""

from __future__ import annotations

import random

# random.Random's C base: the same Mersenne Twister and the same seeding for an int seed (the
# Python subclass only adds methods), without the subclass's Python-level seed() on creation.
from _random import Random as _BaseRandom
from collections.abc import Callable
from dataclasses import dataclass
from math import ceil, log
from operator import itemgetter

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


_CARD_BITS = tuple(1 << card for card in range(DECK_SIZE))
# One step of the shuffle per pack position, from the last down: (i, i + 1, bits to draw).
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(DECK_SIZE - 1, 0, -1))


def shuffled_pack(rng: _BaseRandom) -> list[int]:
    """``rng.shuffle`` of the 78 cards, written out so that each draw costs no method call:
    the same draws in the same order (so the same pack for a seed), about twice as fast."""
    return _shuffle(list(range(DECK_SIZE)), rng)


def _shuffle(pack: list[int], rng: _BaseRandom) -> list[int]:
    """``rng.shuffle(pack)`` of a 78-item list, in place; returns it."""
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def chien_gaps(rng: _BaseRandom, players: int) -> set[int]:
    """After which packets a card goes to the chien. Never before the first packet nor after
    the last one, so the chien never gets the first or the last card of the pack. The draws
    of ``rng.sample(range(1, packets), CHIEN_SIZE[players])``, written out (see ``_sample``)."""
    packets = (DECK_SIZE - CHIEN_SIZE[players]) // PACKET_SIZE[players]
    return {1 + i for i in _sample(rng, packets - 1, CHIEN_SIZE[players])}


def _sample(rng: _BaseRandom, n: int, k: int) -> list[int]:
    """``random.Random.sample(range(n), k)``: the same draws in the same order (CPython 3.11's
    algorithm: a pool when the population is small, else a set of those already chosen), so
    the same result for a seed, without its checks and one method call per draw."""
    getrandbits = rng.getrandbits
    setsize = 21 + (4 ** ceil(log(k * 3, 4)) if k > 5 else 0)
    chosen = []
    if n <= setsize:
        pool = list(range(n))
        for m in range(n, n - k, -1):  # random.Random._randbelow(m), written out
            bits = m.bit_length()
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            chosen.append(pool[j])
            pool[j] = pool[m - 1]
    else:
        selected: set[int] = set()
        bits = n.bit_length()
        for _ in range(k):
            j = getrandbits(bits)
            while j >= n or j in selected:  # _randbelow(n), drawn again if chosen already
                j = getrandbits(bits)
            selected.add(j)
            chosen.append(j)
    return chosen


def _packet_slots(players: int) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
    """For each seat counted from the dealer's right, its cards in the pack once the chien's
    cards are taken out: every ``players``-th packet of ``PACKET_SIZE`` cards."""
    size = PACKET_SIZE[players]
    packets = (DECK_SIZE - CHIEN_SIZE[players]) // size
    return tuple(
        itemgetter(*(p * size + c for p in range(offset, packets, players) for c in range(size)))
        for offset in range(players)
    )


_SEAT_CARDS = {players: _packet_slots(players) for players in HAND_SIZE}


def deal(players: int, seed: int, dealer: int = 0) -> DealtCards:
    """Deal counter-clockwise from the dealer's right, ``PACKET_SIZE`` cards at a time, a card
    to the chien after each packet of ``chien_gaps``."""
    check_players(players)
    rng = _BaseRandom(seed) if type(seed) is int else random.Random(seed)
    bits = _shuffle(list(_CARD_BITS), rng)  # the shuffled pack, each card as its bit
    size = PACKET_SIZE[players]
    # The chien's card after packet g is the pack's card g * size, moved on by one for each
    # chien card dealt before it; taken out from the last, the others keep their place.
    gaps = sorted(chien_gaps(rng, players))
    chien = 0
    for k in range(len(gaps) - 1, -1, -1):
        chien |= bits.pop(gaps[k] * size + k)
    hands = [0] * players
    first = (dealer + 1) % players
    for offset, cards_of_seat in enumerate(_SEAT_CARDS[players]):
        hands[(first + offset) % players] = sum(cards_of_seat(bits))
    return DealtCards(tuple(hands), chien, dealer % players, seed)


_TRUMPS_AND_EXCUSE = TRUMPS_MASK | EXCUSE_BIT
_PETIT_BIT = 1 << PETIT


def has_petit_sec(hand: int) -> bool:
    """The Petit is the only trump and there is no Excuse (Petit + Excuse is not petit sec)."""
    return hand & _TRUMPS_AND_EXCUSE == _PETIT_BIT


def petit_sec_seat(dealt: DealtCards) -> int | None:
    """The seat dealt the Petit with no other trump and no Excuse (the deal is void), else None."""
    for seat, hand in enumerate(dealt.hands):
        if hand & _TRUMPS_AND_EXCUSE == _PETIT_BIT:  # has_petit_sec, without a call per seat
            return seat
    return None
