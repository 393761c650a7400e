"""A hint at the learner's decision in play, and the review valued during play: the hint names
a legal option the valuation ranks best; the decisions valued one at a time as the deal is
played give, once the deal is over, the very review computed after it."""

from __future__ import annotations

from statistics import fmean

import pytest

from tests.review.test_review_deal import FEW, blunder_record
from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import WAITING, bot_step
from tutor.engine import Bid, Call, Deal, DealRecord, Phase, Play, parse_action
from tutor.review.choices import Why, ecart_candidates
from tutor.review.deal import (
    decision_moves,
    decision_name,
    decision_record,
    next_decision,
    review_deal,
    value_decisions,
)
from tutor.review.expected import Decision, Expectation, expected_card, review_rng
from tutor.review.hint import Hint, hint, hint_decision, hint_is_for


def _until(players: int, seed: int, at: Decision, trick: int = 0) -> Deal:
    """SimpleBot's deal until seat 0 is at decision ``at`` (at trick ``trick`` for a card)."""
    bots = [SimpleBot()] * players
    deal = Deal.new(players, seed, players - 1)
    while deal.phase in WAITING:
        if hint_decision(deal, 0) is at and (at is not Decision.CARD or len(deal.tricks) == trick):
            return deal
        bot_step(deal, bots)
    raise AssertionError(f"seat 0 never reaches {at} in deal {seed}")


def test_a_card_hint_names_a_legal_card_the_valuation_ranks_best() -> None:
    deal = _until(4, 3, Decision.CARD, trick=1)
    given = hint(DealRecord.of(deal), 0, samples=4)
    assert given is not None and given.at is Decision.CARD
    assert given.card is not None and deal.legal_plays() >> given.card & 1
    means = [o.mean for o in given.options]
    assert means[0] == max(means)
    # the same valuation as the review's, at the same deals: the best card's mean is its own
    valued = expected_card(deal, given.card, samples=4, more=4,
                           rng=review_rng(DealRecord.of(deal), 2026, f"hint {len(deal.moves)}"))
    assert valued.played.mean == pytest.approx(given.best.mean)


def test_a_bid_hint_ranks_every_bid_the_learner_can_make() -> None:
    deal = _until(4, 1, Decision.BID)
    given = hint(DealRecord.of(deal), 0, samples=4)
    assert given is not None and given.at is Decision.BID
    legal = {str(a) for a in deal.legal_actions() if type(a) is Bid}
    assert {o.moves[0] for o in given.options} == legal
    assert given.best.mean == max(o.mean for o in given.options)


def test_a_call_hint_names_a_king_the_learner_can_call() -> None:
    deal = _until(5, 1, Decision.CALL)
    given = hint(DealRecord.of(deal), 0, samples=3)
    assert given is not None and given.card is not None
    calls = [a for a in deal.legal_actions() if type(a) is Call]
    assert parse_action(given.best.moves[0]) in calls


def test_no_hint_where_another_seat_is_to_act_or_after_the_deal() -> None:
    bots = [SimpleBot()] * 4
    deal = Deal.new(4, 3, 3)
    while deal.current_seat == 0:
        bot_step(deal, bots)
    assert hint_decision(deal, 0) is None
    assert hint(DealRecord.of(deal), 0, samples=2) is None
    assert hint(blunder_record(), 0, samples=2) is None  # the deal is over


def test_a_hint_that_arrives_after_the_learner_acted_is_for_another_decision() -> None:
    deal = _until(4, 3, Decision.CARD, trick=2)
    given = hint(DealRecord.of(deal), 0, samples=2)
    assert given is not None and hint_is_for(given, deal)
    bot_step(deal, [SimpleBot()] * 4)
    assert not hint_is_for(given, deal)
    assert Hint.from_data(given.to_data()) == given


def test_the_review_valued_during_play_equals_the_review_computed_after_the_deal() -> None:
    record = blunder_record()
    after = review_deal(record, **FEW)
    known: dict[str, Expectation] = {}
    # one decision at a time, each from the record as it stood when the decision was made
    # and its trick complete (what the page sends the workers as the deal goes on)
    for moves in range(len(record.moves) + 1):
        prefix = DealRecord(record.players, record.seed, record.dealer, record.rules,
                            record.moves[:moves])
        name = next_decision(prefix, 0, known)
        if name is not None:  # sent cut to the decision: one job however the deal goes on
            cut = decision_record(prefix, 0, name)
            assert cut == decision_record(record, 0, name)
            known |= value_decisions(cut, 0, wanted=name, **FEW)
    assert next_decision(record, 0, known) is None
    during = review_deal(record, known=known, **FEW)
    assert during == after
    assert set(known) == {"bid", *(decision_name(c.trick) for c in after.cards)}


def test_a_decision_depends_only_on_the_moves_up_to_it() -> None:
    record = blunder_record()
    at = decision_moves(record, 0, decision_name(3))
    assert at is not None
    prefix = DealRecord(record.players, record.seed, record.dealer, record.rules,
                        record.moves[:at + 4])
    partial = value_decisions(prefix, 0, **FEW)
    assert decision_name(3) in partial
    whole = value_decisions(record, 0, **FEW)
    assert partial[decision_name(3)] == whole[decision_name(3)]
    assert fmean(o.mean for o in partial["bid"].options) == pytest.approx(
        fmean(o.mean for o in whole["bid"].options))


def test_a_redealt_or_unplayed_deal_values_no_card() -> None:
    deal = _until(4, 3, Decision.CARD, trick=0)
    assert deal.phase is Phase.PLAYING
    valued = value_decisions(DealRecord.of(deal), 0, **FEW)
    assert set(valued) <= {"bid"}


def test_the_workers_jobs_give_the_hint_and_the_review_valued_during_play() -> None:
    """What the page sends the workers (a hint, a decision, a review with what is known) gives
    what the functions give in this process."""
    from tutor.review.expected import SAMPLES
    from tutor.service import hint as hint_job
    from tutor.service import known_text, review, value_decision
    from tutor.service.jobs import compute

    deal = _until(4, 3, Decision.CARD, trick=14)
    given = compute(hint_job(DealRecord.of(deal), 0), lambda done, total: None)
    assert Hint.from_data(given) == hint(DealRecord.of(deal), 0)
    record = blunder_record()
    last = next_decision(record, 0, ())
    assert last == "bid"
    valued = compute(value_decision(record, 0, "trick 13"), lambda done, total: None)
    mine = value_decisions(record, 0, wanted="trick 13")["trick 13"]
    assert Expectation.from_data(valued) == mine and mine.samples >= SAMPLES
    # valued on fewer deals than a review's own: the review sent takes them as they are
    known = {name: e for name, e in value_decisions(record, 0, **FEW).items()
             if name != "trick 17"}
    sent = compute(review(record, 0, known_text({n: e.to_data() for n, e in known.items()})),
                   lambda done, total: None)
    assert sent == review_deal(record, 0, known=known).to_data()
    assert sent["cards"][0]["expected"]["samples"] == FEW["samples"]


def test_a_chelem_hint_at_an_ordinary_take_says_not_to_announce_it_and_why() -> None:
    deal = _until(4, 3, Decision.CHELEM)  # seat 0 took with a hand far from a chelem
    given = hint(DealRecord.of(deal), 0, samples=6)
    assert given is not None and given.at is Decision.CHELEM
    assert [o.moves[0] for o in given.options] == ["chelem:no", "chelem:yes"]
    assert given.lead is not None and given.lead > 50
    assert given.why is Why.CHELEM_ANNOUNCED


def test_an_ecart_hint_ranks_the_coachs_candidates_from_the_ecarts_start() -> None:
    start = _until(4, 3, Decision.ECART)
    deal = start.copy()
    bot_step(deal, [SimpleBot()] * 4)  # a card already put aside: it can still be taken back
    assert hint_decision(deal, 0) is Decision.ECART
    given = hint(DealRecord.of(deal), 0, samples=4)
    assert given is not None and given.at is Decision.ECART
    candidates = {o.moves for o in given.options}
    assert candidates == {tuple(str(a) for a in c) for c in ecart_candidates(start)}
    assert all(len(o.moves) == start.ecart_size for o in given.options)
    assert given.why in {Why.ECART_VOIDS, Why.ECART_POINTS, Why.ECART_OTHER}


def test_a_poignee_hint_values_showing_each_size_or_not_then_the_same_card() -> None:
    deal = _until(4, 41, Decision.POIGNEE)
    given = hint(DealRecord.of(deal), 0, samples=4)
    assert given is not None and given.at is Decision.POIGNEE
    assert len(given.options) == len(deal.poignee_choices()) + 1
    assert len({o.moves[-1] for o in given.options}) == 1  # one first card after each
    card = parse_action(given.options[0].moves[-1])
    assert type(card) is Play and deal.legal_plays() >> card.card & 1
    assert Hint.from_data(given.to_data()) == given


def test_once_the_poignee_is_declined_the_hint_is_at_the_first_card() -> None:
    deal = _until(4, 41, Decision.POIGNEE)
    given = hint(DealRecord.of(deal), 0, declined=True, samples=2)
    assert given is not None and given.at is Decision.CARD
    assert given.card is not None and deal.legal_plays() >> given.card & 1
