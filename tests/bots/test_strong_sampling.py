"""The strong bot's sampled deals: every one is a deal the seat cannot tell from the real one.

The facts are checked here from the deal's record directly (not through ``knowledge``), so a
wrong inference in the sampler fails them: the real deal must be one of the possible ones too.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.profiles import examples
from tutor.bots import SimpleBot
from tutor.bots.sampling import deal_hidden, hidden_cards, sample_deal
from tutor.bots.simulate import WAITING, bot_step
from tutor.content.samples import random_position
from tutor.engine.cards import (
    EXCUSE,
    EXCUSE_BIT,
    FIRST_TRUMP,
    FULL_DECK,
    KINGS_MASK,
    OUDLERS_MASK,
    SUIT_MASKS,
    TRUMPS_MASK,
)
from tutor.engine.contracts import ChienFate
from tutor.engine.ecart import CHIEN_SIZE
from tutor.engine.game import Deal, Phase
from tutor.engine.position import validate_position

TRUMP = 4


def bot_deal(players: int, seed: int, cards: int) -> Deal | None:
    """SimpleBot's deal from ``seed`` after ``cards`` cards of play (None: void deal)."""
    bots = [SimpleBot()] * players
    deal = Deal.new(players, seed, dealer=seed % players)
    while deal.phase in WAITING:
        if deal.phase is Phase.PLAYING and deal.tricks_done * players + len(deal.trick) == cards:
            return deal
        bot_step(deal, bots)
    return None


def suit_of(card: int) -> int:
    return TRUMP if card >= FIRST_TRUMP else card // 14


def shown_voids(deal: Deal) -> list[int]:
    """Per seat, a bit per suit (4: trumps) it showed it does not hold, read from the tricks:
    a suit led and not followed; a plain suit led and neither followed nor trumped."""
    voids = [0] * deal.players
    tricks = [(r.seats, r.cards) for r in deal.tricks] + [(deal.trick_seats, deal.trick)]
    for seats, cards in tricks:
        led = next((suit_of(c) for c in cards if c != EXCUSE), None)
        for seat, card in zip(seats, cards, strict=True):
            if card == EXCUSE or led is None or suit_of(card) == led:
                continue
            voids[seat] |= 1 << led
            if suit_of(card) != TRUMP:
                voids[seat] |= 1 << TRUMP
    return voids


def played_cards(deal: Deal) -> int:
    played = 0
    for record in deal.tricks:
        for card in record.cards:
            played |= 1 << card
    for card in deal.trick:
        played |= 1 << card
    return played


def seen_by(deal: Deal, seat: int) -> int:
    """The cards ``seat`` has seen: its hand, the cards played, the trumps shown in the
    écart, and the taker's own écart."""
    seen = deal.hands[seat] | (deal.ecart & TRUMPS_MASK) | played_cards(deal)
    if seat == deal.taker:
        seen |= deal.ecart
    return seen


def assert_consistent(deal: Deal, seat: int, sample: Deal) -> None:
    players = deal.players
    assert sample.hands[seat] == deal.hands[seat]
    seen = seen_by(deal, seat)
    voids = shown_voids(deal)
    for other in range(players):
        hand = sample.hands[other]
        assert hand.bit_count() == deal.hands[other].bit_count(), "hand sizes"
        if other != seat:
            assert not hand & seen, "a seen card dealt again"
        for suit in range(5):
            if voids[other] >> suit & 1:
                assert not hand & SUIT_MASKS[suit], "a shown void"
    for shown in deal.poignees:
        left = shown.cards & ~seen_by(deal, shown.seat) | shown.cards & deal.hands[shown.seat]
        assert left & sample.hands[shown.seat] == left, "a poignée's cards left the hand"
        if shown.cards & EXCUSE_BIT:
            trumps = sample.hands[shown.seat] & TRUMPS_MASK
            assert trumps & ~shown.cards == 0, "a trump hidden behind an Excuse poignée"
    assert deal.contract is not None
    if deal.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART:
        assert sample.chien == deal.chien
        assert sample.ecart.bit_count() == CHIEN_SIZE[players]
        assert sample.ecart & TRUMPS_MASK == deal.ecart & TRUMPS_MASK, "shown trumps"
        assert not sample.ecart & (KINGS_MASK | OUDLERS_MASK), "the écart's rule"
        assert deal.taker is not None
        unplayed = deal.chien & ~played_cards(deal)
        kept = sample.hands[deal.taker] | sample.ecart
        assert unplayed & ~kept == 0, "the shown chien went to the taker"
        if seat == deal.taker:
            assert sample.ecart == deal.ecart
    else:
        assert sample.ecart == deal.ecart == 0
        assert sample.chien.bit_count() == CHIEN_SIZE[players]
    # Every card is somewhere, once: the same cards are hidden as in the real deal.
    shown_chien = deal.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART
    union = sample.ecart | (0 if shown_chien else sample.chien)
    for hand in sample.hands:
        assert not union & hand
        union |= hand
    real = deal.ecart | (0 if shown_chien else deal.chien)
    for hand in deal.hands:
        real |= hand
    assert union == real
    if deal.called is not None:
        holder = next((s for s in range(players) if sample.hands[s] >> deal.called & 1), None)
        if holder is not None:
            assert sample.partner == (None if holder == deal.taker else holder)
    validate_position(sample.position())


def assert_real_deal_possible(deal: Deal, seat: int) -> None:
    """The real placement of the hidden cards is one the sampler allows."""
    hidden = hidden_cards(deal, seat)
    for card, holders in hidden.allowed.items():
        where = [
            i
            for i, h in enumerate(hidden.holders)
            if h < deal.players and deal.hands[h] >> card & 1
        ]
        if not where:  # aside
            where = [hidden.holders.index(deal.players)]
        assert holders >> where[0] & 1, f"the real holder of card {card} is ruled out"
    for i, h in enumerate(hidden.holders):
        real = (
            deal.hands[h]
            if h < deal.players
            else (deal.ecart & ~TRUMPS_MASK if deal.ecart else deal.chien)
        )
        assert hidden.known[i] & ~real == 0, "a card known in the wrong place"


@settings(max_examples=examples(60), deadline=None)
@given(
    players=st.sampled_from((3, 4, 5)),
    seed=st.integers(0, 10**6),
    progress=st.floats(0, 1),
    seat_shift=st.integers(0, 4),
    draw=st.integers(0, 2**32),
)
def test_every_sample_is_consistent_with_the_seat_s_knowledge_in_bot_deals(
    players: int, seed: int, progress: float, seat_shift: int, draw: int
) -> None:
    deal = bot_deal(players, seed, int(progress * (78 - CHIEN_SIZE[players] - 1)))
    if deal is None:
        return
    seat = (deal.to_play + seat_shift) % players
    assert_real_deal_possible(deal, seat)
    rng = random.Random(draw)
    for _ in range(3):
        assert_consistent(deal, seat, sample_deal(deal, seat, rng))


@settings(max_examples=examples(60), deadline=None)
@given(
    players=st.sampled_from((3, 4, 5)),
    seed=st.integers(0, 10**6),
    tricks_left=st.integers(1, 15),
    in_trick=st.integers(0, 4),
    seat_shift=st.integers(0, 4),
    draw=st.integers(0, 2**32),
)
def test_every_sample_is_consistent_in_randomly_bid_and_played_deals(
    players: int, seed: int, tricks_left: int, in_trick: int, seat_shift: int, draw: int
) -> None:
    # Random bids reach garde sans and garde contre (an unseen chien) and random poignées.
    deal = random_position(players, seed, tricks_left, min(in_trick, players - 1))
    seat = (deal.to_play + seat_shift) % players
    assert_real_deal_possible(deal, seat)
    rng = random.Random(draw)
    for _ in range(3):
        assert_consistent(deal, seat, sample_deal(deal, seat, rng))


def test_samples_are_the_same_for_the_same_seed() -> None:
    deal = bot_deal(4, 15, 30)
    assert deal is not None
    first = sample_deal(deal, 1, random.Random(5))
    again = sample_deal(deal, 1, random.Random(5))
    assert first.hands == again.hands and first.ecart == again.ecart


def test_samples_differ_between_seeds() -> None:
    deal = bot_deal(4, 15, 30)
    assert deal is not None
    hands = {tuple(sample_deal(deal, 1, random.Random(s)).hands) for s in range(10)}
    assert len(hands) > 1


def test_a_contradiction_is_refused_not_dealt() -> None:
    deal = bot_deal(4, 3, 8)  # a deal the bots bid, 8 cards into play
    assert deal is not None
    hidden = hidden_cards(deal, 0)
    # Pretend nobody may hold the first hidden card.
    card = next(iter(hidden.allowed))
    broken = type(hidden)(
        hidden.seat,
        hidden.players,
        hidden.holders,
        hidden.room,
        {**hidden.allowed, card: 0},
        hidden.known,
        hidden.aside_hidden,
    )
    with pytest.raises(ValueError):
        deal_hidden(broken, random.Random(0))


def test_every_hidden_card_is_dealt_in_a_four_player_deal() -> None:
    deal = bot_deal(4, 22, 17)
    assert deal is not None
    sample = sample_deal(deal, 2, random.Random(1))
    everything = sample.ecart
    for hand in sample.hands:
        everything |= hand
    assert everything | played_cards(deal) == FULL_DECK


@pytest.mark.parametrize("seed", [417, 1016, 2450])
def test_a_poignee_with_the_excuse_leaves_no_other_trump_in_that_hand(seed: int) -> None:
    deal = random_position(4, seed, 10)
    shower = next(p.seat for p in deal.poignees if p.cards & EXCUSE_BIT)
    seat = (shower + 1) % 4
    rng = random.Random(seed)
    for _ in range(20):
        assert_consistent(deal, seat, sample_deal(deal, seat, rng))
