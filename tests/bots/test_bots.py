"""The computer players: legal in every phase over thousands of deals, deterministic, blind to
the other hands, and sensible in the situations club players are taught."""

from __future__ import annotations

import random

import pytest

from tests.engine.builders import make_deal
from tutor.bots import SimpleBot, observe, play_deal
from tutor.bots.bidding import choose_call, hand_strength, wanted_contract
from tutor.bots.ecart import next_discard, plan_ecart
from tutor.bots.simulate import bot_step, decision_rng
from tutor.engine.cards import (
    EXCUSE,
    KINGS_MASK,
    OUDLERS_MASK,
    PETIT,
    SUIT_MASKS,
    TRUMPS_MASK,
    mask_of,
    parse_card,
    parse_cards,
)
from tutor.engine.contracts import Contract
from tutor.engine.ecart import CHIEN_SIZE
from tutor.engine.game import AnnounceChelem, Bid, Call, Deal, Phase, Play, ShowPoignee
from tutor.engine.play import legal_mask

C = parse_card
BOT = SimpleBot()
DEALS_PER_COUNT = 2000


# --- thousands of deals -------------------------------------------------------------------
@pytest.mark.long  # thousands of deals per table size
@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_never_break_a_rule_and_every_deal_scores_to_zero(players):
    """Every action goes through Deal.push, which raises on anything illegal."""
    finished = 0
    for seed in range(DEALS_PER_COUNT):
        deal = play_deal(players, seed, dealer=seed % players)
        assert deal.phase in (Phase.FINISHED, Phase.REDEAL)
        if deal.phase is Phase.REDEAL:
            continue
        finished += 1
        result = deal.result()
        assert sum(result.marks) == 0
        assert len(deal.tricks) == deal.tricks_per_deal
        # The Excuse is never kept for the last trick (it would change side).
        assert EXCUSE not in deal.tricks[-1].cards
        # The écart never holds a king or an oudler.
        assert not deal.ecart & (KINGS_MASK | OUDLERS_MASK)
    # The bots do bid. At three players the count, made on an 18-card hand, passes more
    # often: about one deal in three is dealt again (all passed).
    assert finished > DEALS_PER_COUNT * (0.55 if players == 3 else 0.75)


def test_bots_are_deterministic_given_the_seed():
    for seed in range(20):
        assert play_deal(4, seed).moves == play_deal(4, seed).moves


def test_a_bot_reads_only_its_own_hand():
    """Swapping two other players' hands (same size) never changes a bot's choice."""
    rng = random.Random(3)
    checked = 0
    for seed in range(60):
        deal = Deal.new(4, seed)
        while deal.phase in (Phase.BIDDING, Phase.CALLING, Phase.ECART, Phase.CHELEM):
            bot_step(deal, [BOT] * 4)
        while deal.phase is Phase.PLAYING:
            seat = deal.to_play
            others = [s for s in range(4) if s != seat]
            a, b = rng.sample(others, 2)
            step_rng = decision_rng(deal.seed, len(deal.moves))
            choice = BOT.choose(deal, seat, step_rng)
            if deal.hands[a].bit_count() == deal.hands[b].bit_count():
                deal.hands[a], deal.hands[b] = deal.hands[b], deal.hands[a]
                again = BOT.choose(deal, seat, decision_rng(deal.seed, len(deal.moves)))
                deal.hands[a], deal.hands[b] = deal.hands[b], deal.hands[a]
                assert again == choice
                checked += 1
            deal.push(choice)
    assert checked > 500


# --- positions ----------------------------------------------------------------------------
def playing(players: int, fixed: dict[int, str], taker: int, chien: str = "") -> Deal:
    """A deal in the playing phase: ``taker`` took a garde sans (no écart), seat 0 leads."""
    deal = make_deal(players, fixed, chien, dealer=players - 1)
    while deal.phase is Phase.BIDDING:
        deal.push(Bid(Contract.GARDE_SANS if deal.speaker == taker else None))
    if deal.phase is Phase.CALLING:
        deal.push(Call(C("KH")))
    deal.push(AnnounceChelem(False))
    assert deal.phase is Phase.PLAYING and deal.to_play == 0
    return deal


def choice(deal: Deal) -> int:
    seat = deal.to_play
    action = BOT.choose(deal, seat, random.Random(0))
    if isinstance(action, ShowPoignee):  # shown before the first card, then the card
        deal.push(action)
        action = BOT.choose(deal, seat, random.Random(0))
    assert isinstance(action, Play)
    assert legal_mask(deal.hands[seat], deal.led, deal.top) >> action.card & 1
    return action.card


def test_charger_gives_points_to_a_partner_sure_to_win():
    # Seat 0 (defence) leads the king of hearts; the taker follows; seat 2 (defence) holds
    # the queen: with only a partner after, the king is sure to win, so the queen goes in.
    deal = playing(
        4,
        {0: "KH 1S 2S", 1: "2H 3H T20", 2: "QH 4H 5H 10S", 3: "6H 7H JS"},
        taker=1,
    )
    deal.push(Play(C("KH")))
    deal.push(Play(C("2H")))
    assert choice(deal) == C("QH")


def test_no_points_on_a_trick_the_other_side_wins():
    # The taker leads the king of hearts: the defender plays its lowest heart, not the queen.
    deal = playing(4, {0: "KH 1S", 1: "QH 4H 5H 10S", 2: "6H JS", 3: "7H 2S"}, taker=0)
    deal.push(Play(C("KH")))
    assert choice(deal) == C("4H")


def test_the_petit_is_not_played_under_a_higher_trump():
    deal = playing(4, {0: "T10 1S", 1: "T15 2S", 2: "T1 T3 T5 3S 4S", 3: "T2 5S"}, taker=1)
    deal.push(Play(C("T10")))
    deal.push(Play(C("T15")))
    assert choice(deal) == C("T3")


def test_the_petit_goes_into_a_partner_trick_that_the_21_wins():
    deal = playing(4, {0: "T21 1S", 1: "T5 2S", 2: "T1 T3 T4 3S 4S", 3: "T2 5S"}, taker=1)
    deal.push(Play(C("T21")))
    deal.push(Play(C("T5")))
    assert choice(deal) == PETIT


def test_the_excuse_saves_a_petit_that_would_be_caught():
    deal = playing(4, {0: "T18 1S", 1: "T19 2S", 2: "T1 EX 3S 4S", 3: "T2 5S"}, taker=1)
    deal.push(Play(C("T18")))
    deal.push(Play(C("T19")))
    assert choice(deal) == EXCUSE


def test_last_to_play_wins_with_the_lowest_trump_that_does():
    # Spades led; the taker, last and void in spades, ruffs with the 4, not the 21.
    deal = playing(
        4,
        {0: "2S 3H", 1: "3S 4H", 2: "4S 5H", 3: "T4 T12 T21 1H 2H JH QH KH"},
        taker=3,
    )
    for card in ("2S", "3S", "4S"):
        deal.push(Play(C(card)))
    assert choice(deal) == C("T4")


def test_a_king_is_cashed_before_the_suit_is_ruffed():
    deal = playing(4, {0: "KH 3H 1S 2S 3S", 1: "T20", 2: "T19", 3: "T18"}, taker=1)
    assert 1 << choice(deal) & KINGS_MASK


def test_the_excuse_is_played_before_the_last_trick():
    deal = playing(4, {0: "EX 1S", 1: "T20", 2: "T19", 3: "T18"}, taker=1)
    while deal.phase is Phase.PLAYING:
        bot_step(deal, [BOT] * 4)
    assert EXCUSE not in deal.tricks[-1].cards
    assert any(EXCUSE in record.cards for record in deal.tricks)


def test_five_players_the_partner_is_known_once_the_called_card_appears():
    checked = 0
    for seed in range(40):
        deal = Deal.new(5, seed)
        while deal.phase in (Phase.BIDDING, Phase.CALLING, Phase.ECART, Phase.CHELEM):
            bot_step(deal, [BOT] * 5)
        if deal.phase is not Phase.PLAYING or deal.partner is None:
            continue
        taker, partner = deal.taker, deal.partner
        assert taker is not None
        defenders = [s for s in range(5) if s not in (taker, partner)]
        assert observe(deal, partner).friends == frozenset({taker, partner})  # it knows
        while not (deal.called is not None and observe(deal, taker).friends != {taker}):
            for d in defenders:
                view = observe(deal, d)
                assert view.friends == frozenset({d}) and view.foes == frozenset({taker})
            bot_step(deal, [BOT] * 5)
        for d in defenders:
            view = observe(deal, d)
            assert view.foes == frozenset({taker, partner})
            assert view.friends == frozenset(defenders)
        checked += 1
    assert checked >= 10


# --- bidding, calling, écart --------------------------------------------------------------
def test_a_very_strong_hand_bids_garde_sans_or_more_and_a_weak_one_passes():
    strong = mask_of(parse_cards("T21 EX T1 T20 T19 T18 T17 T16 T15 T14 T13 T12 KH KS KD QH QS JC"))
    weak = mask_of(parse_cards("1S 2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C T2 T3 T4"))
    assert wanted_contract(strong, 4) in (Contract.GARDE_SANS, Contract.GARDE_CONTRE)
    assert wanted_contract(weak, 4) is None
    assert hand_strength(strong, 4) > hand_strength(weak, 4)


def test_a_bot_only_bids_higher_than_the_bids_so_far():
    deal = Deal.new(4, 7)
    for _ in range(4):
        seat = deal.speaker
        action = BOT.choose(deal, seat, random.Random(0))
        assert isinstance(action, Bid)
        if action.contract is not None and deal.highest is not None:
            assert action.contract > deal.highest
        deal.push(action)


def test_the_called_king_is_of_a_short_suit_the_taker_holds_not_the_longest():
    # Hearts (4 cards) and clubs (1) lack their king: the short one can be led to the partner.
    hand = mask_of(parse_cards("KS QS 2H 3H 4H 5H KD 2C T1 T2 T3 T4 T5 T6 T7"))
    assert choose_call(hand) == C("KC")


def test_the_called_king_prefers_the_short_suit_with_its_queen_or_cavalier():
    # Spades (2, the queen) beats clubs (1, no honour): the queen wins the suit's next round.
    hand = mask_of(parse_cards("QS 4S 2H 3H 4H 5H KH KD 2C T1 T2 T3 T4 T5 T6"))
    assert choose_call(hand) == C("KS")


def test_a_suit_of_two_or_three_cards_is_called_before_a_single_card():
    hand = mask_of(parse_cards("KS QS 2H 3H 4H KH 2D 5D 2C T1 T2 T3 T4 T5 T6"))
    assert choose_call(hand) == C("KD")  # diamonds (2) before clubs (1)


def test_the_king_of_a_void_is_called_only_when_every_held_suit_has_its_king():
    hand = mask_of(parse_cards("KS 2S KH 3H KD 4D T1 T2 T3 T4 T5 T6 T7 T8 T9"))
    assert choose_call(hand) == C("KC")


def test_with_every_king_the_taker_calls_a_queen_of_a_short_suit():
    four_kings = mask_of(parse_cards("KS KH KD KC 2H 3H 4H 5S 2C T1 T2 T3 T4 T5 T6"))
    assert choose_call(four_kings) == C("QS")  # spades: two cards, the king and the 5


def test_the_ecart_builds_voids_and_never_holds_kings_oudlers_or_avoidable_trumps():
    hand = mask_of(
        parse_cards("2S 5S KH QH 2H 3H 4H 5H KD 4D 6D 8D 9D T1 T21 EX T5 T6 T7 T8 T9 T10 T11 T12")
    )
    ecart = mask_of(plan_ecart(hand, CHIEN_SIZE[4]))
    assert ecart.bit_count() == 6
    assert not ecart & (KINGS_MASK | OUDLERS_MASK | TRUMPS_MASK)
    assert ecart & SUIT_MASKS[0] == mask_of(parse_cards("2S 5S"))  # spades voided


def test_trumps_go_to_the_ecart_only_when_forced_the_lowest_first():
    hand = mask_of(
        parse_cards(
            "KS KH KD KC 2S T1 T21 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17"
        )
    )
    ecart = plan_ecart(hand, 6)
    assert ecart[0] == C("2S")
    assert sorted(ecart[1:]) == parse_cards("T2 T3 T4 T5 T6")


def test_the_next_discard_is_the_first_card_of_the_plan():
    rng = random.Random(5)
    checked = 0
    for _ in range(3000):
        hand = mask_of(rng.sample(range(78), rng.choice([18, 21, 24, 27, 30])))
        for remaining in range(1, 7):
            plan = plan_ecart(hand, remaining)
            if len(plan) == remaining:
                assert next_discard(hand, remaining) == plan[0]
                checked += 1
    assert checked > 15000
