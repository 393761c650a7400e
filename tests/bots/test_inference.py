"""The Expert's reading of the bids, the call and the poignées: sampled hands the others would
have bid, called and shown with (``tutor.bots.inference``)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tutor.bots import SimpleBot
from tutor.bots.bidding import choose_bid, choose_call
from tutor.bots.inference import (
    Bid,
    agrees,
    bid_agrees,
    disagreements,
    hand_as_dealt,
    likely_deal,
    spoken_bids,
    what_was_told,
)
from tutor.bots.sampling import hidden_cards, sample_deal
from tutor.bots.simulate import WAITING, bot_step
from tutor.bots.strong import StrongBot, solved_marks
from tutor.engine import EXCUSE, Contract, Deal, Phase, parse_card, parse_cards


def bot_deal(players: int, seed: int, cards: int) -> Deal:
    """SimpleBot's deal from ``seed`` after ``cards`` cards of play."""
    bots = [SimpleBot()] * players
    deal = Deal.new(players, seed, dealer=seed % players)
    while deal.phase in WAITING:
        if deal.phase is Phase.PLAYING and deal.tricks_done * players + len(deal.trick) == cards:
            return deal
        bot_step(deal, bots)
    raise AssertionError(f"deal {seed} ended before {cards} cards")


# Seed 100022 at four players, two tricks left, seat 2 (a defender) to lead with the 7 of
# diamonds and the 21. Seat 3 took a prise and the three others passed. Seat 3 holds the 20
# and the Excuse: led to, it keeps the Excuse for the last trick, where the Excuse is lost
# to the trick's winner. Leading the 21 lets it throw the Excuse under the 21 and win the
# last trick with the 20. Without the Excuse the taker's hand would not have counted a prise.
EXCUSE_LAST = (100022, 64, 2)


def test_the_bids_speak_in_turn_each_over_the_highest_before_it() -> None:
    deal = bot_deal(4, EXCUSE_LAST[0], EXCUSE_LAST[1])
    assert spoken_bids(deal) == (
        Bid(3, None, Contract.PRISE),
        Bid(0, Contract.PRISE, None),
        Bid(1, Contract.PRISE, None),
        Bid(2, Contract.PRISE, None),
    )


def test_the_real_hands_agree_with_what_their_holders_told() -> None:
    for players, seed in ((3, 100003), (4, 100022), (5, 100011)):
        deal = bot_deal(players, seed, 3 * players)
        for seat in range(players):
            told = what_was_told(deal, seat)
            assert told is not None
            assert disagreements(deal, told) == 0, (players, seed, seat)


def test_a_taker_s_hand_as_dealt_gives_back_the_ecart_and_the_chien() -> None:
    deal = bot_deal(4, EXCUSE_LAST[0], EXCUSE_LAST[1])
    told = what_was_told(deal, 0)
    assert told is not None
    assert deal.taker is not None
    assert hand_as_dealt(deal, deal.taker, told.played_by) == deal.dealt.hands[deal.taker]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [100001, 100013, 100017])
def test_every_likely_sample_bids_calls_and_shows_as_the_table_did(players: int, seed: int) -> None:
    deal = bot_deal(players, seed, 2 * players)
    seat = deal.to_play
    told = what_was_told(deal, seat)
    assert told is not None
    hidden = hidden_cards(deal, seat)
    rng = random.Random(seed)
    for _ in range(10):
        sample = likely_deal(deal, seat, rng, hidden, told, attempts=1000)
        assert agrees(sample, told)
        for bid in told.bids:
            dealt = hand_as_dealt(sample, bid.seat, told.played_by)
            assert choose_bid(dealt, players, bid.over) == bid.contract
        if told.called is not None:
            assert deal.taker is not None
            assert choose_call(hand_as_dealt(sample, deal.taker, told.played_by)) == told.called


def test_a_prise_that_needs_the_excuse_puts_it_in_the_taker_s_hand() -> None:
    seed, cards, seat = EXCUSE_LAST
    deal = bot_deal(4, seed, cards)
    told = what_was_told(deal, seat)
    assert told is not None
    hidden = hidden_cards(deal, seat)
    rng = random.Random(1)
    uniform = [sample_deal(deal, seat, rng, hidden) for _ in range(100)]
    likely = [likely_deal(deal, seat, rng, hidden, told) for _ in range(100)]
    elsewhere = [s for s in uniform if not s.hands[3] >> EXCUSE & 1]
    assert 20 < len(elsewhere) < 80  # what the play showed leaves the Excuse anywhere
    taker_bid = told.bids[0]
    for sample in elsewhere:  # and then the taker's hand would not have taken
        assert not bid_agrees(taker_bid, hand_as_dealt(sample, 3, told.played_by), 4)
    assert all(s.hands[3] >> EXCUSE & 1 for s in likely)


def test_reading_the_prise_the_defender_leads_the_diamond_so_the_excuse_falls_last() -> None:
    seed, cards, seat = EXCUSE_LAST
    deal = bot_deal(4, seed, cards)
    diamond, trump_21 = parse_card("7D"), parse_card("T21")
    assert set(parse_cards("7D T21")) == {diamond, trump_21}
    real = solved_marks(deal.position(), None)
    assert real[diamond] < real[trump_21]  # the taker's mark: the defence wants it low
    for r in range(3):
        assert StrongBot().best_card(deal, seat, random.Random(r)) == diamond
        assert StrongBot(infer=False).best_card(deal, seat, random.Random(r)) == trump_21


def test_a_deal_from_a_position_tells_nothing_and_samples_as_before() -> None:
    deal = Deal.from_position(bot_deal(4, EXCUSE_LAST[0], EXCUSE_LAST[1]).position())
    assert what_was_told(deal, 2) is None
    hidden = hidden_cards(deal, 2)
    first = likely_deal(deal, 2, random.Random(4), hidden, None)
    again = sample_deal(deal, 2, random.Random(4), hidden)
    assert first.hands == again.hands


def test_a_bid_no_hand_would_make_falls_back_to_the_draw_that_disagrees_least() -> None:
    seed, cards, seat = EXCUSE_LAST
    deal = bot_deal(4, seed, cards)
    told = what_was_told(deal, seat)
    assert told is not None
    # Suppose seat 0 had bid a garde contre over the prise: no hand left to it counts that.
    impossible = Bid(0, Contract.PRISE, Contract.GARDE_CONTRE)
    lying = replace(told, bids=(told.bids[0], impossible, *told.bids[2:]))
    sample = likely_deal(deal, seat, random.Random(2), hidden_cards(deal, seat), lying)
    assert disagreements(sample, lying) == 1
    assert not bid_agrees(impossible, hand_as_dealt(sample, 0, told.played_by), 4)
