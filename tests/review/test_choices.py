"""The call, the écart, the chelem announcement and the poignée valued by what the learner
knew, on seeded deals: a planted bad écart (a long side suit kept, no void made while one was
in reach), a call of the taker's own king (alone), a chelem announced on an ordinary hand and
a poignée not shown are labelled, each with the fact that explains it; the écart's
candidates are legal by the engine; the choices are part of the stored review."""

from __future__ import annotations

from functools import cache

import pytest

from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import WAITING, DecisionRandom, bot_step
from tutor.engine import (
    PLAIN_SUITS,
    SUIT_MASKS,
    TRUMPS_MASK,
    AnnounceChelem,
    Call,
    Card,
    Deal,
    DealRecord,
    Discard,
    Phase,
    Play,
    ShowPoignee,
    cards_of,
    rank_of,
)
from tutor.review.choices import (
    ChoiceReview,
    Moment,
    Why,
    ecart_options,
    legal_ecart,
    moments,
    review_choice,
)
from tutor.review.deal import DealReview, review_deal
from tutor.review.expected import Decision, Verdict, review_rng

DEALER = 3
ECART_SEEDS = (3, 5)  # 4 players: seat 0 takes at garde with a void in reach
CALL_SEED = 0  # 5 players: seat 0 takes and holds a king it may call
POIGNEE_SEED = 165  # 4 players: seat 0 takes with ten trumps or more


def bots_until(deal: Deal, phase: Phase, players: int) -> None:
    bots = [SimpleBot()] * players
    while deal.phase in WAITING and deal.phase is not phase:
        bot_step(deal, bots)


def bots_to_the_end(deal: Deal, players: int) -> DealRecord:
    bots = [SimpleBot()] * players
    while deal.phase in WAITING:
        bot_step(deal, bots)
    return DealRecord.from_notation(players, deal.seed, DEALER, DealRecord.of(deal).notation)


def keeps_long_suits(deal: Deal) -> list[Card]:
    """A bad écart: the lowest cards of the longest side suits, never a suit's last card, so
    the short suits stay and no void is made."""
    hand = deal.hands[0]
    spare = deal.legal_discards() & ~TRUMPS_MASK
    length = {s: (hand & SUIT_MASKS[s]).bit_count() for s in PLAIN_SUITS}
    out: list[Card] = []
    for suit in sorted(PLAIN_SUITS, key=lambda s: -length[s]):
        low = sorted(cards_of(spare & SUIT_MASKS[suit]), key=rank_of)
        out += low[:max(0, length[suit] - 1)]
    return out[:deal.ecart_size]


@cache
def bad_ecart_record(seed: int) -> DealRecord:
    deal = Deal.new(4, seed, DEALER)
    bots_until(deal, Phase.ECART, 4)
    assert deal.phase is Phase.ECART and deal.taker == 0
    for card in keeps_long_suits(deal):
        deal.push(Discard(card))
    return bots_to_the_end(deal, 4)


def choice_of(record: DealRecord, decision: Decision) -> tuple[Moment, ChoiceReview]:
    moment = next(m for m in moments(record, 0) if m.decision is decision)
    choice = review_choice(record, 0, moment, rng=review_rng(record, 2026, decision.value))
    assert choice is not None
    return moment, choice


def test_an_ecart_that_keeps_the_long_suits_and_makes_no_void_is_labelled() -> None:
    for seed in ECART_SEEDS:
        record = bad_ecart_record(seed)
        _, choice = choice_of(record, Decision.ECART)
        valued = choice.expected
        assert valued.chosen != 0 and valued.verdict is not None, seed
        assert valued.loss >= 3
        assert choice.why is Why.ECART_VOIDS
        assert dict(choice.facts)["best"] > dict(choice.facts)["played"] == 0


def test_the_ecart_candidates_are_the_learners_the_coachs_and_legal_variations() -> None:
    record = bad_ecart_record(ECART_SEEDS[0])
    moment = next(m for m in moments(record, 0) if m.decision is Decision.ECART)
    options = ecart_options(moment.before, [a for a in moment.chosen if type(a) is Discard])
    assert options[0] == moment.chosen
    assert 3 <= len(options) <= 4
    assert len({frozenset(o) for o in options}) == len(options)
    for option in options:
        cards = [a.card for a in option if type(a) is Discard]
        assert len(cards) == moment.before.ecart_size
        assert legal_ecart(moment.before, cards) is not None


def test_an_ecart_the_engine_refuses_is_no_candidate() -> None:
    record = bad_ecart_record(ECART_SEEDS[0])
    moment = next(m for m in moments(record, 0) if m.decision is Decision.ECART)
    before = moment.before
    assert before.taker is not None
    king = next(c for c in cards_of(before.hands[before.taker]) if rank_of(c) == 14)
    cards = [*[a.card for a in moment.chosen if type(a) is Discard][:-1], king]
    assert legal_ecart(before, cards) is None


@cache
def alone_call_record() -> DealRecord:
    deal = Deal.new(5, CALL_SEED, DEALER)
    bots_until(deal, Phase.CALLING, 5)
    assert deal.phase is Phase.CALLING and deal.taker == 0
    own = next(a.card for a in deal.legal_actions()
               if type(a) is Call and deal.hands[0] >> a.card & 1)
    deal.push(Call(own))
    return bots_to_the_end(deal, 5)


def test_calling_a_king_of_ones_own_hand_is_labelled_and_said_alone() -> None:
    moment, choice = choice_of(alone_call_record(), Decision.CALL)
    valued = choice.expected
    assert len(valued.options) == len(moment.before.legal_actions())
    assert valued.played.moves == tuple(str(a) for a in moment.chosen)
    assert valued.verdict is Verdict.BLUNDER
    assert choice.why is Why.CALL_ALONE


@cache
def announced_chelem_record() -> DealRecord:
    deal = Deal.new(4, ECART_SEEDS[0], DEALER)
    bots_until(deal, Phase.CHELEM, 4)
    assert deal.phase is Phase.CHELEM and deal.taker == 0
    deal.push(AnnounceChelem(True))
    return bots_to_the_end(deal, 4)


def test_a_chelem_announced_on_an_ordinary_hand_is_a_blunder() -> None:
    _, choice = choice_of(announced_chelem_record(), Decision.CHELEM)
    assert choice.expected.played.moves == ("chelem:yes",)
    assert choice.expected.best.moves == ("chelem:no",)
    assert choice.expected.verdict is Verdict.BLUNDER
    assert choice.why is Why.CHELEM_ANNOUNCED


@cache
def declined_poignee_record() -> DealRecord:
    """The bots' deal, but the learner keeps their poignée hidden (the same first card)."""
    deal = Deal.new(4, POIGNEE_SEED, DEALER)
    bots = [SimpleBot()] * 4
    while not (deal.phase is Phase.PLAYING and deal.to_play == 0):
        bot_step(deal, bots)
    assert deal.poignee_choices()
    shown = deal.copy()
    shown.push(ShowPoignee(next(iter(deal.poignee_choices().values()))))
    card = SimpleBot().choose(shown, 0, DecisionRandom(0))
    assert type(card) is Play
    deal.push(card)
    return bots_to_the_end(deal, 4)


def test_a_poignee_kept_hidden_by_a_taker_who_wins_is_labelled() -> None:
    moment, choice = choice_of(declined_poignee_record(), Decision.POIGNEE)
    valued = choice.expected
    assert len(moment.chosen) == 1 and type(moment.chosen[0]) is Play  # no poignée shown
    assert [o.moves[0].startswith("poignee:") for o in valued.options].count(True) == 1
    assert valued.best.moves[0].startswith("poignee:")
    assert valued.verdict is not None
    assert choice.why is Why.POIGNEE_SHOW


def test_the_bots_own_choices_are_listed_in_the_deals_order() -> None:
    deal = Deal.new(5, CALL_SEED, DEALER)
    record = bots_to_the_end(deal, 5)
    kinds = [m.decision for m in moments(record, 0)]
    assert kinds[:2] == [Decision.CALL, Decision.ECART]
    assert Decision.CHELEM in kinds
    assert moments(record, 2) == []  # a defender without a poignée: none of these


@cache
def bad_ecart_review() -> DealReview:
    return review_deal(bad_ecart_record(ECART_SEEDS[1]), samples=3, more=3, node_budget=2_000)


def test_the_choices_are_in_the_review_and_its_stored_data() -> None:
    review = bad_ecart_review()
    kinds = [c.decision for c in review.choices]
    assert kinds == [Decision.ECART, Decision.CHELEM]
    assert review.labels[1] is review.choices[0].expected.verdict
    assert DealReview.from_data(review.to_data(), review.remarks) == review


def test_a_review_stored_by_version_two_is_refused_so_its_choices_are_computed() -> None:
    """Version 2 valued the bid and the cards only: read today it would lack the choices."""
    review = bad_ecart_review()
    data = review.to_data()
    del data["choices"]
    with pytest.raises(ValueError, match="version 2"):
        DealReview.from_data({**data, "version": 2})
