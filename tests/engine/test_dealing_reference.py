"""The fast deal gives, for every seed, the cards of the plain deal written the obvious way:
``random.shuffle``, ``random.sample`` for the chien's gaps, then packet by packet. Saved
games and ``?seed=`` links depend on it."""

from __future__ import annotations

import random

import pytest

from tutor.engine.cards import mask_of, parse_cards
from tutor.engine.dealing import CHIEN_SIZE, PACKET_SIZE, DealtCards, deal


def plain_deal(players: int, seed: int, dealer: int) -> DealtCards:
    rng = random.Random(seed)
    pack = list(range(78))
    rng.shuffle(pack)
    size = PACKET_SIZE[players]
    packets = (78 - CHIEN_SIZE[players]) // size
    gaps = set(rng.sample(range(1, packets), CHIEN_SIZE[players]))
    hands = [0] * players
    chien = 0
    seat = (dealer + 1) % players
    cards = iter(pack)
    for packet in range(packets):
        if packet in gaps:
            chien |= 1 << next(cards)
        for _ in range(size):
            hands[seat] |= 1 << next(cards)
        seat = (seat + 1) % players
    return DealtCards(tuple(hands), chien, dealer, seed)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_gives_the_cards_of_the_plain_packet_by_packet_deal(players):
    for seed in range(400):
        dealer = seed % players
        assert deal(players, seed, dealer) == plain_deal(players, seed, dealer), seed


def test_a_pinned_deal_keeps_its_cards():
    # Seed 2026 at 4 players, dealer 1, as dealt since the first release (plain_deal agrees).
    dealt = deal(4, 2026, 1)
    assert dealt == plain_deal(4, 2026, 1)
    assert dealt.hands == tuple(
        mask_of(parse_cards(hand))
        for hand in (
            "2S 5S 7S NS KS 10H 1D 5D 6D KD 1C 10C KC T5 T11 T16 T17 T21",
            "4S 10S 1H 2H 3H 6H 9H 2D 9D QD 6C 8C 9C JC T4 T8 T9 T12",
            "1S JS QS 4H 5H 7H QH KH 3D 7D JD ND 4C T6 T13 T15 T18 T20",
            "3S 6S 8S 9S 8H 4D 8D 10D 2C 3C 5C 7C NC T1 T2 T3 T7 T19",
        )
    )
    assert dealt.chien == mask_of(parse_cards("JH NH QC T10 T14 EX"))


@pytest.mark.parametrize("n", range(1, 40))
def test_the_written_out_sample_draws_what_random_sample_draws(n):
    # Both of random.sample's ways (a pool below ~21 items or k > 5, else a set of those
    # chosen) are met: the chien's gaps use the pool at 3 and 4 players, the set at 5.
    from tutor.engine.dealing import _sample

    for k in range(min(n, 8) + 1):
        for seed in range(15):
            assert _sample(random.Random(seed), n, k) == random.Random(seed).sample(range(n), k)


def test_a_seed_that_is_not_an_int_deals_as_random_random_seeds_it():
    assert deal(4, "a text seed", 0) == plain_deal(4, "a text seed", 0)  # type: ignore[arg-type]
